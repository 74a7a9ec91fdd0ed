import type { ImportableCommandDraft, SplitInput } from '../../schemas/budgetCommands.ts'
import { BankAccountId, CategoryGroupId, CategoryId, TransactionId, TransferId } from '../../schemas/ids.ts'
import {
  type CurrencyCode,
  IsoDate,
  isIsoDate,
  isPeriodKey,
  type Minor,
  PeriodKey,
} from '../../schemas/money.ts'
import { currencyExponent, isKnownCurrency } from '../currency.ts'
import { scheduleTemplates } from './actualSchedules.ts'
import type { ActualAccount, ActualRows, ActualTransaction } from './actualTypes.ts'
import {
  amountConverter,
  type BudgetConversion,
  boundedAmount,
  type ImportContext,
  moneyCommands,
  type PlannedAccount,
  type PlannedSide,
  type PlannedStatus,
  type PlannedTransaction,
  type PlannedTransfer,
  refusedAsValue,
} from './plan.ts'
import { reportBuilder } from './report.ts'
import { oneLine, textCleaner } from './text.ts'

// Actual Budget's rows → the commands that rebuild its budget in Koperta (issue 28 §3). Pure: ids come from the
// context's `mint`.
//
// How Actual's model maps (its schema: packages/loot-core/src/server/sql/init.sql and packages/loot-core/migrations/
// in actualbudget/actual; the views of 1614782639336_trans_views2 say how its rows are read):
// - Amounts are hundredths in every currency; they become the budget currency's minor units (exact for exponents
//   ≥ 2, rounded half away from zero below, and reported). Actual names no currency before 2025's
//   `defaultCurrencyCode`: then the target budget's own is kept, and reported.
// - A starting-balance transaction (`starting_balance_flag`) becomes the account's opening balance, which Koperta
//   counts as income, as Actual counts it in "To Budget" through its Starting Balances income category.
// - Income categories stay Income categories: their inflows are Ready to Assign (Actual's "To Budget").
// - Off-budget accounts are left out: Koperta has no tracking accounts yet. A transfer between an on-budget and an
//   off-budget account carries a category in Actual, so its on-budget side is kept as an ordinary transaction, and
//   every on-budget balance and month stays as in Actual.
// - A split's parent holds the total and its children the parts; Actual's balances add the children, so do we. A
//   child that is a transfer becomes a transfer of its own (a Koperta transfer has no category).
// - Reconciled transactions end reconciled, cleared ones cleared, transfer sides included (the order of commands
//   is plan.ts's `moneyCommands`); budgeted amounts become SetAssigned per month and category; hidden stays hidden. Balances come from the
//   transactions, never from a cached column.

/** What an empty name becomes: a name is required, and a dash says "none" in every language. */
const NO_NAME = '—'
/** The name of a budget whose file names none: the program it came from. */
const UNNAMED_BUDGET = 'Actual Budget'

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

/**
 * Actual's rows as the commands that rebuild the budget in an empty Koperta budget, with the report; or why the
 * whole file is refused (an amount past the safe integers or past one amount's bound).
 */
export const convertActual = (rows: ActualRows, context: ImportContext): BudgetConversion =>
  refusedAsValue(() => convert(rows, context))

const convert = (rows: ActualRows, { mint, target }: ImportContext): BudgetConversion => {
  const report = reportBuilder()
  const { mapped, approximated, leftOut } = report
  const clean = textCleaner(report)
  const nameOf = (text: string) => clean.name(text, NO_NAME)

  // ---- Currency and amounts ----
  const fileCurrency = rows.currency?.trim().toUpperCase() ?? ''
  const currency: CurrencyCode = isKnownCurrency(fileCurrency) ? fileCurrency : target.currency
  if (fileCurrency === '') approximated('currency-assumed', 1, { currency })
  else if (!isKnownCurrency(fileCurrency))
    approximated('currency-unknown', 1, { currency, fileCurrency: oneLine(fileCurrency, 20) })
  // Hundredths in every currency; every known currency has an exponent.
  const minorOf = amountConverter(2, currencyExponent(currency) ?? 2, report)
  const sumOf = (values: readonly number[]): Minor =>
    boundedAmount(values.reduce((sum, value) => sum + value, 0))

  // ---- Groups and categories ----
  const structure: ImportableCommandDraft[] = []
  const hiding: ImportableCommandDraft[] = []
  const groupIds = new Map<string, CategoryGroupId>()
  const incomeGroups = new Set(rows.categoryGroups.filter((group) => group.isIncome).map((group) => group.id))
  const deletedGroups = rows.categoryGroups.filter((group) => group.tombstone).length
  for (const group of rows.categoryGroups.filter((group) => !group.tombstone).sort(byOrder)) {
    const categoryGroupId = CategoryGroupId.make(mint())
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
    const categoryId = CategoryId.make(mint())
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
    const merged = rows.categoryMapping.get(id) ?? id
    const category = categoryIds.get(merged)
    if (category === undefined && deletedCategoryIds.has(merged)) movedToUncategorized += 1
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
    onBudget.set(account.id, { id: BankAccountId.make(mint()), account })
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
    return clean.payee(
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
  // Actual has no drafts: every transaction is a regular one, cleared or reconciled as it was.
  const statusOf = (row: ActualTransaction): PlannedStatus => ({
    kind: 'Regular',
    cleared: row.cleared,
    reconciled: row.reconciled,
  })
  const transactions: PlannedTransaction[] = []
  const transfers: PlannedTransfer[] = []
  const plan = (row: ActualTransaction, value: Minor, splits: readonly SplitInput[], payee: string) => {
    transactions.push({
      id: TransactionId.make(mint()),
      accountId: accountOf(row),
      date: dateOf(row),
      payee,
      memo: clean.memo(row.notes),
      value,
      splits,
      ...statusOf(row),
    })
    mapped('transactions')
  }
  const sideOf = (row: ActualTransaction): PlannedSide => ({
    transactionId: TransactionId.make(mint()),
    accountId: accountOf(row),
    ...statusOf(row),
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
      transfers.push({
        id: TransferId.make(mint()),
        date: dateOf(row),
        value,
        memo: clean.memo(row.notes) || clean.memo(other.notes),
        from: sideOf(row),
        to: sideOf(other),
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
      if (categorized.length > 1) mapped('splitTransactions')
    }
    if (uncategorized.length > 0) {
      if (categorized.length > 0) approximated('split-uncategorized-part')
      plan(row, sumOf(uncategorized), [], payee)
    }
  }
  // A deleted group counts as deleted categories too; their transactions went to Uncategorized.
  leftOut('deleted-categories', deletedGroups + deletedCategories.length, { moved: movedToUncategorized })
  if (offBudget.size > 0) {
    leftOut('tracking-accounts', offBudget.size, {
      accounts: [...offBudget.values()].map((a) => nameOf(a.name)).join(', '),
    })
    leftOut('tracking-transactions', offBudgetRows)
  }

  // ---- Accounts, with their opening balances; closed ones close when their money is gone ----
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
  const balances = new Map<BankAccountId, number>()
  const addTo = (accountId: BankAccountId, value: number) =>
    balances.set(accountId, (balances.get(accountId) ?? 0) + value)
  for (const { accountId, value } of transactions) addTo(accountId, value)
  for (const { value, from, to } of transfers) {
    addTo(from.accountId, -value)
    addTo(to.accountId, value)
  }
  const accounts: PlannedAccount[] = []
  for (const [accountKey, { id, account }] of onBudget) {
    const start = openings.get(accountKey)
    const openingBalance = start === undefined ? minorOf(0) : minorOf(start.amount)
    const name = nameOf(account.name)
    const holdsMoney = openingBalance + (balances.get(id) ?? 0) !== 0
    if (account.closed && holdsMoney) approximated('closed-account-not-zero', 1, { account: name })
    if (account.closed && !holdsMoney) mapped('closedAccounts')
    accounts.push({
      id,
      name,
      type: 'unconnected',
      openingBalance,
      openingDate: start === undefined ? (firstDates.get(accountKey) ?? fallbackDate) : dateOf(start),
      closed: account.closed && !holdsMoney,
      lastReconciledAt: null,
    })
    mapped('accounts')
  }
  const reconciledAccounts = new Set([
    ...transactions.filter((t) => t.reconciled).map((t) => t.accountId),
    ...transfers.flatMap(({ from, to }) =>
      [from, to].filter((side) => side.reconciled).map((s) => s.accountId),
    ),
  ])
  mapped('reconciledAccounts', reconciledAccounts.size)
  // ---- Schedules: templates after the transactions (none completes an occurrence), before the closings ----
  const templates = scheduleTemplates(rows.schedules, {
    mint,
    minorOf,
    report,
    accountOf: (id) => {
      const found = onBudget.get(id)
      return found === undefined || found.account.closed ? undefined : found.id
    },
    payeeOf: (id) => {
      const payee = payees.get(rows.payeeMapping.get(id) ?? id)
      if (payee === undefined) return { name: '', transferAccountId: null }
      return {
        name: clean.payee(
          payee.transferAccountId === null
            ? payee.name
            : (accountNames.get(payee.transferAccountId) ?? payee.name),
        ),
        transferAccountId: payee.transferAccountId,
      }
    },
    categoryOf: (id) => categoryIds.get(rows.categoryMapping.get(id) ?? id)?.id ?? null,
    nextDateOf: (schedule) => actualDate(schedule.nextDate),
  })
  const money = moneyCommands({ accounts, transactions, transfers }, mint, templates)

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
  leftOut('payee-rules', rows.rules)
  leftOut('notes', rows.notes)

  const name = clean.name(rows.budgetName, UNNAMED_BUDGET)
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
    report: report.build('actual', name, currency),
  }
}
