import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  buildMoveCategory,
  checkMoveCategory,
  initialMoveCategoryFields,
  type MoveCategoryFields,
} from './moveCategory.form.ts'

/** Moves a category into another group (mobile /move). */
export const moveCategoryMachine = createFormDialogMachine({
  id: 'moveCategory',
  initialFields: initialMoveCategoryFields,
  check: checkMoveCategory,
  closesUnchanged: true,
  build: buildMoveCategory,
})

export type MoveCategoryEvent = FormDialogEvent<MoveCategoryFields>
