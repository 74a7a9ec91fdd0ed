import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import { buildGroup, checkGroup, type GroupEditFields, initialGroupFields } from './groupEdit.form.ts'

/** Adds or renames a category group (its delete variant is the delete confirm dialog). */
export const groupEditMachine = createFormDialogMachine({
  id: 'groupEdit',
  initialFields: initialGroupFields,
  check: checkGroup,
  closesUnchanged: true,
  build: buildGroup,
})

export type GroupEditEvent = FormDialogEvent<GroupEditFields>
