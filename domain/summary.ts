import * as HashMap from 'effect/HashMap'
import type { BudgetCommand } from '../schemas/budget-commands.ts'
import type { BudgetEvent } from '../schemas/budget-events.ts'
import type { TransactionId } from '../schemas/ids.ts'
import type { BudgetState } from './state.ts'

// A summary is a BudgetState without its older transactions and transfers (what `GET …/state?part=summary`
// serves): every aggregate, the structure, targets, records and undo are whole, so the month view is exact and the
// assignment and structure commands decide exactly as on the full state. Transactions added after the summary was
// read are in it too. These two questions tell when a client holding a summary needs the full state.

/** Commands whose decision reads existing transactions (find the one edited, scan the cleared ones). */
export const decidesOnTransactions = (command: Pick<BudgetCommand, '_tag'>): boolean =>
  command._tag === 'EditTransaction' ||
  command._tag === 'DeleteTransaction' ||
  command._tag === 'ReconcileAccount'

const holds = (state: BudgetState, ...ids: ReadonlyArray<TransactionId>) =>
  ids.every((id) => HashMap.has(state.transactions, id))

/**
 * Whether evolve folds this event exactly into a summary: an edit or delete takes the old version out of the
 * aggregates, so the old version must be in the state. (Reconciliation only flags transactions; a summary lacks
 * the flags of transactions it lacks anyway.)
 */
export const foldsIntoSummary = (state: BudgetState, event: BudgetEvent): boolean => {
  switch (event._tag) {
    case 'TransactionEdited':
      return holds(state, event.transaction.id)
    case 'TransactionDeleted':
      return holds(state, event.transactionId)
    case 'TransferEdited':
      return holds(state, event.outflow.id, event.inflow.id)
    case 'TransferDeleted':
      return holds(state, event.outflowTransactionId, event.inflowTransactionId)
    default:
      return true
  }
}
