import type { Kysely, Transaction } from 'kysely'
import { endAllSessions } from './passwordReset.ts'
import type { IdentityTables } from './tables.ts'

/**
 * Work other parts of the app must do when an account goes, inside the same transaction. The policy (see README):
 * budgets the user keeps alone are deleted; a shared budget passes to the collaborator who joined first. The
 * budget plugin registers that as a hook; identity itself owns only the user row and what hangs off it.
 */
export type AccountDeletionHook = (trx: Transaction<IdentityTables>, userId: string) => Promise<void>

export const deleteAccount = (
  db: Kysely<IdentityTables>,
  user: { readonly id: string; readonly subject: string },
  hooks: readonly AccountDeletionHook[],
): Promise<void> =>
  db.transaction().execute(async (trx) => {
    for (const hook of hooks) await hook(trx, user.id)
    await endAllSessions(trx, user.subject)
    // Subscriptions, personal tokens and reset links go with the row (ON DELETE CASCADE).
    await trx.deleteFrom('users').where('id', '=', user.id).execute()
  })
