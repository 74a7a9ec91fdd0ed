import type { BankAccountType, TransactionKind } from '../../schemas/budget.ts'
import type { ImportableCommandDraft, ImportItem, SplitInput } from '../../schemas/budgetCommands.ts'
import type { BudgetFileErrorCode, BudgetImportReport } from '../../schemas/budgetImport.ts'
import {
  type BankAccountId,
  type CategoryGroupId,
  type CategoryId,
  TransactionId,
  type TransferId,
} from '../../schemas/ids.ts'
import { type CurrencyCode, type IsoDate, MAX_AMOUNT, type Minor } from '../../schemas/money.ts'
import type { ReportBuilder } from './report.ts'

// What every whole-budget converter makes (YNAB, Actual, Koperta's own file), and the one place that turns a
// budget's money — accounts, transactions, transfers, reconciliations, closings — into commands in the order the
// domain needs (README "Imports of whole budgets").

/** The empty budget an import goes into: the system ids the imported commands name. */
export interface ImportTarget {
  readonly uncategorizedGroupId: CategoryGroupId
  readonly uncategorizedCategoryId: CategoryId
  /** The income destination ("Do przydzielenia"), where YNAB's "Inflow: Ready to Assign" goes. */
  readonly incomeCategoryId: CategoryId
  /** The budget's currency, for a file that names none. */
  readonly currency: CurrencyCode
}

/** What a converter is given besides the file: the domain makes no ids, so every new one comes from `mint`. */
export interface ImportContext {
  readonly mint: () => string
  readonly target: ImportTarget
}

/** A converter's answer: the budget's name and currency, the commands that rebuild it and the report. */
export type BudgetConversion =
  | {
      readonly ok: true
      readonly name: string
      readonly currency: CurrencyCode
      readonly commands: readonly ImportableCommandDraft[]
      readonly report: BudgetImportReport
    }
  | { readonly ok: false; readonly error: BudgetFileErrorCode }

/** A whole-file refusal met deep inside a conversion; `refusedAsValue` turns it into the converter's answer. */
export class ConversionRefused extends Error {
  readonly error: BudgetFileErrorCode
  constructor(error: BudgetFileErrorCode) {
    super(error)
    this.error = error
  }
}

/** Runs a conversion, answering a `ConversionRefused` thrown anywhere in it as `{ ok: false }`. */
export const refusedAsValue = (convert: () => BudgetConversion): BudgetConversion => {
  try {
    return convert()
  } catch (failure) {
    if (failure instanceof ConversionRefused) return { ok: false, error: failure.error }
    throw failure
  }
}

/** One amount within a command's bound, or the whole file refused as `amount-too-large`. */
export const boundedAmount = (value: number): Minor => {
  if (!Number.isSafeInteger(value) || Math.abs(value) > MAX_AMOUNT)
    throw new ConversionRefused('amount-too-large')
  // Rounding -0.4 gives -0: stored, it would read as an outflow of nothing.
  return (value === 0 ? 0 : value) as Minor
}

/**
 * A file's amounts, whole numbers in units of 10^-`fileDecimals` (YNAB's milliunits: 3, Actual's hundredths: 2),
 * as minor units of a currency with `exponent` decimals: exact where the currency is as fine or finer, else
 * rounded half away from zero and reported (`amount-rounded`). A number past the safe integers (read as ±Infinity)
 * refuses the file as `unsafe-number`, one that is no whole number as `invalid`.
 */
export const amountConverter =
  (fileDecimals: number, exponent: number, report: ReportBuilder) =>
  (value: number): Minor => {
    if (
      Math.abs(value) === Number.POSITIVE_INFINITY ||
      (Number.isInteger(value) && !Number.isSafeInteger(value))
    )
      throw new ConversionRefused('unsafe-number')
    if (!Number.isInteger(value)) throw new ConversionRefused('invalid')
    if (exponent >= fileDecimals) return boundedAmount(value * 10 ** (exponent - fileDecimals))
    const scale = 10 ** (fileDecimals - exponent)
    const whole = Math.trunc(value / scale)
    const rest = value - whole * scale
    if (rest !== 0) report.approximated('amount-rounded')
    return boundedAmount(Math.abs(rest) * 2 >= scale ? whole + Math.sign(value) : whole)
  }

/** How one side of a transaction stands: cleared, reconciled (which implies cleared), a draft or not. */
export interface PlannedStatus {
  readonly kind: TransactionKind
  readonly cleared: boolean
  readonly reconciled: boolean
}

export interface PlannedAccount {
  readonly id: BankAccountId
  readonly name: string
  readonly type: BankAccountType
  readonly openingBalance: Minor
  readonly openingDate: IsoDate
  readonly closed: boolean
  /** The day of the last reconciliation; null when never reconciled. */
  readonly lastReconciledAt: IsoDate | null
  /** A tracking (off-budget) account. */
  readonly offBudget?: boolean
}

export interface PlannedTransaction extends PlannedStatus {
  readonly id: TransactionId
  readonly accountId: BankAccountId
  readonly date: IsoDate
  readonly payee: string
  readonly memo: string
  readonly value: Minor
  /** Empty means Uncategorized; several sum exactly to `value`. */
  readonly splits: readonly SplitInput[]
}

export interface PlannedSide extends PlannedStatus {
  readonly transactionId: TransactionId
  readonly accountId: BankAccountId
}

export interface PlannedTransfer {
  readonly id: TransferId
  readonly date: IsoDate
  /** Positive: moves from `from` to `to`. */
  readonly value: Minor
  readonly memo: string
  readonly from: PlannedSide
  readonly to: PlannedSide
  /** Across the budget's edge: the budget side's category. */
  readonly categoryId?: CategoryId
}

/** A budget's accounts and money, with ids already minted for the target budget. */
export interface PlannedMoney {
  readonly accounts: readonly PlannedAccount[]
  readonly transactions: readonly PlannedTransaction[]
  readonly transfers: readonly PlannedTransfer[]
}

const addition = (transaction: PlannedTransaction): ImportItem => ({
  _tag: 'AddTransaction',
  transactionId: transaction.id,
  bankAccountId: transaction.accountId,
  date: transaction.date,
  payee: transaction.payee,
  ...(transaction.memo === '' ? {} : { memo: transaction.memo }),
  value: transaction.value,
  splits: transaction.splits,
  ...(transaction.kind === 'Regular' ? {} : { kind: transaction.kind }),
  // A reconciled transaction is cleared (un-clearing one un-reconciles it).
  cleared: transaction.cleared || transaction.reconciled,
})

const transferAddition = (transfer: PlannedTransfer): ImportItem => ({
  _tag: 'AddTransfer',
  transferId: transfer.id,
  outflowTransactionId: transfer.from.transactionId,
  inflowTransactionId: transfer.to.transactionId,
  fromBankAccountId: transfer.from.accountId,
  toBankAccountId: transfer.to.accountId,
  date: transfer.date,
  value: transfer.value,
  ...(transfer.memo === '' ? {} : { memo: transfer.memo }),
  ...(transfer.categoryId === undefined ? {} : { categoryId: transfer.categoryId }),
})

/** A transfer side is added uncleared and regular; this edit gives it its own status, if it has another. */
const sideEdit = (side: PlannedSide): ImportableCommandDraft[] => {
  const cleared = side.cleared || side.reconciled
  if (!cleared && side.kind === 'Regular') return []
  return [
    {
      _tag: 'EditTransaction',
      transactionId: side.transactionId,
      ...(cleared ? { cleared: true } : {}),
      ...(side.kind === 'Regular' ? {} : { kind: side.kind }),
    },
  ]
}

/**
 * The commands that rebuild a budget's money, in the order the domain takes them: the accounts are opened with
 * their opening balances; the reconciled transactions and every transfer are added, the reconciled transfer sides
 * cleared, and each reconciled account reconciled at the balance they make (so exactly they become reconciled,
 * with no adjustment); then the other transactions are added and the other transfer sides given their status;
 * `beforeClosing` comes next (templates: after the transactions, so none completes an occurrence, and before the
 * closings, which would refuse a template); closed accounts close last. `mint` names the (unused) adjustment of each reconciliation. A reconciled balance
 * past one amount's bound throws `ConversionRefused` (run it inside `refusedAsValue`).
 */
export const moneyCommands = (
  money: PlannedMoney,
  mint: () => string,
  /** Commands that need every transaction in but the accounts still open (templates: a closed account refuses one). */
  beforeClosing: readonly ImportableCommandDraft[] = [],
): ImportableCommandDraft[] => {
  const commands: ImportableCommandDraft[] = money.accounts.map((account) => ({
    _tag: 'OpenBankAccount',
    bankAccountId: account.id,
    name: account.name,
    type: account.type,
    balance: account.openingBalance,
    date: account.openingDate,
    ...(account.offBudget === true ? { offBudget: true } : {}),
  }))
  const reconciledBalance = new Map<BankAccountId, number>()
  const reconciledLast = new Map<BankAccountId, IsoDate>()
  const noteReconciled = (accountId: BankAccountId, value: number, date: IsoDate) => {
    reconciledBalance.set(accountId, (reconciledBalance.get(accountId) ?? 0) + value)
    const last = reconciledLast.get(accountId)
    if (last === undefined || date > last) reconciledLast.set(accountId, date)
  }
  for (const transaction of money.transactions) {
    if (transaction.reconciled) noteReconciled(transaction.accountId, transaction.value, transaction.date)
  }
  for (const transfer of money.transfers) {
    if (transfer.from.reconciled) noteReconciled(transfer.from.accountId, -transfer.value, transfer.date)
    if (transfer.to.reconciled) noteReconciled(transfer.to.accountId, transfer.value, transfer.date)
  }
  const reconciledAccounts = money.accounts.filter(
    (account) => account.lastReconciledAt !== null || reconciledBalance.has(account.id),
  )
  const first =
    reconciledAccounts.length === 0 ? money.transactions : money.transactions.filter((t) => t.reconciled)
  const rest = reconciledAccounts.length === 0 ? [] : money.transactions.filter((t) => !t.reconciled)
  const firstItems = [...first.map(addition), ...money.transfers.map(transferAddition)]
  if (firstItems.length > 0) commands.push({ _tag: 'ImportTransactions', items: firstItems })
  for (const transfer of money.transfers) {
    if (transfer.from.reconciled) commands.push(...sideEdit(transfer.from))
    if (transfer.to.reconciled) commands.push(...sideEdit(transfer.to))
  }
  for (const account of reconciledAccounts) {
    const date = account.lastReconciledAt ?? reconciledLast.get(account.id) ?? account.openingDate
    commands.push({
      _tag: 'ReconcileAccount',
      bankAccountId: account.id,
      date,
      // The opening balance counts as cleared: the cleared balance the reconciled transactions make with it.
      balance: boundedAmount(account.openingBalance + (reconciledBalance.get(account.id) ?? 0)),
      adjustmentTransactionId: TransactionId.make(mint()),
    })
  }
  if (rest.length > 0) commands.push({ _tag: 'ImportTransactions', items: rest.map(addition) })
  for (const transfer of money.transfers) {
    if (!transfer.from.reconciled) commands.push(...sideEdit(transfer.from))
    if (!transfer.to.reconciled) commands.push(...sideEdit(transfer.to))
  }
  commands.push(...beforeClosing)
  for (const account of money.accounts) {
    if (account.closed) commands.push({ _tag: 'CloseBankAccount', bankAccountId: account.id })
  }
  return commands
}
