export type { BudgetSource, WatchBudgetInput } from './transactionEditor.actors.ts'
export { watchBudget } from './transactionEditor.actors.ts'
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
  directionOf,
  initialTransactionFields,
  inTrackingAccount,
  MAX_PAYEE_SUGGESTIONS,
  openedAfterDate,
  payeeSuggestions,
  splitRemainder,
} from './transactionEditor.form.ts'
export type { BudgetSeen, Opening, TransactionEditorRequest } from './transactionEditor.lifecycle.ts'
export { openingOf } from './transactionEditor.lifecycle.ts'
export type {
  TransactionEditorContext,
  TransactionEditorEvent,
  TransactionEditorInput,
} from './transactionEditor.machine.ts'
export { transactionEditorMachine } from './transactionEditor.machine.ts'
export type {
  Choice,
  DeleteConfirmRef,
  EditorScreen,
  TransactionFormRef,
  TransferCategoryRef,
} from './transactionEditor.selectors.ts'
export {
  accountChoices,
  categoryChoices,
  selectCanDelete,
  selectCanRemoveSplit,
  selectDeleteConfirmRef,
  selectEditedTransaction,
  selectEditorScreen,
  selectFormRef,
  selectHasSeveralSplits,
  selectInTrackingAccount,
  selectIsAdding,
  selectIsReconciled,
  selectIsSubmittingTransaction,
  selectOriginalSplits,
  selectPayeeSuggestions,
  selectSplitRemainder,
  selectTransactionErrors,
  selectTransactionFields,
  selectTransactionRefusalKey,
  selectTransferCategoryRef,
} from './transactionEditor.selectors.ts'
export type {
  TransactionFormContext,
  TransactionFormEvent,
  TransactionFormInput,
} from './transactionForm.machine.ts'
export { transactionFormMachine } from './transactionForm.machine.ts'
