import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // Read models of the budget stream (issue 29): recurring transaction templates (SPEC transactionTemplates), their
  // splits (transactionTemplateSplits) and what was done with their occurrences. Occurrences themselves are
  // computed, never stored.
  await db.schema
    .createTable('budget_transaction_templates')
    .addColumn('budget_id', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('bank_account_id', 'text', (column) => column.notNull())
    .addColumn('to_bank_account_id', 'text')
    .addColumn('payee', 'text', (column) => column.notNull())
    .addColumn('memo', 'text', (column) => column.notNull())
    .addColumn('value', 'bigint', (column) => column.notNull())
    .addColumn('frequency', 'text', (column) => column.notNull())
    .addColumn('interval', 'integer', (column) => column.notNull())
    .addColumn('start_date', 'text', (column) => column.notNull())
    .addColumn('end_date', 'text')
    .addColumn('occurrences', 'integer')
    .addColumn('shift', 'text', (column) => column.notNull())
    .addColumn('amount_match', 'text', (column) => column.notNull())
    .addColumn('skipped_through', 'text')
    .addPrimaryKeyConstraint('budget_transaction_templates_pk', ['budget_id', 'id'])
    .execute()
  await db.schema
    .createTable('budget_transaction_template_splits')
    .addColumn('budget_id', 'text', (column) => column.notNull())
    .addColumn('template_id', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('category_id', 'text', (column) => column.notNull())
    .addColumn('value', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('budget_transaction_template_splits_pk', [
      'budget_id',
      'template_id',
      'position',
    ])
    .execute()
  await db.schema
    .createTable('budget_template_completions')
    .addColumn('budget_id', 'text', (column) => column.notNull())
    .addColumn('template_id', 'text', (column) => column.notNull())
    .addColumn('date', 'text', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('transaction_id', 'text')
    .addPrimaryKeyConstraint('budget_template_completions_pk', ['budget_id', 'template_id', 'date'])
    .execute()
  // The budget's draft horizon (DraftHorizonSet), on its row like its name and currency.
  await db.schema
    .alterTable('budgets')
    .addColumn('draft_horizon_days', 'integer', (column) => column.notNull().defaultTo(sql`7`))
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('budgets').dropColumn('draft_horizon_days').execute()
  await db.schema.dropTable('budget_template_completions').execute()
  await db.schema.dropTable('budget_transaction_template_splits').execute()
  await db.schema.dropTable('budget_transaction_templates').execute()
}
