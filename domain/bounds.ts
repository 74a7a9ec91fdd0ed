import * as HashMap from 'effect/HashMap'
import * as Result from 'effect/Result'
import type { Transaction } from '../schemas/budget.ts'
import type { AssignmentChange, BudgetEvent } from '../schemas/budgetEvents.ts'
import type { BankAccountId, CategoryId, TransactionId } from '../schemas/ids.ts'
import type { PeriodKey } from '../schemas/money.ts'
import { absurd } from './absurd.ts'
import { type Decision, fail } from './decision.ts'
import { periodOfDate } from './period.ts'
import {
  type AccountTotals,
  type BudgetState,
  findTransaction,
  getIn,
  isOpenForChanges,
  type MonthAggregate,
  type MonthRow,
  monthOf,
  monthsOf,
} from './state.ts'

// How large a budget's money may grow (README "Bounds"). Every number a read serves — a balance, an available,
// Ready to Assign, a month's activity, a total over groups or accounts, a balance at a month's end — is a signed
// sum of some of the amounts the state keeps, so none exceeds the sum of their absolute values: the budget's
// *gross*. Keeping the gross at most MAX_GROSS (2^50) keeps every such sum, and the few differences and target
// computations on top of them (at most a few grosses plus one amount), far inside the safe integers (2^53).

/** The bound on a budget's gross, in minor units: ≈ 1.1 × 10^15, 112 times the largest single amount. */
export const MAX_GROSS = 2 ** 50

const monthWeight = (month: MonthAggregate) => Math.abs(month.assigned) + Math.abs(month.activity)
const totalsWeight = (totals: AccountTotals) => Math.abs(totals.cleared) + Math.abs(totals.uncleared)

/** Weights of (immutable) category and account rows: a check after a write walks only the rows it changed. */
const weights = new WeakMap<object, number>()

const weightOf = (row: object, compute: () => number): number => {
  if (isOpenForChanges(row)) return compute()
  const known = weights.get(row)
  if (known !== undefined) return known
  const weight = compute()
  weights.set(row, weight)
  return weight
}

const categoryRowWeight = (row: MonthRow) =>
  weightOf(row, () => row.reduce((sum, [, month]) => sum + monthWeight(month), 0))

const accountRowWeight = (row: HashMap.HashMap<PeriodKey, number>) =>
  weightOf(row, () => {
    let sum = 0
    for (const net of HashMap.values(row)) sum += Math.abs(net)
    return sum
  })

/**
 * The budget's gross: the absolute values of every amount its state keeps — each account's opening balance,
 * cleared and uncleared totals and net flow per month, each category's assigned and activity per month.
 */
export const grossOf = (state: BudgetState): number => {
  let gross = 0
  for (const account of state.accounts.values()) gross += Math.abs(account.openingBalance)
  for (const totals of state.accountTotals.values()) gross += totalsWeight(totals)
  for (const row of HashMap.values(state.accountMonths)) gross += accountRowWeight(row)
  for (const row of HashMap.values(state.categoryMonths)) gross += categoryRowWeight(row)
  return gross
}

const noMonth: MonthAggregate = { assigned: 0, activity: 0 }

/**
 * How much a decision's events change the gross, found without evolving: decide may run on a state open for
 * changes in place (server/ledger/service.ts), which evolve would change. Mirrors evolve's aggregates (a property
 * test compares the two): the amounts the events touch are kept aside, read from the state until then.
 */
class GrossChange {
  growth = 0
  /** After a reset the state's aggregates are gone: untouched ones read as zero. */
  private reset = false
  private readonly categories = new Map<CategoryId, Map<PeriodKey, MonthAggregate>>()
  private readonly accountMonths = new Map<BankAccountId, Map<PeriodKey, number>>()
  private readonly totals = new Map<BankAccountId, AccountTotals>()
  private readonly openings = new Map<BankAccountId, number>()
  private readonly transactions = new Map<TransactionId, Transaction | null>()

  private readonly state: BudgetState

  constructor(state: BudgetState) {
    this.state = state
  }

  private categoryMonth(categoryId: CategoryId, period: PeriodKey): MonthAggregate {
    const kept = this.categories.get(categoryId)?.get(period)
    if (kept !== undefined) return kept
    return this.reset ? noMonth : monthOf(this.state, categoryId, period)
  }

  private setCategoryMonth(categoryId: CategoryId, period: PeriodKey, next: MonthAggregate) {
    this.growth += monthWeight(next) - monthWeight(this.categoryMonth(categoryId, period))
    const row = this.categories.get(categoryId) ?? new Map<PeriodKey, MonthAggregate>()
    row.set(period, next)
    this.categories.set(categoryId, row)
  }

  private addToCategoryMonth(categoryId: CategoryId, period: PeriodKey, assigned: number, activity: number) {
    const current = this.categoryMonth(categoryId, period)
    this.setCategoryMonth(categoryId, period, {
      assigned: current.assigned + assigned,
      activity: current.activity + activity,
    })
  }

  private addToAccountMonth(accountId: BankAccountId, period: PeriodKey, amount: number) {
    const row = this.accountMonths.get(accountId) ?? new Map<PeriodKey, number>()
    const current =
      row.get(period) ?? (this.reset ? 0 : (getIn(this.state.accountMonths, accountId, period) ?? 0))
    this.growth += Math.abs(current + amount) - Math.abs(current)
    row.set(period, current + amount)
    this.accountMonths.set(accountId, row)
  }

  private accountTotals(accountId: BankAccountId): AccountTotals {
    const kept = this.totals.get(accountId)
    if (kept !== undefined) return kept
    return (this.reset ? undefined : this.state.accountTotals.get(accountId)) ?? { cleared: 0, uncleared: 0 }
  }

  private setAccountTotals(accountId: BankAccountId, next: AccountTotals) {
    this.growth += totalsWeight(next) - totalsWeight(this.accountTotals(accountId))
    this.totals.set(accountId, next)
  }

  private opening(accountId: BankAccountId): number {
    return this.openings.get(accountId) ?? this.state.accounts.get(accountId)?.openingBalance ?? 0
  }

  private setOpening(accountId: BankAccountId, balance: number) {
    this.growth += Math.abs(balance) - Math.abs(this.opening(accountId))
    this.openings.set(accountId, balance)
  }

  private transaction(id: TransactionId): Transaction | undefined {
    const kept = this.transactions.get(id)
    if (kept !== undefined) return kept ?? undefined
    return this.reset ? undefined : findTransaction(this.state, id)
  }

  /** evolve's applyMoney. */
  private money(transaction: Transaction, sign: 1 | -1) {
    const amount = sign * transaction.value
    const totals = this.accountTotals(transaction.bankAccountId)
    this.setAccountTotals(
      transaction.bankAccountId,
      transaction.cleared
        ? { cleared: totals.cleared + amount, uncleared: totals.uncleared }
        : { cleared: totals.cleared, uncleared: totals.uncleared + amount },
    )
    const period = periodOfDate(transaction.date)
    this.addToAccountMonth(transaction.bankAccountId, period, amount)
    for (const split of transaction.splits)
      this.addToCategoryMonth(split.categoryId, period, 0, sign * split.value)
  }

  private put(transaction: Transaction) {
    this.transactions.set(transaction.id, transaction)
    this.money(transaction, 1)
  }

  private drop(id: TransactionId) {
    const transaction = this.transaction(id)
    if (transaction === undefined) return
    this.transactions.set(id, null)
    this.money(transaction, -1)
  }

  private assign(changes: readonly AssignmentChange[]) {
    for (const change of changes)
      this.addToCategoryMonth(change.categoryId, change.periodKey, change.delta, 0)
  }

  /** evolve's BudgetReset: every aggregate restarts from the accounts' new opening balances. */
  private restart(event: Extract<BudgetEvent, { _tag: 'BudgetReset' }>) {
    // What the aggregates weigh now (the state's gross plus the growth so far, less the opening balances).
    let openings = 0
    for (const accountId of this.state.accounts.keys()) openings += Math.abs(this.opening(accountId))
    this.growth -= grossOf(this.state) + this.growth - openings
    this.reset = true
    this.categories.clear()
    this.accountMonths.clear()
    this.totals.clear()
    this.transactions.clear()
    for (const { bankAccountId, balance } of event.openingBalances) {
      if (!this.state.accounts.has(bankAccountId)) continue
      this.setOpening(bankAccountId, balance)
      this.setAccountTotals(bankAccountId, { cleared: balance, uncleared: 0 })
      if (balance !== 0) this.addToAccountMonth(bankAccountId, periodOfDate(event.date), balance)
    }
  }

  /** evolve's deleteCategory: its months join the other category's (assignments only if it is not Income). */
  private merge(categoryId: CategoryId, intoId: CategoryId) {
    const into = this.state.categories.get(intoId)
    const keepAssigned = into !== undefined && into.type !== 'Income'
    const periods = new Set<PeriodKey>(this.categories.get(categoryId)?.keys())
    if (!this.reset)
      for (const [period] of monthsOf(this.state.categoryMonths, categoryId)) periods.add(period)
    for (const period of periods) {
      const month = this.categoryMonth(categoryId, period)
      this.addToCategoryMonth(intoId, period, keepAssigned ? month.assigned : 0, month.activity)
      this.setCategoryMonth(categoryId, period, noMonth)
    }
  }

  apply(event: BudgetEvent) {
    switch (event._tag) {
      case 'BankAccountOpened':
        this.setOpening(event.bankAccountId, event.openingBalance)
        this.setAccountTotals(event.bankAccountId, { cleared: event.openingBalance, uncleared: 0 })
        this.addToAccountMonth(event.bankAccountId, periodOfDate(event.openingDate), event.openingBalance)
        break
      case 'TransactionAdded':
        this.put(event.transaction)
        break
      case 'TransactionEdited':
        this.drop(event.transaction.id)
        this.put(event.transaction)
        break
      case 'TransactionDeleted':
        this.drop(event.transactionId)
        break
      case 'TransferAdded':
      case 'TransferEdited':
        this.drop(event.outflow.id)
        this.drop(event.inflow.id)
        this.put(event.outflow)
        this.put(event.inflow)
        break
      case 'TransferDeleted':
        this.drop(event.outflowTransactionId)
        this.drop(event.inflowTransactionId)
        break
      case 'TransactionsImported':
        for (const replaced of event.source?.replaced ?? []) this.drop(replaced.id)
        for (const transaction of event.transactions) this.put(transaction)
        break
      case 'ImportUndone':
        for (const id of event.transactionIds) this.drop(id)
        for (const transaction of event.restored) this.put(transaction)
        break
      case 'AssignedSet':
        this.assign([{ categoryId: event.categoryId, periodKey: event.periodKey, delta: event.delta }])
        break
      case 'MoneyMoved':
      case 'OverspendingCovered':
        if (event.fromCategoryId !== null)
          this.addToCategoryMonth(event.fromCategoryId, event.periodKey, -event.amount, 0)
        if (event.toCategoryId !== null)
          this.addToCategoryMonth(event.toCategoryId, event.periodKey, event.amount, 0)
        break
      case 'AutoAssigned':
      case 'AssignmentUndone':
        this.assign(event.changes)
        break
      case 'CategoryDeleted':
        this.merge(event.categoryId, event.movedToCategoryId)
        break
      case 'BudgetReset':
        this.restart(event)
        break
      case 'BudgetDeleted':
        // Nothing is kept: the gross cannot grow.
        this.growth = Number.NEGATIVE_INFINITY
        break
      case 'BudgetImported':
        for (const inner of event.events) this.apply(inner)
        break
      case 'BudgetCreated':
      case 'IncomeDestinationCreated':
      case 'BudgetRenamed':
      case 'CurrencyChanged':
      case 'CategoryGroupCreated':
      case 'CategoryGroupRenamed':
      case 'CategoryGroupsReordered':
      case 'CategoryGroupHiddenChanged':
      case 'CategoryGroupDeleted':
      case 'CategoryCreated':
      case 'CategoryRenamed':
      case 'CategoriesReordered':
      case 'CategoryHiddenChanged':
      case 'CategorySpendingClassChanged':
      case 'BankAccountRenamed':
      case 'BankAccountClosed':
      case 'AccountReconciled':
      case 'TargetSet':
      case 'TargetRemoved':
      case 'FilterSaved':
      case 'FilterDeleted':
      // Templates are not money: only the transactions a confirmation adds are (their own events).
      case 'TemplateCreated':
      case 'TemplateEdited':
      case 'TemplateDeleted':
      case 'OccurrenceCompleted':
      case 'OccurrencesSkippedThrough':
      case 'DraftHorizonSet':
      case 'LoanCreated':
      case 'LoanActivityRecorded':
      case 'LoanClosed':
        // No amount changes (reconciling only flags transactions; its adjustment is a TransactionAdded).
        break
      default:
        return absurd(event)
    }
  }
}

/** How much these events, applied in order to the state, change its gross (see `grossOf`). */
export const grossGrowth = (state: BudgetState, events: readonly BudgetEvent[]): number => {
  const change = new GrossChange(state)
  for (const event of events) change.apply(event)
  return change.growth
}

/**
 * The decision, or `BudgetTotalsTooLarge` when its events would take the gross past MAX_GROSS. Only growth is
 * refused: a budget stored beyond the bound before it existed can still shrink.
 */
export const withinBounds = (state: BudgetState, decision: Decision): Decision => {
  if (Result.isFailure(decision) || decision.success.length === 0) return decision
  const growth = grossGrowth(state, decision.success)
  if (growth <= 0 || grossOf(state) + growth <= MAX_GROSS) return decision
  return fail('BudgetTotalsTooLarge', {})
}
