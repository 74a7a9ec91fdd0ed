import * as Schema from 'effect/Schema'
import { maxCadenceMonths, type ReportView, SpendingClass } from '../../schemas/budget.ts'
import type { ImportableCommandDraft } from '../../schemas/budgetCommands.ts'
import {
  BankAccountId,
  CategoryGroupId,
  CategoryId,
  FilterId,
  LoanId,
  TargetId,
  TemplateId,
  TransactionId,
  TransferId,
} from '../../schemas/ids.ts'
import type { KopertaBudgetFile, KopertaReportView } from '../../schemas/kopertaBudget.ts'
import { MAX_AMOUNT, type Minor } from '../../schemas/money.ts'
import { isKnownCurrency } from '../currency.ts'
import {
  type BudgetConversion,
  type ImportContext,
  moneyCommands,
  type PlannedAccount,
  type PlannedTransaction,
  type PlannedTransfer,
} from './plan.ts'
import { reportBuilder } from './report.ts'
import { textCleaner } from './text.ts'

// Koperta's own file into the commands that rebuild the budget (docs/formats/koperta-budget.md). Every id is minted
// anew; the system group and categories map onto the target budget's.

class InvalidFile extends Error {}

const isSpendingClass = Schema.is(SpendingClass)

const invalid = (why: string): never => {
  throw new InvalidFile(why)
}

const amount = (value: Minor): Minor => {
  if (Math.abs(value) > MAX_AMOUNT) throw new AmountTooLarge()
  return value
}

class AmountTooLarge extends Error {}

/** A map from the file's ids to new ones; an id the file never declared is refused (`invalid`). */
const idMap = <T>() => {
  const ids = new Map<string, T>()
  return {
    declare: (old: string, next: T) => {
      if (ids.has(old)) invalid(`id ${old} declared twice`)
      ids.set(old, next)
      return next
    },
    of: (old: string): T => ids.get(old) ?? invalid(`unknown id ${old}`),
    has: (old: string) => ids.has(old),
  }
}

export const convertKopertaFile = (file: KopertaBudgetFile, context: ImportContext): BudgetConversion => {
  try {
    return convert(file, context)
  } catch (error) {
    if (error instanceof InvalidFile) return { ok: false, error: 'invalid' }
    if (error instanceof AmountTooLarge) return { ok: false, error: 'amount-too-large' }
    throw error
  }
}

const convert = (file: KopertaBudgetFile, { mint, target }: ImportContext): BudgetConversion => {
  const currency = file.budget.currency
  if (!isKnownCurrency(currency)) return { ok: false, error: 'unknown-currency' }
  const report = reportBuilder()
  const text = textCleaner(report)
  const name = text.name(file.budget.name, '—')
  const commands: ImportableCommandDraft[] = [
    { _tag: 'RenameBudget', name },
    { _tag: 'ChangeCurrency', currency },
  ]

  // Groups, in the file's order; the system group is the target's own.
  const groups = idMap<CategoryGroupId>()
  const systemGroups = file.groups.filter((group) => group.system)
  if (systemGroups.length > 1) invalid('more than one system group')
  for (const group of file.groups) {
    const groupName = text.name(group.name, '—')
    if (group.system) {
      groups.declare(group.id, target.uncategorizedGroupId)
      commands.push({
        _tag: 'RenameCategoryGroup',
        categoryGroupId: target.uncategorizedGroupId,
        name: groupName,
      })
    } else {
      const categoryGroupId = groups.declare(group.id, CategoryGroupId.make(mint()))
      commands.push({ _tag: 'CreateCategoryGroup', categoryGroupId, name: groupName })
      report.mapped('categoryGroups')
    }
    if (group.hidden)
      commands.push({ _tag: 'SetCategoryGroupHidden', categoryGroupId: groups.of(group.id), hidden: true })
  }
  const groupOrder = file.groups.map((group) => groups.of(group.id))
  if (systemGroups.length === 0) groupOrder.unshift(target.uncategorizedGroupId)
  commands.push({ _tag: 'ReorderCategoryGroups', categoryGroupIds: groupOrder })

  // Categories, in their order within each group; Uncategorized and Ready to Assign are the target's own.
  const categories = idMap<CategoryId>()
  const roles = new Set<string>()
  const members = new Map<CategoryGroupId, CategoryId[]>()
  const movedSystem = new Set<CategoryGroupId>()
  for (const category of file.categories) {
    const categoryGroupId = groups.of(category.groupId)
    const categoryName = text.name(category.name, '—')
    let categoryId: CategoryId
    if (category.system !== null) {
      if (roles.has(category.system)) invalid(`two ${category.system} categories`)
      roles.add(category.system)
      categoryId = categories.declare(
        category.id,
        category.system === 'uncategorized' ? target.uncategorizedCategoryId : target.incomeCategoryId,
      )
      commands.push({ _tag: 'RenameCategory', categoryId, name: categoryName })
      if (categoryGroupId !== target.uncategorizedGroupId) movedSystem.add(categoryGroupId)
    } else {
      categoryId = categories.declare(category.id, CategoryId.make(mint()))
      commands.push({
        _tag: 'CreateCategory',
        categoryId,
        categoryGroupId,
        name: categoryName,
        type: category.type,
        spendingClass: category.spendingClass,
      })
      report.mapped('categories')
    }
    if (category.hidden) {
      commands.push({ _tag: 'SetCategoryHidden', categoryId, hidden: true })
      report.mapped('hiddenCategories')
    }
    members.set(categoryGroupId, [...(members.get(categoryGroupId) ?? []), categoryId])
  }
  // The system categories where the file has them: groups they moved into first, then the system group's order.
  const systemMembers = members.get(target.uncategorizedGroupId) ?? []
  for (const id of [target.uncategorizedCategoryId, target.incomeCategoryId]) {
    const inFile = [...members.values()].some((list) => list.includes(id))
    if (!inFile) systemMembers.push(id)
  }
  for (const groupId of movedSystem)
    commands.push({
      _tag: 'ReorderCategories',
      categoryGroupId: groupId,
      categoryIds: members.get(groupId) ?? [],
    })
  commands.push({
    _tag: 'ReorderCategories',
    categoryGroupId: target.uncategorizedGroupId,
    categoryIds: systemMembers,
  })

  // Money: accounts, transactions and transfers, in the order the domain needs (plan.ts).
  const accountIds = idMap<BankAccountId>()
  const balances = new Map<string, number>()
  const addTo = (accountId: string, value: number) =>
    balances.set(accountId, (balances.get(accountId) ?? 0) + value)
  for (const account of file.accounts) {
    accountIds.declare(account.id, BankAccountId.make(mint()))
    addTo(account.id, amount(account.openingBalance))
  }
  const transactionIds = new Set<string>()
  const newTransactionId = (old: string) => {
    if (transactionIds.has(old)) invalid(`transaction ${old} twice`)
    transactionIds.add(old)
    return TransactionId.make(mint())
  }
  const offBudget = new Set(
    file.accounts.flatMap((account) => (account.offBudget === true ? [account.id] : [])),
  )
  const transactions: PlannedTransaction[] = file.transactions.map((transaction) => {
    const value = amount(transaction.value)
    const splits = transaction.splits.map((split) => ({
      categoryId: categories.of(split.categoryId),
      value: amount(split.value),
    }))
    if (splits.length === 0 && !offBudget.has(transaction.accountId))
      invalid(`transaction ${transaction.id} has no split`)
    if (splits.length > 1 && splits.reduce((sum, split) => sum + split.value, 0) !== value)
      invalid(`splits of ${transaction.id} do not sum to its value`)
    addTo(transaction.accountId, value)
    return {
      id: newTransactionId(transaction.id),
      accountId: accountIds.of(transaction.accountId),
      date: transaction.date,
      payee: text.payee(transaction.payee),
      memo: text.memo(transaction.memo),
      value,
      splits,
      kind: transaction.kind,
      cleared: transaction.cleared,
      reconciled: transaction.reconciled,
    }
  })
  report.mapped('transactions', transactions.length)
  const transferIds = new Set<string>()
  const transfers: PlannedTransfer[] = file.transfers.map((transfer) => {
    if (transferIds.has(transfer.id)) invalid(`transfer ${transfer.id} twice`)
    transferIds.add(transfer.id)
    const value = amount(transfer.value)
    if (value <= 0) invalid(`transfer ${transfer.id} moves nothing`)
    if (transfer.from.accountId === transfer.to.accountId)
      invalid(`transfer ${transfer.id} within one account`)
    addTo(transfer.from.accountId, -value)
    addTo(transfer.to.accountId, value)
    const side = (of: typeof transfer.from) => ({
      transactionId: newTransactionId(of.transactionId),
      accountId: accountIds.of(of.accountId),
      kind: of.kind,
      cleared: of.cleared,
      reconciled: of.reconciled,
    })
    return {
      id: TransferId.make(mint()),
      date: transfer.date,
      value,
      memo: text.memo(transfer.memo),
      from: side(transfer.from),
      to: side(transfer.to),
      ...(transfer.categoryId === undefined ? {} : { categoryId: categories.of(transfer.categoryId) }),
    }
  })
  report.mapped('transfers', transfers.length)
  const accounts: PlannedAccount[] = file.accounts.map((account) => {
    const stillHoldsMoney = account.closed && (balances.get(account.id) ?? 0) !== 0
    if (stillHoldsMoney) report.approximated('closed-account-not-zero')
    if (account.closed && !stillHoldsMoney) report.mapped('closedAccounts')
    if (account.lastReconciledAt !== null) report.mapped('reconciledAccounts')
    return {
      id: accountIds.of(account.id),
      name: text.name(account.name, '—'),
      type: account.type,
      openingBalance: account.openingBalance,
      openingDate: account.openingDate,
      closed: account.closed && !stillHoldsMoney,
      lastReconciledAt: account.lastReconciledAt,
      ...(account.offBudget === true ? { offBudget: true } : {}),
    }
  })
  report.mapped('accounts', accounts.length)
  // Templates after the transactions (none completes an occurrence on the way) and before the closings.
  const templates: ImportableCommandDraft[] = []
  for (const template of file.templates ?? []) {
    const templateId = TemplateId.make(mint())
    const memo = text.memo(template.memo)
    templates.push({
      _tag: 'CreateTemplate',
      templateId,
      bankAccountId: accountIds.of(template.accountId),
      ...(template.toAccountId === null ? {} : { toBankAccountId: accountIds.of(template.toAccountId) }),
      payee: text.payee(template.payee),
      ...(memo === '' ? {} : { memo }),
      value: amount(template.value),
      splits: template.splits.map((split) => ({
        categoryId: categories.of(split.categoryId),
        value: amount(split.value),
      })),
      frequency: template.frequency,
      interval: template.interval,
      startDate: template.startDate,
      ...(template.endDate === null ? {} : { endDate: template.endDate }),
      ...(template.occurrences === null ? {} : { occurrences: template.occurrences }),
      shift: template.shift,
      amountMatch: template.amountMatch,
    })
    if (template.skippedThrough !== null)
      templates.push({ _tag: 'SkipOccurrencesThrough', templateId, date: template.skippedThrough })
  }
  report.mapped('templates', file.templates?.length ?? 0)
  // Loans with the templates: after the accounts open, before the closed ones close (a loan needs its account
  // open). Each activity is recorded again, in order, so the schedule is the exported one.
  for (const loan of file.loans ?? []) {
    const loanId = LoanId.make(mint())
    templates.push({
      _tag: 'CreateLoan',
      loanId,
      name: text.name(loan.name, '—'),
      principal: loan.principal,
      annualRate: loan.annualRate,
      installments: loan.installments,
      paymentType: loan.paymentType,
      firstPaymentDate: loan.firstPaymentDate,
      ...(loan.disbursementDate === null ? {} : { disbursementDate: loan.disbursementDate }),
      ...(loan.dayCount === 'Monthly' ? {} : { dayCount: loan.dayCount }),
      ...(loan.accountId === null ? {} : { bankAccountId: accountIds.of(loan.accountId) }),
      ...(loan.categoryId === null ? {} : { categoryId: categories.of(loan.categoryId) }),
    })
    for (const activity of loan.activities) templates.push({ _tag: 'RecordLoanActivity', loanId, activity })
    if (loan.state === 'Closed') templates.push({ _tag: 'CloseLoan', loanId })
  }
  report.mapped('loans', file.loans?.length ?? 0)
  if (file.draftHorizonDays !== undefined)
    templates.push({ _tag: 'SetDraftHorizon', days: file.draftHorizonDays })
  commands.push(...moneyCommands({ accounts, transactions, transfers }, mint, templates))

  for (const month of file.months) {
    commands.push({
      _tag: 'SetAssigned',
      periodKey: month.periodKey,
      categoryId: categories.of(month.categoryId),
      value: amount(month.assigned),
    })
  }
  report.mapped('assignments', file.months.length)

  for (const fileTarget of file.targets) {
    const categoryId = categories.of(fileTarget.categoryId)
    const needsDate = fileTarget.type === 'NeededForSpendingByDate' || fileTarget.cadenceMonths !== null
    if (fileTarget.amount <= 0 || (needsDate && fileTarget.dueDate === null)) {
      report.leftOut('targets-unsupported')
      continue
    }
    let cadenceMonths = fileTarget.cadenceMonths
    if (cadenceMonths !== null && (cadenceMonths < 1 || cadenceMonths > maxCadenceMonths)) {
      report.approximated('target-cadence')
      cadenceMonths = Math.min(maxCadenceMonths, Math.max(1, cadenceMonths))
    }
    commands.push({
      _tag: 'SetTarget',
      targetId: TargetId.make(mint()),
      categoryId,
      type: fileTarget.type,
      amount: amount(fileTarget.amount),
      ...(fileTarget.dueDate === null ? {} : { dueDate: fileTarget.dueDate }),
      ...(cadenceMonths === null ? {} : { cadenceMonths }),
    })
    report.mapped('targets')
  }

  // Filters keep ids of deleted accounts and categories (matching nothing): those get new ids that match nothing.
  const orFresh =
    <T>(map: { has: (old: string) => boolean; of: (old: string) => T }, make: (id: string) => T) =>
    (old: string) =>
      map.has(old) ? map.of(old) : make(mint())
  // A view's subject is a spending class, or a category id mapped like the criteria's.
  const reportOf = ({ subject, ...view }: KopertaReportView): ReportView => ({
    ...view,
    ...(subject === undefined
      ? {}
      : {
          subject: isSpendingClass(subject) ? subject : orFresh(categories, CategoryId.make)(subject),
        }),
  })
  for (const filter of file.filters) {
    const { bankAccountIds, categoryIds, payeeText, ...rest } = filter.criteria
    commands.push({
      _tag: 'SaveFilter',
      filterId: FilterId.make(mint()),
      name: text.name(filter.name, '—'),
      criteria: {
        ...rest,
        ...(bankAccountIds === undefined
          ? {}
          : { bankAccountIds: bankAccountIds.map(orFresh(accountIds, BankAccountId.make)) }),
        ...(categoryIds === undefined
          ? {}
          : { categoryIds: categoryIds.map(orFresh(categories, CategoryId.make)) }),
        ...(payeeText === undefined ? {} : { payeeText: text.payee(payeeText) }),
      },
      ...(filter.report === undefined ? {} : { report: reportOf(filter.report) }),
    })
    report.mapped('filters')
  }

  return {
    ok: true,
    name,
    currency,
    commands,
    report: report.build('koperta', name, currency),
  }
}
