import * as Schema from 'effect/Schema'
import { Granularity, SpendingClass } from './budget.ts'
import { BankAccountId, CategoryId } from './ids.ts'
import { IsoDate, Minor, PeriodKey } from './money.ts'

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

/** A payee filter: a substring matched case-insensitively, as saved filters' `payeeText` (domain/filters.ts). */
export const PayeeText = Schema.String.pipe(Schema.check(Schema.isNonEmpty(), Schema.isMaxLength(200)))

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
  /** Only transactions dated on or after this day (read from the transactions). Periods still follow the range. */
  fromDate: Schema.optionalKey(IsoDate),
  /** Only transactions dated on or before this day (read from the transactions). */
  toDate: Schema.optionalKey(IsoDate),
  /** Only transactions whose payee contains this text, case-insensitively (read from the transactions). */
  payee: Schema.optionalKey(PayeeText),
})
export type StatisticsQuery = typeof StatisticsQuery.Type

/** YYYYMM for a Month period, YYYY for a Year period. */
export const StatisticsPeriodKey = Schema.String.check(Schema.isPattern(/^\d{4}(?:\d{2})?$/u))

export const CategoryActivity = Schema.Struct({
  categoryId: CategoryId,
  activity: Minor,
  /** What was assigned to it in the period (the month view's "Przydzielono"); account/date/payee filters keep it. */
  assigned: Minor,
})
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

// GET /api/budget/{id}/statistics/net-worth: each account's balance at the end of each month, from the per-account-
// month read model (docs/statistics.md).

export const NetWorthQuery = Schema.Struct({
  /** First month of the range, YYYYMM, included. */
  fromPeriod: PeriodKey,
  /** Last month of the range, YYYYMM, included. */
  toPeriod: PeriodKey,
  /** Only these accounts (listed, and summed into `netWorth`). */
  accountIds: Schema.optionalKey(IdFilter),
})
export type NetWorthQuery = typeof NetWorthQuery.Type

export const AccountBalance = Schema.Struct({
  bankAccountId: BankAccountId,
  /** Opening balance plus every transaction and transfer dated up to the month's end (0 before it opened). */
  balance: Minor,
})
export type AccountBalance = typeof AccountBalance.Type

export const NetWorthPeriod = Schema.Struct({
  /** YYYYMM. */
  key: PeriodKey,
  /** The sum of `accounts`' balances. */
  netWorth: Minor,
  /** Every account of the budget the filter keeps, open or closed, in the accounts list's order. */
  accounts: Schema.Array(AccountBalance),
})
export type NetWorthPeriod = typeof NetWorthPeriod.Type

export const NetWorthResponse = Schema.Struct({ periods: Schema.Array(NetWorthPeriod) })
export type NetWorthResponse = typeof NetWorthResponse.Type
