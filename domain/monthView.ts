import type { CategoryMonth, MonthView } from '../schemas/budget.ts'
import type { BankAccountId, CategoryId } from '../schemas/ids.ts'
import type { Minor, PeriodKey } from '../schemas/money.ts'
import { periodOfDate } from './period.ts'
import {
  type BudgetState,
  entriesIn,
  isOpenForChanges,
  type MonthEntry,
  monthsBetween,
  monthsOf,
} from './state.ts'
import { targetStatus } from './targets.ts'

/** A sum that left the safe integers: the bound on a budget's totals (domain/bounds.ts) keeps new ones in. */
export class UnsafeAmount extends RangeError {}

/** Brands a sum of Minor amounts, and catches a sum that left the safe range. */
export const toMinor = (value: number): Minor => {
  if (!Number.isSafeInteger(value)) throw new UnsafeAmount(`amount ${value} is not a safe integer`)
  // Checked on the line above.
  return value as Minor
}

/**
 * A total as a read serves it. The bound (domain/bounds.ts) keeps every total of a budget written since inside the
 * safe integers; a budget stored before the bound existed may hold more, and its reads answer the nearest safe
 * integer rather than fail (the owner can still see and delete what made it so).
 */
export const servedMinor = (value: number): Minor =>
  // A safe integer as is, anything else saturated at the safe range's ends.
  (Number.isSafeInteger(value)
    ? value
    : value > 0
      ? Number.MAX_SAFE_INTEGER
      : -Number.MAX_SAFE_INTEGER) as Minor

export interface CategoryLedger {
  readonly assigned: number
  readonly activity: number
  readonly available: number
  /** Available brought into the month (after the reset of any earlier overspending). */
  readonly carried: number
  /** Overspending this category carried out of months before the period; Ready to Assign pays for it. */
  readonly overspentBefore: number
  readonly assignedAfter: number
  readonly assignedTotal: number
}

/**
 * Walks one category's month aggregates in order: available(m) = carried(m−1) + assigned(m) + activity(m), a
 * positive balance carries forward and a negative one resets to zero at the next month. Cost grows with the
 * number of months that have money, never with the number of transactions.
 */
const ledgerOfOrdered = (ordered: readonly MonthEntry[], period: PeriodKey): CategoryLedger => {
  let available = 0
  let overspentBefore = 0
  let assigned = 0
  let activity = 0
  let assignedAfter = 0
  let assignedTotal = 0
  let lastSeen: PeriodKey | null = null
  for (const [key, month] of ordered) {
    assignedTotal += month.assigned
    if (key > period) {
      assignedAfter += month.assigned
      continue
    }
    if (available < 0) {
      overspentBefore -= available
      available = 0
    }
    available += month.assigned + month.activity
    lastSeen = key
    if (key === period) {
      assigned = month.assigned
      activity = month.activity
    }
  }
  if (lastSeen !== null && lastSeen < period && available < 0) {
    overspentBefore -= available
    available = 0
  }
  return {
    assigned,
    activity,
    available,
    carried: available - assigned - activity,
    overspentBefore,
    assignedAfter,
    assignedTotal,
  }
}

/**
 * One category's months of these years (YYYY) in period order: a write that touched a year or two of a category
 * writes those years without walking all its months.
 */
export const monthsInYears = (
  state: BudgetState,
  categoryId: CategoryId,
  years: Iterable<string>,
): MonthEntry[] => {
  const row = monthsOf(state.categoryMonths, categoryId)
  const entries: MonthEntry[] = []
  // A year and a month number make a period key.
  for (const year of [...years].sort())
    entries.push(...monthsBetween(row, `${year}01` as PeriodKey, `${year}12` as PeriodKey))
  return entries
}

/**
 * Ledgers per (immutable) month row and period: an assignment changes one category's months, so the month view
 * after it walks that category's months again and reuses the other categories' ledgers.
 */
const ledgersOf = new WeakMap<object, Map<PeriodKey, CategoryLedger>>()

export const ledgerOf = (state: BudgetState, categoryId: CategoryId, period: PeriodKey): CategoryLedger => {
  const months = monthsOf(state.categoryMonths, categoryId)
  if (months.length === 0 || isOpenForChanges(months)) return ledgerOfOrdered(months, period)
  let ledgers = ledgersOf.get(months)
  if (ledgers === undefined) {
    ledgers = new Map()
    ledgersOf.set(months, ledgers)
  }
  let ledger = ledgers.get(period)
  if (ledger === undefined) {
    ledger = ledgerOfOrdered(months, period)
    ledgers.set(period, ledger)
  }
  return ledger
}

/**
 * Income up to and including the month: Income-category activity (refunds of income lower it) and the budget
 * accounts' opening balances (a tracking account's stays outside the budget).
 */
export const incomeUpTo = (state: BudgetState, period: PeriodKey): number => {
  let income = 0
  for (const account of state.accounts.values()) {
    if (!account.offBudget && periodOfDate(account.openingDate) <= period) income += account.openingBalance
  }
  for (const category of state.categories.values()) {
    if (category.type !== 'Income') continue
    for (const [key, month] of monthsOf(state.categoryMonths, category.id)) {
      if (key > period) break
      income += month.activity
    }
  }
  return income
}

/**
 * The month view's categories: by their group's position, then by their own. Each category's two positions are
 * read once, not in every comparison (four map lookups each, which dominated a profile of month views after
 * writes; docs/performance.md).
 */
const inGroupOrder = (state: BudgetState): CategoryId[] =>
  [...state.categories.values()]
    .map((category) => ({
      id: category.id,
      group: state.groups.get(category.categoryGroupId)?.position ?? 0,
      position: category.position,
    }))
    .sort((a, b) => a.group - b.group || a.position - b.position)
    .map(({ id }) => id)

/**
 * The month view. Ready to Assign(m) = income up to m − everything assigned (in m, before m and after m) −
 * overspending carried out of months before m. Income categories list their activity with nothing available.
 */
export const monthView = (state: BudgetState, period: PeriodKey): MonthView => {
  let assignedTotal = 0
  let assignedInFuture = 0
  let overspentBefore = 0
  let overspent = 0
  const categories: CategoryMonth[] = []
  const ids = inGroupOrder(state)
  for (const id of ids) {
    // biome-ignore lint/style/noNonNullAssertion: ids came from this map.
    const category = state.categories.get(id)!
    const ledger = ledgerOf(state, id, period)
    const isIncome = category.type === 'Income'
    if (!isIncome) {
      assignedTotal += ledger.assignedTotal
      assignedInFuture += ledger.assignedAfter
      overspentBefore += ledger.overspentBefore
      if (ledger.available < 0) overspent -= ledger.available
    }
    const target = state.targets.get(id)
    const row: CategoryMonth = {
      id,
      categoryGroupId: category.categoryGroupId,
      name: category.name,
      type: category.type,
      assigned: servedMinor(ledger.assigned),
      activity: servedMinor(ledger.activity),
      available: servedMinor(isIncome ? 0 : ledger.available),
    }
    if (target && !isIncome) {
      const status = targetStatus(target, { periodKey: period, ...ledger })
      categories.push({
        ...row,
        target: {
          type: status.type,
          neededThisMonth: servedMinor(status.neededThisMonth),
          underfunded: servedMinor(status.underfunded),
          explanation: status.explanation,
        },
      })
    } else {
      categories.push(row)
    }
  }
  return {
    periodKey: period,
    readyToAssign: servedMinor(incomeUpTo(state, period) - assignedTotal - overspentBefore),
    assignedInFuture: servedMinor(assignedInFuture),
    overspent: servedMinor(overspent),
    categories,
  }
}

export const readyToAssign = (state: BudgetState, period: PeriodKey): Minor =>
  monthView(state, period).readyToAssign

/** Cleared, uncleared and working balance of an account (opening balance counts as cleared). */
export const accountBalance = (state: BudgetState, bankAccountId: BankAccountId) => {
  const totals = state.accountTotals.get(bankAccountId) ?? { cleared: 0, uncleared: 0 }
  return {
    bankAccountId,
    cleared: servedMinor(totals.cleared),
    uncleared: servedMinor(totals.uncleared),
    working: servedMinor(totals.cleared + totals.uncleared),
  }
}

/** Balance of an account at the end of a month, from its per-month net flows. */
export const accountBalanceAt = (
  state: BudgetState,
  bankAccountId: BankAccountId,
  period: PeriodKey,
): Minor => {
  let balance = 0
  for (const [key, amount] of entriesIn(state.accountMonths, bankAccountId))
    if (key <= period) balance += amount
  return servedMinor(balance)
}

export const assignmentRecords = (state: BudgetState, period: PeriodKey) =>
  state.recordsByPeriod.get(period) ?? []
