import * as Schema from 'effect/Schema'
import { Granularity, SpendingClass } from './budget.ts'
import { CategoryId } from './ids.ts'
import { Minor, PeriodKey } from './money.ts'

// Issue 31 §4: GET /api/budget/{id}/statistics. Figures per month or calendar year, from the per-category-month
// read model (docs/statistics.md).

// Defined in budget.ts beside SavedFilter, whose saved views name them (budget.ts cannot import this module).
export { Granularity, ReportKind, ReportView } from './budget.ts'

/** The longest range one request may span: 50 years of months (docs/statistics.md). */
export const MAX_STATISTICS_MONTHS = 600

/** The most ids one `accountIds` or `categoryIds` filter may name. */
export const MAX_STATISTICS_IDS = 500

/**
 * An id filter as the query string carries it: comma-separated (`a,b`), repeated (`?x=a&x=b`), or both. Split and
 * checked by the route (`idsOfFilter`), so each id gets IdText's rules.
 */
const IdFilter = Schema.Union([Schema.String, Schema.Array(Schema.String)])

export const StatisticsQuery = Schema.Struct({
  granularity: Granularity,
  /** First month of the range, YYYYMM, included. */
  fromPeriod: PeriodKey,
  /** Last month of the range, YYYYMM, included. */
  toPeriod: PeriodKey,
  /** Only transactions of these accounts (read from the transactions; docs/statistics.md). */
  accountIds: Schema.optionalKey(IdFilter),
  /** Only these categories (the income destination counts when named). */
  categoryIds: Schema.optionalKey(IdFilter),
})
export type StatisticsQuery = typeof StatisticsQuery.Type

/** YYYYMM for a Month period, YYYY for a Year period. */
export const StatisticsPeriodKey = Schema.String.check(Schema.isPattern(/^\d{4}(?:\d{2})?$/u))

export const CategoryActivity = Schema.Struct({ categoryId: CategoryId, activity: Minor })
export type CategoryActivity = typeof CategoryActivity.Type

export const SpendingClassActivity = Schema.Struct({ spendingClass: SpendingClass, activity: Minor })
export type SpendingClassActivity = typeof SpendingClassActivity.Type

export const StatisticsPeriod = Schema.Struct({
  key: StatisticsPeriodKey,
  /** Activity of Income categories and of the income destination; opening balances are not earnings. */
  income: Minor,
  /** Activity of every other category: negative when money went out. */
  spending: Minor,
  /** Every real category (not the income destination) the filter keeps, in the month view's order. */
  categories: Schema.Array(CategoryActivity),
  /** All seven classes, in SpendingClass order, over the non-income categories: they sum to `spending`. */
  spendingClasses: Schema.Array(SpendingClassActivity),
})
export type StatisticsPeriod = typeof StatisticsPeriod.Type

export const StatisticsResponse = Schema.Struct({ periods: Schema.Array(StatisticsPeriod) })
export type StatisticsResponse = typeof StatisticsResponse.Type
