import * as Schema from 'effect/Schema'
import { comparePeriods, periodOfDate } from '../../domain/period.ts'
import type { FilterCriteria } from '../../schemas/budget.ts'
import { BankAccountId, CategoryId, isIdText } from '../../schemas/ids.ts'
import { IsoDate, type PeriodKey } from '../../schemas/money.ts'
import type { Granularity } from '../../schemas/statistics.ts'
import { rangeOf } from './statistics.figures.ts'
import type { FiguresRequest } from './statistics.port.ts'

// What narrows the statistics (issue 31 §1: "every report honours a saved filter's accounts, categories and dates"),
// one shape for the screen, with its two translations: a saved filter's criteria and the request's query params
// (docs/statistics.md). A saved filter's amounts, direction and kind have no meaning for a report and are dropped.

export type StatisticsFilter = {
  /** Only these accounts' transactions; none = every account. */
  readonly accountIds: ReadonlyArray<BankAccountId>
  /** Only these categories; none = every category. */
  readonly categoryIds: ReadonlyArray<CategoryId>
  /** Part of the payee's name, any case (trimmed); '' = any payee. */
  readonly payee: string
  /** First day counted, inclusive. */
  readonly fromDate: IsoDate | null
  /** Last day counted, inclusive. */
  readonly toDate: IsoDate | null
}

export const NO_FILTER: StatisticsFilter = {
  accountIds: [],
  categoryIds: [],
  payee: '',
  fromDate: null,
  toDate: null,
}

/** The longest payee text the API takes (getStatistics `payee`: 1–200 characters). */
export const PAYEE_MAX_LENGTH = 200

const unique = <T>(values: ReadonlyArray<T>): ReadonlyArray<T> => [...new Set(values)]
const payeeOf = (text: string | undefined): string => (text ?? '').trim().slice(0, PAYEE_MAX_LENGTH)

/** Whether anything narrows the figures. */
export const isFiltered = (filter: StatisticsFilter): boolean =>
  filter.accountIds.length > 0 ||
  filter.categoryIds.length > 0 ||
  filter.payee !== '' ||
  filter.fromDate !== null ||
  filter.toDate !== null

/** Two filters narrow the same way (ids in any order). */
/** Whether the filter narrows what assignments cannot follow: accounts, payee or days (budget vs actual says so). */
export const narrowsBeyondCategories = (filter: StatisticsFilter): boolean =>
  filter.accountIds.length > 0 || filter.payee !== '' || filter.fromDate !== null || filter.toDate !== null

export const sameFilter = (a: StatisticsFilter, b: StatisticsFilter): boolean => {
  const sameIds = (x: ReadonlyArray<string>, y: ReadonlyArray<string>) =>
    x.length === y.length && x.every((id) => y.includes(id))
  return (
    sameIds(a.accountIds, b.accountIds) &&
    sameIds(a.categoryIds, b.categoryIds) &&
    a.payee === b.payee &&
    a.fromDate === b.fromDate &&
    a.toDate === b.toDate
  )
}

// ——— saved filters ———

/** A saved filter's criteria as a statistics filter (amounts, direction and kind dropped: see `ignoredCriteria`). */
export const filterFromCriteria = (criteria: FilterCriteria): StatisticsFilter => ({
  accountIds: unique(criteria.bankAccountIds ?? []),
  categoryIds: unique(criteria.categoryIds ?? []),
  payee: payeeOf(criteria.payeeText),
  fromDate: criteria.fromDate ?? null,
  toDate: criteria.toDate ?? null,
})

/** Whether a saved filter also narrows by what a report cannot honour (amounts, direction, kind). */
export const ignoresCriteria = (criteria: FilterCriteria): boolean =>
  criteria.minValue !== undefined ||
  criteria.maxValue !== undefined ||
  criteria.direction !== undefined ||
  criteria.kind !== undefined

/** The criteria a SaveFilter command stores for this filter (only what narrows; the transactions pane reads them too). */
export const criteriaFromFilter = (filter: StatisticsFilter): FilterCriteria => ({
  ...(filter.accountIds.length === 0 ? {} : { bankAccountIds: [...filter.accountIds] }),
  ...(filter.categoryIds.length === 0 ? {} : { categoryIds: [...filter.categoryIds] }),
  ...(filter.payee === '' ? {} : { payeeText: filter.payee }),
  ...(filter.fromDate === null ? {} : { fromDate: filter.fromDate }),
  ...(filter.toDate === null ? {} : { toDate: filter.toDate }),
})

// ——— query params (the request's, and the route's search) ———

/** The query params getStatistics takes for this filter; ids repeated (`?accountIds=a&accountIds=b`). */
export const filterQuery = (filter: StatisticsFilter): ReadonlyArray<readonly [string, string]> => [
  ...filter.accountIds.map((id) => ['accountIds', id] as const),
  ...filter.categoryIds.map((id) => ['categoryIds', id] as const),
  ...(filter.payee === '' ? [] : [['payee', filter.payee] as const]),
  ...(filter.fromDate === null ? [] : [['fromDate', filter.fromDate] as const]),
  ...(filter.toDate === null ? [] : [['toDate', filter.toDate] as const]),
]

/** The net-worth read takes the accounts only (api31b.md getNetWorth: balances have no category, payee or day). */
export const netWorthQuery = (filter: StatisticsFilter): ReadonlyArray<readonly [string, string]> =>
  filter.accountIds.map((id) => ['accountIds', id] as const)

const isIsoDate = Schema.is(IsoDate)
const dateOf = (text: string | null): IsoDate | null => (text !== null && isIsoDate(text) ? text : null)
const idsOf = (params: URLSearchParams, name: string): ReadonlyArray<string> =>
  unique(
    params
      .getAll(name)
      .flatMap((value) => value.split(','))
      .filter(isIdText),
  )

/**
 * A filter read back from query params (as `filterQuery` writes them, or comma-separated like the API takes them);
 * what cannot be read is left out rather than refused: an address typed by hand still opens the screen.
 */
export const filterFromQuery = (params: URLSearchParams): StatisticsFilter => ({
  accountIds: idsOf(params, 'accountIds').map((id) => BankAccountId.make(id)),
  categoryIds: idsOf(params, 'categoryIds').map((id) => CategoryId.make(id)),
  payee: payeeOf(params.get('payee') ?? undefined),
  fromDate: dateOf(params.get('fromDate')),
  toDate: dateOf(params.get('toDate')),
})

/** The filter as one address parameter (`accountIds=a&payee=x`); '' when nothing narrows. */
export const filterText = (filter: StatisticsFilter): string =>
  new URLSearchParams(filterQuery(filter).map(([name, value]) => [name, value])).toString()

/** A filter read back from `filterText`'s form; anything unreadable is left out. */
export const filterOfText = (text: string | undefined): StatisticsFilter =>
  text === undefined ? NO_FILTER : filterFromQuery(new URLSearchParams(text))

// ——— the months read ———

/**
 * The months a read needs once the filter's dates narrow them: those of `range` overlapping fromDate…toDate
 * (a filter from 2026-03-10 reads from March 2026). Null when no month overlaps: nothing to read, every figure 0.
 */
export const narrowRange = (
  range: { readonly from: PeriodKey; readonly to: PeriodKey },
  filter: StatisticsFilter,
): { readonly from: PeriodKey; readonly to: PeriodKey } | null => {
  const first = filter.fromDate === null ? null : periodOfDate(filter.fromDate)
  const last = filter.toDate === null ? null : periodOfDate(filter.toDate)
  const from = first !== null && comparePeriods(first, range.from) > 0 ? first : range.from
  const to = last !== null && comparePeriods(last, range.to) < 0 ? last : range.to
  if (comparePeriods(from, to) > 0) return null
  if (filter.fromDate !== null && filter.toDate !== null && filter.fromDate > filter.toDate) return null
  return { from, to }
}

/**
 * What one read asks for: the months the report needs (statistics.figures.ts rangeOf) that the filter's dates leave,
 * with the filter. Null when they leave none.
 */
export const figuresRequest = (read: {
  readonly budgetId: string
  readonly granularity: Granularity
  readonly period: PeriodKey
  readonly filter: StatisticsFilter
}): FiguresRequest | null => {
  const range = narrowRange(rangeOf(read.granularity, read.period), read.filter)
  return range === null
    ? null
    : { budgetId: read.budgetId, fromPeriod: range.from, toPeriod: range.to, filter: read.filter }
}
