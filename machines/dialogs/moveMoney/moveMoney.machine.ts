import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  buildMoveMoney,
  checkMoveMoney,
  initialMoveMoneyFields,
  type MoveMoneyFields,
  trackMoveMoney,
} from './moveMoney.form.ts'

/** Moves money between two categories, or between a category and Ready to Assign (mobile /move-money). */
export const moveMoneyMachine = createFormDialogMachine({
  id: 'moveMoney',
  initialFields: initialMoveMoneyFields,
  check: checkMoveMoney,
  build: buildMoveMoney,
  analytics: trackMoveMoney,
})

export type MoveMoneyEvent = FormDialogEvent<MoveMoneyFields>
