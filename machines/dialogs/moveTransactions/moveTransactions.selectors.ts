import type { Transaction } from '../../../schemas/budget.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { MoneyCategory } from '../../openBudget/selectors/category.ts'

/** How many of the month's transactions move, and how many stay because they are reconciled. */
export const movableCounts = (
  transactions: ReadonlyArray<Transaction>,
): { readonly movable: number; readonly reconciled: number } => {
  const reconciled = transactions.filter((transaction) => transaction.reconciled).length
  return { movable: transactions.length - reconciled, reconciled }
}

/** The categories the transactions may go to: every money category but their own. */
export const moveTransactionsTargets = (
  categories: ReadonlyArray<MoneyCategory>,
  categoryId: CategoryId,
): ReadonlyArray<MoneyCategory> => categories.filter((category) => category.id !== categoryId)
