import type { Kysely } from 'kysely'
import type { StateCache } from './cache.ts'
import { type LedgerTables, readModelTables } from './tables.ts'

/**
 * What happens to budgets when their member deletes the account (the policy in server/identity/README.md): a budget
 * the user keeps alone goes with the account, events and read models included; a shared budget stays with the other
 * members, and if it loses its only Owner, the remaining member first in line becomes Owner. Membership rows carry
 * no join time yet (sharing comes later), so "first in line" is the lowest user id until they do.
 */
export const forgetAccountBudgets = async (
  db: Kysely<LedgerTables>,
  cache: StateCache,
  userId: string,
): Promise<void> => {
  const memberships = await db
    .selectFrom('budget_members')
    .select(['budget_id', 'role'])
    .where('user_id', '=', userId)
    .execute()
  for (const { budget_id: budgetId, role } of memberships) {
    const others = await db
      .selectFrom('budget_members')
      .select(['user_id', 'role'])
      .where('budget_id', '=', budgetId)
      .where('user_id', '!=', userId)
      .orderBy('user_id')
      .execute()
    await db
      .deleteFrom('budget_members')
      .where('budget_id', '=', budgetId)
      .where('user_id', '=', userId)
      .execute()
    const [heir] = others
    if (heir === undefined) {
      for (const table of [...readModelTables, 'budget_commands', 'budget_events'] as const) {
        await db.deleteFrom(table).where('budget_id', '=', budgetId).execute()
      }
      await db.deleteFrom('budgets').where('id', '=', budgetId).execute()
      cache.drop(budgetId)
    } else if (role === 'Owner' && !others.some((member) => member.role === 'Owner')) {
      await db
        .updateTable('budget_members')
        .set({ role: 'Owner' })
        .where('budget_id', '=', budgetId)
        .where('user_id', '=', heir.user_id)
        .execute()
    }
  }
}
