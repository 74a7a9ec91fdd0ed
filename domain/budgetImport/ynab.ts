import { maxCadenceMonths, type TargetType, type TransactionKind } from '../../schemas/budget.ts'
import type { ImportableCommandDraft, SplitInput } from '../../schemas/budgetCommands.ts'
import {
  BankAccountId,
  CategoryGroupId,
  CategoryId,
  TargetId,
  TemplateId,
  TransactionId,
  TransferId,
} from '../../schemas/ids.ts'
import { type CurrencyCode, IsoDate, isIsoDate, type Minor, PeriodKey } from '../../schemas/money.ts'
import type { RecurrenceFrequency } from '../../schemas/templates.ts'
import { currencyExponent, isKnownCurrency } from '../currency.ts'
import {
  amountConverter,
  type BudgetConversion,
  type ImportContext,
  moneyCommands,
  type PlannedAccount,
  type PlannedSide,
  type PlannedStatus,
  type PlannedTransaction,
  type PlannedTransfer,
  refusedAsValue,
} from './plan.ts'
import { type ReportBuilder, reportBuilder } from './report.ts'
import { textCleaner } from './text.ts'

// YNAB's full budget export as its API returns it (`GET /budgets/{id}`, now `GET /plans/{id}`: the PlanDetail
// schema of YNAB's OpenAPI document, snake_case, amounts in milliunits) into the commands that rebuild it.
// docs/formats/ynab.md says what maps to what; the report says what was approximated or left out.

type Raw = Readonly<Record<string, unknown>>

const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const looksLikeBudget = (value: unknown): value is Raw =>
  isRecord(value) &&
  value.format === undefined &&
  Array.isArray(value.accounts) &&
  (Array.isArray(value.category_groups) || Array.isArray(value.categories)) &&
  Array.isArray(value.transactions)

/** The budget inside `{"budget": …}`, `{"data": {"budget": …}}`, `{"data": {"plan": …}}`, or the bare budget. */
export const ynabBudgetOf = (value: unknown): Raw | undefined => {
  if (!isRecord(value)) return undefined
  const data = isRecord(value.data) ? value.data : undefined
  return [value.budget, data?.budget, data?.plan, value].find(looksLikeBudget)
}

class InvalidFile extends Error {}

const fail = (why: string): never => {
  throw new InvalidFile(why)
}

// Field readers: YNAB's schema says which fields are required and which nullable; a file that breaks it is invalid.
const records = (value: unknown, what: string): Raw[] =>
  value === undefined || value === null
    ? []
    : Array.isArray(value) && value.every(isRecord)
      ? value
      : fail(`${what} is not a list of objects`)
const text = (raw: Raw, key: string): string =>
  typeof raw[key] === 'string' ? (raw[key] as string) : fail(`${key} is not text`)
const optionalText = (raw: Raw, key: string): string | null =>
  raw[key] === undefined || raw[key] === null ? null : text(raw, key)
const flag = (raw: Raw, key: string): boolean => raw[key] === true
const integer = (raw: Raw, key: string): number =>
  Number.isSafeInteger(raw[key]) ? (raw[key] as number) : fail(`${key} is not a whole number`)
const optionalInteger = (raw: Raw, key: string): number | null =>
  raw[key] === undefined || raw[key] === null ? null : integer(raw, key)
const date = (raw: Raw, key: string): IsoDate => {
  const value = text(raw, key).slice(0, 10)
  return isIsoDate(value) ? IsoDate.make(value) : fail(`${key} is not a date`)
}
const optionalDate = (raw: Raw, key: string): IsoDate | null => {
  if (raw[key] === undefined || raw[key] === null) return null
  return date(raw, key)
}

const STARTING_BALANCE = 'Starting Balance'
const INTERNAL_GROUP = 'Internal Master Category'
const CREDIT_CARD_GROUP = 'Credit Card Payments'

/** What a YNAB category becomes. */
type CategoryFate =
  | { readonly kind: 'income' | 'uncategorized' }
  | { readonly kind: 'category'; readonly id: CategoryId }
  | { readonly kind: 'deleted' }

/**
 * A goal as a target. MF (monthly funding) saves a monthly amount; TB and TBD aim at a balance (by a date); NEED
 * (plan your spending) asks its amount each month, or spreads it towards a due date that may repeat; DEBT pays a
 * monthly amount. YNAB's goal cadence (0 none, 1 monthly, 2 weekly, 13 yearly — times the frequency —, 3–12 every
 * 2–11 months, 14 every 2 years) becomes months.
 */
const targetOf = (
  raw: Raw,
  amountOf: (milli: number) => Minor,
  report: ReportBuilder,
): { type: TargetType; amount: Minor; dueDate?: IsoDate; cadenceMonths?: number } | undefined => {
  const goalType = optionalText(raw, 'goal_type')
  if (goalType === null) return undefined
  const milli = optionalInteger(raw, 'goal_target')
  if (milli === null || milli <= 0) {
    report.leftOut('targets-unsupported')
    return undefined
  }
  let amount = amountOf(milli)
  if (amount <= 0) {
    report.leftOut('targets-unsupported')
    return undefined
  }
  const dueDate = optionalDate(raw, 'goal_target_date') ?? undefined
  const cadence = optionalInteger(raw, 'goal_cadence') ?? 0
  const frequency = Math.max(1, optionalInteger(raw, 'goal_cadence_frequency') ?? 1)
  let months =
    cadence === 1
      ? frequency
      : cadence === 13
        ? 12 * frequency
        : cadence >= 3 && cadence <= 12
          ? cadence - 1
          : cadence === 14
            ? 24
            : 0
  if (months > maxCadenceMonths) {
    report.approximated('target-cadence')
    months = maxCadenceMonths
  }
  switch (goalType) {
    case 'MF':
      return { type: 'SavingsBuilderMonthly', amount }
    case 'TB':
      return { type: 'SavingsBuilder', amount }
    case 'TBD':
      return { type: 'SavingsBuilder', amount, ...(dueDate === undefined ? {} : { dueDate }) }
    case 'DEBT':
      return { type: 'DebtPayment', amount, ...(dueDate === undefined ? {} : { dueDate }) }
    case 'NEED': {
      if (cadence === 2) {
        // Weekly: a month holds 52/12 weeks.
        report.approximated('target-weekly')
        amount = Math.ceil((amount * 52) / 12) as Minor
        return { type: 'NeededForSpendingMonthly', amount }
      }
      if (months === 1 || dueDate === undefined) {
        if (raw.goal_needs_whole_amount === false) report.approximated('target-refill')
        return { type: 'NeededForSpendingMonthly', amount }
      }
      return {
        type: 'NeededForSpendingByDate',
        amount,
        dueDate,
        ...(months > 0 ? { cadenceMonths: months } : {}),
      }
    }
    default:
      report.leftOut('targets-unsupported')
      return undefined
  }
}

/** YNAB's scheduled frequencies as a Koperta rule; `twiceAMonth` is two monthly templates (see below). */
const frequencies: Readonly<Record<string, { frequency: RecurrenceFrequency; interval: number }>> = {
  never: { frequency: 'Once', interval: 1 },
  daily: { frequency: 'Daily', interval: 1 },
  weekly: { frequency: 'Weekly', interval: 1 },
  everyOtherWeek: { frequency: 'Weekly', interval: 2 },
  every4Weeks: { frequency: 'Weekly', interval: 4 },
  twiceAMonth: { frequency: 'Monthly', interval: 1 },
  monthly: { frequency: 'Monthly', interval: 1 },
  everyOtherMonth: { frequency: 'Monthly', interval: 2 },
  every3Months: { frequency: 'Quarterly', interval: 1 },
  every4Months: { frequency: 'Monthly', interval: 4 },
  twiceAYear: { frequency: 'Monthly', interval: 6 },
  yearly: { frequency: 'Yearly', interval: 1 },
  everyOtherYear: { frequency: 'Yearly', interval: 2 },
}

const lastDayOfMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate()

/**
 * The second date of a "twice a month" schedule: 15 days after the first, kept in its month (clamped to the
 * month's last day); when the first is that last day, the 15 days before it fall in the next month instead.
 */
export const twiceAMonthSecond = (first: IsoDate): IsoDate => {
  const [year, month, day] = first.split('-').map(Number) as [number, number, number]
  const last = lastDayOfMonth(year, month)
  const pad = (n: number) => String(n).padStart(2, '0')
  if (day < last) return IsoDate.make(`${year}-${pad(month)}-${pad(Math.min(day + 15, last))}`)
  const nextYear = month === 12 ? year + 1 : year
  const nextMonth = month === 12 ? 1 : month + 1
  return IsoDate.make(`${nextYear}-${pad(nextMonth)}-${pad(day - 15)}`)
}

interface ScheduledContext {
  readonly mint: () => string
  readonly amountOf: (milli: number) => Minor
  readonly report: ReportBuilder
  readonly payeeOf: (raw: Raw) => string
  readonly memoOf: (raw: Raw) => string
  /** The YNAB account's id here (null: a tracking account), undefined for a deleted or unknown one. */
  readonly accountOf: (
    ynabId: string | null,
  ) => { readonly id: BankAccountId | null; readonly closed: boolean } | undefined
  /** The category a YNAB category id became; null: Uncategorized (internal, deleted, none). */
  readonly categoryOf: (ynabId: string | null) => CategoryId | null
  readonly uncategorized: CategoryId
}

/**
 * YNAB's scheduled transactions (not deleted) as templates starting on `date_next`, YNAB's next date not yet
 * entered, so the ones before it make no backlog. A split takes its scheduled subtransactions' categories; a
 * transfer between budget accounts stays a transfer (its outflow side first), one to a tracking account keeps its
 * category (`tracking-transfer`). On a tracking, closed or deleted account, with a transfer part in a split, or of
 * an unknown frequency: left out (`scheduled-transactions`).
 */
const scheduledTemplates = (budget: Raw, context: ScheduledContext): ImportableCommandDraft[] => {
  const { mint, amountOf, report } = context
  const subs = new Map<string, Raw[]>()
  for (const sub of records(budget.scheduled_subtransactions, 'scheduled_subtransactions')) {
    if (flag(sub, 'deleted')) continue
    const parent = text(sub, 'scheduled_transaction_id')
    subs.set(parent, [...(subs.get(parent) ?? []), sub])
  }
  const templates: ImportableCommandDraft[] = []
  let leftOut = 0
  let twiceAMonth = 0
  let trackingTransfers = 0
  for (const raw of records(budget.scheduled_transactions, 'scheduled_transactions')) {
    if (flag(raw, 'deleted')) continue
    const account = context.accountOf(text(raw, 'account_id'))
    const rule = frequencies[optionalText(raw, 'frequency') ?? 'never']
    const start =
      optionalDate(raw, 'date_next') ?? optionalDate(raw, 'date_first') ?? optionalDate(raw, 'date')
    if (account?.id == null || account.closed || rule === undefined || start === null) {
      leftOut += 1
      continue
    }
    let value = amountOf(integer(raw, 'amount'))
    let bankAccountId: BankAccountId = account.id
    let toBankAccountId: BankAccountId | undefined
    let splits: SplitInput[] = []
    const parts = subs.get(text(raw, 'id')) ?? []
    const transferTo = optionalText(raw, 'transfer_account_id')
    const other = transferTo === null ? undefined : context.accountOf(transferTo)
    if (parts.length > 0) {
      if (parts.some((part) => optionalText(part, 'transfer_account_id') !== null)) {
        leftOut += 1
        continue
      }
      const rounded = parts.map((part) => ({
        categoryId: context.categoryOf(optionalText(part, 'category_id')) ?? context.uncategorized,
        value: amountOf(integer(part, 'amount')),
      }))
      // Each part rounded on its own; the largest takes what rounding left, so they sum (as for transactions).
      const difference = value - rounded.reduce((sum, split) => sum + split.value, 0)
      if (difference !== 0) {
        const largest = rounded.reduce((best, split) =>
          Math.abs(split.value) > Math.abs(best.value) ? split : best,
        )
        largest.value = (largest.value + difference) as Minor
      }
      splits = rounded
    } else if (other?.id != null && transferTo !== null) {
      if (other.closed || other.id === account.id || value === 0) {
        leftOut += 1
        continue
      }
      // A template's transfer leaves its own account: an inflow is the other account's outflow.
      if (value < 0) toBankAccountId = other.id
      else {
        bankAccountId = other.id
        toBankAccountId = account.id
        value = -value as Minor
      }
    } else {
      if (transferTo !== null) trackingTransfers += 1
      const categoryId = context.categoryOf(optionalText(raw, 'category_id'))
      if (categoryId !== null) splits = [{ categoryId, value }]
    }
    const memo = context.memoOf(raw)
    const base = {
      _tag: 'CreateTemplate' as const,
      bankAccountId,
      ...(toBankAccountId === undefined ? {} : { toBankAccountId }),
      payee: context.payeeOf(raw),
      ...(memo === '' ? {} : { memo }),
      value,
      splits,
      frequency: rule.frequency,
      ...(rule.interval === 1 ? {} : { interval: rule.interval }),
    }
    const starts =
      optionalText(raw, 'frequency') === 'twiceAMonth' ? [start, twiceAMonthSecond(start)] : [start]
    if (starts.length > 1) twiceAMonth += 1
    for (const startDate of starts)
      templates.push({ ...base, templateId: TemplateId.make(mint()), startDate })
  }
  report.mapped('templates', templates.length)
  report.approximated('template-twice-a-month', twiceAMonth)
  report.approximated('tracking-transfer', trackingTransfers)
  report.leftOut('scheduled-transactions', leftOut)
  return templates
}

export const convertYnab = (value: unknown, context: ImportContext): BudgetConversion => {
  const budget = ynabBudgetOf(value)
  if (budget === undefined) return { ok: false, error: 'unknown-layout' }
  try {
    return refusedAsValue(() => convert(budget, context))
  } catch (error) {
    if (error instanceof InvalidFile) return { ok: false, error: 'invalid' }
    throw error
  }
}

const convert = (budget: Raw, { mint, target }: ImportContext): BudgetConversion => {
  const currencyFormat = isRecord(budget.currency_format) ? budget.currency_format : undefined
  const isoCode = currencyFormat === undefined ? null : optionalText(currencyFormat, 'iso_code')
  const currency: CurrencyCode | string = isoCode ?? target.currency
  if (!isKnownCurrency(currency)) return { ok: false, error: 'unknown-currency' }
  const report = reportBuilder()
  const clean = textCleaner(report)
  // Milliunits: 1000 is 1.00.
  const amountOf = amountConverter(3, currencyExponent(currency) ?? 2, report)
  const name = clean.name(optionalText(budget, 'name'), 'YNAB')
  const commands: ImportableCommandDraft[] = [
    { _tag: 'RenameBudget', name },
    { _tag: 'ChangeCurrency', currency },
  ]
  let notes = 0

  // Category groups and categories. The internal group's "Inflow: Ready to Assign" is the income destination, its
  // "Uncategorized" ours; deleted ones are left out and their transactions go to Uncategorized.
  const groups = records(budget.category_groups, 'category_groups')
  const internalGroups = new Set<string>()
  const deletedGroups = new Set<string>()
  const groupIds = new Map<string, CategoryGroupId>()
  const creditCardGroups = new Set<string>()
  for (const group of groups) {
    const id = text(group, 'id')
    const groupName = text(group, 'name')
    if (flag(group, 'internal') || groupName === INTERNAL_GROUP) {
      internalGroups.add(id)
      continue
    }
    if (flag(group, 'deleted')) {
      deletedGroups.add(id)
      continue
    }
    const categoryGroupId = CategoryGroupId.make(mint())
    groupIds.set(id, categoryGroupId)
    commands.push({ _tag: 'CreateCategoryGroup', categoryGroupId, name: clean.name(groupName, '—') })
    if (flag(group, 'hidden'))
      commands.push({ _tag: 'SetCategoryGroupHidden', categoryGroupId, hidden: true })
    report.mapped('categoryGroups')
    if (groupName === CREDIT_CARD_GROUP) creditCardGroups.add(id)
  }
  const fates = new Map<string, CategoryFate>()
  const targets: ImportableCommandDraft[] = []
  let deletedCategories = 0
  let creditCardCategories = 0
  for (const category of records(budget.categories, 'categories')) {
    const id = text(category, 'id')
    const groupId = text(category, 'category_group_id')
    const categoryName = text(category, 'name')
    if (internalGroups.has(groupId) || flag(category, 'internal')) {
      fates.set(id, {
        kind:
          categoryName.startsWith('Inflow:') || categoryName === 'To be Budgeted'
            ? 'income'
            : 'uncategorized',
      })
      continue
    }
    const categoryGroupId = groupIds.get(groupId)
    if (flag(category, 'deleted') || categoryGroupId === undefined) {
      fates.set(id, { kind: 'deleted' })
      deletedCategories += 1
      continue
    }
    const categoryId = CategoryId.make(mint())
    fates.set(id, { kind: 'category', id: categoryId })
    commands.push({
      _tag: 'CreateCategory',
      categoryId,
      categoryGroupId,
      name: clean.name(categoryName, '—'),
      type: 'Expense',
    })
    report.mapped('categories')
    if (flag(category, 'hidden')) {
      commands.push({ _tag: 'SetCategoryHidden', categoryId, hidden: true })
      report.mapped('hiddenCategories')
    }
    if (optionalText(category, 'note')) notes += 1
    if (creditCardGroups.has(groupId)) creditCardCategories += 1
    const goal = targetOf(category, amountOf, report)
    if (goal !== undefined) {
      targets.push({ _tag: 'SetTarget', targetId: TargetId.make(mint()), categoryId, ...goal })
      report.mapped('targets')
    }
  }
  report.approximated('credit-card-payments', creditCardCategories)
  let movedFromDeleted = 0
  const categoryOf = (ynabId: string | null): CategoryId | null => {
    if (ynabId === null) return null
    const fate = fates.get(ynabId) ?? { kind: 'deleted' as const }
    switch (fate.kind) {
      case 'income':
        return target.incomeCategoryId
      case 'uncategorized':
        return null
      case 'deleted':
        movedFromDeleted += 1
        return null
      case 'category':
        return fate.id
    }
  }

  // Accounts: on-budget ones are opened; tracking (off-budget) ones are left out (they arrive with loans), and a
  // transfer to one becomes an ordinary transaction of the budget account, with the category YNAB gave it.
  type AccountInfo = {
    readonly id: BankAccountId | null
    readonly name: string
    readonly closed: boolean
    readonly lastReconciledAt: IsoDate | null
  }
  const accounts = new Map<string, AccountInfo>()
  const order: string[] = []
  let trackingAccounts = 0
  let deletedAccounts = 0
  for (const account of records(budget.accounts, 'accounts')) {
    const id = text(account, 'id')
    if (flag(account, 'deleted')) {
      deletedAccounts += 1
      continue
    }
    if (optionalText(account, 'note')) notes += 1
    const onBudget = account.on_budget !== false
    if (!onBudget) trackingAccounts += 1
    else order.push(id)
    accounts.set(id, {
      id: onBudget ? BankAccountId.make(mint()) : null,
      name: clean.name(text(account, 'name'), '—'),
      closed: flag(account, 'closed'),
      lastReconciledAt: optionalDate(account, 'last_reconciled_at'),
    })
  }
  report.leftOut('tracking-accounts', trackingAccounts)
  report.leftOut('deleted-accounts', deletedAccounts)

  const payees = new Map<string, string>()
  // A transfer payee is YNAB's English "Transfer : <account>"; where one stays an ordinary transaction (to a tracking
  // account) the account's name says it in any language.
  for (const payee of records(budget.payees, 'payees'))
    payees.set(text(payee, 'id'), text(payee, 'name').replace(/^Transfer : /u, ''))

  const subtransactions = new Map<string, Raw[]>()
  const subtransactionIds = new Set<string>()
  for (const sub of records(budget.subtransactions, 'subtransactions')) {
    if (flag(sub, 'deleted')) continue
    const parent = text(sub, 'transaction_id')
    subtransactions.set(parent, [...(subtransactions.get(parent) ?? []), sub])
    subtransactionIds.add(text(sub, 'id'))
  }
  const all = records(budget.transactions, 'transactions')
  const byId = new Map<string, Raw>()
  for (const transaction of all) {
    if (!flag(transaction, 'deleted')) byId.set(text(transaction, 'id'), transaction)
  }
  // Transactions on the far side of a split's transfer part: that part makes the transfer, they make nothing.
  const takenBySplits = new Set<string>()
  for (const subs of subtransactions.values())
    for (const sub of subs) {
      const other = optionalText(sub, 'transfer_transaction_id')
      if (other !== null && optionalText(sub, 'transfer_account_id') !== null) takenBySplits.add(other)
    }

  const statusOf = (raw: Raw | undefined): PlannedStatus => {
    const cleared = raw === undefined ? 'uncleared' : text(raw, 'cleared')
    const kind: TransactionKind = raw !== undefined && raw.approved === false ? 'Draft' : 'Regular'
    return {
      kind,
      cleared: cleared === 'cleared' || cleared === 'reconciled',
      reconciled: cleared === 'reconciled',
    }
  }
  const payeeOf = (raw: Raw) => {
    const id = optionalText(raw, 'payee_id')
    return clean.payee((id === null ? undefined : payees.get(id)) ?? optionalText(raw, 'payee_name'))
  }

  const opening = new Map<string, { readonly balance: Minor; readonly date: IsoDate }>()
  const earliest = new Map<string, IsoDate>()
  const balances = new Map<string, number>()
  const transactions: PlannedTransaction[] = []
  const transfers: PlannedTransfer[] = []
  const paired = new Set<string>()
  let deletedTransactions = 0
  let trackingTransactions = 0
  let flags = 0
  let splitTransfers = 0
  let unpaired = 0
  let trackingTransfers = 0
  let splitTransactions = 0

  const note = (accountId: string, when: IsoDate, value: number) => {
    const first = earliest.get(accountId)
    if (first === undefined || when < first) earliest.set(accountId, when)
    balances.set(accountId, (balances.get(accountId) ?? 0) + value)
  }
  const addTransaction = (raw: Raw, accountId: string, value: Minor, splits: SplitInput[]) => {
    const when = date(raw, 'date')
    note(accountId, when, value)
    transactions.push({
      id: TransactionId.make(mint()),
      accountId: onBudgetId(accountId),
      date: when,
      payee: payeeOf(raw),
      memo: clean.memo(optionalText(raw, 'memo')),
      value,
      splits,
      ...statusOf(raw),
    })
  }
  const onBudgetId = (accountId: string): BankAccountId =>
    accounts.get(accountId)?.id ?? fail(`account ${accountId} is not a budget account`)
  const side = (accountId: string, raw: Raw | undefined): PlannedSide => ({
    transactionId: TransactionId.make(mint()),
    accountId: onBudgetId(accountId),
    ...statusOf(raw),
  })
  const addTransfer = (
    fromAccount: string,
    toAccount: string,
    fromRaw: Raw | undefined,
    toRaw: Raw | undefined,
    value: Minor,
    when: IsoDate,
    memo: string,
  ) => {
    note(fromAccount, when, -value)
    note(toAccount, when, value)
    transfers.push({
      id: TransferId.make(mint()),
      date: when,
      value,
      memo,
      from: side(fromAccount, fromRaw),
      to: side(toAccount, toRaw),
    })
  }
  const isOnBudget = (accountId: string | null) =>
    accountId !== null && (accounts.get(accountId)?.id ?? null) !== null
  const single = (categoryId: CategoryId | null, value: Minor): SplitInput[] =>
    categoryId === null ? [] : [{ categoryId, value }]

  for (const raw of all) {
    if (flag(raw, 'deleted')) {
      deletedTransactions += 1
      continue
    }
    const id = text(raw, 'id')
    const accountId = text(raw, 'account_id')
    const when = date(raw, 'date')
    const value = amountOf(integer(raw, 'amount'))
    if (!isOnBudget(accountId)) {
      // A tracking account's own transactions; its transfers with budget accounts come from their side.
      const other = optionalText(raw, 'transfer_account_id')
      if (accounts.has(accountId) && !isOnBudget(other)) trackingTransactions += 1
      continue
    }
    const flagColor = optionalText(raw, 'flag_color')
    if (flagColor !== null && flagColor !== '') flags += 1
    const transferAccount = optionalText(raw, 'transfer_account_id')
    const subs = subtransactions.get(id) ?? []
    if (subs.length > 0) {
      // A split: its category parts stay one transaction; each transfer part becomes a transfer of its own.
      const parts: { categoryId: CategoryId | null; milli: number }[] = []
      let transferred = 0
      for (const sub of subs) {
        const milli = integer(sub, 'amount')
        const other = optionalText(sub, 'transfer_account_id')
        if (other !== null && isOnBudget(other) && other !== accountId) {
          const part = amountOf(milli)
          const counterpart = byId.get(optionalText(sub, 'transfer_transaction_id') ?? '')
          const memo = clean.memo(optionalText(sub, 'memo') ?? optionalText(raw, 'memo'))
          if (part < 0) addTransfer(accountId, other, raw, counterpart, -part as Minor, when, memo)
          else if (part > 0) addTransfer(other, accountId, counterpart, raw, part, when, memo)
          transferred += part
          splitTransfers += 1
          continue
        }
        if (other !== null && !isOnBudget(other)) trackingTransfers += 1
        parts.push({ categoryId: categoryOf(optionalText(sub, 'category_id')), milli })
      }
      const rest = (value - transferred) as Minor
      if (parts.length === 0) {
        if (rest !== 0) addTransaction(raw, accountId, rest, [])
        continue
      }
      // Each part rounded on its own; any difference the rounding left goes to the largest part, so they sum.
      const splits = parts.map((part) => ({
        categoryId: part.categoryId ?? target.uncategorizedCategoryId,
        value: amountOf(part.milli),
      }))
      const difference = rest - splits.reduce((sum, split) => sum + split.value, 0)
      if (difference !== 0) {
        const largest = splits.reduce((best, split) =>
          Math.abs(split.value) > Math.abs(best.value) ? split : best,
        )
        largest.value = (largest.value + difference) as Minor
      }
      if (splits.length > 1) splitTransactions += 1
      addTransaction(raw, accountId, rest, splits)
      continue
    }
    if (transferAccount !== null && isOnBudget(transferAccount) && transferAccount !== accountId) {
      const otherId = optionalText(raw, 'transfer_transaction_id')
      // Already made with its other side, or the far side of a split's transfer part (which makes it).
      if (paired.has(id) || takenBySplits.has(id) || (otherId !== null && subtransactionIds.has(otherId)))
        continue
      const counterpart = otherId === null ? undefined : byId.get(otherId)
      const counterValue = counterpart === undefined ? undefined : amountOf(integer(counterpart, 'amount'))
      if (
        counterpart !== undefined &&
        counterValue !== undefined &&
        text(counterpart, 'account_id') === transferAccount &&
        counterValue === -value &&
        value !== 0
      ) {
        paired.add(id)
        paired.add(text(counterpart, 'id'))
        const outflow = value < 0 ? raw : counterpart
        const inflow = value < 0 ? counterpart : raw
        const memo = clean.memo(optionalText(outflow, 'memo') || optionalText(inflow, 'memo'))
        addTransfer(
          text(outflow, 'account_id'),
          text(inflow, 'account_id'),
          outflow,
          inflow,
          Math.abs(value) as Minor,
          date(outflow, 'date'),
          memo,
        )
        continue
      }
      unpaired += 1
      addTransaction(raw, accountId, value, single(categoryOf(optionalText(raw, 'category_id')), value))
      continue
    }
    if (transferAccount !== null && !isOnBudget(transferAccount)) trackingTransfers += 1
    const categoryId = categoryOf(optionalText(raw, 'category_id'))
    const payeeId = optionalText(raw, 'payee_id')
    const isStart =
      transferAccount === null &&
      payeeId !== null &&
      payees.get(payeeId) === STARTING_BALANCE &&
      !opening.has(accountId)
    if (isStart) {
      opening.set(accountId, { balance: value, date: when })
      note(accountId, when, value)
      if (categoryId !== target.incomeCategoryId) report.approximated('starting-balance-category')
      continue
    }
    addTransaction(raw, accountId, value, single(categoryId, value))
  }
  report.leftOut('deleted-transactions', deletedTransactions)
  report.leftOut('tracking-transactions', trackingTransactions)
  report.leftOut('flags', flags)
  report.approximated('split-transfer', splitTransfers)
  report.approximated('transfer-unpaired', unpaired)
  report.approximated('tracking-transfer', trackingTransfers)
  report.mapped('transactions', transactions.length)
  report.mapped('transfers', transfers.length)
  report.mapped('splitTransactions', splitTransactions)

  const firstMonth = optionalDate(budget, 'first_month') ?? IsoDate.make('2000-01-01')
  const planned: PlannedAccount[] = order.map((ynabId) => {
    const account = accounts.get(ynabId) ?? fail(`account ${ynabId} vanished`)
    const start = opening.get(ynabId)
    const holdsMoney = (balances.get(ynabId) ?? 0) !== 0
    if (account.closed && holdsMoney) report.approximated('closed-account-not-zero')
    if (account.closed && !holdsMoney) report.mapped('closedAccounts')
    if (account.lastReconciledAt !== null) report.mapped('reconciledAccounts')
    return {
      id: onBudgetId(ynabId),
      name: account.name,
      type: 'unconnected',
      openingBalance: start?.balance ?? (0 as Minor),
      openingDate: start?.date ?? earliest.get(ynabId) ?? firstMonth,
      closed: account.closed && !holdsMoney,
      lastReconciledAt: account.lastReconciledAt,
    }
  })
  report.mapped('accounts', planned.length)
  commands.push(...moneyCommands({ accounts: planned, transactions, transfers }, mint))

  // What was assigned month by month; the file's own balances and activity are never copied (they can be stale).
  let assignments = 0
  let deletedAssignments = 0
  for (const month of records(budget.months, 'months')) {
    if (flag(month, 'deleted')) continue
    if (optionalText(month, 'note')) notes += 1
    const periodKey = PeriodKey.make(date(month, 'month').slice(0, 7).replace('-', ''))
    for (const category of records(month.categories, 'months.categories')) {
      const budgeted = optionalInteger(category, 'budgeted') ?? 0
      if (budgeted === 0) continue
      const fate = fates.get(text(category, 'id')) ?? { kind: 'deleted' as const }
      if (fate.kind === 'deleted') {
        deletedAssignments += 1
        continue
      }
      if (fate.kind !== 'category') continue
      commands.push({ _tag: 'SetAssigned', periodKey, categoryId: fate.id, value: amountOf(budgeted) })
      assignments += 1
    }
  }
  report.mapped('assignments', assignments)
  report.leftOut('deleted-categories', deletedCategories, { moved: movedFromDeleted })
  report.leftOut('deleted-assignments', deletedAssignments)
  commands.push(...targets)

  commands.push(
    ...scheduledTemplates(budget, {
      mint,
      amountOf,
      report,
      payeeOf,
      memoOf: (raw) => clean.memo(optionalText(raw, 'memo')),
      accountOf: (ynabId) => {
        const account = ynabId === null ? undefined : accounts.get(ynabId)
        return account === undefined ? undefined : { id: account.id, closed: account.closed }
      },
      categoryOf: (ynabId) => {
        const fate = ynabId === null ? undefined : fates.get(ynabId)
        return fate?.kind === 'income' ? target.incomeCategoryId : fate?.kind === 'category' ? fate.id : null
      },
      uncategorized: target.uncategorizedCategoryId,
    }),
  )
  report.leftOut('notes', notes)
  return { ok: true, name, currency, commands, report: report.build('ynab', name, currency) }
}
