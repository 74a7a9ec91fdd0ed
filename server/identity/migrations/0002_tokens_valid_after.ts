import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

/**
 * Signing a user out everywhere (a password reset) records when: access tokens issued until then are refused
 * although they have not expired (they are JWTs, checked without asking the provider).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table users add column tokens_valid_after timestamptz`.execute(db)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table users drop column tokens_valid_after`.execute(db)
}
