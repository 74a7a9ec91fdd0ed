import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.
// Every budget-owned table leads its primary key with budget_id (the schema can be distributed by budget).

const money = 'bigint'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // The stream row: writers lock it (SELECT … FOR UPDATE) and bump `version` with every appended event.
  await db.schema
    .createTable('budgets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('uncategorized_category_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await db.schema
    .createTable('budget_members')
    .addColumn('budget_id', 'text', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('Owner', 'Guest')`))
    .addPrimaryKeyConstraint('budget_members_pk', ['budget_id', 'user_id'])
    .execute()
  await db.schema.createIndex('budget_members_user').on('budget_members').column('user_id').execute()

  await db.schema
    .createTable('budget_events')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('actor_user_id', 'text', (c) => c.notNull())
    .addColumn('command_id', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('budget_events_pk', ['budget_id', 'seq'])
    .execute()
  // One row per handled command id: a retry finds its original answer here and appends nothing.
  await db.schema
    .createTable('budget_commands')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('command_id', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('budget_commands_pk', ['budget_id', 'command_id'])
    .execute()

  // Read models, written inline by the command that changes them.
  await db.schema
    .createTable('category_groups')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hidden', 'boolean', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_groups_pk', ['budget_id', 'id'])
    .execute()
  await db.schema
    .createTable('categories')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('category_group_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('spending_class', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('hidden', 'boolean', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('categories_pk', ['budget_id', 'id'])
    .execute()
  await db.schema
    .createTable('bank_accounts')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('opening_balance', money, (c) => c.notNull())
    .addColumn('opening_date', 'text', (c) => c.notNull())
    .addColumn('last_reconciled_at', 'text')
    .addColumn('cleared', money, (c) => c.notNull())
    .addColumn('uncleared', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('bank_accounts_pk', ['budget_id', 'id'])
    .execute()
  await db.schema
    .createTable('transactions')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('bank_account_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('payee', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('value', money, (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cleared', 'boolean', (c) => c.notNull())
    .addColumn('reconciled', 'boolean', (c) => c.notNull())
    .addColumn('splits', 'jsonb', (c) => c.notNull())
    .addColumn('transfer_id', 'text')
    .addPrimaryKeyConstraint('transactions_pk', ['budget_id', 'id'])
    .execute()
  // "One account's transactions for one month", newest first, keyset-paginated by (date, id).
  await db.schema
    .createIndex('transactions_account_date')
    .on('transactions')
    .columns(['budget_id', 'bank_account_id', 'date', 'id'])
    .execute()
  await db.schema
    .createIndex('transactions_date')
    .on('transactions')
    .columns(['budget_id', 'date', 'id'])
    .execute()
  await db.schema
    .createTable('category_months')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('assigned', money, (c) => c.notNull())
    .addColumn('activity', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('category_months_pk', ['budget_id', 'category_id', 'period'])
    .execute()
  await db.schema
    .createTable('account_months')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('bank_account_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('net', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('account_months_pk', ['budget_id', 'bank_account_id', 'period'])
    .execute()
  await db.schema
    .createTable('assignment_records')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('command_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('by', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('from_category_id', 'text')
    .addColumn('to_category_id', 'text')
    .addColumn('amount', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('assignment_records_pk', ['budget_id', 'period', 'position'])
    .execute()
  await db.schema
    .createTable('targets')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('cadence_months', 'integer')
    .addPrimaryKeyConstraint('targets_pk', ['budget_id', 'category_id'])
    .execute()
  await db.schema
    .createTable('filters')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('criteria', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('filters_pk', ['budget_id', 'id'])
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of [
    'filters',
    'targets',
    'assignment_records',
    'account_months',
    'category_months',
    'transactions',
    'bank_accounts',
    'categories',
    'category_groups',
    'budget_commands',
    'budget_events',
    'budget_members',
    'budgets',
  ])
    await db.schema.dropTable(table).ifExists().execute()
}
