import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // A read model of the budget stream: one row per bank-file import, its record (source, rows, keys) as JSON.
  await db.schema
    .createTable('budget_imports')
    .addColumn('budget_id', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('record', 'jsonb', (column) => column.notNull())
    .addPrimaryKeyConstraint('budget_imports_pk', ['budget_id', 'id'])
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('budget_imports').execute()
}
