import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  buildDraft,
  checkDraft,
  draftAnalytics,
  initialDraftFields,
  type TransactionDraftFields,
} from './transactionDraft.form.ts'

/**
 * Confirms one occurrence of a template (SPEC transactionDraft; mobile …/templates/{id}/date/{date}/confirm). Skip
 * and "skip all up to this date" are single commands the view sends beside the form.
 */
export const transactionDraftMachine = createFormDialogMachine({
  id: 'transactionDraft',
  initialFields: initialDraftFields,
  check: checkDraft,
  build: buildDraft,
  analytics: draftAnalytics,
})

export type TransactionDraftEvent = FormDialogEvent<TransactionDraftFields>
