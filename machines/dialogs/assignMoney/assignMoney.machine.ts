import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  type AssignMoneyFields,
  buildAssign,
  checkAssign,
  initialAssignFields,
  trackAssign,
} from './assignMoney.form.ts'

/** Sets what one category has assigned in one month (desktop inline editor, mobile /assign). */
export const assignMoneyMachine = createFormDialogMachine({
  id: 'assignMoney',
  initialFields: initialAssignFields,
  check: checkAssign,
  closesUnchanged: true,
  build: buildAssign,
  analytics: trackAssign,
})

export type AssignMoneyEvent = FormDialogEvent<AssignMoneyFields>
