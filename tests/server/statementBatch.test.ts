import { type Kysely, type KyselyPlugin, sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/database.ts'
import { statementBatch } from '../../server/db/statementBatch.ts'
import { databases, type TestDatabase } from './support/databases.ts'

interface Tables {
  batch_a: { id: number }
  batch_b: { id: number; seen: number }
}

/** Counts the statements that reach the database (each one round trip). */
const counting = () => {
  const counter = { statements: 0 }
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      counter.statements++
      return result
    },
  }
  return { counter, plugin }
}

describe.each(databases())('statement batches on $kind', ({ create }) => {
  let database: TestDatabase
  let opened: Database
  let db: Kysely<Tables>

  beforeAll(async () => {
    database = await create()
    opened = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl })
    // The test's own tables, beside the app's.
    db = opened.db as unknown as Kysely<Tables>
    await sql`create table batch_a (id integer primary key)`.execute(db)
    await sql`create table batch_b (id integer primary key, seen integer not null)`.execute(db)
  }, 120_000)
  afterAll(async () => {
    await opened?.close()
    await database?.dispose()
  })
  beforeEach(async () => {
    await sql`truncate batch_a, batch_b`.execute(db)
  })

  it('sends statements on different tables as one, with the select beside them', async () => {
    const { counter, plugin } = counting()
    const setting = await db.transaction().execute(async (trx) => {
      const out = statementBatch<Tables>(trx.withPlugin(plugin))
      await out.change(out.db.insertInto('batch_a').values([{ id: 1 }, { id: 2 }]), 'batch_a')
      await out.change(out.db.insertInto('batch_b').values({ id: 1, seen: 0 }), 'batch_b')
      await out.alongside(sql`select set_config('koperta.batch', 'sent', true)`)
      expect(counter.statements).toBe(0)
      await out.flush()
      return (await sql<{ value: string }>`select current_setting('koperta.batch') as value`.execute(trx))
        .rows[0]
    })
    expect(counter.statements).toBe(1)
    expect(setting?.value).toBe('sent')
    expect(await db.selectFrom('batch_a').select('id').orderBy('id').execute()).toEqual([
      { id: 1 },
      { id: 2 },
    ])
    expect(await db.selectFrom('batch_b').selectAll().execute()).toEqual([{ id: 1, seen: 0 }])
  })

  it('sends what is queued before a statement that reads or writes a table a queued one writes', async () => {
    const { counter, plugin } = counting()
    await db.transaction().execute(async (trx) => {
      const out = statementBatch<Tables>(trx.withPlugin(plugin))
      await out.change(out.db.insertInto('batch_a').values({ id: 1 }), 'batch_a')
      // Reads batch_a: it must see the row above, as it would run alone after it.
      await out.change(sql`insert into batch_b (id, seen) select 1, count(*) from batch_a`, 'batch_b', [
        'batch_a',
      ])
      expect(counter.statements).toBe(1)
      // Writes batch_b again: the upsert must find the row the queued insert adds.
      await out.change(
        sql`insert into batch_b (id, seen) values (1, 10) on conflict (id) do update set seen = batch_b.seen + 10`,
        'batch_b',
      )
      await out.change(out.db.deleteFrom('batch_a').where('id', '=', 1), 'batch_a')
      await out.flush()
    })
    expect(counter.statements).toBe(3)
    expect(await db.selectFrom('batch_b').selectAll().execute()).toEqual([{ id: 1, seen: 11 }])
    expect(await db.selectFrom('batch_a').selectAll().execute()).toEqual([])
  })

  it("sends statements apiece when together they would pass PostgreSQL's 65 535 parameters", async () => {
    const { counter, plugin } = counting()
    const rows = (length: number) => Array.from({ length }, (_, id) => ({ id }))
    await db.transaction().execute(async (trx) => {
      const out = statementBatch<Tables>(trx.withPlugin(plugin))
      // 35 000 and 40 000 parameters.
      await out.change(out.db.insertInto('batch_a').values(rows(35_000)), 'batch_a')
      await out.change(
        out.db.insertInto('batch_b').values(rows(20_000).map(({ id }) => ({ id, seen: 1 }))),
        'batch_b',
      )
      await out.flush()
    })
    expect(counter.statements).toBe(2)
    const counts = await sql<{ a: number; b: number }>`
      select (select count(*)::int from batch_a) as a, (select count(*)::int from batch_b) as b`.execute(db)
    expect(counts.rows[0]).toEqual({ a: 35_000, b: 20_000 })
  })

  it('rolls back with its transaction', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        const out = statementBatch<Tables>(trx)
        await out.change(out.db.insertInto('batch_a').values({ id: 1 }), 'batch_a')
        await out.change(out.db.insertInto('batch_b').values({ id: 1, seen: 0 }), 'batch_b')
        await out.change(out.db.insertInto('batch_b').values({ id: 1, seen: 0 }), 'batch_b')
        await out.flush()
      }),
    ).rejects.toThrow(/duplicate key/u)
    expect(await db.selectFrom('batch_a').selectAll().execute()).toEqual([])
  })
})
