import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // One row per user; deleting the account deletes its onboarding with it.
  await db.schema
    .createTable('onboarding_progress')
    .addColumn('user_id', 'uuid', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('notStarted', 'active', 'completed', 'dismissed')`),
    )
    .addColumn('current_step', 'text', (column) => column.notNull())
    .addColumn('completed_steps', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('skipped_steps', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('survey', 'jsonb')
    .addColumn('budget_id', 'text')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('onboarding_events')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('step', 'text')
    .addColumn('occurred_at', 'timestamptz', (column) => column.notNull())
    .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('onboarding_events_user')
    .on('onboarding_events')
    .columns(['user_id', 'id'])
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('onboarding_events').execute()
  await db.schema.dropTable('onboarding_progress').execute()
}
