export type { BudgetEditFields, BudgetEditProps, BudgetEditValue } from './budgetEdit.form.ts'
export { buildBudget, checkBudget, DEFAULT_CURRENCY } from './budgetEdit.form.ts'
export type { BudgetEditEvent } from './budgetEdit.machine.ts'
export { budgetEditMachine } from './budgetEdit.machine.ts'
