import * as Schema from 'effect/Schema'
import { addMonths, periodRange } from '../../domain/period.ts'
import { type CategoryType, SpendingClass } from '../../schemas/budget.ts'
import { CategoryId } from '../../schemas/ids.ts'
import type { PeriodKey } from '../../schemas/money.ts'
import type { StatisticsPeriod } from '../../schemas/statistics.ts'
import type { FiguresPeriod, NetWorthPeriod } from './statistics.port.ts'

// Pure shaping of GET …/statistics (issue 31 §1) for the screen: amounts stay integer minor units; shares and
// rates are plain ratios, rounded once, when the view formats them.

export type { Granularity } from '../../schemas/statistics.ts'

import type { Granularity } from '../../schemas/statistics.ts'

export type { Dimension, StatisticsReport } from './statistics.choice.ts'

import type { Dimension } from './statistics.choice.ts'

/** How many months a trend and net worth span (issue 31 §1: "over time"), ending with the chosen period. */
export const TREND_MONTHS = 24

/**
 * The months one read covers: the 24 ending with the chosen month, or with the chosen year's December. That holds
 * every report's months: the period, the one before, the same one a year ago, 12 months of cash flow and 24 of a
 * trend or net worth — so moving between reports reads nothing new.
 */
export const rangeOf = (granularity: Granularity, period: PeriodKey): { from: PeriodKey; to: PeriodKey } => {
  const last = lastMonthOf(granularity, period)
  return { from: addMonths(last, 1 - TREND_MONTHS), to: last }
}

/** The last month a report shows: the chosen month, or its year's December. */
export const lastMonthOf = (granularity: Granularity, period: PeriodKey): PeriodKey =>
  granularity === 'Month' ? period : addMonths(januaryOf(period), 11)

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

/** Rows with anything in any of the three periods, most spent first; shares of the chosen period's outflows. */
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
  // Shares are of what went out: a category that took more in than it paid out (a refund, a reconciliation that
  // found money) is listed with its figure but has no share, so the shares of the others add up to 100 %.
  const total = [...now.values()].reduce((sum, value) => sum + Math.max(0, value), 0)
  const keys = new Set([...now.keys(), ...before.keys(), ...ago.keys()])
  return [...keys]
    .map((key) => {
      const spent = now.get(key) ?? 0
      return {
        key,
        spent,
        share: total > 0 && spent > 0 ? spent / total : null,
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

// —— Trends (issue 31 §1): a category's or class's spending month by month, its 12-month average and median.

/**
 * Half-up to the grosz: x.5 goes up (towards +∞), so −2.5 → −2 and 2.5 → 3. Averages and medians of minor units are
 * the only figures here that are not whole grosze; they are rounded once, here, so the table and the CSV agree.
 */
export const roundHalfUp = (value: number): number => Math.floor(value + 0.5)

/** The mean, rounded half-up to the grosz; null for no values. */
export const averageOf = (values: ReadonlyArray<number>): number | null =>
  values.length === 0 ? null : roundHalfUp(values.reduce((sum, value) => sum + value, 0) / values.length)

/** The middle value; of an even count the mean of the two middle values, rounded half-up; null for no values. */
export const medianOf = (values: ReadonlyArray<number>): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const upper = sorted[middle] ?? 0
  return sorted.length % 2 === 1 ? upper : roundHalfUp(((sorted[middle - 1] ?? 0) + upper) / 2)
}

/** A category (its id) or a spending class. */
export type TrendSubject = SpendingClass | CategoryId

export type TrendRow = {
  readonly month: PeriodKey
  /** Money that went out in the month, minor units (refunds reduce it). */
  readonly spent: number
}

const isSpendingClass = Schema.is(SpendingClass)

/** The subject's spending in each of the 24 months ending with `last` (months the answer lacks count as zero). */
export const trendRows = (
  months: ReadonlyArray<StatisticsPeriod>,
  last: PeriodKey,
  subject: TrendSubject,
): ReadonlyArray<TrendRow> => {
  const byKey = new Map(months.map((month) => [month.key, month]))
  return periodRange(addMonths(last, 1 - TREND_MONTHS), last).map((month) => {
    const figures = byKey.get(month)
    const activity = isSpendingClass(subject)
      ? figures?.spendingClasses.find((entry) => entry.spendingClass === subject)?.activity
      : figures?.categories.find((entry) => entry.categoryId === subject)?.activity
    return { month, spent: 0 - (activity ?? 0) }
  })
}

/** The first month with any income or spending in the answer: the budget's figures start there. */
export const firstActiveMonth = (months: ReadonlyArray<StatisticsPeriod>): string | null => {
  let first: string | null = null
  for (const month of months)
    if ((month.income !== 0 || month.spending !== 0) && (first === null || month.key < first))
      first = month.key
  return first
}

/**
 * Average and median of the last 12 months of a trend (SPEC-free choice: 12 months is a full year of seasons),
 * counting only months from `since` on: months before the budget had any figures are not months of zero spending
 * (a newcomer saw rent of 1 800 zł in two months averaged to 300 zł with a median of 0).
 */
export const trendStats = (rows: ReadonlyArray<TrendRow>, since: string | null = null) => {
  const lastYear = rows
    .slice(-12)
    .filter((row) => since === null || row.month >= since)
    .map((row) => row.spent)
  return { average: averageOf(lastYear), median: medianOf(lastYear) }
}

/** The trend a report opens on: the category most spent on over the 12 months ending with `last`. */
export const defaultTrendSubject = (
  months: ReadonlyArray<StatisticsPeriod>,
  last: PeriodKey,
  infoOf: (categoryId: string) => CategoryInfo | undefined,
): TrendSubject | null => {
  const byKey = new Map(months.map((month) => [month.key, month]))
  const top = spentIn(byKey, periodRange(addMonths(last, -11), last), 'category', infoOf)
  let best: string | null = null
  let most = 0
  for (const [key, spent] of top)
    if (spent > most) {
      best = key
      most = spent
    }
  return best === null ? null : CategoryId.make(best)
}

// —— Budget vs actual (issue 31 §1): what was assigned against what was spent, per category.

export type BudgetRow = {
  readonly categoryId: string
  readonly assigned: number
  /** Money that went out, minor units (positive: spent). */
  readonly spent: number
  /** assigned − spent: positive left over, negative overspent. */
  readonly difference: number
}

/** Every non-income category with anything assigned or spent in the period, in the month view's order. */
export const budgetRows = (
  months: ReadonlyArray<FiguresPeriod>,
  granularity: Granularity,
  period: PeriodKey,
  infoOf: (categoryId: string) => CategoryInfo | undefined,
): ReadonlyArray<BudgetRow> => {
  const byKey = new Map(months.map((month) => [month.key, month]))
  const sums = new Map<string, { assigned: number; spent: number }>()
  for (const month of periodsOf(granularity, period).current)
    for (const entry of byKey.get(month)?.categories ?? []) {
      if (infoOf(entry.categoryId)?.type === 'Income') continue
      const sum = sums.get(entry.categoryId) ?? { assigned: 0, spent: 0 }
      sums.set(entry.categoryId, {
        assigned: sum.assigned + entry.assigned,
        spent: sum.spent - entry.activity,
      })
    }
  return [...sums]
    .filter(([, sum]) => sum.assigned !== 0 || sum.spent !== 0)
    .map(([categoryId, sum]) => ({ categoryId, ...sum, difference: sum.assigned - sum.spent }))
}

export const budgetTotal = (rows: ReadonlyArray<BudgetRow>) => {
  const assigned = rows.reduce((sum, row) => sum + row.assigned, 0)
  const spent = rows.reduce((sum, row) => sum + row.spent, 0)
  return { assigned, spent, difference: assigned - spent }
}

// —— Net worth (issue 31 §1): the sum of account balances at each month's end.

export type NetWorthRow = {
  readonly month: PeriodKey
  readonly netWorth: number
  /** Against the month before; null for the first month shown. */
  readonly change: number | null
}

/** The 24 months ending with `last`, each with its change from the month before (a month the answer lacks is 0). */
export const netWorthRows = (
  periods: ReadonlyArray<NetWorthPeriod>,
  last: PeriodKey,
): ReadonlyArray<NetWorthRow> => {
  const byKey = new Map(periods.map((period) => [period.key, period.netWorth]))
  const range = periodRange(addMonths(last, 1 - TREND_MONTHS), last)
  return range.map((month, index) => {
    const netWorth = byKey.get(month) ?? 0
    const before = range[index - 1]
    return { month, netWorth, change: before === undefined ? null : netWorth - (byKey.get(before) ?? 0) }
  })
}

/** No account held anything in any month shown. */
export const isNetWorthEmpty = (periods: ReadonlyArray<NetWorthPeriod>): boolean =>
  periods.every(
    (period) => period.netWorth === 0 && period.accounts.every((account) => account.balance === 0),
  )
