import { addMonths, periodRange } from '../../domain/period.ts'
import type { CategoryType, SpendingClass } from '../../schemas/budget.ts'
import type { PeriodKey } from '../../schemas/money.ts'
import type { StatisticsPeriod } from '../../schemas/statistics.ts'

// Pure shaping of GET …/statistics (issue 31 §1) for the screen: amounts stay integer minor units; shares and
// rates are plain ratios, rounded once, when the view formats them.

export type { Granularity } from '../../schemas/statistics.ts'

import type { Granularity } from '../../schemas/statistics.ts'

export type { Dimension, StatisticsReport } from './statistics.choice.ts'

import type { Dimension } from './statistics.choice.ts'

/** The months one read covers: the chosen period, the one before and the same period a year ago (Month granularity). */
export const rangeOf = (granularity: Granularity, period: PeriodKey): { from: PeriodKey; to: PeriodKey } => {
  if (granularity === 'Month') return { from: addMonths(period, -12), to: period }
  const january = januaryOf(period)
  return { from: addMonths(january, -12), to: addMonths(january, 11) }
}

/** January of the period's year (a Year report is named by any of its months). */
export const januaryOf = (period: PeriodKey): PeriodKey => addMonths(period, 1 - Number(period.slice(4)))

/** The months of the chosen period, the previous one and the same one a year ago (for a year: both the year before). */
export const periodsOf = (granularity: Granularity, period: PeriodKey) => {
  if (granularity === 'Month')
    return { current: [period], previous: [addMonths(period, -1)], yearAgo: [addMonths(period, -12)] }
  const january = januaryOf(period)
  const yearFrom = (first: PeriodKey) => periodRange(first, addMonths(first, 11))
  const before = yearFrom(addMonths(january, -12))
  return { current: yearFrom(january), previous: before, yearAgo: before }
}

export type CategoryInfo = {
  readonly name: string
  readonly groupId: string
  readonly groupName: string
  readonly type: CategoryType
  readonly spendingClass: SpendingClass
}

export type SpendingRow = {
  /** Category or group id, or the spending class. */
  readonly key: string
  /** Money that went out, minor units (positive: spent; refunds reduce it). */
  readonly spent: number
  /** spent / total spent of the period; null when nothing was spent in total. */
  readonly share: number | null
  readonly previous: number
  readonly yearAgo: number
}

const keyOf = (dimension: Dimension, info: CategoryInfo | undefined, categoryId: string): string | null => {
  if (info === undefined) return dimension === 'category' ? categoryId : null
  if (info.type === 'Income') return null
  return dimension === 'category' ? categoryId : dimension === 'group' ? info.groupId : info.spendingClass
}

/** Spent per key over the given months (class figures from the answer's own classes: they cover every category). */
const spentIn = (
  byKey: ReadonlyMap<string, StatisticsPeriod>,
  months: ReadonlyArray<PeriodKey>,
  dimension: Dimension,
  infoOf: (categoryId: string) => CategoryInfo | undefined,
): Map<string, number> => {
  const spent = new Map<string, number>()
  const add = (key: string, activity: number) => spent.set(key, (spent.get(key) ?? 0) - activity)
  for (const month of months) {
    const figures = byKey.get(month)
    if (figures === undefined) continue
    if (dimension === 'spendingClass') {
      for (const entry of figures.spendingClasses) add(entry.spendingClass, entry.activity)
      continue
    }
    for (const entry of figures.categories) {
      const key = keyOf(dimension, infoOf(entry.categoryId), entry.categoryId)
      if (key !== null) add(key, entry.activity)
    }
  }
  return spent
}

/** Rows with anything in any of the three periods, most spent first; shares of the chosen period's total spent. */
export const spendingRows = (
  months: ReadonlyArray<StatisticsPeriod>,
  granularity: Granularity,
  period: PeriodKey,
  dimension: Dimension,
  infoOf: (categoryId: string) => CategoryInfo | undefined,
): ReadonlyArray<SpendingRow> => {
  const byKey = new Map(months.map((month) => [month.key, month]))
  const { current, previous, yearAgo } = periodsOf(granularity, period)
  const now = spentIn(byKey, current, dimension, infoOf)
  const before = spentIn(byKey, previous, dimension, infoOf)
  const ago = spentIn(byKey, yearAgo, dimension, infoOf)
  const total = [...now.values()].reduce((sum, value) => sum + value, 0)
  const keys = new Set([...now.keys(), ...before.keys(), ...ago.keys()])
  return [...keys]
    .map((key) => {
      const spent = now.get(key) ?? 0
      return {
        key,
        spent,
        share: total > 0 ? spent / total : null,
        previous: before.get(key) ?? 0,
        yearAgo: ago.get(key) ?? 0,
      }
    })
    .filter((row) => row.spent !== 0 || row.previous !== 0 || row.yearAgo !== 0)
    .sort((a, b) => b.spent - a.spent || a.key.localeCompare(b.key))
}

/** The row the summary names: the most spent, when anything was. */
export const topRow = (rows: ReadonlyArray<SpendingRow>): SpendingRow | null => {
  const first = rows[0]
  return first !== undefined && first.spent > 0 ? first : null
}

export type CashflowRow = {
  readonly month: PeriodKey
  readonly income: number
  /** Money that went out, minor units (positive). */
  readonly spent: number
  /** income − spent. */
  readonly saved: number
  /** saved / income; null without income. */
  readonly savingRate: number | null
}

/** Income vs spending for the 12 months ending with `last`. */
export const cashflowRows = (
  months: ReadonlyArray<StatisticsPeriod>,
  last: PeriodKey,
): ReadonlyArray<CashflowRow> => {
  const byKey = new Map(months.map((month) => [month.key, month]))
  return periodRange(addMonths(last, -11), last).map((month) => {
    const figures = byKey.get(month)
    const income = figures?.income ?? 0
    const spent = -(figures?.spending ?? 0)
    const saved = income - spent
    return { month, income, spent, saved, savingRate: income > 0 ? saved / income : null }
  })
}

/** The whole 12 months: income, spent, saved and the rate over them. */
export const cashflowTotal = (rows: ReadonlyArray<CashflowRow>) => {
  const income = rows.reduce((sum, row) => sum + row.income, 0)
  const spent = rows.reduce((sum, row) => sum + row.spent, 0)
  return { income, spent, saved: income - spent, savingRate: income > 0 ? (income - spent) / income : null }
}

/** Nothing at all moved in the months read: the budget has no transactions there. */
export const isEmpty = (months: ReadonlyArray<StatisticsPeriod>): boolean =>
  months.every((month) => month.income === 0 && month.spending === 0)
