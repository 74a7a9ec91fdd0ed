import * as HashMap from 'effect/HashMap'
import type { Transaction } from '../../schemas/budget.ts'
import type { UserId } from '../../schemas/ids.ts'
import {
  KOPERTA_BUDGET_FORMAT,
  KOPERTA_BUDGET_VERSION,
  type KopertaBudgetFile,
} from '../../schemas/kopertaBudget.ts'
import type { Instant } from '../../schemas/money.ts'
import { toMinor } from '../monthView.ts'
import { type BudgetState, incomeDestinationOf, isSystemCategory, monthsOf } from '../state.ts'

// Koperta's own budget file from a budget's state (docs/formats/koperta-budget.md). Pure: the time of the export
// comes in as an argument.

const byPosition = <T extends { readonly position: number; readonly id: string }>(a: T, b: T) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const byDateThenId = (a: Transaction, b: Transaction) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

const status = (transaction: Transaction) => ({
  kind: transaction.kind,
  cleared: transaction.cleared,
  reconciled: transaction.reconciled,
})

/**
 * Who did what, from the budget's events (the state does not keep it): the member who last added or changed each
 * transaction, and members' display names. A user without a name (or no longer known) is written as null.
 */
export interface Authorship {
  readonly transactionAuthors: ReadonlyMap<string, UserId>
  readonly names: ReadonlyMap<UserId, string>
}

/** The budget as Koperta's file; undefined for a missing or deleted budget. Authorship, when given, goes in too. */
/** A transfer across the budget's edge names its budget side's category. */
const crossing = (splits: readonly { readonly categoryId: string }[]) => {
  const [split] = splits
  return split === undefined ? {} : { categoryId: split.categoryId }
}

export const toKopertaFile = (
  state: BudgetState,
  exportedAt: Instant,
  authorship?: Authorship,
): KopertaBudgetFile | undefined => {
  const budget = state.budget
  if (budget === null || state.deleted) return undefined
  const nameOf = (userId: UserId | undefined) =>
    userId === undefined ? null : (authorship?.names.get(userId) ?? null)
  const enteredBy = (transactionId: string) =>
    authorship === undefined ? {} : { enteredBy: nameOf(authorship.transactionAuthors.get(transactionId)) }
  const uncategorized = state.categories.get(budget.uncategorizedCategoryId)
  const income = incomeDestinationOf(state)
  const groups = [...state.groups.values()].sort(byPosition)
  const groupOrder = new Map(groups.map((group, index) => [group.id, index]))
  const categories = [...state.categories.values()].sort(
    (a, b) =>
      (groupOrder.get(a.categoryGroupId) ?? 0) - (groupOrder.get(b.categoryGroupId) ?? 0) || byPosition(a, b),
  )
  const transactions: KopertaBudgetFile['transactions'][number][] = []
  const sides = new Map<string, Transaction>()
  for (const transaction of [...HashMap.values(state.transactions)].sort(byDateThenId)) {
    if (transaction.transferId !== null) {
      sides.set(transaction.id, transaction)
      continue
    }
    transactions.push({
      id: transaction.id,
      accountId: transaction.bankAccountId,
      date: transaction.date,
      payee: transaction.payee,
      memo: transaction.memo,
      value: transaction.value,
      splits: transaction.splits.map((split) => ({ categoryId: split.categoryId, value: split.value })),
      ...status(transaction),
      ...enteredBy(transaction.id),
    })
  }
  const transfers: KopertaBudgetFile['transfers'][number][] = []
  for (const [transferId, link] of HashMap.toEntries(state.transfers)) {
    const outflow = sides.get(link.outflowTransactionId)
    const inflow = sides.get(link.inflowTransactionId)
    if (outflow === undefined || inflow === undefined) continue
    transfers.push({
      id: transferId,
      date: outflow.date,
      value: inflow.value,
      memo: outflow.memo,
      from: { transactionId: outflow.id, accountId: outflow.bankAccountId, ...status(outflow) },
      to: { transactionId: inflow.id, accountId: inflow.bankAccountId, ...status(inflow) },
      ...enteredBy(outflow.id),
      ...crossing([...outflow.splits, ...inflow.splits]),
    })
  }
  transfers.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  )
  const months: KopertaBudgetFile['months'][number][] = []
  for (const category of categories) {
    for (const [periodKey, month] of monthsOf(state.categoryMonths, category.id)) {
      if (month.assigned !== 0)
        months.push({ categoryId: category.id, periodKey, assigned: toMinor(month.assigned) })
    }
  }
  return {
    format: KOPERTA_BUDGET_FORMAT,
    version: KOPERTA_BUDGET_VERSION,
    exportedAt,
    budget: { name: budget.name, currency: budget.currency },
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      hidden: group.hidden,
      system: group.id === uncategorized?.categoryGroupId,
    })),
    categories: categories.map((category) => ({
      id: category.id,
      groupId: category.categoryGroupId,
      name: category.name,
      type: category.type,
      spendingClass: category.spendingClass,
      hidden: category.hidden,
      system: !isSystemCategory(category)
        ? null
        : category.id === income?.id
          ? 'readyToAssign'
          : 'uncategorized',
    })),
    accounts: [...state.accounts.values()].map((account) => ({
      id: account.id,
      name: account.name,
      type: account.type,
      closed: account.state === 'Closed',
      openingBalance: account.openingBalance,
      openingDate: account.openingDate,
      lastReconciledAt: account.lastReconciledAt,
      ...(account.offBudget ? { offBudget: true } : {}),
    })),
    transactions,
    transfers,
    months,
    targets: categories.flatMap((category) => {
      const target = state.targets.get(category.id)
      return target === undefined
        ? []
        : [
            {
              categoryId: target.categoryId,
              type: target.type,
              amount: target.amount,
              dueDate: target.dueDate,
              cadenceMonths: target.cadenceMonths,
            },
          ]
    }),
    filters: [...state.filters.values()].map((filter) => ({
      id: filter.id,
      name: filter.name,
      criteria: filter.criteria,
      ...(filter.report === undefined ? {} : { report: filter.report }),
    })),
    templates: [...state.templates.values()].map((template) => {
      // Occurrences acted on are transactions of the file already (or were skipped): up to the latest of them
      // an import shows no backlog.
      let skippedThrough = template.skippedThrough
      for (const date of state.completions.get(template.id)?.keys() ?? [])
        if (skippedThrough === null || date > skippedThrough) skippedThrough = date
      return {
        id: template.id,
        accountId: template.bankAccountId,
        toAccountId: template.toBankAccountId,
        payee: template.payee,
        memo: template.memo,
        value: template.value,
        splits: template.splits.map((split) => ({ categoryId: split.categoryId, value: split.value })),
        frequency: template.frequency,
        interval: template.interval,
        startDate: template.startDate,
        endDate: template.endDate,
        occurrences: template.occurrences,
        shift: template.shift,
        amountMatch: template.amountMatch,
        skippedThrough,
      }
    }),
    draftHorizonDays: state.draftHorizonDays,
    loans: [...state.loans.values()].map((loan) => ({
      id: loan.id,
      name: loan.name,
      principal: loan.principal,
      annualRate: loan.annualRate,
      installments: loan.installments,
      paymentType: loan.paymentType,
      firstPaymentDate: loan.firstPaymentDate,
      disbursementDate: loan.disbursementDate ?? null,
      dayCount: loan.dayCount ?? 'Monthly',
      accountId: loan.bankAccountId,
      categoryId: loan.categoryId,
      state: loan.state,
      activities: loan.activities,
    })),
    ...(authorship === undefined
      ? {}
      : {
          assignments: [...state.recordsByPeriod.keys()].sort().flatMap((periodKey) =>
            (state.recordsByPeriod.get(periodKey) ?? []).map((record) => ({
              periodKey: record.periodKey,
              at: record.at,
              by: nameOf(record.by),
              source: record.source,
              fromCategoryId: record.fromCategoryId,
              toCategoryId: record.toCategoryId,
              amount: record.amount,
            })),
          ),
        }),
  }
}
