import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

/**
 * The user's language (SPEC §3 userSettings): chosen on the sign-in or registration page or in the app, it follows
 * the user to every browser. Null until a choice is known.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table users add column locale text`.execute(db)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table users drop column locale`.execute(db)
}
