import type { SnapshotFrom } from 'xstate'
import type { PeriodKey } from '../../schemas/money.ts'
import type { budgetMachine } from '../openBudget/budget.machine.ts'
import { selectMonthView } from '../openBudget/budget.selectors.ts'
import { selectAutoAssignPreview } from '../openBudget/selectors/category.ts'

// What the onboarding's steps read from the open budget: whether the step's work is there.

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

/** The second step's work: the budget has an account. */
export const selectAccountCount = (snapshot: BudgetSnapshot): number => snapshot.context.state.accounts.size

/** The third step's work: some money of the month has a job. */
export const selectHasAssigned = (snapshot: BudgetSnapshot, period: PeriodKey): boolean =>
  selectMonthView(snapshot, period).categories.some((category) => category.assigned !== 0)

/** Auto-assign would change something (a new budget has no targets nor history, and then it would not). */
export const selectCanAutoAssign = (snapshot: BudgetSnapshot, period: PeriodKey): boolean =>
  Object.values(selectAutoAssignPreview(snapshot, period)).some((preview) => preview.categories > 0)
