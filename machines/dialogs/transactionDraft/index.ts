export type {
  TransactionDraftFields,
  TransactionDraftProps,
  TransactionDraftValue,
} from './transactionDraft.form.ts'
export {
  buildDraft,
  checkDraft,
  draftAnalytics,
  draftDirection,
  initialDraftFields,
  isTransferTemplate,
} from './transactionDraft.form.ts'
export type { TransactionDraftEvent } from './transactionDraft.machine.ts'
export { transactionDraftMachine } from './transactionDraft.machine.ts'
export { draftSplitErrors, hasBacklog, skipOccurrence, skipThrough } from './transactionDraft.selectors.ts'
