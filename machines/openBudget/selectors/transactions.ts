import * as HashMap from 'effect/HashMap'
import * as Option from 'effect/Option'
import * as Result from 'effect/Result'
import type { SnapshotFrom } from 'xstate'
import { parseDateText } from '../../../domain/dateText.ts'
import { reconciliationPayee } from '../../../domain/decideMoney.ts'
import { parseAmount } from '../../../domain/money.ts'
import { toMinor } from '../../../domain/monthView.ts'
import { matchingRows, type RegisterRow, registerRows } from '../../../domain/register.ts'
import { type BudgetState, incomeDestinationOf, isSystemCategory, monthsOf } from '../../../domain/state.ts'
import { transactionsNewestFirst } from '../../../domain/transactionOrder.ts'
import type {
  Category,
  FilterCriteria,
  Transaction,
  TransactionDirection,
  TransactionKind,
} from '../../../schemas/budget.ts'
import { BankAccountId, CategoryId, type TransactionId } from '../../../schemas/ids.ts'
import type { CurrencyCode, IsoDate, Minor } from '../../../schemas/money.ts'
import type { budgetMachine } from '../budget.machine.ts'
import type { CommandDraft } from '../budget.protocol.ts'
import { memoByState, selectTransactionsLoaded } from '../budget.selectors.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

/** Names the transaction list shows instead of ids. */
export type TransactionLookups = {
  readonly accountNames: ReadonlyMap<string, string>
  readonly categories: ReadonlyMap<string, Category>
  /** A transfer side's id → the account of its other side (a transfer names where the money went or came from). */
  readonly transferPartners: ReadonlyMap<string, string>
  /** The tracking (off-budget) accounts' ids: their transactions carry no category. */
  readonly offBudgetAccounts: ReadonlySet<string>
}

/** Each transfer side's id with the other side's account. */
const transferPartnersOf = (state: BudgetState): ReadonlyMap<string, string> => {
  const partners = new Map<string, string>()
  for (const link of HashMap.values(state.transfers)) {
    const outflow = Option.getOrUndefined(HashMap.get(state.transactions, link.outflowTransactionId))
    const inflow = Option.getOrUndefined(HashMap.get(state.transactions, link.inflowTransactionId))
    if (outflow === undefined || inflow === undefined) continue
    partners.set(outflow.id, inflow.bankAccountId)
    partners.set(inflow.id, outflow.bankAccountId)
  }
  return partners
}

const lookupsOf = memoByState(
  (state): TransactionLookups => ({
    accountNames: new Map([...state.accounts.values()].map((account) => [account.id, account.name])),
    categories: new Map([...state.categories.values()].map((category) => [category.id, category])),
    transferPartners: transferPartnersOf(state),
    offBudgetAccounts: new Set(
      [...state.accounts.values()].filter((account) => account.offBudget).map((account) => account.id),
    ),
  }),
)
export const selectTransactionLookups = (snapshot: BudgetSnapshot): TransactionLookups =>
  lookupsOf(snapshot.context.state)

/** One transaction by id (the editor), or null once it is gone. */
export const selectTransactionById = (snapshot: BudgetSnapshot, id: TransactionId | undefined) => {
  if (id === undefined) return null
  return Option.getOrNull(HashMap.get(snapshot.context.state.transactions, id))
}

// ——— Row facts (pure) ———

/** One category as a row names it: its name, or what a system category does. */
export type SingleCategoryCell =
  | { readonly kind: 'category'; readonly name: string }
  | { readonly kind: 'readyToAssign' }
  | { readonly kind: 'none' }

/**
 * What the category column says: one category, a split into n, a transfer (across the budget's edge with its
 * budget side's category, `across`), nothing yet, or — in a tracking account — no category at all (`offBudget`).
 */
export type CategoryCell =
  | SingleCategoryCell
  | { readonly kind: 'split'; readonly count: number }
  | { readonly kind: 'transfer'; readonly across?: SingleCategoryCell }
  | { readonly kind: 'offBudget' }

const singleCategory = (categoryId: string | undefined, lookups: TransactionLookups): SingleCategoryCell => {
  const category = categoryId === undefined ? undefined : lookups.categories.get(categoryId)
  // The system categories' stored names are keys, not names to show.
  if (category === undefined) return { kind: 'none' }
  if (!isSystemCategory(category)) return { kind: 'category', name: category.name }
  return category.type === 'Income' ? { kind: 'readyToAssign' } : { kind: 'none' }
}

export const categoryCell = (transaction: Transaction, lookups: TransactionLookups): CategoryCell => {
  if (transaction.transferId !== null) {
    // Only the budget side of a transfer across the budget's edge carries a category.
    const [split] = transaction.splits
    return split === undefined
      ? { kind: 'transfer' }
      : { kind: 'transfer', across: singleCategory(split.categoryId, lookups) }
  }
  if (lookups.offBudgetAccounts.has(transaction.bankAccountId)) return { kind: 'offBudget' }
  if (transaction.splits.length > 1) return { kind: 'split', count: transaction.splits.length }
  return singleCategory(transaction.splits[0]?.categoryId, lookups)
}

/**
 * What the payee column says: the payee, nothing, the adjustment a reconciliation added (named by the app), or for
 * a transfer the other account, to or from which the money moved.
 */
export type PayeeCell =
  | { readonly kind: 'payee'; readonly name: string }
  | { readonly kind: 'none' }
  | { readonly kind: 'reconciliation' }
  | { readonly kind: 'transfer'; readonly direction: 'to' | 'from'; readonly account: string }

export const payeeCell = (
  transaction: Transaction,
  lookups?: Pick<TransactionLookups, 'accountNames' | 'transferPartners'>,
): PayeeCell => {
  const partner = transaction.transferId === null ? undefined : lookups?.transferPartners.get(transaction.id)
  if (partner !== undefined && lookups !== undefined)
    return {
      kind: 'transfer',
      direction: transaction.value < 0 ? 'to' : 'from',
      account: lookups.accountNames.get(partner) ?? '',
    }
  return transaction.payee === ''
    ? { kind: 'none' }
    : transaction.payee === reconciliationPayee
      ? { kind: 'reconciliation' }
      : { kind: 'payee', name: transaction.payee }
}

export type ClearedState = 'reconciled' | 'cleared' | 'uncleared'

export const clearedState = (transaction: Transaction): ClearedState =>
  transaction.reconciled ? 'reconciled' : transaction.cleared ? 'cleared' : 'uncleared'

// ——— The filter bar (pure) ———

/** The filter bar as typed: every field is text ('' = any). */
export type FilterBar = {
  readonly bankAccountId: string
  readonly categoryId: string
  readonly payee: string
  readonly minAmount: string
  readonly maxAmount: string
  readonly fromDate: string
  readonly toDate: string
  readonly direction: '' | TransactionDirection
  readonly kind: '' | TransactionKind
}

export const EMPTY_FILTER_BAR: FilterBar = {
  bankAccountId: '',
  categoryId: '',
  payee: '',
  minAmount: '',
  maxAmount: '',
  fromDate: '',
  toDate: '',
  direction: '',
  kind: '',
}

export type FilterBarField = keyof FilterBar

export type CriteriaFromBar = {
  readonly criteria: FilterCriteria
  /** Fields whose text could not be read (they are left out of the criteria). */
  readonly invalid: ReadonlyArray<FilterBarField>
  /** Whether anything narrows the list. */
  readonly active: boolean
}

/**
 * Criteria from the bar: amounts are signed (outflows negative) in the budget's currency, pl or en form; dates as
 * the date field types them (domain/dateText.ts).
 */
export const criteriaFromBar = (bar: FilterBar, currency: CurrencyCode): CriteriaFromBar => {
  const invalid: FilterBarField[] = []
  const amount = (field: 'minAmount' | 'maxAmount'): Minor | undefined => {
    const text = bar[field].trim()
    if (text === '') return undefined
    const parsed = parseAmount(text, currency)
    if (Result.isSuccess(parsed)) return parsed.success
    invalid.push(field)
    return undefined
  }
  const date = (field: 'fromDate' | 'toDate'): IsoDate | undefined => {
    const text = bar[field].trim()
    if (text === '') return undefined
    const parsed = parseDateText(text)
    if (Result.isSuccess(parsed)) return parsed.success
    invalid.push(field)
    return undefined
  }
  const minValue = amount('minAmount')
  const maxValue = amount('maxAmount')
  const fromDate = date('fromDate')
  const toDate = date('toDate')
  const payeeText = bar.payee.trim()
  const criteria: FilterCriteria = {
    ...(bar.bankAccountId === '' ? {} : { bankAccountIds: [BankAccountId.make(bar.bankAccountId)] }),
    ...(bar.categoryId === '' ? {} : { categoryIds: [CategoryId.make(bar.categoryId)] }),
    ...(payeeText === '' ? {} : { payeeText }),
    ...(minValue === undefined ? {} : { minValue }),
    ...(maxValue === undefined ? {} : { maxValue }),
    ...(fromDate === undefined ? {} : { fromDate }),
    ...(toDate === undefined ? {} : { toDate }),
    ...(bar.direction === '' ? {} : { direction: bar.direction }),
    ...(bar.kind === '' ? {} : { kind: bar.kind }),
  }
  return { criteria, invalid, active: Object.keys(criteria).length > 0 }
}

/**
 * The bar showing saved criteria; amounts and dates as the user would type them (`format` gives locale decimals,
 * `formatDate` the language's day-month-year).
 * The bar holds one account and one category, so a saved list of several keeps its first.
 */
export const barFromCriteria = (
  criteria: FilterCriteria,
  format: (amount: Minor) => string,
  formatDate: (date: IsoDate) => string,
): FilterBar => ({
  bankAccountId: criteria.bankAccountIds?.[0] ?? '',
  categoryId: criteria.categoryIds?.[0] ?? '',
  payee: criteria.payeeText ?? '',
  minAmount: criteria.minValue === undefined ? '' : format(criteria.minValue),
  maxAmount: criteria.maxValue === undefined ? '' : format(criteria.maxValue),
  fromDate: criteria.fromDate === undefined ? '' : formatDate(criteria.fromDate),
  toDate: criteria.toDate === undefined ? '' : formatDate(criteria.toDate),
  direction: criteria.direction ?? '',
  kind: criteria.kind ?? '',
})

/** The first and last day of a YYYYMM period, for the month's transactions. */
export const periodDates = (periodKey: string): { fromDate: IsoDate; toDate: IsoDate } | null => {
  const match = /^(\d{4})(\d{2})$/u.exec(periodKey)
  if (match === null) return null
  const year = Number(match[1])
  const month = Number(match[2])
  if (month < 1 || month > 12) return null
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const mm = String(month).padStart(2, '0')
  return {
    fromDate: `${match[1]}-${mm}-01` as IsoDate,
    toDate: `${match[1]}-${mm}-${String(lastDay).padStart(2, '0')}` as IsoDate,
  }
}

// Keyed by the (cached) newest-first list, then the accounts: assigning money changes the state but neither of these,
// and must not rebuild 100 000 rows.
const rowsByList = new WeakMap<
  ReadonlyArray<Transaction>,
  { readonly accounts: BudgetState['accounts']; readonly rows: ReadonlyArray<RegisterRow> }
>()

/** Every account's register merged, newest first, with running balances and the opening rows (domain/register.ts). */
export const selectRegisterRows = (snapshot: BudgetSnapshot): ReadonlyArray<RegisterRow> => {
  const { accounts, transactions } = snapshot.context.state
  const list = transactionsNewestFirst(transactions)
  const known = rowsByList.get(list)
  if (known !== undefined && known.accounts === accounts) return known.rows
  const rows = registerRows(accounts.values(), list)
  rowsByList.set(list, { accounts, rows })
  return rows
}

/** The budget's income destination ('Do przydzielenia'), which opening balances go to, for the category filter. */
export const selectIncomeDestinationId = (snapshot: BudgetSnapshot): CategoryId | undefined =>
  incomeDestinationOf(snapshot.context.state)?.id

/** 'Bez kategorii', where an outflow without a category goes (the import preview shows it as such). */
export const selectUncategorizedId = (snapshot: BudgetSnapshot): CategoryId | undefined => {
  for (const category of snapshot.context.state.categories.values())
    if (isSystemCategory(category) && category.type !== 'Income') return category.id
  return undefined
}

/**
 * The register rows a list shows: the month's (when a YYYYMM period is given), narrowed by the filter criteria.
 * It walks every row: views call it only when the rows or the criteria change.
 */
export const shownRows = (
  rows: ReadonlyArray<RegisterRow>,
  periodKey: string | undefined,
  criteria: FilterCriteria,
  incomeDestinationId: CategoryId | undefined,
): ReadonlyArray<RegisterRow> =>
  matchingRows(rows, periodKey === undefined ? null : periodDates(periodKey), criteria, incomeDestinationId)

/** The categories the filter bar offers: every visible one, in the groups' order. */
export const filterableCategories = (
  groups: ReadonlyArray<{ readonly categories: ReadonlyArray<Category> }>,
): ReadonlyArray<Category> =>
  groups.flatMap(({ categories }) => categories.filter((category) => !category.hidden))

/** Inflows sitting in 'Bez kategorii' (made before 'Do przydzielenia' existed, or by mistake) and their move there. */
export type UncategorizedInflows = {
  readonly count: number
  readonly total: Minor
  /** One EditTransaction per inflow, putting its whole value in the income destination. */
  readonly commands: ReadonlyArray<CommandDraft>
}

const uncategorizedInflowsOf = memoByState((state): UncategorizedInflows => {
  const uncategorizedId = state.budget?.uncategorizedCategoryId
  const income = incomeDestinationOf(state)
  const commands: CommandDraft[] = []
  let total = 0
  if (uncategorizedId === undefined || income === undefined) return { count: 0, total: toMinor(0), commands }
  for (const transaction of HashMap.values(state.transactions)) {
    const uncategorized =
      transaction.splits.length > 0 &&
      transaction.splits.every((split) => split.categoryId === uncategorizedId)
    // Reconciled ones stay: the bank's balance was confirmed with them as they are.
    if (!uncategorized || transaction.value <= 0 || transaction.transferId !== null || transaction.reconciled)
      continue
    total += transaction.value
    commands.push({
      _tag: 'EditTransaction',
      transactionId: transaction.id,
      splits: [{ categoryId: income.id, value: transaction.value }],
    })
  }
  return { count: commands.length, total: toMinor(total), commands }
})

/** The uncategorized inflows once the budget's transactions are in; null until then. */
export const selectUncategorizedInflows = (snapshot: BudgetSnapshot): UncategorizedInflows | null =>
  selectTransactionsLoaded(snapshot) ? uncategorizedInflowsOf(snapshot.context.state) : null

/**
 * Whether 'Bez kategorii' took in more than it spent in some month: then it likely holds inflows meant for Ready to
 * Assign. Read from the summary, so the month view knows without loading every transaction.
 */
export const selectMayHaveUncategorizedInflows = (snapshot: BudgetSnapshot): boolean => {
  const { state } = snapshot.context
  const uncategorizedId = state.budget?.uncategorizedCategoryId
  if (uncategorizedId === undefined || incomeDestinationOf(state) === undefined) return false
  return monthsOf(state.categoryMonths, uncategorizedId).some(([, month]) => month.activity > 0)
}

/** A transfer across the budget's edge, as its side's view shows it: the category its budget side carries. */
export type CrossingTransfer = { readonly categoryId: CategoryId | null }

/**
 * Whether a transfer side belongs to a transfer between a budget account and a tracking one (issue 32 §2), with
 * the category its budget side carries; null for any other transaction or transfer.
 */
export const crossingTransferOf = (state: BudgetState, side: Transaction): CrossingTransfer | null => {
  if (side.transferId === null) return null
  const link = Option.getOrUndefined(HashMap.get(state.transfers, side.transferId))
  if (link === undefined) return null
  const sides = [link.outflowTransactionId, link.inflowTransactionId].map((id) =>
    Option.getOrUndefined(HashMap.get(state.transactions, id)),
  )
  const accounts = sides.map((transaction) =>
    transaction === undefined ? undefined : state.accounts.get(transaction.bankAccountId),
  )
  const [outflow, inflow] = accounts
  if (outflow === undefined || inflow === undefined || outflow.offBudget === inflow.offBudget) return null
  const categoryId = sides.flatMap((transaction) => transaction?.splits ?? [])[0]?.categoryId ?? null
  return { categoryId }
}

/** The crossing of a transfer side in the open budget (see `crossingTransferOf`). */
export const selectCrossingTransfer = (
  snapshot: BudgetSnapshot,
  side: Transaction,
): CrossingTransfer | null => crossingTransferOf(snapshot.context.state, side)
