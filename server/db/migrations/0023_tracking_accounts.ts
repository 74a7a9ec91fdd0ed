import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // Tracking (off-budget) accounts (issue 32 §2): every account opened before them is a budget account.
  await db.schema
    .alterTable('bank_accounts')
    .addColumn('off_budget', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('bank_accounts').dropColumn('off_budget').execute()
}
