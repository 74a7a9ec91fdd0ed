import type { SnapshotFrom } from 'xstate'
import type { BudgetId } from '../../schemas/ids.ts'
import type { budgetsMachine } from './budgets.machine.ts'
import type { BudgetSummary } from './budgets.port.ts'

type BudgetsSnapshot = SnapshotFrom<typeof budgetsMachine>

export type BudgetsLoadState = 'loading' | 'failed' | 'ready'

export const selectBudgetsLoadState = (snapshot: BudgetsSnapshot): BudgetsLoadState =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready'

export const selectBudgets = (snapshot: BudgetsSnapshot): ReadonlyArray<BudgetSummary> =>
  snapshot.context.budgets

/** One of the caller's budgets, or undefined when it is not (or no longer) theirs. */
export const selectBudgetById = (snapshot: BudgetsSnapshot, budgetId: string): BudgetSummary | undefined =>
  snapshot.context.budgets.find((budget) => budget.id === budgetId)

export const selectIsWriting = (snapshot: BudgetsSnapshot): boolean => snapshot.matches({ ready: 'writing' })

export const selectCreatedBudget = (snapshot: BudgetsSnapshot): BudgetId | null => snapshot.context.created
