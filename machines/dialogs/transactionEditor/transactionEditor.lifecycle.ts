import type { Transaction } from '../../../schemas/budget.ts'
import type { BankAccountId, CategoryId, TransactionId } from '../../../schemas/ids.ts'
import type { IsoDate } from '../../../schemas/money.ts'
import type { BudgetLoadState } from '../../openBudget/index.ts'
import type { TransactionEditorProps } from './transactionEditor.form.ts'

/** What the view asks for: one transaction to edit (its id), or a new one with a category or account preselected. */
export type TransactionEditorRequest = {
  readonly transactionId?: TransactionId
  readonly categoryId?: CategoryId
  readonly bankAccountId?: BankAccountId
  /** A new transaction's date: the machine reads no clock. */
  readonly today: IsoDate
  /** How the payee of a reconciliation's adjustment reads in the user's language. */
  readonly reconciliationLabel: string
}

/** What the editor reads from the open budget, sent again whenever a part of it changes. */
export type BudgetSeen = {
  readonly type: 'editor.budgetChanged'
  readonly loadState: BudgetLoadState
  /** The requested transaction as it stands now; null when there is none (not yet loaded, or deleted). */
  readonly transaction: Transaction | null
  /** Payees from history, most used first. */
  readonly payees: ReadonlyArray<string>
  /** The budget's only active account, preselected when the view names none. */
  readonly onlyActiveAccount: BankAccountId | null
  /** The budget's "Do przydzielenia" category, preselected for an inflow. */
  readonly incomeDestination: CategoryId | null
  /** The tracking (off-budget) accounts: a transaction in one has no category. */
  readonly trackingAccounts: ReadonlyArray<BankAccountId>
}

/** What the editor shows for what the budget holds now. */
export type Opening =
  | { readonly kind: 'wait' }
  | { readonly kind: 'missing' }
  | { readonly kind: 'transfer'; readonly transaction: Transaction }
  | { readonly kind: 'form'; readonly props: TransactionEditorProps }

/**
 * Decides once, from the request and the budget, how the editor opens: the budget's transactions must be in
 * (a failed read still tells that an asked-for transaction is not there); a transfer's side is shown read-only.
 */
export const openingOf = (request: TransactionEditorRequest, seen: BudgetSeen): Opening => {
  const { transaction, loadState, payees } = seen
  const income = {
    ...(seen.incomeDestination === null ? {} : { incomeCategoryId: seen.incomeDestination }),
    ...(seen.trackingAccounts.length === 0 ? {} : { trackingAccountIds: seen.trackingAccounts }),
  }
  if (request.transactionId === undefined) {
    if (loadState !== 'ready') return { kind: 'wait' }
    const account = request.bankAccountId ?? seen.onlyActiveAccount ?? undefined
    return {
      kind: 'form',
      props: {
        mode: 'add',
        today: request.today,
        payees,
        ...income,
        ...(account === undefined ? {} : { bankAccountId: account }),
        ...(request.categoryId === undefined ? {} : { categoryId: request.categoryId }),
      },
    }
  }
  if (loadState === 'loading') return { kind: 'wait' }
  if (transaction === null) return { kind: 'missing' }
  if (loadState !== 'ready') return { kind: 'wait' }
  if (transaction.transferId !== null) return { kind: 'transfer', transaction }
  return {
    kind: 'form',
    props: { mode: 'edit', transaction, payees, reconciliationLabel: request.reconciliationLabel, ...income },
  }
}

/** The transaction being edited or viewed is no longer in the budget (deleted here or elsewhere). */
export const isGone = (request: TransactionEditorRequest, seen: BudgetSeen): boolean =>
  request.transactionId !== undefined && seen.transaction === null

/** Whether two reports differ in anything the editor reads (each part keeps its identity while unchanged). */
export const sameSeen = (a: BudgetSeen, b: BudgetSeen): boolean =>
  a.loadState === b.loadState &&
  a.transaction === b.transaction &&
  a.payees === b.payees &&
  a.onlyActiveAccount === b.onlyActiveAccount &&
  a.incomeDestination === b.incomeDestination &&
  a.trackingAccounts.join() === b.trackingAccounts.join()
