import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import { type BudgetEditFields, buildBudget, checkBudget, initialBudgetFields } from './budgetEdit.form.ts'

/** The budget modal ({budgetId?}/edit) and the settings form: name and currency. */
export const budgetEditMachine = createFormDialogMachine({
  id: 'budgetEdit',
  initialFields: initialBudgetFields,
  check: checkBudget,
  closesUnchanged: true,
  build: buildBudget,
})

export type BudgetEditEvent = FormDialogEvent<BudgetEditFields>
