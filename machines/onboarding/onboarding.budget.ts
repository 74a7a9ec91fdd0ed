import type { SnapshotFrom } from 'xstate'
import type { PeriodKey } from '../../schemas/money.ts'
import type { budgetMachine } from '../openBudget/budget.machine.ts'
import { selectMonthView } from '../openBudget/budget.selectors.ts'

// What the onboarding's steps read from the open budget: whether the step's work is there.

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

/** The second step's work: the budget has an account. */
export const selectAccountCount = (snapshot: BudgetSnapshot): number => snapshot.context.state.accounts.size

/** The third step's work: some money of the month has a job. */
export const selectHasAssigned = (snapshot: BudgetSnapshot, period: PeriodKey): boolean =>
  selectMonthView(snapshot, period).categories.some((category) => category.assigned !== 0)
