import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  buildCategory,
  type CategoryEditFields,
  checkCategory,
  initialCategoryFields,
} from './categoryEdit.form.ts'

/** Adds or edits a category: name, type (on create), spending class. */
export const categoryEditMachine = createFormDialogMachine({
  id: 'categoryEdit',
  initialFields: initialCategoryFields,
  check: checkCategory,
  closesUnchanged: true,
  build: buildCategory,
})

export type CategoryEditEvent = FormDialogEvent<CategoryEditFields>
