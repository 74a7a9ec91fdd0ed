import type { SnapshotFrom } from 'xstate'
import { trackedSince } from '../../../domain/decideLoans.ts'
import type { Loan } from '../../../schemas/loans.ts'
import type { IsoDate } from '../../../schemas/money.ts'
import type { budgetMachine } from '../budget.machine.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

const lists = new WeakMap<ReadonlyMap<string, Loan>, ReadonlyArray<Loan>>()

/** The budget's loans in the order created; one array per loans map, so unchanged loans do not re-render. */
export const selectLoans = (snapshot: BudgetSnapshot): ReadonlyArray<Loan> => {
  const { loans } = snapshot.context.state
  const hit = lists.get(loans)
  if (hit) return hit
  const list = [...loans.values()]
  lists.set(loans, list)
  return list
}

/** One loan, or null when the budget has no such loan (yet). */
export const selectLoan = (snapshot: BudgetSnapshot, loanId: string): Loan | null =>
  [...snapshot.context.state.loans.values()].find((loan) => loan.id === loanId) ?? null

/** The names of the account and the category a loan is linked to (null: none, or not in the budget). */
export type LoanLinks = { readonly account: string | null; readonly category: string | null }

export const selectLoanLinks = (snapshot: BudgetSnapshot, loan: Loan): LoanLinks => {
  const { accounts, categories } = snapshot.context.state
  return {
    account: loan.bankAccountId === null ? null : (accounts.get(loan.bankAccountId)?.name ?? null),
    category: loan.categoryId === null ? null : (categories.get(loan.categoryId)?.name ?? null),
  }
}

/** The day the loan's account began tracking it (installments due before count as paid before); null: no account. */
export const selectTrackedSince = (snapshot: BudgetSnapshot, loan: Loan): IsoDate | null =>
  trackedSince(snapshot.context.state, loan) ?? null

/**
 * What the loan's own tracking account says is owed (minus its balance: the money that really moved); null when the
 * loan has no tracking account, and the schedule tells it.
 */
export const selectOwedByAccount = (snapshot: BudgetSnapshot, loan: Loan): number | null => {
  const { accounts, accountTotals } = snapshot.context.state
  const account = loan.bankAccountId === null ? undefined : accounts.get(loan.bankAccountId)
  if (account === undefined || !account.offBudget) return null
  const totals = accountTotals.get(account.id)
  return -((totals?.cleared ?? 0) + (totals?.uncleared ?? 0))
}
