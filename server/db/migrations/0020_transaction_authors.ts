import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // Who entered or last changed each transaction (issue 30 "who did what"): the user id its latest version's event
  // carries (`enteredBy`, domain/authorship.ts). Null for versions written before events carried it: not filled
  // from the stream's actor column, so that a rebuild (which reads only the events) gives the very same rows.
  await db.schema.alterTable('transactions').addColumn('entered_by', 'text').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('transactions').dropColumn('entered_by').execute()
}
