import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/database.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { inCodeMigrationProvider } from '../../server/db/migrations/index.ts'
import { databases, type TestDatabase } from './support/databases.ts'

// Migrations that move data: rows written in the old shape come out the same in the new one, and back.

describe.each(databases())('data migrations on $kind', ({ kind, create }) => {
  let database: TestDatabase
  let opened: Database

  beforeAll(async () => {
    database = await create()
    opened = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl })
  }, 120_000)
  afterAll(async () => {
    await opened?.close()
    await database?.dispose()
  })

  const migrateTo = async (name: string) => {
    const { error } = await new Migrator({ db: opened.db, provider: inCodeMigrationProvider }).migrateTo(name)
    if (error !== undefined) throw error
  }

  it('0007 folds category-months into one row of period-ordered columns per category, and unfolds them', async () => {
    await migrateTo('0006_summary_read_models')
    const months = [
      ['b1', 'food', '202502', 300, -120],
      ['b1', 'food', '202411', 0, -5],
      ['b1', 'food', '202501', 1_000, 0],
      ['b1', 'rent', '202501', 250_000, -250_000],
      ['b2', 'food', '202501', 7, 0],
    ] as const
    for (const [budget, category, period, assigned, activity] of months)
      await sql`insert into category_months (budget_id, category_id, period, assigned, activity)
        values (${budget}, ${category}, ${period}, ${assigned}, ${activity})`.execute(opened.db)

    await migrateTo('0007_category_month_columns')
    const { rows } = await sql<{ row: string }>`
      select json_build_array(budget_id, category_id, periods, assigned, activity)::text as row
      from category_month_columns order by budget_id, category_id`.execute(opened.db)
    expect(rows.map(({ row }) => JSON.parse(row))).toEqual([
      ['b1', 'food', ['202411', '202501', '202502'], [0, 1_000, 300], [-5, 0, -120]],
      ['b1', 'rent', ['202501'], [250_000], [-250_000]],
      ['b2', 'food', ['202501'], [7], [0]],
    ])

    await migrateTo('0006_summary_read_models')
    const back = await sql<{
      budget_id: string
      category_id: string
      period: string
      assigned: string
      activity: string
    }>`
      select * from category_months order by budget_id, category_id, period`.execute(opened.db)
    expect(
      back.rows.map((row) => [
        row.budget_id,
        row.category_id,
        row.period,
        Number(row.assigned),
        Number(row.activity),
      ]),
    ).toEqual([...months].sort((a, b) => `${a[0]}${a[1]}${a[2]}`.localeCompare(`${b[0]}${b[1]}${b[2]}`)))
    await migrateToLatest(opened.db)
  })

  it('0008 splits a category row of months into a row per year, and joins them again', async () => {
    await migrateTo('0007_category_month_columns')
    await sql`delete from category_month_columns`.execute(opened.db)
    const columns = [
      ['b1', 'food', ['202411', '202412', '202501', '202502'], [0, 10, 1_000, 300], [-5, 0, 0, -120]],
      ['b1', 'rent', ['202501'], [250_000], [-250_000]],
      ['b2', 'food', ['202312', '202501'], [7, 0], [0, -3]],
    ] as const
    for (const [budget, category, periods, assigned, activity] of columns)
      await sql`insert into category_month_columns (budget_id, category_id, periods, assigned, activity)
        values (${budget}, ${category}, ${JSON.stringify(periods)}, ${JSON.stringify(assigned)},
                ${JSON.stringify(activity)})`.execute(opened.db)

    await migrateTo('0008_category_year_columns')
    const { rows } = await sql<{ row: string }>`
      select json_build_array(budget_id, category_id, year, periods, assigned, activity)::text as row
      from category_year_columns order by budget_id, category_id, year`.execute(opened.db)
    expect(rows.map(({ row }) => JSON.parse(row))).toEqual([
      ['b1', 'food', '2024', ['202411', '202412'], [0, 10], [-5, 0]],
      ['b1', 'food', '2025', ['202501', '202502'], [1_000, 300], [0, -120]],
      ['b1', 'rent', '2025', ['202501'], [250_000], [-250_000]],
      ['b2', 'food', '2023', ['202312'], [7], [0]],
      ['b2', 'food', '2025', ['202501'], [0], [-3]],
    ])

    await migrateTo('0007_category_month_columns')
    const back = await sql<{ row: string }>`
      select json_build_array(budget_id, category_id, periods, assigned, activity)::text as row
      from category_month_columns order by budget_id, category_id`.execute(opened.db)
    expect(back.rows.map(({ row }) => JSON.parse(row))).toEqual(columns)
    await migrateToLatest(opened.db)
  })

  it('0009 samples the analyzed transaction columns with a statistics target of 30, and back to the default', async () => {
    const targets = async () =>
      (
        await sql<{ name: string; target: number | null }>`
          select attname as name, attstattarget as target from pg_attribute
          where attrelid = 'transactions'::regclass and attname in ('budget_id', 'id', 'bank_account_id', 'date',
            'transfer_id', 'payee')
          order by attname`.execute(opened.db)
      ).rows.map(({ name, target }) => [name, target ?? -1])
    await migrateToLatest(opened.db)
    expect(await targets()).toEqual([
      ['bank_account_id', 30],
      ['budget_id', 30],
      ['date', 30],
      ['id', 30],
      ['payee', -1],
      ['transfer_id', 30],
    ])
    await migrateTo('0008_category_year_columns')
    expect((await targets()).every(([, target]) => target === -1)).toBe(true)
    await migrateToLatest(opened.db)
  })

  it("0010 compresses event data with lz4 on PostgreSQL (built with lz4, as Debian's is); PGlite keeps pglz", async () => {
    const method = async () =>
      (
        await sql<{ method: string }>`
          select attcompression as method from pg_attribute
          where attrelid = 'budget_events'::regclass and attname = 'data'`.execute(opened.db)
      ).rows[0]?.method
    await migrateToLatest(opened.db)
    expect(await method()).toBe(kind === 'postgres' ? 'l' : '')
    await migrateTo('0009_transaction_statistics')
    expect(await method()).toBe('')
    await migrateToLatest(opened.db)
  })
})
