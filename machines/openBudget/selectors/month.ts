import * as HashMap from 'effect/HashMap'
import type { SnapshotFrom } from 'xstate'
import { servedMinor, toMinor } from '../../../domain/monthView.ts'
import { type BudgetState, isSystemCategory } from '../../../domain/state.ts'
import type { CategoryMonth, CategoryType, MonthView, TargetExplanation } from '../../../schemas/budget.ts'
import type { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { Minor, PeriodKey } from '../../../schemas/money.ts'
import type { budgetMachine } from '../budget.machine.ts'
import { selectGroups, selectMonthView } from '../budget.selectors.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

/** What a category's available amount says, in words as well as colour. */
export type AvailableStatus = 'overspent' | 'underfunded' | 'funded' | 'zero'

/** One category row of the month table. Rows keep their identity while their numbers stay the same. */
export type MonthRow = {
  readonly id: CategoryId
  readonly groupId: CategoryGroupId
  readonly name: string
  /** The budget's 'Uncategorized' category: named by the UI, never renamed or deleted. */
  readonly system: boolean
  readonly type: CategoryType
  readonly hidden: boolean
  readonly assigned: Minor
  readonly activity: Minor
  readonly available: Minor
  readonly status: AvailableStatus
  /** Still needed this month for the target; 0 without a target. */
  readonly underfunded: Minor
  readonly targetExplanation: TargetExplanation | null
  /** First or last among the rows shown in its group (for move up / move down). */
  readonly isFirst: boolean
  readonly isLast: boolean
}

export type MonthGroup = {
  readonly id: CategoryGroupId
  readonly name: string
  /** The group holding 'Uncategorized'. */
  readonly system: boolean
  readonly hidden: boolean
  readonly isFirst: boolean
  readonly isLast: boolean
  readonly rows: ReadonlyArray<MonthRow>
  /** Every category of the group in order, hidden ones included (a reorder names them all). */
  readonly categoryIds: ReadonlyArray<CategoryId>
  /** Totals of the group's shown spending categories (income has no envelope). */
  readonly assigned: Minor
  readonly activity: Minor
  readonly available: Minor
}

export type MonthModel = {
  readonly periodKey: PeriodKey
  readonly readyToAssign: Minor
  readonly assignedInFuture: Minor
  readonly overspent: Minor
  readonly groups: ReadonlyArray<MonthGroup>
  /** Every group in order (a reorder names them all). */
  readonly groupIds: ReadonlyArray<CategoryGroupId>
  /** Hidden groups and categories left out of `groups` (0 when they are shown). */
  readonly hiddenCount: number
  /** The user made at least one category (the system 'Uncategorized' does not count). */
  readonly hasCategories: boolean
}

export const statusOf = (month: Pick<CategoryMonth, 'available' | 'target'>): AvailableStatus => {
  if (month.available < 0) return 'overspent'
  if (month.target !== undefined && month.target.underfunded > 0) return 'underfunded'
  return month.available === 0 ? 'zero' : 'funded'
}

const sameRow = (a: MonthRow, b: MonthRow): boolean =>
  a.id === b.id &&
  a.groupId === b.groupId &&
  a.name === b.name &&
  a.system === b.system &&
  a.type === b.type &&
  a.hidden === b.hidden &&
  a.assigned === b.assigned &&
  a.activity === b.activity &&
  a.available === b.available &&
  a.status === b.status &&
  a.underfunded === b.underfunded &&
  a.targetExplanation === b.targetExplanation &&
  a.isFirst === b.isFirst &&
  a.isLast === b.isLast

const sameList = <T>(a: ReadonlyArray<T>, b: ReadonlyArray<T>): boolean =>
  a.length === b.length && a.every((item, index) => item === b[index])

const sameGroup = (a: MonthGroup, b: MonthGroup): boolean =>
  a.id === b.id &&
  a.name === b.name &&
  a.system === b.system &&
  a.hidden === b.hidden &&
  a.isFirst === b.isFirst &&
  a.isLast === b.isLast &&
  a.assigned === b.assigned &&
  a.activity === b.activity &&
  a.available === b.available &&
  sameList(a.rows, b.rows) &&
  sameList(a.categoryIds, b.categoryIds)

/** What the month model handed out before, per row, group and explanation key. */
export type MonthSharing = {
  readonly rows: Map<string, MonthRow>
  readonly groups: Map<string, MonthGroup>
  readonly explanations: Map<string, TargetExplanation>
}

export const newMonthSharing = (): MonthSharing => ({
  rows: new Map(),
  groups: new Map(),
  explanations: new Map(),
})

/**
 * One open budget's sharing, kept as long as its port (one per opened budget): a WeakMap, so a closed budget's
 * rows go with it, and two budgets never hand out each other's rows.
 */
const sharingByBudget = new WeakMap<object, MonthSharing>()

const sharingOf = (owner: object): MonthSharing => {
  let sharing = sharingByBudget.get(owner)
  if (sharing === undefined) {
    sharing = newMonthSharing()
    sharingByBudget.set(owner, sharing)
  }
  return sharing
}

/**
 * Structural sharing across states: a row or group equal to the one handed out before is handed out again, so
 * memoised rows re-render only where a number changed (assigning to one category touches one row, its group
 * and the banner).
 */
const shared = <T>(cache: Map<string, T>, key: string, next: T, same: (a: T, b: T) => boolean): T => {
  const previous = cache.get(key)
  if (previous !== undefined && same(previous, next)) return previous
  cache.set(key, next)
  return next
}

/** Target explanations are fresh objects per state; equal ones are shared so rows compare equal. */
const sharedExplanation = (
  cache: Map<string, TargetExplanation>,
  key: string,
  explanation: TargetExplanation | undefined,
): TargetExplanation | null => {
  if (explanation === undefined) return null
  const previous = cache.get(key)
  if (previous !== undefined && JSON.stringify(previous) === JSON.stringify(explanation)) return previous
  cache.set(key, explanation)
  return explanation
}

export const buildMonthModel = (
  view: MonthView,
  groups: ReturnType<typeof selectGroups>,
  uncategorizedId: CategoryId | null,
  showHidden: boolean,
  sharing: MonthSharing = newMonthSharing(),
): MonthModel => {
  const months = new Map(view.categories.map((month) => [month.id, month]))
  const scope = `${view.periodKey}|${showHidden ? 'all' : 'shown'}`
  let hiddenCount = 0
  const hasCategories = groups.some(({ categories }) =>
    categories.some((category) => !isSystemCategory(category)),
  )
  const shownGroups = groups.filter(({ group, categories }) => {
    const system = categories.some((category) => category.id === uncategorizedId)
    if (!system && group.hidden && !showHidden) {
      hiddenCount += 1
      return false
    }
    if (!system) return true
    // 'Uncategorized' shows only while it holds money or activity this month.
    const month = uncategorizedId === null ? undefined : months.get(uncategorizedId)
    return month !== undefined && (month.assigned !== 0 || month.activity !== 0 || month.available !== 0)
  })
  const movable = shownGroups.filter(({ categories }) => !categories.some((c) => c.id === uncategorizedId))
  const result: MonthGroup[] = []
  for (const { group, categories } of shownGroups) {
    const system = categories.some((category) => category.id === uncategorizedId)
    const shownCategories = categories.filter((category) => {
      // Money in 'Do przydzielenia' is Ready to Assign: the banner shows it, not a row.
      if (isSystemCategory(category) && category.type === 'Income') return false
      if (category.hidden && !showHidden) {
        hiddenCount += 1
        return false
      }
      return months.has(category.id)
    })
    const rows = shownCategories.map((category, index): MonthRow => {
      // biome-ignore lint/style/noNonNullAssertion: filtered on months.has above.
      const month = months.get(category.id)!
      const key = `${scope}|${category.id}`
      return shared(
        sharing.rows,
        key,
        {
          id: category.id,
          groupId: group.id,
          name: category.name,
          system: category.id === uncategorizedId,
          type: category.type,
          hidden: category.hidden,
          assigned: month.assigned,
          activity: month.activity,
          available: month.available,
          status: statusOf(month),
          underfunded: month.target?.underfunded ?? toMinor(0),
          targetExplanation: sharedExplanation(sharing.explanations, key, month.target?.explanation),
          isFirst: index === 0,
          isLast: index === shownCategories.length - 1,
        },
        sameRow,
      )
    })
    const spending = rows.filter((row) => row.type !== 'Income')
    const sum = (pick: (row: MonthRow) => number) =>
      // Served like the view's own totals: a budget stored before the bound must still render.
      servedMinor(spending.reduce((total, row) => total + pick(row), 0))
    const position = movable.findIndex((entry) => entry.group.id === group.id)
    result.push(
      shared(
        sharing.groups,
        `${scope}|${group.id}`,
        {
          id: group.id,
          name: group.name,
          system,
          hidden: group.hidden,
          isFirst: position <= 0,
          isLast: position === -1 || position === movable.length - 1,
          rows,
          categoryIds: categories.map((category) => category.id),
          assigned: sum((row) => row.assigned),
          activity: sum((row) => row.activity),
          available: sum((row) => row.available),
        },
        sameGroup,
      ),
    )
  }
  return {
    periodKey: view.periodKey,
    readyToAssign: view.readyToAssign,
    assignedInFuture: view.assignedInFuture,
    overspent: view.overspent,
    groups: result,
    groupIds: groups.map(({ group }) => group.id),
    hiddenCount,
    hasCategories,
  }
}

const models = new WeakMap<BudgetState, Map<string, MonthModel>>()

/** The month table's model for a period: memoised per budget state, period and the 'show hidden' choice. */
export const selectMonthModel = (
  snapshot: BudgetSnapshot,
  periodKey: PeriodKey,
  showHidden: boolean,
): MonthModel => {
  const { state } = snapshot.context
  let byKey = models.get(state)
  if (!byKey) {
    byKey = new Map()
    models.set(state, byKey)
  }
  const key = `${periodKey}|${showHidden}`
  const hit = byKey.get(key)
  if (hit) return hit
  const model = buildMonthModel(
    selectMonthView(snapshot, periodKey),
    selectGroups(snapshot),
    state.budget?.uncategorizedCategoryId ?? null,
    showHidden,
    sharingOf(snapshot.context.port),
  )
  byKey.set(key, model)
  return model
}

/**
 * A budget with no money recorded yet (no transaction, assignment or opening balance): its Ready to Assign of 0
 * means "nothing to assign yet", not "every złoty has a job", and the banner says what to do first.
 */
export const selectHasNoMoneyYet = (snapshot: BudgetSnapshot): boolean => {
  const { state } = snapshot.context
  return (
    state.transactionCount === 0 &&
    HashMap.size(state.categoryMonths) === 0 &&
    [...state.accounts.values()].every((account) => account.openingBalance === 0)
  )
}

/** The banner's numbers only, so the banner re-renders only when they change. */
export const selectReadyToAssignOf = (snapshot: BudgetSnapshot, periodKey: PeriodKey): Minor =>
  selectMonthView(snapshot, periodKey).readyToAssign

export const selectAssignedInFuture = (snapshot: BudgetSnapshot, periodKey: PeriodKey): Minor =>
  selectMonthView(snapshot, periodKey).assignedInFuture

/** The month's overspending, for the banner: how much and in how many categories (next month takes it from RTA). */
export type Overspending = { readonly amount: Minor; readonly categories: number }

const overspendingByView = new WeakMap<MonthView, Overspending>()
export const selectOverspending = (snapshot: BudgetSnapshot, periodKey: PeriodKey): Overspending => {
  const view = selectMonthView(snapshot, periodKey)
  const known = overspendingByView.get(view)
  if (known !== undefined) return known
  const overspending = {
    amount: view.overspent,
    categories: view.categories.filter((row) => row.type !== 'Income' && row.available < 0).length,
  }
  overspendingByView.set(view, overspending)
  return overspending
}

/** A category by id (edit dialogs need the whole entity). */
export const selectCategory = (snapshot: BudgetSnapshot, categoryId: CategoryId) =>
  snapshot.context.state.categories.get(categoryId) ?? null

export const selectGroup = (snapshot: BudgetSnapshot, categoryGroupId: CategoryGroupId) =>
  snapshot.context.state.groups.get(categoryGroupId) ?? null

export type CategoryChoice = {
  readonly id: CategoryId
  readonly name: string
  readonly system: boolean
  readonly type: CategoryType
}

const choicesByState = new WeakMap<BudgetState, ReadonlyArray<CategoryChoice>>()
/** Every category in table order, for 'move money and transactions to …' pickers. */
export const selectCategoryChoices = (snapshot: BudgetSnapshot): ReadonlyArray<CategoryChoice> => {
  const { state } = snapshot.context
  const hit = choicesByState.get(state)
  if (hit) return hit
  const choices = selectGroups(snapshot).flatMap(({ categories }) =>
    categories.map((category) => ({
      id: category.id,
      name: category.name,
      system: isSystemCategory(category),
      type: category.type,
    })),
  )
  choicesByState.set(state, choices)
  return choices
}
