import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // The budget's whole state at one version (JSON, see schemas/budgetSnapshot.ts), so a server that restarts
  // folds only the events after it instead of the whole history. One row per budget; the newest wins.
  await db.schema
    .createTable('budget_snapshots')
    .addColumn('budget_id', 'text', (c) => c.primaryKey().references('budgets.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull())
    // Which evolve produced it: a snapshot of another format is ignored (and replaced), never trusted.
    .addColumn('format', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('budget_snapshots').execute()
}
