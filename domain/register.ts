import type { BankAccount, FilterCriteria, Transaction } from '../schemas/budget.ts'
import type { BankAccountId, CategoryId } from '../schemas/ids.ts'
import type { IsoDate, Minor } from '../schemas/money.ts'
import { matchesFilter } from './filters.ts'
import { servedMinor } from './monthView.ts'

/**
 * An account's register (docs/decisions/0016-opening-balance-in-the-register.md): its transactions and its opening
 * balance as one list, each row with the account's running balance after it. The opening balance is a row read from
 * the account (BankAccountOpened / BudgetReset), not a transaction: it cannot be edited or deleted as one, and the
 * balances, Ready to Assign and the register all read the same number.
 */
export type RegisterRow =
  | { readonly kind: 'transaction'; readonly transaction: Transaction; readonly balance: Minor }
  | {
      readonly kind: 'opening'
      readonly bankAccountId: BankAccountId
      readonly date: IsoDate
      readonly value: Minor
      readonly balance: Minor
    }

export type RegisterTotals = { readonly cleared: Minor; readonly uncleared: Minor; readonly working: Minor }

/** A row's key for lists: a transaction's id, or the account's opening row. */
export const rowKey = (row: RegisterRow): string =>
  row.kind === 'transaction' ? row.transaction.id : `opening:${row.bankAccountId}`

export const rowDate = (row: RegisterRow): IsoDate =>
  row.kind === 'transaction' ? row.transaction.date : row.date
export const rowValue = (row: RegisterRow): Minor =>
  row.kind === 'transaction' ? row.transaction.value : row.value
export const rowAccount = (row: RegisterRow): BankAccountId =>
  row.kind === 'transaction' ? row.transaction.bankAccountId : row.bankAccountId

/**
 * Every account's register merged, newest first, from the transactions newest first (domain/transactionOrder.ts).
 * An opening row is the oldest entry of its date: it goes below every transaction dated on or after it and above the
 * ones dated before it (allowed, with a warning). Each balance is the running balance of the row's own account, in
 * the list's order read from the bottom; the newest row of an account carries its working balance.
 * One pass from the oldest; O(transactions + accounts).
 */
export const registerRows = (
  accounts: Iterable<BankAccount>,
  newestFirst: ReadonlyArray<Transaction>,
): ReadonlyArray<RegisterRow> => {
  // Opening rows waiting for their place, oldest date last so the walk from the bottom meets them in order.
  const openings = [...accounts].sort((a, b) =>
    a.openingDate < b.openingDate ? 1 : a.openingDate > b.openingDate ? -1 : a.id < b.id ? 1 : -1,
  )
  const running = new Map<BankAccountId, number>()
  const oldestFirst: RegisterRow[] = []
  const open = (account: BankAccount) => {
    const balance = (running.get(account.id) ?? 0) + account.openingBalance
    running.set(account.id, balance)
    oldestFirst.push({
      kind: 'opening',
      bankAccountId: account.id,
      date: account.openingDate,
      value: account.openingBalance,
      balance: servedMinor(balance),
    })
  }
  for (let index = newestFirst.length - 1; index >= 0; index--) {
    const transaction = newestFirst[index]
    if (transaction === undefined) continue
    // Openings dated on or before this transaction come first (the opening is the oldest entry of its day).
    while (openings.length > 0 && (openings.at(-1)?.openingDate ?? '') <= transaction.date) {
      const account = openings.pop()
      if (account !== undefined) open(account)
    }
    const balance = (running.get(transaction.bankAccountId) ?? 0) + transaction.value
    running.set(transaction.bankAccountId, balance)
    oldestFirst.push({ kind: 'transaction', transaction, balance: servedMinor(balance) })
  }
  for (let account = openings.pop(); account !== undefined; account = openings.pop()) open(account)
  return oldestFirst.reverse()
}

/**
 * Cleared, uncleared and working balance of one account from its rows: the opening balance is cleared (the bank
 * showed it), and working = cleared + uncleared (YNAB's Cleared Balance + Uncleared Balance).
 */
export const registerTotals = (
  rows: ReadonlyArray<RegisterRow>,
  bankAccountId: BankAccountId,
): RegisterTotals => {
  let cleared = 0
  let uncleared = 0
  for (const row of rows) {
    if (rowAccount(row) !== bankAccountId) continue
    if (row.kind === 'opening' || row.transaction.cleared) cleared += rowValue(row)
    else uncleared += rowValue(row)
  }
  return {
    cleared: servedMinor(cleared),
    uncleared: servedMinor(uncleared),
    working: servedMinor(cleared + uncleared),
  }
}

/**
 * Whether an opening row matches filter criteria as a transaction of the account would: an inflow (or nothing) to
 * Ready to Assign with no payee, cleared, regular.
 */
export const openingMatches = (
  criteria: FilterCriteria,
  row: Extract<RegisterRow, { kind: 'opening' }>,
  incomeDestinationId: CategoryId | undefined,
): boolean => {
  const { bankAccountIds, categoryIds, payeeText, minValue, maxValue, fromDate, toDate, direction, kind } =
    criteria
  if (bankAccountIds && !bankAccountIds.includes(row.bankAccountId)) return false
  if (categoryIds && (incomeDestinationId === undefined || !categoryIds.includes(incomeDestinationId)))
    return false
  if (payeeText) return false
  if (minValue !== undefined && row.value < minValue) return false
  if (maxValue !== undefined && row.value > maxValue) return false
  if (fromDate !== undefined && row.date < fromDate) return false
  if (toDate !== undefined && row.date > toDate) return false
  if (direction !== undefined && direction !== (row.value >= 0 ? 'Inflow' : 'Outflow')) return false
  if (kind !== undefined && kind !== 'Regular') return false
  return true
}

/** The rows a list shows: the month's (a YYYYMM period's dates), narrowed by the criteria. */
export const matchingRows = (
  rows: ReadonlyArray<RegisterRow>,
  month: { readonly fromDate: IsoDate; readonly toDate: IsoDate } | null,
  criteria: FilterCriteria,
  incomeDestinationId: CategoryId | undefined,
): ReadonlyArray<RegisterRow> => {
  const filtered = Object.keys(criteria).length > 0
  if (month === null && !filtered) return rows
  return rows.filter((row) => {
    const date = rowDate(row)
    if (month !== null && (date < month.fromDate || date > month.toDate)) return false
    if (!filtered) return true
    return row.kind === 'transaction'
      ? matchesFilter(criteria, row.transaction)
      : openingMatches(criteria, row, incomeDestinationId)
  })
}
