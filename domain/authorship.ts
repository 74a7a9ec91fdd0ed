import type { Transaction } from '../schemas/budget.ts'
import type { BudgetEvent, ImportedEvent } from '../schemas/budgetEvents.ts'
import type { UserId } from '../schemas/ids.ts'

/**
 * Every transaction version an event writes carries who wrote it (`enteredBy`, the command's user): the event
 * itself answers "who entered or last changed this", so evolve, the inline read models and a rebuild agree without
 * reading the stream's actor column. Versions an event only restores or takes away (an import's `replaced`, an
 * undo's `restored`) keep their own author. One id per transaction, never a name.
 */
export const stampAuthor = (events: readonly BudgetEvent[], userId: UserId): readonly BudgetEvent[] =>
  events.some(writesTransactions) ? events.map((event) => stampEvent(event, userId)) : events

const writesTransactions = (event: BudgetEvent) =>
  event._tag === 'TransactionAdded' ||
  event._tag === 'TransactionEdited' ||
  event._tag === 'TransferAdded' ||
  event._tag === 'TransferEdited' ||
  event._tag === 'TransactionsImported' ||
  event._tag === 'BudgetImported'

const stamp = (transaction: Transaction, userId: UserId): Transaction =>
  transaction.enteredBy === userId ? transaction : { ...transaction, enteredBy: userId }

function stampEvent(event: ImportedEvent, userId: UserId): ImportedEvent
function stampEvent(event: BudgetEvent, userId: UserId): BudgetEvent
function stampEvent(event: BudgetEvent, userId: UserId): BudgetEvent {
  switch (event._tag) {
    case 'TransactionAdded':
    case 'TransactionEdited':
      return { ...event, transaction: stamp(event.transaction, userId) }
    case 'TransferAdded':
    case 'TransferEdited':
      return { ...event, outflow: stamp(event.outflow, userId), inflow: stamp(event.inflow, userId) }
    case 'TransactionsImported':
      return { ...event, transactions: event.transactions.map((transaction) => stamp(transaction, userId)) }
    case 'BudgetImported':
      return { ...event, events: event.events.map((inner) => stampEvent(inner, userId)) }
    default:
      return event
  }
}
