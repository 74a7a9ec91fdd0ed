import type { ImportItem, OpenBudgetCommandDraft, SplitInput } from '../../schemas/budgetCommands.ts'
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
import type {
  ActualAccount,
  ActualImportError,
  ActualRows,
  ActualTransaction,
  BudgetConversion,
  BudgetImportReport,
  ImportReportEntry,
  Mint,
} from './actualTypes.ts'

// Actual Budget's rows → the commands that rebuild its budget in Koperta (issue 28 §3). Pure: ids come from `mint`.
//
// How Actual's model maps (its schema: packages/loot-core/src/server/sql/init.sql and packages/loot-core/migrations/
// in actualbudget/actual; the views in 1614782639336_trans_views2 say how rows are read):
// - Amounts are hundredths in every currency; they become the budget currency's minor units (exact for exponents
//   ≥ 2, rounded half away from zero below, and reported).
// - A starting-balance transaction (`starting_balance_flag`) becomes the account's opening balance, which Koperta
//   counts as income, as Actual counts it in "To Budget" through its Starting Balances income category.
// - Income categories stay Income categories: their inflows are Ready to Assign (Actual's "To Budget").
// - Off-budget accounts are left out: Koperta has no tracking accounts yet. A transfer between an on-budget and an
//   off-budget account carries a category in Actual, so its on-budget side is kept as an ordinary transaction and
//   every on-budget balance and month stays as in Actual.
// - A split's parent holds the total and its children the parts; Actual's balances add the children, so do we. A
//   child that is a transfer becomes a transfer of its own (a Koperta transfer has no category).
// - Budgeted amounts become SetAssigned per month and category; hidden stays hidden. Balances come from the
//   transactions, never from a cached column.

type Counter =
  | 'amounts-rounded'
  | 'reconciled'
  | 'transfer-cleared'
  | 'split-transfer'
  | 'split-uncategorized'
  | 'split-sum-mismatch'
  | 'transfer-unpaired'
  | 'transfer-date'
  | 'offbudget-transfer'
  | 'category-deleted'
  | 'text-shortened'
  | 'empty-name'
  | 'invalid-date'
  | 'empty-split'
  | 'zero-transfer'
  | 'income-budget'
  | 'budget-category-missing'
  | 'category-without-group'
  | 'transaction-without-account'

/** Where each counter goes in the report. */
const counterList: Record<Counter, 'approximated' | 'leftOut'> = {
  'amounts-rounded': 'approximated',
  reconciled: 'approximated',
  'transfer-cleared': 'approximated',
  'split-transfer': 'approximated',
  'split-uncategorized': 'approximated',
  'split-sum-mismatch': 'approximated',
  'transfer-unpaired': 'approximated',
  'transfer-date': 'approximated',
  'offbudget-transfer': 'approximated',
  'category-deleted': 'approximated',
  'text-shortened': 'approximated',
  'empty-name': 'approximated',
  'invalid-date': 'leftOut',
  'empty-split': 'leftOut',
  'zero-transfer': 'leftOut',
  'income-budget': 'leftOut',
  'budget-category-missing': 'leftOut',
  'category-without-group': 'leftOut',
  'transaction-without-account': 'leftOut',
}

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

export const convertActual = (rows: ActualRows, mint: Mint): BudgetConversion => {
  try {
    return convert(rows, mint)
  } catch (failure) {
    if (failure instanceof Refused) return { ok: false, error: failure.error }
    throw failure
  }
}

const convert = (rows: ActualRows, mint: Mint): BudgetConversion => {
  const counts = new Map<Counter, number>()
  const count = (counter: Counter, by = 1) => counts.set(counter, (counts.get(counter) ?? 0) + by)
  const mapped: ImportReportEntry[] = []
  const approximated: ImportReportEntry[] = []
  const leftOut: ImportReportEntry[] = []

  // ---- Text ----
  const singleLine = (text: string, max: number) => {
    const clean = text.toWellFormed().replace(lineBreaksAndControls, ' ').trim()
    if (clean.length > max) count('text-shortened')
    return cut(clean, max).trim()
  }
  const nameOf = (text: string) => {
    const name = singleLine(text, NAME_MAX)
    if (name !== '') return name
    count('empty-name')
    return NO_NAME
  }
  const memoOf = (text: string | null) => {
    if (text === null) return undefined
    const clean = text.toWellFormed().replace(controlsButTabAndBreaks, '').trim()
    if (clean === '') return undefined
    if (clean.length > TEXT_MAX) count('text-shortened')
    return cut(clean, TEXT_MAX)
  }

  // ---- Currency and amounts ----
  const fileCurrency = rows.currency?.trim().toUpperCase() ?? ''
  const currency: CurrencyCode = isKnownCurrency(fileCurrency) ? fileCurrency : CurrencyCode.make('PLN')
  if (isKnownCurrency(fileCurrency)) mapped.push({ code: 'currency', params: { currency } })
  else if (fileCurrency === '') approximated.push({ code: 'currency-assumed', params: { currency } })
  else
    approximated.push({
      code: 'currency-unknown',
      params: { currency, fileCurrency: singleLine(fileCurrency, 20) },
    })
  // Known currencies all have an exponent.
  const exponent = currencyExponent(currency) ?? 2

  /** Hundredths → the currency's minor units. */
  const minorOf = (hundredths: number): AmountValue => {
    // The reader gives ±Infinity for an integer past 2^53 and NaN for text.
    if (Number.isNaN(hundredths)) throw new Refused('invalid-amount')
    if (Math.abs(hundredths) > MAX_AMOUNT) throw new Refused('amount-too-large')
    if (!Number.isInteger(hundredths)) throw new Refused('invalid-amount')
    let value: number
    if (exponent >= 2) value = hundredths * 10 ** (exponent - 2)
    else {
      const divisor = 10 ** (2 - exponent)
      const whole = Math.trunc(hundredths / divisor)
      const rest = hundredths - whole * divisor
      value = whole
      if (rest !== 0) {
        count('amounts-rounded')
        if (2 * Math.abs(rest) >= divisor) value += Math.sign(rest)
      }
    }
    if (Math.abs(value) > MAX_AMOUNT) throw new Refused('amount-too-large')
    return Amount.make(value)
  }
  /** A sum of converted amounts, kept within one command's bound. */
  const sumOf = (values: readonly number[]): AmountValue => {
    const total = values.reduce((sum, value) => sum + value, 0)
    if (Math.abs(total) > MAX_AMOUNT) throw new Refused('amount-too-large')
    return Amount.make(total)
  }

  // ---- Groups and categories ----
  const commands: OpenBudgetCommandDraft[] = []
  const hiddenCommands: OpenBudgetCommandDraft[] = []
  const groupIds = new Map<string, CategoryGroupId>()
  for (const group of rows.categoryGroups.filter((group) => !group.tombstone).sort(byOrder)) {
    const categoryGroupId = CategoryGroupId.make(mint('group'))
    groupIds.set(group.id, categoryGroupId)
    commands.push({ _tag: 'CreateCategoryGroup', categoryGroupId, name: nameOf(group.name) })
    if (group.hidden) hiddenCommands.push({ _tag: 'SetCategoryGroupHidden', categoryGroupId, hidden: true })
  }
  const groupOrder = new Map([...groupIds.keys()].map((id, index) => [id, index]))
  const categoryIds = new Map<string, { readonly id: CategoryId; readonly income: boolean }>()
  const liveCategories = rows.categories
    .filter((category) => !category.tombstone)
    .sort(
      (a, b) =>
        (groupOrder.get(a.groupId ?? '') ?? Number.POSITIVE_INFINITY) -
          (groupOrder.get(b.groupId ?? '') ?? Number.POSITIVE_INFINITY) || byOrder(a, b),
    )
  let incomeCategories = 0
  let hiddenCategories = 0
  const hiddenGroups = hiddenCommands.length
  for (const category of liveCategories) {
    const categoryGroupId = groupIds.get(category.groupId ?? '')
    if (categoryGroupId === undefined) {
      count('category-without-group')
      continue
    }
    const categoryId = CategoryId.make(mint('category'))
    // An Income-type group makes its categories income too (Actual's `is_income` sits on both).
    const income =
      category.isIncome || rows.categoryGroups.some((g) => g.id === category.groupId && g.isIncome)
    categoryIds.set(category.id, { id: categoryId, income })
    if (income) incomeCategories += 1
    commands.push({
      _tag: 'CreateCategory',
      categoryId,
      categoryGroupId,
      name: nameOf(category.name),
      type: income ? 'Income' : 'Expense',
    })
    if (category.hidden) {
      hiddenCategories += 1
      hiddenCommands.push({ _tag: 'SetCategoryHidden', categoryId, hidden: true })
    }
  }
  mapped.push({ code: 'category-groups', params: { count: groupIds.size } })
  mapped.push({ code: 'categories', params: { count: categoryIds.size, income: incomeCategories } })
  if (hiddenCategories + hiddenGroups > 0)
    mapped.push({ code: 'hidden', params: { categories: hiddenCategories, groups: hiddenGroups } })
  const knownCategory = new Set(rows.categories.map((category) => category.id))
  /** A transaction's category after Actual's merges; null is Uncategorized. */
  const categoryOf = (id: string | null) => {
    if (id === null) return null
    const target = rows.categoryMapping.get(id) ?? id
    const category = categoryIds.get(target)
    if (category === undefined && knownCategory.has(target)) count('category-deleted')
    return category?.id ?? null
  }

  // ---- Accounts ----
  const liveAccounts = rows.accounts.filter((account) => !account.tombstone).sort(byOrder)
  const onBudget = new Map<string, { readonly id: BankAccountId; readonly account: ActualAccount }>()
  const offBudget = new Map<string, ActualAccount>()
  for (const account of liveAccounts) {
    if (account.offbudget) offBudget.set(account.id, account)
    else onBudget.set(account.id, { id: BankAccountId.make(mint('account')), account })
    const accountCurrency = account.currency?.trim().toUpperCase() ?? ''
    if (!account.offbudget && accountCurrency !== '' && accountCurrency !== currency)
      approximated.push({
        code: 'account-currency',
        params: { account: nameOf(account.name), currency: singleLine(accountCurrency, 20) },
      })
  }

  // ---- Transactions: what is alive, and where ----
  const live = rows.transactions.filter((row) => !row.tombstone)
  const byId = new Map(live.map((row) => [row.id, row]))
  const childrenOf = new Map<string, ActualTransaction[]>()
  for (const row of live) {
    if (!row.isChild || row.parentId === null) continue
    const siblings = childrenOf.get(row.parentId) ?? []
    siblings.push(row)
    childrenOf.set(row.parentId, siblings)
  }
  /** A child counts only while its parent lives (Actual's views drop orphans). */
  const alive = (row: ActualTransaction) =>
    !row.isChild || (row.parentId !== null && byId.get(row.parentId)?.isParent === true)
  const dates = new Map<string, IsoDate>()
  const offBudgetRows = new Map<string, number>()
  const rowsInOrder: ActualTransaction[] = []
  for (const row of live) {
    // A split's parts follow their parent, below.
    if (row.isChild) continue
    const accountId = row.accountId ?? ''
    if (offBudget.has(accountId)) {
      offBudgetRows.set(accountId, (offBudgetRows.get(accountId) ?? 0) + 1)
      continue
    }
    if (!onBudget.has(accountId)) {
      count('transaction-without-account')
      continue
    }
    const date = actualDate(row.date)
    if (date === null) {
      count('invalid-date')
      continue
    }
    dates.set(row.id, date)
    rowsInOrder.push(row)
  }
  // A split's parts take their parent's date and account (Actual keeps them equal).
  for (const row of live) {
    if (!row.isChild || !alive(row)) continue
    const parent = byId.get(row.parentId ?? '')
    const parentDate = dates.get(row.parentId ?? '')
    if (parent === undefined || parentDate === undefined || parent.accountId !== row.accountId) continue
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

  // ---- Opening balances ----
  const openings = new Map<string, ActualTransaction>()
  for (const row of rowsInOrder) {
    if (!row.startingBalance || row.isParent || row.isChild || row.transferredId !== null) continue
    const accountId = row.accountId ?? ''
    if (!openings.has(accountId)) openings.set(accountId, row)
  }
  const usedAsOpening = new Set([...openings.values()].map((row) => row.id))

  // ---- Transfers ----
  /** Rows that are one side of a transfer between two on-budget accounts, each mapped to its other side. */
  const pairs = new Map<string, ActualTransaction>()
  for (const row of rowsInOrder) {
    if (row.transferredId === null || row.isParent || usedAsOpening.has(row.id)) continue
    const other = byId.get(row.transferredId)
    if (other !== undefined && offBudget.has(other.accountId ?? '')) {
      count('offbudget-transfer')
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
    if (!paired) {
      count('transfer-unpaired')
      continue
    }
    pairs.set(row.id, other)
  }

  // ---- Names of payees ----
  const payees = new Map(rows.payees.map((payee) => [payee.id, payee]))
  const accountNames = new Map(rows.accounts.map((account) => [account.id, account.name]))
  const payeeOf = (row: ActualTransaction) => {
    if (row.payeeId === null) return ''
    const payee = payees.get(rows.payeeMapping.get(row.payeeId) ?? row.payeeId)
    if (payee === undefined) return ''
    const name =
      payee.transferAccountId !== null
        ? (accountNames.get(payee.transferAccountId) ?? payee.name)
        : payee.name
    return singleLine(name, TEXT_MAX)
  }

  // ---- Items ----
  const items: ImportItem[] = []
  const balances = new Map<string, number>()
  const addTo = (accountId: string, value: number) =>
    balances.set(accountId, (balances.get(accountId) ?? 0) + value)
  let transfers = 0
  let splits = 0
  const accountOf = (row: ActualTransaction) => {
    const account = onBudget.get(row.accountId ?? '')
    if (account === undefined) throw new Error(`no account for ${row.id}`)
    return account.id
  }
  const addTransaction = (
    row: ActualTransaction,
    value: AmountValue,
    parts: readonly SplitInput[],
    payee: string,
    memo: string | undefined,
  ) => {
    const cleared = row.cleared || row.reconciled
    if (row.reconciled) count('reconciled')
    items.push({
      _tag: 'AddTransaction',
      transactionId: TransactionId.make(mint('transaction')),
      bankAccountId: accountOf(row),
      date: dateOf(row),
      payee,
      ...(memo === undefined ? {} : { memo }),
      value,
      splits: parts,
      cleared,
    })
    addTo(row.accountId ?? '', value)
  }

  for (const row of rowsInOrder) {
    if (usedAsOpening.has(row.id)) continue
    const other = pairs.get(row.id)
    if (other !== undefined) {
      // Once per pair, from its outflow side (the first id of a zero pair, which is left out).
      if (row.amount > 0 || (row.amount === 0 && row.id > other.id)) continue
      if (row.amount === 0) {
        count('zero-transfer')
        continue
      }
      const value = minorOf(-row.amount)
      if (row.isChild || other.isChild) count('split-transfer')
      if (row.cleared || other.cleared) count('transfer-cleared')
      if (dateOf(row) !== dateOf(other)) count('transfer-date')
      const memo = memoOf(row.notes) ?? memoOf(other.notes)
      items.push({
        _tag: 'AddTransfer',
        transferId: TransferId.make(mint('transfer')),
        outflowTransactionId: TransactionId.make(mint('transaction')),
        inflowTransactionId: TransactionId.make(mint('transaction')),
        fromBankAccountId: accountOf(row),
        toBankAccountId: accountOf(other),
        date: dateOf(row),
        value,
        ...(memo === undefined ? {} : { memo }),
      })
      addTo(row.accountId ?? '', -value)
      addTo(other.accountId ?? '', value)
      transfers += 1
      continue
    }
    if (row.isChild) continue
    const payee = payeeOf(row)
    const memo = memoOf(row.notes)
    if (!row.isParent) {
      const categoryId = categoryOf(row.categoryId)
      const value = minorOf(row.amount)
      addTransaction(row, value, categoryId === null ? [] : [{ categoryId, value }], payee, memo)
      continue
    }
    const children = (childrenOf.get(row.id) ?? []).filter((child) => included.has(child.id))
    if (children.length === 0) {
      count('empty-split')
      continue
    }
    if (children.reduce((sum, child) => sum + child.amount, 0) !== row.amount) count('split-sum-mismatch')
    const parts = children.filter((child) => !pairs.has(child.id))
    const categorized: SplitInput[] = []
    const uncategorized: number[] = []
    for (const part of parts) {
      const categoryId = categoryOf(part.categoryId)
      if (categoryId === null) uncategorized.push(minorOf(part.amount))
      else categorized.push({ categoryId, value: minorOf(part.amount) })
    }
    if (categorized.length > 0) {
      splits += 1
      addTransaction(row, sumOf(categorized.map((part) => part.value)), categorized, payee, memo)
    }
    if (uncategorized.length > 0) {
      if (categorized.length > 0) count('split-uncategorized')
      addTransaction(row, sumOf(uncategorized), [], payee, memo)
    }
  }

  // ---- Accounts, opened with their opening balances, and closed once their transactions are in ----
  const knownDates = [...dates.values()].sort()
  const firstBudgetMonth = [...rows.envelopeBudgets, ...rows.trackingBudgets]
    .map((budget) => String(budget.month))
    .filter(isPeriodKey)
    .sort()[0]
  const fallbackDate: IsoDate =
    knownDates[0] ??
    (firstBudgetMonth === undefined
      ? IsoDate.make('2000-01-01')
      : IsoDate.make(`${firstBudgetMonth.slice(0, 4)}-${firstBudgetMonth.slice(4)}-01`))
  const firstDates = new Map<string, IsoDate>()
  for (const row of rowsInOrder) {
    if (!firstDates.has(row.accountId ?? '')) firstDates.set(row.accountId ?? '', dateOf(row))
  }
  const openCommands: OpenBudgetCommandDraft[] = []
  const closeCommands: OpenBudgetCommandDraft[] = []
  let closed = 0
  for (const [accountId, { id, account }] of onBudget) {
    const opening = openings.get(accountId)
    const balance = opening === undefined ? Amount.make(0) : minorOf(opening.amount)
    const name = nameOf(account.name)
    openCommands.push({
      _tag: 'OpenBankAccount',
      bankAccountId: id,
      name,
      type: 'unconnected',
      balance,
      date: opening === undefined ? (firstDates.get(accountId) ?? fallbackDate) : dateOf(opening),
    })
    if (!account.closed) continue
    const finalBalance = balance + (balances.get(accountId) ?? 0)
    if (finalBalance === 0) {
      closed += 1
      closeCommands.push({ _tag: 'CloseBankAccount', bankAccountId: id })
    } else
      approximated.push({ code: 'closed-account-open', params: { account: name, balance: finalBalance } })
  }
  mapped.push({ code: 'accounts', params: { count: onBudget.size, closed, openingBalances: openings.size } })
  for (const [accountId, account] of offBudget)
    leftOut.push({
      code: 'offbudget-account',
      params: { account: nameOf(account.name), transactions: offBudgetRows.get(accountId) ?? 0 },
    })
  mapped.push({
    code: 'transactions',
    params: { count: items.length - transfers, transfers, splits },
  })

  // ---- Budgeted amounts ----
  const tracking = rows.budgetType === 'tracking'
  if (tracking) approximated.push({ code: 'tracking-budget', params: {} })
  const assigned = new Map<string, { periodKey: PeriodKey; categoryId: CategoryId; hundredths: number }>()
  const rollover = new Set<string>()
  for (const budget of tracking ? rows.trackingBudgets : rows.envelopeBudgets) {
    if (budget.amount === 0) continue
    const month = String(budget.month)
    const category = categoryIds.get(rows.categoryMapping.get(budget.categoryId) ?? budget.categoryId)
    if (!isPeriodKey(month) || category === undefined) {
      count('budget-category-missing')
      continue
    }
    if (category.income) {
      count('income-budget')
      continue
    }
    if (budget.carryover) rollover.add(category.id)
    const key = `${month}/${category.id}`
    const before = assigned.get(key)
    assigned.set(key, {
      periodKey: PeriodKey.make(month),
      categoryId: category.id,
      hundredths: (before?.hundredths ?? 0) + budget.amount,
    })
  }
  const assignCommands: OpenBudgetCommandDraft[] = []
  for (const { periodKey, categoryId, hundredths } of [...assigned.values()].sort((a, b) =>
    a.periodKey < b.periodKey ? -1 : a.periodKey > b.periodKey ? 1 : 0,
  )) {
    const value = minorOf(hundredths)
    if (value !== 0) assignCommands.push({ _tag: 'SetAssigned', periodKey, categoryId, value })
  }
  mapped.push({
    code: 'assigned',
    params: {
      count: assignCommands.length,
      months: new Set([...assigned.values()].map((entry) => entry.periodKey)).size,
    },
  })
  if (rollover.size > 0)
    approximated.push({ code: 'rollover-overspending', params: { categories: rollover.size } })
  if (rows.heldMonths > 0) approximated.push({ code: 'held-money', params: { months: rows.heldMonths } })

  // ---- What Koperta has no place for ----
  if (rows.schedules > 0) leftOut.push({ code: 'schedules', params: { count: rows.schedules } })
  if (rows.rules > 0) leftOut.push({ code: 'rules', params: { count: rows.rules } })
  if (rows.notes > 0) leftOut.push({ code: 'notes', params: { count: rows.notes } })

  const budgetName = rows.budgetName === null ? '' : singleLine(rows.budgetName, NAME_MAX)
  for (const [counter, value] of counts) {
    const entry = { code: counter, params: { count: value } }
    if (counterList[counter] === 'approximated') approximated.push(entry)
    else leftOut.push(entry)
  }

  const report: BudgetImportReport = { mapped, approximated, leftOut }
  return {
    ok: true,
    name: budgetName === '' ? null : budgetName,
    currency,
    commands: [
      ...commands,
      ...openCommands,
      ...(items.length > 0 ? [{ _tag: 'ImportTransactions', items } satisfies OpenBudgetCommandDraft] : []),
      ...closeCommands,
      ...assignCommands,
      ...hiddenCommands,
    ],
    report,
  }
}
