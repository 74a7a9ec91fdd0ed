import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  buildDelete,
  checkDelete,
  type DeleteConfirmFields,
  initialDeleteFields,
} from './deleteConfirm.form.ts'

/** SPEC's confirm ("This action can't be undone. Continue?"): dialog.submit confirms, dialog.cancel keeps. */
export const deleteConfirmMachine = createFormDialogMachine({
  id: 'deleteConfirm',
  initialFields: initialDeleteFields,
  check: checkDelete,
  build: buildDelete,
})

export type DeleteConfirmEvent = FormDialogEvent<DeleteConfirmFields>
