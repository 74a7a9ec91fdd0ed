import type { CategoryType, SpendingClass } from '../schemas/budget.ts'
import type { CategoryId } from '../schemas/ids.ts'
import type { PeriodKey } from '../schemas/money.ts'
import { type Granularity, MAX_STATISTICS_MONTHS, type StatisticsPeriod } from '../schemas/statistics.ts'
import { servedMinor } from './monthView.ts'
import { monthsBetween, periodRange, yearOfPeriod } from './period.ts'

// Issue 31 §4: a budget's per-category monthly activity folded into periods (months or calendar years), income
// against spending, and spending by class. Pure: the server reads the months from its read model
// (category_year_columns, or the transactions when filtered by account) and hands them here (docs/statistics.md).

/** Every spending class, in the order the answer lists them. */
export const spendingClasses: readonly SpendingClass[] = [
  'Housing',
  'Food',
  'Transport',
  'Self',
  'Fun',
  'Savings',
  'Undefined',
]

/** What the fold needs of a category, in the order the answer lists categories (the month view's). */
export interface StatisticsCategory {
  readonly id: CategoryId
  readonly type: CategoryType
  readonly spendingClass: SpendingClass
  /** The built-in income destination ("Do przydzielenia"): income, and not listed among the categories. */
  readonly incomeDestination: boolean
}

/**
 * One category's activity (outflows negative) and assigned amount in one month, as the month view shows them. Several
 * entries of one category and month add up (the route reads activity and assigned from two places when filtered).
 */
export interface MonthActivity {
  readonly categoryId: CategoryId
  readonly period: PeriodKey
  readonly activity: number
  readonly assigned: number
}

export interface StatisticsRange {
  readonly granularity: Granularity
  readonly fromPeriod: PeriodKey
  readonly toPeriod: PeriodKey
}

/** Why a range of months cannot be answered, or undefined when it can. */
export const rangeRefusal = (
  range: Pick<StatisticsRange, 'fromPeriod' | 'toPeriod'>,
): 'reversed' | 'tooLong' | undefined => {
  const months = monthsBetween(range.fromPeriod, range.toPeriod) + 1
  if (months < 1) return 'reversed'
  if (months > MAX_STATISTICS_MONTHS) return 'tooLong'
  return undefined
}

/** The answer's key of the period a month falls in: the month itself, or its year. */
export const periodKeyOf = (granularity: Granularity, period: PeriodKey): string =>
  granularity === 'Month' ? period : yearOfPeriod(period)

/** The keys of every period of the range, in order (a year once, however many of its months are inside). */
export const periodKeys = (range: StatisticsRange): string[] => {
  const keys: string[] = []
  for (const period of periodRange(range.fromPeriod, range.toPeriod)) {
    const key = periodKeyOf(range.granularity, period)
    if (keys[keys.length - 1] !== key) keys.push(key)
  }
  return keys
}

/** Income categories and the income destination bring income; every other category is spending. */
export const isIncome = (category: StatisticsCategory): boolean =>
  category.incomeDestination || category.type === 'Income'

interface Totals {
  income: number
  spending: number
  readonly byCategory: Map<CategoryId, number>
  readonly assignedByCategory: Map<CategoryId, number>
  readonly byClass: Map<SpendingClass, number>
}

/**
 * Folds months into the range's periods. Only `categories` count (a filter passes fewer); months outside the range
 * are ignored. Every period of the range is answered, zeros included, and every listed category and every class
 * appears in each period.
 */
export const foldStatistics = (
  range: StatisticsRange,
  categories: readonly StatisticsCategory[],
  months: Iterable<MonthActivity>,
): StatisticsPeriod[] => {
  const keys = periodKeys(range)
  const totals = new Map<string, Totals>()
  for (const key of keys)
    totals.set(key, {
      income: 0,
      spending: 0,
      byCategory: new Map(),
      assignedByCategory: new Map(),
      byClass: new Map(),
    })
  const byId = new Map(categories.map((category) => [category.id, category]))
  for (const month of months) {
    if (month.period < range.fromPeriod || month.period > range.toPeriod) continue
    const category = byId.get(month.categoryId)
    const period = totals.get(periodKeyOf(range.granularity, month.period))
    if (category === undefined || period === undefined) continue
    if (month.assigned !== 0)
      period.assignedByCategory.set(
        category.id,
        (period.assignedByCategory.get(category.id) ?? 0) + month.assigned,
      )
    period.byCategory.set(category.id, (period.byCategory.get(category.id) ?? 0) + month.activity)
    if (isIncome(category)) {
      period.income += month.activity
    } else {
      period.spending += month.activity
      period.byClass.set(
        category.spendingClass,
        (period.byClass.get(category.spendingClass) ?? 0) + month.activity,
      )
    }
  }
  const listed = categories.filter((category) => !category.incomeDestination)
  return keys.map((key) => {
    // Every key was put in `totals` above.
    const period = totals.get(key) as Totals
    return {
      key,
      income: servedMinor(period.income),
      spending: servedMinor(period.spending),
      categories: listed.map((category) => ({
        categoryId: category.id,
        activity: servedMinor(period.byCategory.get(category.id) ?? 0),
        assigned: servedMinor(period.assignedByCategory.get(category.id) ?? 0),
      })),
      spendingClasses: spendingClasses.map((spendingClass) => ({
        spendingClass,
        activity: servedMinor(period.byClass.get(spendingClass) ?? 0),
      })),
    }
  })
}
