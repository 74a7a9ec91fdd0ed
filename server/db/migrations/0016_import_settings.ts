import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // A budget's settings for bank-file imports (docs/decisions/0017): kept as rows, not events, so no rebuild
  // touches them. They go with their budget, as its members do: deleting the budget row deletes them.
  await db.schema
    .createTable('payee_rules')
    .addColumn('budget_id', 'text', (column) => column.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('match', 'text', (column) => column.notNull().check(sql`"match" in ('contains', 'equals')`))
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('rename', 'text')
    .addColumn('category_id', 'text')
    .addPrimaryKeyConstraint('payee_rules_pk', ['budget_id', 'id'])
    .addUniqueConstraint('payee_rules_position', ['budget_id', 'position'])
    .execute()
  await db.schema
    .createTable('import_presets')
    .addColumn('budget_id', 'text', (column) => column.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('format', 'text', (column) => column.notNull())
    .addColumn('encoding', 'text')
    .addColumn('mapping', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('import_presets_pk', ['budget_id', 'id'])
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('import_presets').execute()
  await db.schema.dropTable('payee_rules').execute()
}
