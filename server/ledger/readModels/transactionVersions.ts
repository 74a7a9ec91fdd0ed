import * as HashMap from 'effect/HashMap'
import * as Option from 'effect/Option'
import type { BudgetState } from '../../../domain/state.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import type { BudgetEvent } from '../../../schemas/budgetEvents.ts'
import type { TransactionId } from '../../../schemas/ids.ts'

// The events that add, change or remove stored transactions, and the versions of those transactions an event
// replaces (from the state before it) and makes. The read models derived from transactions (`transactions`,
// `category_year_columns`, `account_months`) each decide on these events through this one function.

export type TransactionEvent = Extract<
  BudgetEvent,
  {
    readonly _tag:
      | 'TransactionAdded'
      | 'TransactionEdited'
      | 'TransactionDeleted'
      | 'TransferAdded'
      | 'TransferEdited'
      | 'TransferDeleted'
      | 'TransactionsImported'
      | 'ImportUndone'
  }
>

export const lookup = (state: BudgetState, id: TransactionId): Transaction | undefined =>
  Option.getOrUndefined(HashMap.get(state.transactions, id))

/** The old versions (as `before` holds them; undefined when it lacks one) and the new versions the event leaves. */
export const transactionVersions = (
  before: BudgetState,
  event: TransactionEvent,
): ReadonlyArray<Transaction | undefined> => {
  switch (event._tag) {
    case 'TransactionAdded':
      return [event.transaction]
    case 'TransactionEdited':
      return [lookup(before, event.transaction.id), event.transaction]
    case 'TransactionDeleted':
      return [lookup(before, event.transactionId)]
    case 'TransferAdded':
      return [event.outflow, event.inflow]
    case 'TransferEdited':
      return [lookup(before, event.outflow.id), lookup(before, event.inflow.id), event.outflow, event.inflow]
    case 'TransferDeleted':
      return [lookup(before, event.outflowTransactionId), lookup(before, event.inflowTransactionId)]
    case 'TransactionsImported':
      return event.source === undefined || event.source.replaced.length === 0
        ? event.transactions
        : [...event.source.replaced.map(({ id }) => lookup(before, id)), ...event.transactions]
    case 'ImportUndone':
      return [...event.transactionIds.map((id) => lookup(before, id)), ...event.restored]
  }
}
