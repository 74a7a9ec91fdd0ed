import { randomUUID } from 'node:crypto'
import { CategoryId } from '../../schemas/ids.ts'
import { type Ledger, write } from './service.ts'

/**
 * Gives every budget made before income destinations existed its "Do przydzielenia" category: one
 * `CreateIncomeDestination` command per such budget, in an owner's name (writes are members' own), through the ordinary write (events, read
 * models, live updates). The command does nothing for a budget that has one, so two instances starting together or
 * a second start are harmless. Run at start; a budget made since has one from its creation.
 */
export const addMissingIncomeDestinations = async (
  ledger: Ledger,
  onFailure: (budgetId: string, error: unknown) => void,
): Promise<number> => {
  const missing = await ledger.db
    .selectFrom('budgets')
    .innerJoin('budget_members', 'budget_members.budget_id', 'budgets.id')
    .select(['budgets.id', (eb) => eb.fn.min('budget_members.user_id').as('owner')])
    .where('budget_members.role', '=', 'Owner')
    .where('budgets.deleted', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('categories')
            .select('categories.id')
            .whereRef('categories.budget_id', '=', 'budgets.id')
            .where('categories.origin', '=', 'Uncategorized')
            .where('categories.type', '=', 'Income'),
        ),
      ),
    )
    .groupBy('budgets.id')
    .execute()
  let added = 0
  for (const budget of missing) {
    // One budget that cannot take it (a broken stream) must not keep the server from starting.
    try {
      await write(ledger, {
        budgetId: budget.id,
        userId: budget.owner,
        status: 200,
        commands: (meta) => [
          { _tag: 'CreateIncomeDestination', ...meta(0), categoryId: CategoryId.make(randomUUID()) },
        ],
        answer: () => null,
      })
      added += 1
    } catch (error) {
      onFailure(budget.id, error)
    }
  }
  return added
}
