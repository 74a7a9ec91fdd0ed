import { type Kysely, sql } from 'kysely'
import { up as createSnapshots } from './0004_budget_snapshots.ts'
import { up as createSnapshotParts } from './0005_budget_snapshot_parts.ts'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // The undo stack of assignment changes: with it, the read models hold a budget's whole summary (everything but
  // the transactions, which have their own table), so the server builds a budget's state from them at the stream
  // version instead of replaying its history. One row per undoable command; `position` orders the stack.
  await db.schema
    .createTable('budget_undo')
    .addColumn('budget_id', 'text', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('command_id', 'text', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('budget_undo_pk', ['budget_id', 'command_id'])
    .execute()
  await db.schema
    .createIndex('budget_undo_position')
    .on('budget_undo')
    .columns(['budget_id', 'position'])
    .execute()
  // A transfer side's counterpart, which the server loads with it before deciding an edit or a delete.
  await db.schema
    .createIndex('transactions_transfer')
    .on('transactions')
    .columns(['budget_id', 'transfer_id'])
    .where(sql.ref('transfer_id'), 'is not', null)
    .execute()
  // How many transactions the budget holds (part of its summary), kept by the projection: counting them would read
  // every row of a big budget.
  await db.schema
    .alterTable('budgets')
    .addColumn('transaction_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  // Which evolve wrote a budget's read models: 0 (every budget before this migration, which has no undo rows) or
  // an older format is rebuilt from the events on first use.
  await db.schema
    .alterTable('budgets')
    .addColumn('read_model_format', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // Stored whole states are replaced by the read models.
  await db.schema.dropTable('budget_snapshot_parts').execute()
  await db.schema.dropTable('budget_snapshots').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('budget_undo').execute()
  await db.schema.alterTable('budgets').dropColumn('read_model_format').execute()
  await db.schema.alterTable('budgets').dropColumn('transaction_count').execute()
  await createSnapshots(db)
  await createSnapshotParts(db)
}
