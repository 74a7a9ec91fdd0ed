export type {
  Direction,
  SplitErrors,
  SplitField,
  TransactionChecked,
  TransactionEditorProps,
  TransactionErrors,
  TransactionFields,
  TransactionValue,
} from './transactionEditor.form.ts'
export {
  buildTransaction,
  checkTransaction,
  initialTransactionFields,
  MAX_PAYEE_SUGGESTIONS,
  payeeSuggestions,
  splitRemainder,
} from './transactionEditor.form.ts'
export type {
  TransactionEditorContext,
  TransactionEditorEvent,
  TransactionEditorInput,
} from './transactionEditor.machine.ts'
export { transactionEditorMachine } from './transactionEditor.machine.ts'
export {
  selectCanRemoveSplit,
  selectCanSubmitTransaction,
  selectIsTransactionEditorClosed,
  selectPayeeSuggestions,
  selectSplitRemainder,
  selectTransactionErrors,
  selectTransactionFields,
  selectTransactionRefusalKey,
} from './transactionEditor.selectors.ts'
