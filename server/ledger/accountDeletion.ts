import type { Kysely } from 'kysely'
import type { StateCache } from './cache.ts'
import type { Notifier } from './notifier.ts'
import { type LedgerTables, readModelTables } from './tables.ts'

/**
 * What happens to budgets when their member deletes the account (the policy in server/identity/README.md): the
 * user's memberships end. A budget whose Owner leaves passes to the Guest with access Edit who joined first (then
 * by user id), who becomes its Owner; a read-only guest never inherits. A budget left with no editing guest goes
 * with the account, events and read models included — its read-only guests lose it.
 *
 * Every budget touched is signalled (`membersChanged`, delivered at the deletion's commit): the leaving user's open
 * streams, and those of read-only guests of a deleted budget, end at once.
 */
export const forgetAccountBudgets = async (
  db: Kysely<LedgerTables>,
  cache: StateCache,
  notifier: Pick<Notifier, 'membersChanged'>,
  userId: string,
): Promise<void> => {
  const memberships = await db
    .selectFrom('budget_members')
    .select(['budget_id', 'role'])
    .where('user_id', '=', userId)
    .execute()
  for (const { budget_id: budgetId, role } of memberships) {
    await db
      .deleteFrom('budget_members')
      .where('budget_id', '=', budgetId)
      .where('user_id', '=', userId)
      .execute()
    await db
      .deleteFrom('budget_presence')
      .where('budget_id', '=', budgetId)
      .where('user_id', '=', userId)
      .execute()
    await notifier.membersChanged(db, budgetId)
    if (role !== 'Owner') continue
    const heir = await db
      .selectFrom('budget_members')
      .select('user_id')
      .where('budget_id', '=', budgetId)
      .where('access', '=', 'Edit')
      .orderBy('joined_at')
      .orderBy('user_id')
      .limit(1)
      .executeTakeFirst()
    if (heir === undefined) {
      // Members, invitations and presence rows go with the budget (ON DELETE CASCADE).
      for (const table of [...readModelTables, 'budget_commands', 'budget_events'] as const) {
        await db.deleteFrom(table).where('budget_id', '=', budgetId).execute()
      }
      await db.deleteFrom('budgets').where('id', '=', budgetId).execute()
      cache.drop(budgetId)
    } else {
      await db
        .updateTable('budget_members')
        .set({ role: 'Owner' })
        .where('budget_id', '=', budgetId)
        .where('user_id', '=', heir.user_id)
        .execute()
    }
  }
}
