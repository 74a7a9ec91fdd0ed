export type { WriteInput } from './budgets.actors.ts'
export { listBudgets, writeBudget } from './budgets.actors.ts'
export type { BudgetsContext, BudgetsEvent, BudgetsInput, WriteInFlight } from './budgets.machine.ts'
export { budgetsMachine, DELETE_DONE_MESSAGE_KEY, RESET_DONE_MESSAGE_KEY } from './budgets.machine.ts'
export type { BudgetInfo, BudgetSummary, BudgetsPort, ListOutcome, WriteOutcome } from './budgets.port.ts'
export type { BudgetsLoadState } from './budgets.selectors.ts'
export {
  selectBudgetById,
  selectBudgets,
  selectBudgetsLoadState,
  selectCreatedBudget,
  selectIsWriting,
} from './budgets.selectors.ts'
export type { BudgetWrite, Planned } from './budgets.write.ts'
export { applyWrite, planWrite } from './budgets.write.ts'
