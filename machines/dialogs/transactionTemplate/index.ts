export type {
  TemplateEnd,
  TemplateKind,
  TransactionTemplateFields,
  TransactionTemplateProps,
  TransactionTemplateValue,
} from './transactionTemplate.form.ts'
export {
  buildTemplate,
  checkDraftHorizon,
  checkTemplate,
  initialTemplateFields,
  templateAnalytics,
} from './transactionTemplate.form.ts'
export type { TransactionTemplateEvent } from './transactionTemplate.machine.ts'
export { transactionTemplateMachine } from './transactionTemplate.machine.ts'
export {
  AMOUNT_MATCHES,
  ENDS,
  FREQUENCIES,
  PREVIEW_DATES,
  type PreviewDate,
  previewDates,
  recurrenceOfFields,
  SHIFTS,
  type TemplatePreview,
  targetCategoryOf,
  targetFromTemplate,
  templatePreview,
  templateRemainder,
  templateSplitErrors,
  transferTargetChoices,
} from './transactionTemplate.selectors.ts'
