import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  type AutoAssignFields,
  buildAutoAssign,
  checkAutoAssign,
  initialAutoAssignFields,
  trackAutoAssign,
} from './autoAssign.form.ts'

/** Picks one of YNAB's auto-assign options for the month (mobile /auto-assign). */
export const autoAssignMachine = createFormDialogMachine({
  id: 'autoAssign',
  initialFields: initialAutoAssignFields,
  check: checkAutoAssign,
  build: buildAutoAssign,
  analytics: trackAutoAssign,
})

export type AutoAssignEvent = FormDialogEvent<AutoAssignFields>
