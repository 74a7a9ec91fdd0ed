import type { SnapshotFrom } from 'xstate'
import type { BudgetState } from '../../../domain/state.ts'
import type { BankAccountId } from '../../../schemas/ids.ts'
import type { budgetMachine } from '../budget.machine.ts'
import { type AccountWithBalance, selectAccounts } from '../budget.selectors.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

export type AccountsOverview = {
  /** Open accounts by name, with their balances: budget and tracking ones (what a transfer or an import offers). */
  readonly open: ReadonlyArray<AccountWithBalance>
  /** The open budget accounts: their money is the budget's. */
  readonly onBudget: ReadonlyArray<AccountWithBalance>
  /** The open tracking (off-budget) accounts, listed apart: their balances stay outside the budget (a loan's). */
  readonly tracking: ReadonlyArray<AccountWithBalance>
  /** Closed accounts by name, listed apart. */
  readonly closed: ReadonlyArray<AccountWithBalance>
}

const byName = (a: AccountWithBalance, b: AccountWithBalance) =>
  a.account.name.localeCompare(b.account.name) || (a.account.id < b.account.id ? -1 : 1)

/** Splits accounts into open (budget and tracking) and closed, each sorted by name (pure; no snapshot needed). */
export const splitAccounts = (accounts: ReadonlyArray<AccountWithBalance>): AccountsOverview => {
  const sorted = [...accounts].sort(byName)
  const open = sorted.filter(({ account }) => account.state === 'Active')
  return {
    open,
    onBudget: open.filter(({ account }) => !account.offBudget),
    tracking: open.filter(({ account }) => account.offBudget),
    closed: sorted.filter(({ account }) => account.state === 'Closed'),
  }
}

/** The working balances of some accounts summed (a section's total). */
export const workingTotal = (accounts: ReadonlyArray<AccountWithBalance>): number =>
  accounts.reduce((sum, { balance }) => sum + balance.working, 0)

/** The open tracking accounts' working balances summed: what is tracked outside the budget (a debt is negative). */
export const selectTrackingTotal = (snapshot: BudgetSnapshot): number =>
  workingTotal(selectAccountsOverview(snapshot).tracking)

const overviews = new WeakMap<BudgetState, AccountsOverview>()

/** Open and closed accounts with balances; one object per budget state, so unchanged states do not re-render. */
export const selectAccountsOverview = (snapshot: BudgetSnapshot): AccountsOverview => {
  const { state } = snapshot.context
  const hit = overviews.get(state)
  if (hit) return hit
  const overview = splitAccounts(selectAccounts(snapshot))
  overviews.set(state, overview)
  return overview
}

/** One account with its balances, or null when the budget has no such account (yet). */
export const selectAccountWithBalance = (
  snapshot: BudgetSnapshot,
  bankAccountId: string,
): AccountWithBalance | null =>
  selectAccounts(snapshot).find(({ account }) => account.id === bankAccountId) ?? null

const trackingIdsOf = new WeakMap<BudgetState, ReadonlyArray<BankAccountId>>()
const trackingIds = (state: BudgetState): ReadonlyArray<BankAccountId> => {
  const hit = trackingIdsOf.get(state)
  if (hit) return hit
  const ids = [...state.accounts.values()].filter((account) => account.offBudget).map((account) => account.id)
  trackingIdsOf.set(state, ids)
  return ids
}

/** The tracking accounts' ids (closed ones too): forms that must not give their transactions a category read these. */
export const selectTrackingAccountIds = (snapshot: BudgetSnapshot): ReadonlyArray<BankAccountId> =>
  trackingIds(snapshot.context.state)
