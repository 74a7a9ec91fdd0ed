import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  buildTemplate,
  checkTemplate,
  initialTemplateFields,
  type TransactionTemplateFields,
  templateAnalytics,
} from './transactionTemplate.form.ts'

/** Creates or edits a recurring transaction (SPEC transactionTemplate; mobile …/templates/{id?}). */
export const transactionTemplateMachine = createFormDialogMachine({
  id: 'transactionTemplate',
  initialFields: initialTemplateFields,
  check: checkTemplate,
  closesUnchanged: true,
  build: buildTemplate,
  analytics: templateAnalytics,
})

export type TransactionTemplateEvent = FormDialogEvent<TransactionTemplateFields>
