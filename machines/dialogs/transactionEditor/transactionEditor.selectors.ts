import type { SnapshotFrom } from 'xstate'
import { refusalMessageKey } from '../../budget/budget.protocol.ts'
import { payeeSuggestions, splitRemainder } from './transactionEditor.form.ts'
import type { transactionEditorMachine } from './transactionEditor.machine.ts'

type Snapshot = SnapshotFrom<typeof transactionEditorMachine>

export const selectTransactionFields = (snapshot: Snapshot) => snapshot.context.fields
export const selectTransactionErrors = (snapshot: Snapshot) => snapshot.context.errors
export const selectPayeeSuggestions = (snapshot: Snapshot): string[] =>
  payeeSuggestions(snapshot.context.fields.payee, snapshot.context.props.payees, snapshot.context.env.locale)
/** What the splits still lack; shown only with several splits. */
export const selectSplitRemainder = (snapshot: Snapshot): number | null =>
  snapshot.context.fields.splits.length > 1
    ? splitRemainder(snapshot.context.fields, snapshot.context.env)
    : null
export const selectCanRemoveSplit = (snapshot: Snapshot): boolean =>
  snapshot.can({ type: 'split.remove', index: 0 })
export const selectTransactionRefusalKey = (snapshot: Snapshot): string | null =>
  snapshot.context.refusal === null ? null : refusalMessageKey(snapshot.context.refusal)
export const selectCanSubmitTransaction = (snapshot: Snapshot): boolean =>
  snapshot.matches('editing') || snapshot.matches('failed')
export const selectIsTransactionEditorClosed = (snapshot: Snapshot): boolean => snapshot.status === 'done'
