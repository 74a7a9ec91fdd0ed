import type { SnapshotFrom } from 'xstate'
import { proposedAssigned } from '../../../domain/decideAssignments.ts'
import { periodOfDate } from '../../../domain/period.ts'
import { type BudgetState, isSystemCategory, monthOf } from '../../../domain/state.ts'
import {
  type AssignmentRecord,
  AutoAssignOption,
  type Category,
  type CategoryGroup,
  type CategoryMonth,
  type MonthView,
  type Target,
  type Transaction,
} from '../../../schemas/budget.ts'
import type { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import type { budgetMachine } from '../budget.machine.ts'
import type { CommandDraft } from '../budget.protocol.ts'
import { selectAssignmentRecords, selectMonthView } from '../budget.selectors.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

// The category inspector and its dialogs (issue 5). Pure functions of the state, memoised per state object.

/** Every auto-assign option, in the schema's order (the order the dialog lists them). */
export const AUTO_ASSIGN_OPTIONS: ReadonlyArray<AutoAssignOption> = AutoAssignOption.literals

export type CategoryInspector = {
  readonly category: Category
  readonly group: CategoryGroup | null
  /** The category's row of the month view (assigned, activity, available, target status). */
  readonly month: CategoryMonth | null
  readonly target: Target | null
}

/** Keyed by month view (one per state and period) then category id, so an unchanged state hands back the same object. */
const inspectors = new WeakMap<MonthView, Map<CategoryId, CategoryInspector | null>>()

export const selectCategoryInspector = (
  snapshot: BudgetSnapshot,
  categoryId: CategoryId,
  period: PeriodKey,
): CategoryInspector | null => {
  const view = selectMonthView(snapshot, period)
  let byId = inspectors.get(view)
  if (!byId) {
    byId = new Map()
    inspectors.set(view, byId)
  }
  if (byId.has(categoryId)) return byId.get(categoryId) ?? null
  const state = snapshot.context.state
  const category = state.categories.get(categoryId)
  const inspector =
    category === undefined
      ? null
      : {
          category,
          group: state.groups.get(category.categoryGroupId) ?? null,
          month: view.categories.find((row) => row.id === categoryId) ?? null,
          target: state.targets.get(categoryId) ?? null,
        }
  byId.set(categoryId, inspector)
  return inspector
}

/** A transaction of the category: the part of it that belongs to the category (sum of its splits there). */
export type CategoryTransaction = { readonly transaction: Transaction; readonly amount: number }

/** The month's transactions that have a split in the category, newest first. Pure. */
export const categoryTransactionsOf = (
  transactions: Iterable<Transaction>,
  categoryId: CategoryId,
  period: PeriodKey,
): ReadonlyArray<CategoryTransaction> => {
  const found: CategoryTransaction[] = []
  for (const transaction of transactions) {
    if (periodOfDate(transaction.date) !== period) continue
    const splits = transaction.splits.filter((split) => split.categoryId === categoryId)
    if (splits.length === 0) continue
    found.push({ transaction, amount: splits.reduce((sum, split) => sum + split.value, 0) })
  }
  return found.sort((a, b) =>
    a.transaction.date < b.transaction.date
      ? 1
      : a.transaction.date > b.transaction.date
        ? -1
        : a.transaction.id < b.transaction.id
          ? 1
          : -1,
  )
}

const categoryTransactions = new WeakMap<
  BudgetState['transactions'],
  Map<string, ReadonlyArray<CategoryTransaction>>
>()

/** Keyed by the transaction map, so assignments never recompute it. */
export const selectCategoryTransactions = (
  snapshot: BudgetSnapshot,
  categoryId: CategoryId,
  period: PeriodKey,
): ReadonlyArray<CategoryTransaction> => {
  const { transactions } = snapshot.context.state
  let byKey = categoryTransactions.get(transactions)
  if (!byKey) {
    byKey = new Map()
    categoryTransactions.set(transactions, byKey)
  }
  const key = `${categoryId}\u0000${period}`
  const hit = byKey.get(key)
  if (hit) return hit
  const list = categoryTransactionsOf(
    [...transactions].map(([, transaction]) => transaction),
    categoryId,
    period,
  )
  byKey.set(key, list)
  return list
}

/**
 * Re-categorises the category's part of each transaction: every split in `from` goes to `to` (merged with a split
 * already in `to`). Reconciled transactions are left out (the domain locks them). Pure.
 */
export const moveTransactionsDrafts = (
  transactions: ReadonlyArray<Transaction>,
  from: CategoryId,
  to: CategoryId,
): ReadonlyArray<CommandDraft> =>
  transactions
    .filter((transaction) => !transaction.reconciled)
    .map((transaction) => {
      const splits: Array<{ categoryId: CategoryId; value: Transaction['value'] }> = []
      for (const split of transaction.splits) {
        const categoryId = split.categoryId === from ? to : split.categoryId
        const same = splits.find((kept) => kept.categoryId === categoryId)
        if (same) same.value = (same.value + split.value) as Transaction['value']
        else splits.push({ categoryId, value: split.value })
      }
      return { _tag: 'EditTransaction', transactionId: transaction.id, splits }
    })

/** The month's assignment records that touch the category (as source or destination), newest first. */
export const recordsOfCategory = (
  records: ReadonlyArray<AssignmentRecord>,
  categoryId: CategoryId | null,
): ReadonlyArray<AssignmentRecord> =>
  records
    .filter(
      (record) =>
        categoryId === null || record.fromCategoryId === categoryId || record.toCategoryId === categoryId,
    )
    .toSorted((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))

const recordsByCategory = new WeakMap<
  ReadonlyArray<AssignmentRecord>,
  Map<string, ReadonlyArray<AssignmentRecord>>
>()
const EMPTY_RECORDS: ReadonlyArray<AssignmentRecord> = []

/** The assignment history of the month, newest first; of one category, or all when categoryId is null. */
export const selectCategoryRecords = (
  snapshot: BudgetSnapshot,
  categoryId: CategoryId | null,
  period: PeriodKey,
): ReadonlyArray<AssignmentRecord> => {
  const records = selectAssignmentRecords(snapshot, period)
  if (records.length === 0) return EMPTY_RECORDS
  let byId = recordsByCategory.get(records)
  if (!byId) {
    byId = new Map()
    recordsByCategory.set(records, byId)
  }
  const key = categoryId ?? ''
  const hit = byId.get(key)
  if (hit) return hit
  const list = recordsOfCategory(records, categoryId)
  byId.set(key, list)
  return list
}

/** What one auto-assign option would do: how many categories change and the net change of assigned money. */
export type AutoAssignPreview = { readonly categories: number; readonly total: number }

/** Every visible Expense and Saving category, the domain's candidates when no selection is given. */
const autoAssignCandidates = (state: BudgetState): ReadonlyArray<CategoryId> =>
  [...state.categories.values()]
    .filter(
      (category) =>
        category.type !== 'Income' &&
        !category.hidden &&
        state.groups.get(category.categoryGroupId)?.hidden !== true,
    )
    .map((category) => category.id)

/** Pure: the domain's proposal per option, summed over the candidates. */
export const autoAssignPreviewOf = (
  state: BudgetState,
  period: PeriodKey,
  categoryIds?: ReadonlyArray<CategoryId>,
): Readonly<Record<AutoAssignOption, AutoAssignPreview>> => {
  const candidates = categoryIds ?? autoAssignCandidates(state)
  const preview = {} as Record<AutoAssignOption, AutoAssignPreview>
  for (const option of AUTO_ASSIGN_OPTIONS) {
    let categories = 0
    let total = 0
    for (const categoryId of candidates) {
      const proposed = proposedAssigned(option, state, categoryId, period)
      if (proposed === null) continue
      const delta = proposed - monthOf(state, categoryId, period).assigned
      if (delta === 0) continue
      categories += 1
      total += delta
    }
    preview[option] = { categories, total }
  }
  return preview
}

const previews = new WeakMap<
  BudgetState,
  Map<PeriodKey, Readonly<Record<AutoAssignOption, AutoAssignPreview>>>
>()

export const selectAutoAssignPreview = (snapshot: BudgetSnapshot, period: PeriodKey) => {
  const state = snapshot.context.state
  let byPeriod = previews.get(state)
  if (!byPeriod) {
    byPeriod = new Map()
    previews.set(state, byPeriod)
  }
  const hit = byPeriod.get(period)
  if (hit) return hit
  const preview = autoAssignPreviewOf(state, period)
  byPeriod.set(period, preview)
  return preview
}

/** A category one can put money in or take it from: visible, not Income. With its available amount this month. */
export type MoneyCategory = {
  readonly id: CategoryId
  readonly name: string
  /** The built-in 'Uncategorized', whose stored name is an i18n key (the view names it). */
  readonly system: boolean
  readonly groupId: CategoryGroupId
  readonly available: CategoryMonth['available']
  readonly assigned: CategoryMonth['assigned']
}

const moneyCategories = new WeakMap<MonthView, ReadonlyArray<MoneyCategory>>()

export const selectMoneyCategories = (
  snapshot: BudgetSnapshot,
  period: PeriodKey,
): ReadonlyArray<MoneyCategory> => {
  const view = selectMonthView(snapshot, period)
  const hit = moneyCategories.get(view)
  if (hit) return hit
  const state = snapshot.context.state
  const list = view.categories
    .filter((row) => {
      if (row.type === 'Income') return false
      const category = state.categories.get(row.id)
      return (
        category !== undefined && !category.hidden && state.groups.get(row.categoryGroupId)?.hidden !== true
      )
    })
    .map((row) => ({
      id: row.id,
      name: row.name,
      system: isSystemCategory(state.categories.get(row.id) ?? { origin: 'UserDefined' }),
      groupId: row.categoryGroupId,
      available: row.available,
      assigned: row.assigned,
    }))
  moneyCategories.set(view, list)
  return list
}

/** Who has the budget open here: assignment records by this user read 'you'. */
export const selectUserId = (snapshot: BudgetSnapshot) => snapshot.context.userId
