import type { Transaction } from '../schemas/budget.ts'
import { type BudgetState, isOpenForChanges } from './state.ts'

/** Newest first: by date, then by id (for a stable order), comparing code units. */
export const newestFirst = (a: Transaction, b: Transaction): number =>
  a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0

const listed = new WeakMap<BudgetState['transactions'], ReadonlyArray<Transaction>>()

/**
 * A transaction map's transactions newest first, kept per (immutable) map: assignments never sort again, and a
 * snapshot that arrives in this order (the server lists them so) hands its list over instead of 100 000 being
 * sorted on a phone.
 */
export const transactionsNewestFirst = (
  transactions: BudgetState['transactions'],
): ReadonlyArray<Transaction> => {
  const known = listed.get(transactions)
  if (known !== undefined) return known
  const list = [...transactions].map(([, transaction]) => transaction).sort(newestFirst)
  if (!isOpenForChanges(transactions)) listed.set(transactions, list)
  return list
}

/** Remembers `list` as `transactions` newest first when it is in that order (checked in one pass). */
export const rememberNewestFirst = (
  transactions: BudgetState['transactions'],
  list: ReadonlyArray<Transaction>,
): void => {
  const ordered = list.every((transaction, index) => {
    const previous = list[index - 1]
    return previous === undefined || newestFirst(previous, transaction) < 0
  })
  if (ordered) listed.set(transactions, list)
}
