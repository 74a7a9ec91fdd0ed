import type { ImportItem, SplitInput } from '../../schemas/budgetCommands.ts'
import { BankAccountId, CategoryGroupId, CategoryId, TransactionId, TransferId } from '../../schemas/ids.ts'
import {
  Amount,
  CurrencyCode,
  IsoDate,
  isIsoDate,
  isPeriodKey,
  MAX_AMOUNT,
  PeriodKey,
} from '../../schemas/money.ts'
import { currencyExponent, isKnownCurrency } from '../currency.ts'
import {
  type ActualAccount,
  type ActualImportError,
  type ActualRows,
  type ActualTransaction,
  type ApproximationCode,
  type BudgetConversion,
  type ImportableCommandDraft,
  type LeftOutCode,
  type MappedKind,
  type Mint,
  mappedKinds,
} from './actualTypes.ts'

// Actual Budget's rows → the commands that rebuild its budget in Koperta (issue 28 §3). Pure: ids come from `mint`.
//
// How Actual's model maps (its schema: packages/loot-core/src/server/sql/init.sql and packages/loot-core/migrations/
// in actualbudget/actual; the views of 1614782639336_trans_views2 say how its rows are read):
// - Amounts are hundredths in every currency; they become the budget currency's minor units (exact for exponents
//   ≥ 2, rounded half away from zero below, and reported). Actual names no currency before 2025's
//   `defaultCurrencyCode`: then the budget's own (PLN unless told) is kept, and reported.
// - A starting-balance transaction (`starting_balance_flag`) becomes the account's opening balance, which Koperta
//   counts as income, as Actual counts it in "To Budget" through its Starting Balances income category.
// - Income categories stay Income categories: their inflows are Ready to Assign (Actual's "To Budget").
// - Off-budget accounts are left out: Koperta has no tracking accounts yet. A transfer between an on-budget and an
//   off-budget account carries a category in Actual, so its on-budget side is kept as an ordinary transaction, and
//   every on-budget balance and month stays as in Actual.
// - A split's parent holds the total and its children the parts; Actual's balances add the children, so do we. A
//   child that is a transfer becomes a transfer of its own (a Koperta transfer has no category).
// - Reconciled transactions end reconciled, cleared ones cleared, transfer sides included (the order of commands
//   below); budgeted amounts become SetAssigned per month and category; hidden stays hidden. Balances come from the
//   transactions, never from a cached column.

/** A whole-file refusal, thrown inside the conversion and returned as a value by `convertActual`. */
class Refused {
  readonly error: ActualImportError
  constructor(error: ActualImportError) {
    this.error = error
  }
}
type AmountValue = typeof Amount.Type

const NAME_MAX = 200
const TEXT_MAX = 1000
/** What an empty name becomes: a name is required, and a dash says "none" in every language. */
const NO_NAME = '—'
/** The name of a budget whose file names none: the program it came from. */
const UNNAMED_BUDGET = 'Actual Budget'

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is its purpose.
const lineBreaksAndControls = /\s*[\u0000-\u001f\u007f-\u009f\u2028\u2029]+\s*/gu
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is its purpose.
const controlsButTabAndBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]+/gu

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
const cut = (text: string, max: number) => {
  if (text.length <= max) return text
  const code = text.charCodeAt(max - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max)
}

/** YYYYMMDD → YYYY-MM-DD when it is a real day. */
export const actualDate = (value: number | null): IsoDate | null => {
  if (value === null || !Number.isInteger(value) || value < 1_000_01_01 || value > 9999_12_31) return null
  const text = `${String(value).slice(0, 4)}-${String(value).slice(4, 6)}-${String(value).slice(6, 8)}`
  return isIsoDate(text) ? IsoDate.make(text) : null
}

const byOrder = <T extends { readonly sortOrder: number | null; readonly name: string; readonly id: string }>(
  a: T,
  b: T,
) =>
  (a.sortOrder ?? Number.POSITIVE_INFINITY) - (b.sortOrder ?? Number.POSITIVE_INFINITY) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** How one side of a transaction stands in Actual. */
interface Status {
  readonly cleared: boolean
  readonly reconciled: boolean
}
interface PlannedTransaction extends Status {
  readonly item: Extract<ImportItem, { _tag: 'AddTransaction' }>
  readonly accountKey: string
}
interface PlannedSide extends Status {
  readonly transactionId: TransactionId
  readonly accountKey: string
}
interface PlannedTransfer {
  readonly item: Extract<ImportItem, { _tag: 'AddTransfer' }>
  readonly from: PlannedSide
  readonly to: PlannedSide
}

/** What the converter is told about the budget the import goes into. */
export interface ActualTarget {
  /** Kept when the file names no currency (or one Koperta does not know). */
  readonly currency: CurrencyCode
}

/**
 * Actual's rows as the commands that rebuild the budget in an empty Koperta budget, with the report; or why the
 * whole file is refused (an amount past the safe integers or past one amount's bound).
 */
export const convertActual = (
  rows: ActualRows,
  mint: Mint,
  target: ActualTarget = { currency: CurrencyCode.make('PLN') },
): BudgetConversion => {
  try {
    return convert(rows, mint, target)
  } catch (failure) {
    if (failure instanceof Refused) return { ok: false, error: failure.error }
    throw failure
  }
}

const convert = (rows: ActualRows, mint: Mint, target: ActualTarget): BudgetConversion => {
  // ---- The report ----
  type Params = Readonly<Record<string, string | number>>
  const mappedCounts = new Map<MappedKind, number>()
  const mapped = (kind: MappedKind, count = 1) =>
    mappedCounts.set(kind, (mappedCounts.get(kind) ?? 0) + count)
  const noted = <C extends string>() => {
    const entries = new Map<C, { count: number; params?: Params }>()
    const note = (code: C, count = 1, params?: Params) => {
      if (count <= 0) return
      const entry = entries.get(code) ?? { count: 0 }
      entry.count += count
      if (params !== undefined) entry.params = { ...entry.params, ...params }
      entries.set(code, entry)
    }
    const list = () =>
      [...entries].map(([code, { count, params }]) => ({
        code,
        count,
        ...(params === undefined ? {} : { params }),
      }))
    return { note, list }
  }
  const approximations = noted<ApproximationCode>()
  const approximated = approximations.note
  const omissions = noted<LeftOutCode>()
  const leftOut = omissions.note

  // ---- Text: what a request may write (schemas/text.ts); each text changed is reported once ----
  const cleaned = (original: string, next: string) => {
    if (next !== original) approximated('text-cleaned')
    return next
  }
  const singleLine = (text: string, max: number) =>
    cut(text.toWellFormed().replace(lineBreaksAndControls, ' ').trim(), max).trim()
  const nameOf = (text: string) => {
    const name = cleaned(text, singleLine(text, NAME_MAX))
    return name === '' ? NO_NAME : name
  }
  const payeeOf = (text: string) => cleaned(text, singleLine(text, TEXT_MAX))
  const memoOf = (text: string | null) => {
    if (text === null) return undefined
    const memo = cleaned(text, cut(text.toWellFormed().replace(controlsButTabAndBreaks, '').trim(), TEXT_MAX))
    return memo === '' ? undefined : memo
  }

  // ---- Currency and amounts ----
  const fileCurrency = rows.currency?.trim().toUpperCase() ?? ''
  const currency: CurrencyCode = isKnownCurrency(fileCurrency) ? fileCurrency : target.currency
  if (fileCurrency === '') approximated('currency-assumed', 1, { currency })
  else if (!isKnownCurrency(fileCurrency))
    approximated('currency-unknown', 1, { currency, fileCurrency: singleLine(fileCurrency, 20) })
  // Every known currency has an exponent.
  const exponent = currencyExponent(currency) ?? 2

  /** Hundredths → the currency's minor units. */
  const minorOf = (hundredths: number): AmountValue => {
    // The reader gives ±Infinity for an integer past 2^53 and NaN for text.
    if (hundredths === Number.POSITIVE_INFINITY || hundredths === Number.NEGATIVE_INFINITY)
      throw new Refused('unsafe-number')
    if (!Number.isInteger(hundredths)) throw new Refused('invalid')
    if (Math.abs(hundredths) > MAX_AMOUNT) throw new Refused('amount-too-large')
    let value: number
    if (exponent >= 2) value = hundredths * 10 ** (exponent - 2)
    else {
      const divisor = 10 ** (2 - exponent)
      const whole = Math.trunc(hundredths / divisor)
      const rest = hundredths - whole * divisor
      value = whole
      if (rest !== 0) {
        approximated('amount-rounded')
        if (2 * Math.abs(rest) >= divisor) value += Math.sign(rest)
      }
    }
    if (Math.abs(value) > MAX_AMOUNT) throw new Refused('amount-too-large')
    // Rounding -0.4 gives -0: stored, it would read as an outflow of nothing.
    return Amount.make(value === 0 ? 0 : value)
  }
  /** A sum of converted amounts, kept within one command's bound. */
  const sumOf = (values: readonly number[]): AmountValue => {
    const total = values.reduce((sum, value) => sum + value, 0)
    if (Math.abs(total) > MAX_AMOUNT) throw new Refused('amount-too-large')
    return Amount.make(total)
  }

  // ---- Groups and categories ----
  const structure: ImportableCommandDraft[] = []
  const hiding: ImportableCommandDraft[] = []
  const groupIds = new Map<string, CategoryGroupId>()
  const incomeGroups = new Set(rows.categoryGroups.filter((group) => group.isIncome).map((group) => group.id))
  leftOut('deleted-categories', rows.categoryGroups.filter((group) => group.tombstone).length)
  for (const group of rows.categoryGroups.filter((group) => !group.tombstone).sort(byOrder)) {
    const categoryGroupId = CategoryGroupId.make(mint('group'))
    groupIds.set(group.id, categoryGroupId)
    structure.push({ _tag: 'CreateCategoryGroup', categoryGroupId, name: nameOf(group.name) })
    mapped('categoryGroups')
    if (group.hidden) hiding.push({ _tag: 'SetCategoryGroupHidden', categoryGroupId, hidden: true })
  }
  const groupOrder = new Map([...groupIds.keys()].map((id, index) => [id, index]))
  const positionOf = (groupId: string | null) => groupOrder.get(groupId ?? '') ?? Number.POSITIVE_INFINITY
  const categoryIds = new Map<string, { readonly id: CategoryId; readonly income: boolean }>()
  const liveCategories = rows.categories
    .filter((category) => !category.tombstone)
    .sort((a, b) => positionOf(a.groupId) - positionOf(b.groupId) || byOrder(a, b))
  for (const category of liveCategories) {
    const categoryGroupId = groupIds.get(category.groupId ?? '')
    // Deleting a group in Actual deletes its categories; one left behind is gone too.
    if (categoryGroupId === undefined) continue
    const categoryId = CategoryId.make(mint('category'))
    // An income group makes its categories income too (Actual keeps `is_income` on both).
    const income = category.isIncome || incomeGroups.has(category.groupId ?? '')
    categoryIds.set(category.id, { id: categoryId, income })
    structure.push({
      _tag: 'CreateCategory',
      categoryId,
      categoryGroupId,
      name: nameOf(category.name),
      type: income ? 'Income' : 'Expense',
    })
    mapped('categories')
    if (category.hidden) {
      mapped('hiddenCategories')
      hiding.push({ _tag: 'SetCategoryHidden', categoryId, hidden: true })
    }
  }
  const deletedCategories = rows.categories.filter((category) => !categoryIds.has(category.id))
  const deletedCategoryIds = new Set(deletedCategories.map((category) => category.id))
  let movedToUncategorized = 0
  /** A transaction's category after Actual's merges; null is Uncategorized. */
  const categoryOf = (id: string | null) => {
    if (id === null) return null
    const target = rows.categoryMapping.get(id) ?? id
    const category = categoryIds.get(target)
    if (category === undefined && deletedCategoryIds.has(target)) movedToUncategorized += 1
    return category?.id ?? null
  }

  // ---- Accounts ----
  const onBudget = new Map<string, { readonly id: BankAccountId; readonly account: ActualAccount }>()
  const offBudget = new Map<string, ActualAccount>()
  leftOut('deleted-accounts', rows.accounts.filter((account) => account.tombstone).length)
  for (const account of rows.accounts.filter((account) => !account.tombstone).sort(byOrder)) {
    if (account.offbudget) {
      offBudget.set(account.id, account)
      continue
    }
    onBudget.set(account.id, { id: BankAccountId.make(mint('account')), account })
    const accountCurrency = account.currency?.trim().toUpperCase() ?? ''
    if (accountCurrency !== '' && accountCurrency !== currency) approximated('account-currency')
  }

  // ---- Transactions: which are alive, and where ----
  const live = rows.transactions.filter((row) => !row.tombstone)
  leftOut('deleted-transactions', rows.transactions.filter((row) => row.tombstone && !row.isChild).length)
  const byId = new Map(live.map((row) => [row.id, row]))
  const childrenOf = new Map<string, ActualTransaction[]>()
  for (const row of live) {
    if (!row.isChild || row.parentId === null) continue
    const siblings = childrenOf.get(row.parentId) ?? []
    siblings.push(row)
    childrenOf.set(row.parentId, siblings)
  }
  const dates = new Map<string, IsoDate>()
  let offBudgetRows = 0
  const rowsInOrder: ActualTransaction[] = []
  for (const row of live) {
    // A split's parts follow their parent, below.
    if (row.isChild) continue
    const accountId = row.accountId ?? ''
    if (offBudget.has(accountId)) {
      offBudgetRows += 1
      continue
    }
    if (!onBudget.has(accountId)) {
      leftOut('deleted-transactions')
      continue
    }
    const date = actualDate(row.date)
    if (date === null) {
      leftOut('invalid-dates')
      continue
    }
    dates.set(row.id, date)
    rowsInOrder.push(row)
  }
  // A split's parts take their parent's date and account (Actual keeps them equal); Actual's views drop a part
  // whose parent is gone.
  for (const row of live) {
    if (!row.isChild) continue
    const parent = byId.get(row.parentId ?? '')
    const parentDate = dates.get(row.parentId ?? '')
    if (parent?.isParent !== true || parentDate === undefined || parent.accountId !== row.accountId) continue
    dates.set(row.id, parentDate)
    rowsInOrder.push(row)
  }
  const dateOf = (row: ActualTransaction): IsoDate => {
    const date = dates.get(row.id)
    if (date === undefined) throw new Error(`no date for ${row.id}`)
    return date
  }
  rowsInOrder.sort((a, b) => {
    const da = dateOf(a)
    const db = dateOf(b)
    return da < db ? -1 : da > db ? 1 : (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || (a.id < b.id ? -1 : 1)
  })
  const included = new Set(rowsInOrder.map((row) => row.id))

  // ---- Opening balances: each account's first starting-balance transaction ----
  const openings = new Map<string, ActualTransaction>()
  for (const row of rowsInOrder) {
    if (!row.startingBalance || row.isParent || row.isChild || row.transferredId !== null) continue
    if (!openings.has(row.accountId ?? '')) openings.set(row.accountId ?? '', row)
  }
  const usedAsOpening = new Set([...openings.values()].map((row) => row.id))

  // ---- Transfers between two on-budget accounts: each side mapped to the other ----
  const pairs = new Map<string, ActualTransaction>()
  for (const row of rowsInOrder) {
    if (row.transferredId === null || row.isParent || usedAsOpening.has(row.id)) continue
    const other = byId.get(row.transferredId)
    if (other !== undefined && offBudget.has(other.accountId ?? '')) {
      approximated('tracking-transfer')
      continue
    }
    const paired =
      other !== undefined &&
      included.has(other.id) &&
      !other.isParent &&
      other.transferredId === row.id &&
      other.accountId !== row.accountId &&
      other.amount === -row.amount &&
      !usedAsOpening.has(other.id)
    if (paired) pairs.set(row.id, other)
    else approximated('transfer-unpaired')
  }

  // ---- Payees ----
  const payees = new Map(rows.payees.map((payee) => [payee.id, payee]))
  const accountNames = new Map(rows.accounts.map((account) => [account.id, account.name]))
  const payeeNameOf = (row: ActualTransaction) => {
    if (row.payeeId === null) return ''
    const payee = payees.get(rows.payeeMapping.get(row.payeeId) ?? row.payeeId)
    if (payee === undefined) return ''
    // A transfer payee stands for an account and is named after it.
    return payeeOf(
      payee.transferAccountId === null
        ? payee.name
        : (accountNames.get(payee.transferAccountId) ?? payee.name),
    )
  }

  // ---- Transactions and transfers, planned ----
  const accountOf = (row: ActualTransaction) => {
    const account = onBudget.get(row.accountId ?? '')
    if (account === undefined) throw new Error(`no account for ${row.id}`)
    return account.id
  }
  const transactions: PlannedTransaction[] = []
  const transfers: PlannedTransfer[] = []
  const plan = (row: ActualTransaction, value: AmountValue, splits: readonly SplitInput[], payee: string) => {
    const memo = memoOf(row.notes)
    transactions.push({
      item: {
        _tag: 'AddTransaction',
        transactionId: TransactionId.make(mint('transaction')),
        bankAccountId: accountOf(row),
        date: dateOf(row),
        payee,
        ...(memo === undefined ? {} : { memo }),
        value,
        splits,
        cleared: row.cleared || row.reconciled,
      },
      accountKey: row.accountId ?? '',
      cleared: row.cleared,
      reconciled: row.reconciled,
    })
  }
  const sideOf = (row: ActualTransaction): PlannedSide => ({
    transactionId: TransactionId.make(mint('transaction')),
    accountKey: row.accountId ?? '',
    cleared: row.cleared,
    reconciled: row.reconciled,
  })

  for (const row of rowsInOrder) {
    if (usedAsOpening.has(row.id)) continue
    const other = pairs.get(row.id)
    if (other !== undefined) {
      // Once per pair, from its outflow side (for a pair of zeros, the side with the smaller id, to leave it out).
      if (row.amount > 0 || (row.amount === 0 && row.id > other.id)) continue
      // A transfer of under one minor unit (a zero-decimal currency) rounds to nothing as well.
      const value = minorOf(-row.amount)
      if (value === 0) {
        leftOut('zero-transfers')
        continue
      }
      if (row.isChild || other.isChild) approximated('split-transfer')
      const from = sideOf(row)
      const to = sideOf(other)
      const memo = memoOf(row.notes) ?? memoOf(other.notes)
      transfers.push({
        item: {
          _tag: 'AddTransfer',
          transferId: TransferId.make(mint('transfer')),
          outflowTransactionId: from.transactionId,
          inflowTransactionId: to.transactionId,
          fromBankAccountId: accountOf(row),
          toBankAccountId: accountOf(other),
          date: dateOf(row),
          value,
          ...(memo === undefined ? {} : { memo }),
        },
        from,
        to,
      })
      mapped('transfers')
      continue
    }
    if (row.isChild) continue
    const payee = payeeNameOf(row)
    if (!row.isParent) {
      const categoryId = categoryOf(row.categoryId)
      const value = minorOf(row.amount)
      plan(row, value, categoryId === null ? [] : [{ categoryId, value }], payee)
      mapped('transactions')
      continue
    }
    const children = (childrenOf.get(row.id) ?? []).filter((child) => included.has(child.id))
    if (children.length === 0) {
      leftOut('empty-splits')
      continue
    }
    if (children.reduce((sum, child) => sum + child.amount, 0) !== row.amount)
      approximated('split-sum-mismatch')
    const categorized: SplitInput[] = []
    const uncategorized: number[] = []
    for (const part of children.filter((child) => !pairs.has(child.id))) {
      const categoryId = categoryOf(part.categoryId)
      if (categoryId === null) uncategorized.push(minorOf(part.amount))
      else categorized.push({ categoryId, value: minorOf(part.amount) })
    }
    if (categorized.length > 0) {
      plan(row, sumOf(categorized.map((part) => part.value)), categorized, payee)
      mapped('transactions')
      if (categorized.length > 1) mapped('splitTransactions')
    }
    if (uncategorized.length > 0) {
      if (categorized.length > 0) approximated('split-uncategorized-part')
      plan(row, sumOf(uncategorized), [], payee)
      mapped('transactions')
    }
  }
  leftOut(
    'deleted-categories',
    deletedCategories.length,
    movedToUncategorized > 0 ? { moved: movedToUncategorized } : undefined,
  )
  if (offBudget.size > 0) {
    leftOut('tracking-accounts', offBudget.size, {
      accounts: [...offBudget.values()].map((a) => nameOf(a.name)).join(', '),
    })
    leftOut('tracking-transactions', offBudgetRows)
  }

  // ---- Accounts, opened with their opening balances ----
  const firstDates = new Map<string, IsoDate>()
  for (const row of rowsInOrder)
    if (!firstDates.has(row.accountId ?? '')) firstDates.set(row.accountId ?? '', dateOf(row))
  const firstBudgetMonth = [...rows.envelopeBudgets, ...rows.trackingBudgets]
    .map((budget) => String(budget.month))
    .filter(isPeriodKey)
    .sort()[0]
  const fallbackDate: IsoDate =
    [...dates.values()].sort()[0] ??
    IsoDate.make(
      firstBudgetMonth === undefined
        ? '2000-01-01'
        : `${firstBudgetMonth.slice(0, 4)}-${firstBudgetMonth.slice(4)}-01`,
    )
  const opening = new Map<string, AmountValue>()
  const money: ImportableCommandDraft[] = []
  for (const [accountKey, { id, account }] of onBudget) {
    const start = openings.get(accountKey)
    const balance = start === undefined ? Amount.make(0) : minorOf(start.amount)
    opening.set(accountKey, balance)
    money.push({
      _tag: 'OpenBankAccount',
      bankAccountId: id,
      name: nameOf(account.name),
      type: 'unconnected',
      balance,
      date: start === undefined ? (firstDates.get(accountKey) ?? fallbackDate) : dateOf(start),
    })
    mapped('accounts')
  }

  // ---- Money, in the order that leaves each status as in Actual ----
  // A reconciliation marks every cleared transaction of the account, so the reconciled ones (and every transfer,
  // whose sides start uncleared) go in first, reconciled sides are cleared, each account is reconciled at the
  // balance they make (no adjustment), and only then come the rest and the other sides' cleared marks.
  const reconciledSum = new Map<string, number>()
  const reconciledLast = new Map<string, IsoDate>()
  const noteReconciled = (accountKey: string, value: number, date: IsoDate) => {
    reconciledSum.set(accountKey, (reconciledSum.get(accountKey) ?? 0) + value)
    const last = reconciledLast.get(accountKey)
    if (last === undefined || date > last) reconciledLast.set(accountKey, date)
  }
  for (const planned of transactions)
    if (planned.reconciled) noteReconciled(planned.accountKey, planned.item.value, planned.item.date)
  for (const { item, from, to } of transfers) {
    if (from.reconciled) noteReconciled(from.accountKey, -item.value, item.date)
    if (to.reconciled) noteReconciled(to.accountKey, item.value, item.date)
  }
  const anyReconciled = reconciledSum.size > 0
  const first = anyReconciled ? transactions.filter((planned) => planned.reconciled) : transactions
  const firstItems: ImportItem[] = [
    ...first.map((planned) => planned.item),
    ...transfers.map(({ item }) => item),
  ]
  if (firstItems.length > 0) money.push({ _tag: 'ImportTransactions', items: firstItems })
  const clearSide = (side: PlannedSide): ImportableCommandDraft[] =>
    side.cleared || side.reconciled
      ? [{ _tag: 'EditTransaction', transactionId: side.transactionId, cleared: true }]
      : []
  for (const { from, to } of transfers)
    money.push(...(from.reconciled ? clearSide(from) : []), ...(to.reconciled ? clearSide(to) : []))
  for (const [accountKey, sum] of reconciledSum) {
    const account = onBudget.get(accountKey)
    const date = reconciledLast.get(accountKey)
    if (account === undefined || date === undefined) continue
    money.push({
      _tag: 'ReconcileAccount',
      bankAccountId: account.id,
      date,
      // The opening balance counts as cleared.
      balance: sumOf([opening.get(accountKey) ?? 0, sum]),
      adjustmentTransactionId: TransactionId.make(mint('transaction')),
    })
    mapped('reconciledAccounts')
  }
  const rest = anyReconciled ? transactions.filter((planned) => !planned.reconciled) : []
  if (rest.length > 0) money.push({ _tag: 'ImportTransactions', items: rest.map((planned) => planned.item) })
  for (const { from, to } of transfers)
    money.push(...(from.reconciled ? [] : clearSide(from)), ...(to.reconciled ? [] : clearSide(to)))

  // ---- Closed accounts close last, when their money is gone ----
  const balances = new Map<string, number>(opening)
  const addTo = (accountKey: string, value: number) =>
    balances.set(accountKey, (balances.get(accountKey) ?? 0) + value)
  for (const planned of transactions) addTo(planned.accountKey, planned.item.value)
  for (const { item, from, to } of transfers) {
    addTo(from.accountKey, -item.value)
    addTo(to.accountKey, item.value)
  }
  for (const [accountKey, { id, account }] of onBudget) {
    if (!account.closed) continue
    if (balances.get(accountKey) === 0) {
      money.push({ _tag: 'CloseBankAccount', bankAccountId: id })
      mapped('closedAccounts')
    } else approximated('closed-account-not-zero', 1, { account: nameOf(account.name) })
  }

  // ---- Budgeted amounts ----
  const tracking = rows.budgetType === 'tracking'
  if (tracking) approximated('tracking-budget')
  const assigned = new Map<string, { periodKey: PeriodKey; categoryId: CategoryId; hundredths: number }>()
  const rollover = new Set<string>()
  for (const budget of tracking ? rows.trackingBudgets : rows.envelopeBudgets) {
    if (budget.amount === 0) continue
    const month = String(budget.month)
    const category = categoryIds.get(rows.categoryMapping.get(budget.categoryId) ?? budget.categoryId)
    if (!isPeriodKey(month) || category === undefined) {
      leftOut('deleted-assignments')
      continue
    }
    if (category.income) {
      leftOut('income-assignments')
      continue
    }
    if (budget.carryover) rollover.add(category.id)
    const key = `${month}/${category.id}`
    assigned.set(key, {
      periodKey: PeriodKey.make(month),
      categoryId: category.id,
      hundredths: (assigned.get(key)?.hundredths ?? 0) + budget.amount,
    })
  }
  const assignments: ImportableCommandDraft[] = []
  for (const { periodKey, categoryId, hundredths } of [...assigned.values()].sort((a, b) =>
    a.periodKey < b.periodKey ? -1 : a.periodKey > b.periodKey ? 1 : 0,
  )) {
    const value = minorOf(hundredths)
    if (value === 0) continue
    assignments.push({ _tag: 'SetAssigned', periodKey, categoryId, value })
    mapped('assignments')
  }
  approximated('rollover-overspending', rollover.size)
  approximated('held-money', rows.heldMonths)

  // ---- What Koperta has no place for yet ----
  leftOut('scheduled-transactions', rows.schedules)
  leftOut('payee-rules', rows.rules)
  leftOut('notes', rows.notes)

  const fileName = rows.budgetName === null ? '' : nameOf(rows.budgetName)
  const name = fileName === '' || fileName === NO_NAME ? UNNAMED_BUDGET : fileName
  return {
    ok: true,
    name,
    currency,
    // The budget takes the file's name and currency first (no money is recorded yet, so the currency may change).
    commands: [
      { _tag: 'RenameBudget', name },
      { _tag: 'ChangeCurrency', currency },
      ...structure,
      ...money,
      ...assignments,
      ...hiding,
    ],
    report: {
      source: 'actual',
      name,
      currency,
      // Always in one order, whatever was met first: two reports compare line by line.
      mapped: mappedKinds.flatMap((kind) => {
        const count = mappedCounts.get(kind)
        return count === undefined ? [] : [{ kind, count }]
      }),
      approximated: approximations.list(),
      leftOut: omissions.list(),
    },
  }
}
