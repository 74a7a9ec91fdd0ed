import type { SnapshotFrom } from 'xstate'
import type { BudgetState } from '../../../domain/state.ts'
import type { budgetMachine } from '../budget.machine.ts'
import { type AccountWithBalance, selectAccounts } from '../budget.selectors.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

export type AccountsOverview = {
  /** Open accounts by name, with their balances. */
  readonly open: ReadonlyArray<AccountWithBalance>
  /** Closed accounts by name, listed apart. */
  readonly closed: ReadonlyArray<AccountWithBalance>
}

const byName = (a: AccountWithBalance, b: AccountWithBalance) =>
  a.account.name.localeCompare(b.account.name) || (a.account.id < b.account.id ? -1 : 1)

/** Splits accounts into open and closed, each sorted by name (pure; no snapshot needed). */
export const splitAccounts = (accounts: ReadonlyArray<AccountWithBalance>): AccountsOverview => {
  const sorted = [...accounts].sort(byName)
  return {
    open: sorted.filter(({ account }) => account.state === 'Active'),
    closed: sorted.filter(({ account }) => account.state === 'Closed'),
  }
}

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
