import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

/**
 * A handled command id keeps a digest of the request that used it (method, path and body), so that the key sent
 * again with another request is refused rather than answered with the first request's result. Rows written before
 * have none and answer any retry, as they did.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table budget_commands add column request_digest text`.execute(db)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await sql`alter table budget_commands drop column request_digest`.execute(db)
}
