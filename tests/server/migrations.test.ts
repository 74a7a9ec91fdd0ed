import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../server/db/database.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { inCodeMigrationProvider } from '../../server/db/migrations/index.ts'
import { databases, type TestDatabase } from './support/databases.ts'

// Migrations that move data: rows written in the old shape come out the same in the new one, and back.

describe.each(databases())('data migrations on $kind', ({ create }) => {
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

    await migrateToLatest(opened.db)
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
})
