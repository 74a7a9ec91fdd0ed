import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // A read model of the budget stream (issue 32): one row per loan, its terms and activities as the budget
  // snapshot keeps them. The schedule is computed from them on read, never stored.
  await db.schema
    .createTable('budget_loans')
    .addColumn('budget_id', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('record', 'jsonb', (column) => column.notNull())
    .addPrimaryKeyConstraint('budget_loans_pk', ['budget_id', 'id'])
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('budget_loans').execute()
}
