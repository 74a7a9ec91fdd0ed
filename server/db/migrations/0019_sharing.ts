import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // Sharing (issue 30): a Guest's access (Edit, or Read: sees everything, changes nothing), when the member joined
  // (account deletion hands a budget to the editing member who joined first), who invited them, when they last used
  // the budget. Existing members edit and joined when the budget was created.
  await db.schema
    .alterTable('budget_members')
    .addColumn('access', 'text', (c) => c.notNull().defaultTo('Edit').check(sql`access in ('Edit', 'Read')`))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('invited_by', 'text')
    .addColumn('last_active_at', 'timestamptz')
    .execute()
  await sql`update budget_members m set joined_at = coalesce(b.created_at::timestamptz, now())
    from budgets b where b.id = m.budget_id`.execute(db)
  // An Owner always edits.
  await sql`alter table budget_members add constraint budget_members_owner_edits
    check (role = 'Guest' or access = 'Edit')`.execute(db)
  // Invitations: single-use links bound to the link, not the address. Only the SHA-256 of the secret is kept.
  await db.schema
    .createTable('budget_invitations')
    .addColumn('budget_id', 'text', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('Guest')`))
    .addColumn('access', 'text', (c) => c.notNull().check(sql`access in ('Edit', 'Read')`))
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by', 'text')
    .addColumn('revoked_at', 'timestamptz')
    .addPrimaryKeyConstraint('budget_invitations_pk', ['budget_id', 'id'])
    .execute()
  // Presence: one row per open event stream (a browser tab with the budget open), refreshed while it stays open.
  await db.schema
    .createTable('budget_presence')
    .addColumn('budget_id', 'text', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('connection_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('budget_presence_pk', ['budget_id', 'connection_id'])
    .execute()
  // The name members see (a profile setting; the e-mail until set).
  await db.schema.alterTable('users').addColumn('display_name', 'text').execute()
  // The activity feed filtered by person reads a budget's events by author, newest first.
  await sql`create index budget_events_actor on budget_events (budget_id, actor_user_id, seq)`.execute(db)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await sql`drop index budget_events_actor`.execute(db)
  await db.schema.alterTable('users').dropColumn('display_name').execute()
  await db.schema.dropTable('budget_presence').execute()
  await db.schema.dropTable('budget_invitations').execute()
  await sql`alter table budget_members drop constraint budget_members_owner_edits`.execute(db)
  await db.schema
    .alterTable('budget_members')
    .dropColumn('access')
    .dropColumn('joined_at')
    .dropColumn('invited_by')
    .dropColumn('last_active_at')
    .execute()
}
