import type { SnapshotFrom } from 'xstate'
import { reconciliationPayee } from '../../domain/decideMoney.ts'
import { matchesFilter } from '../../domain/filters.ts'
import { accountBalance, assignmentRecords, monthView } from '../../domain/monthView.ts'
import type { BudgetState } from '../../domain/state.ts'
import { transactionsNewestFirst } from '../../domain/transactionOrder.ts'
import type {
  AccountBalance,
  AssignmentRecord,
  BankAccount,
  Budget,
  Category,
  CategoryGroup,
  FilterCriteria,
  MonthView,
  SavedFilter,
  Transaction,
} from '../../schemas/budget.ts'
import type { CategoryId } from '../../schemas/ids.ts'
import type { PeriodKey } from '../../schemas/money.ts'
import type { budgetMachine, CategoryMonthRef } from './budget.machine.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

/** Per state object, so an unchanged state hands views the same object (no re-render) and a change recomputes. */
export const memoByState = <R>(compute: (state: BudgetState) => R) => {
  const cache = new WeakMap<BudgetState, R>()
  return (state: BudgetState): R => {
    const hit = cache.get(state)
    if (hit !== undefined) return hit
    const value = compute(state)
    cache.set(state, value)
    return value
  }
}

const monthViews = new WeakMap<BudgetState, Map<PeriodKey, MonthView>>()

export type BudgetLoadState = 'loading' | 'ready' | 'error'

/** Loading until the first read; a re-read keeps showing the budget, so it counts as ready. */
export const selectLoadState = (snapshot: BudgetSnapshot): BudgetLoadState =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'error' : 'ready'

/**
 * Whether the transactions are in. A budget opens from its summary; a view that lists transactions sends
 * `budget.needTransactions` (see `useNeedTransactions`) and shows its loading state until they are.
 */
export const selectTransactionsLoaded = (snapshot: BudgetSnapshot): boolean =>
  !snapshot.matches('loading') && snapshot.context.complete

/** For views of transactions: 'loading' until the transactions are in. */
export const selectTransactionsLoadState = (snapshot: BudgetSnapshot): BudgetLoadState => {
  const loadState = selectLoadState(snapshot)
  return loadState === 'ready' && !snapshot.context.complete ? 'loading' : loadState
}

export const selectLoadError = (snapshot: BudgetSnapshot) => snapshot.context.loadError

/** Own writes shown but not yet confirmed by the server. */
export const selectHasPendingWrites = (snapshot: BudgetSnapshot): boolean =>
  snapshot.context.pending.length > 0

export const selectIsOffline = (snapshot: BudgetSnapshot): boolean =>
  snapshot.matches({ ready: 'waitingToRetry' })

export const selectBudget = (snapshot: BudgetSnapshot): Budget | null => snapshot.context.state.budget

export const selectVersion = (snapshot: BudgetSnapshot): number => snapshot.context.version

export const selectMonthView = (snapshot: BudgetSnapshot, period: PeriodKey): MonthView => {
  const { state } = snapshot.context
  let byPeriod = monthViews.get(state)
  if (!byPeriod) {
    byPeriod = new Map()
    monthViews.set(state, byPeriod)
  }
  const cached = byPeriod.get(period)
  if (cached) return cached
  const view = monthView(state, period)
  byPeriod.set(period, view)
  return view
}

export const selectReadyToAssign = (snapshot: BudgetSnapshot, period: PeriodKey) =>
  selectMonthView(snapshot, period).readyToAssign

export type AccountWithBalance = { readonly account: BankAccount; readonly balance: AccountBalance }

const accountsWithBalances = memoByState(
  (state): ReadonlyArray<AccountWithBalance> =>
    [...state.accounts.values()].map((account) => ({ account, balance: accountBalance(state, account.id) })),
)
export const selectAccounts = (snapshot: BudgetSnapshot) => accountsWithBalances(snapshot.context.state)

/**
 * Working balances of open budget accounts summed (the 'Transactions' button and the Bank Accounts card): the money
 * in the budget. A tracking account's balance (a loan's debt, investments) stays outside it, as in Ready to Assign.
 */
const balancesTotal = memoByState((state) =>
  accountsWithBalances(state)
    .filter(({ account }) => account.state === 'Active' && !account.offBudget)
    .reduce((sum, { balance }) => sum + balance.working, 0),
)
export const selectBalancesTotal = (snapshot: BudgetSnapshot): number => balancesTotal(snapshot.context.state)

export type GroupWithCategories = {
  readonly group: CategoryGroup
  readonly categories: ReadonlyArray<Category>
}

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position

const groupsWithCategories = memoByState(
  (state): ReadonlyArray<GroupWithCategories> =>
    [...state.groups.values()].sort(byPosition).map((group) => ({
      group,
      categories: [...state.categories.values()]
        .filter((category) => category.categoryGroupId === group.id)
        .sort(byPosition),
    })),
)
/** Groups in order with their categories in order (hidden ones included; views decide to show them). */
export const selectGroups = (snapshot: BudgetSnapshot) => groupsWithCategories(snapshot.context.state)

/**
 * Distinct payees of past transactions, most used first: the transaction editor's suggestions. Transfers and
 * reconciliation adjustments are named by the app, not payees a user would pick.
 */
const payeesByUse = memoByState((state): ReadonlyArray<string> => {
  const counts = new Map<string, number>()
  for (const [, transaction] of state.transactions) {
    if (
      transaction.payee === '' ||
      transaction.payee === reconciliationPayee ||
      transaction.transferId !== null
    )
      continue
    counts.set(transaction.payee, (counts.get(transaction.payee) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([payee]) => payee)
})
export const selectPayees = (snapshot: BudgetSnapshot) => payeesByUse(snapshot.context.state)

/** Whether an undo of the last assignment change is possible (the domain keeps the undo stack). */
export const selectCanUndoAssignment = (snapshot: BudgetSnapshot): boolean =>
  snapshot.context.state.undoStack !== null && !snapshot.matches('loading')

/** All transactions, newest first, optionally narrowed by filter criteria (a saved filter or the filter bar). */
export const selectTransactions = (
  snapshot: BudgetSnapshot,
  criteria?: FilterCriteria,
): ReadonlyArray<Transaction> => {
  const all = transactionsNewestFirst(snapshot.context.state.transactions)
  return criteria === undefined ? all : all.filter((transaction) => matchesFilter(criteria, transaction))
}

export const selectSavedFilters = (snapshot: BudgetSnapshot): ReadonlyArray<SavedFilter> => [
  ...snapshot.context.state.filters.values(),
]

/** The assignment-history screen: every change of an assigned amount in the month. */
export const selectAssignmentRecords = (
  snapshot: BudgetSnapshot,
  period: PeriodKey,
): ReadonlyArray<AssignmentRecord> => assignmentRecords(snapshot.context.state, period)

/** The category month the budget reads for an inspector, if it is the one asked for (else it is on its way). */
export const selectCategoryMonth = (
  snapshot: BudgetSnapshot,
  categoryId: CategoryId,
  periodKey: PeriodKey,
): CategoryMonthRef | null => {
  const month = snapshot.context.categoryMonth
  if (month === null) return null
  const { context } = month.getSnapshot()
  return context.categoryId === categoryId && context.periodKey === periodKey ? month : null
}

/** The month the month view last showed, if any (the phone's structure routes close back to it). */
export const selectShownPeriod = (snapshot: BudgetSnapshot): PeriodKey | null => snapshot.context.shownPeriod
