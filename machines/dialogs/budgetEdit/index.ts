export type { BudgetEditFields, BudgetEditProps, BudgetEditValue, StarterChoice } from './budgetEdit.form.ts'
export { buildBudget, checkBudget, DEFAULT_CURRENCY, initialBudgetFields } from './budgetEdit.form.ts'
export type { BudgetEditEvent } from './budgetEdit.machine.ts'
export { budgetEditMachine } from './budgetEdit.machine.ts'
