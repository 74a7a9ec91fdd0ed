import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('subject', 'text', (column) => column.notNull().unique())
    .addColumn('email', 'text', (column) => column.unique().check(sql`email = lower(email)`))
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('last_visit_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('payload', 'jsonb', (column) => column.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pkey', ['model', 'id'])
    .execute()
  await db.schema.createIndex('oidc_payloads_grant_id').on('oidc_payloads').column('grant_id').execute()
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').columns(['model', 'uid']).execute()
  await db.schema
    .createIndex('oidc_payloads_user_code')
    .on('oidc_payloads')
    .columns(['model', 'user_code'])
    .execute()
  await db.schema.createIndex('oidc_payloads_expires_at').on('oidc_payloads').column('expires_at').execute()

  await db.schema
    .createTable('identity_keys')
    .addColumn('kid', 'text', (column) => column.primaryKey())
    .addColumn('use', 'text', (column) => column.notNull().check(sql`use in ('sig', 'cookie')`))
    .addColumn('material', 'jsonb', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('failures', 'integer', (column) => column.notNull())
    .addColumn('window_started_at', 'timestamptz', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'uuid', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('ends_at', 'timestamptz', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('personal_access_tokens_user_id')
    .on('personal_access_tokens')
    .column('user_id')
    .execute()

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of [
    'password_resets',
    'personal_access_tokens',
    'subscriptions',
    'sign_in_throttle',
    'identity_keys',
    'oidc_payloads',
    'users',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
