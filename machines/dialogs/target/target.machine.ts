import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  buildTarget,
  checkTarget,
  initialTargetFields,
  type TargetFields,
  trackTarget,
} from './target.form.ts'

/** Sets or edits a category's target (side panel, mobile /target). Removing one goes through delete confirm. */
export const targetMachine = createFormDialogMachine({
  id: 'target',
  initialFields: initialTargetFields,
  check: checkTarget,
  build: buildTarget,
  analytics: trackTarget,
})

export type TargetEvent = FormDialogEvent<TargetFields>
