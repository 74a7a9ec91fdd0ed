import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // A saved filter's report (issue 31 "saved as a view"): null for a plain filter. Not filled for existing rows:
  // events written before views carry no report, so a rebuild gives the very same rows.
  await db.schema.alterTable('filters').addColumn('report', 'jsonb').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('filters').dropColumn('report').execute()
}
