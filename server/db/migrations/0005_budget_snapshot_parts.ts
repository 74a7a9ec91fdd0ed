import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // A stored state's transactions in bounded parts beside its `budget_snapshots` row (same version): no single
  // value of tens of megabytes passes through the database (PGlite's memory never shrinks after one).
  await db.schema
    .createTable('budget_snapshot_parts')
    .addColumn('budget_id', 'text', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('budget_snapshot_parts_pk', ['budget_id', 'part'])
    .execute()
  // Stored uncompressed: compressing megabytes of JSON costs more time than the disk it saves (PGlite most).
  await sql`alter table budget_snapshot_parts alter column data set storage external`.execute(db)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('budget_snapshot_parts').execute()
}
