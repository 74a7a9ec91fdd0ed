import * as Schema from 'effect/Schema'
import {
  DIMENSIONS,
  type Dimension,
  STATISTICS_REPORTS,
  type StatisticsReport as StatisticsReportKind,
} from '../../machines/statistics/statistics.choice.ts'
import { filterOfText, filterText } from '../../machines/statistics/statistics.filter.ts'
import { SpendingClass } from '../../schemas/budget.ts'
import { CategoryId } from '../../schemas/ids.ts'
import { isPeriodKey, PeriodKey } from '../../schemas/money.ts'
import { Granularity } from '../../schemas/statistics.ts'

const StatisticsReport = Schema.Literals(STATISTICS_REPORTS)
const StatisticsDimension = Schema.Literals(DIMENSIONS)

/** What a trend follows: a category or a spending class. */
const TrendSubject = Schema.Union([SpendingClass, CategoryId])
export type TrendSubject = typeof TrendSubject.Type

/**
 * `/budget/$budgetId/statistics?report=…&granularity=…&period=YYYY-MM&dimension=…&subject=…&filter=…`: the report shown, so
 * Back/Forward step through choices and a link (a saved view) opens one. The period is written `YYYY-MM`: a bare
 * `YYYYMM` would be read back as a JSON number by the router's search parser and written quoted.
 */
export type StatisticsSearch = {
  readonly report?: StatisticsReportKind
  readonly granularity?: Granularity
  readonly period?: string
  readonly dimension?: Dimension
  readonly subject?: TrendSubject
  /** The filter (accounts, categories, payee, days) as `filterText` writes it, so a reload or a link keeps it. */
  readonly filter?: string
}

const field =
  <S extends Schema.Top>(schema: S) =>
  (value: unknown): S['Type'] | undefined =>
    Schema.is(schema)(value) ? value : undefined

/** `2026-11` → `202611`; anything else is no period. */
export const periodOfSearch = (value: string | undefined): PeriodKey | undefined => {
  const key = value?.replace('-', '')
  return key !== undefined && /^\d{4}-\d{2}$/u.test(value ?? '') && isPeriodKey(key)
    ? PeriodKey.make(key)
    : undefined
}

/** `202611` → `2026-11`. */
export const searchOfPeriod = (period: PeriodKey): string => `${period.slice(0, 4)}-${period.slice(4)}`

/** validateSearch of the statistics route: each parameter decoded on its own (a bad one drops, not the page). */
export const validateStatisticsSearch = (search: Record<string, unknown>): StatisticsSearch => {
  const report = field(StatisticsReport)(search.report)
  const granularity = field(Granularity)(search.granularity)
  const period = typeof search.period === 'string' ? periodOfSearch(search.period) : undefined
  const dimension = field(StatisticsDimension)(search.dimension)
  const subject = field(TrendSubject)(search.subject)
  // Read and written again: what cannot be read is dropped, and an empty filter is no parameter.
  const filter = typeof search.filter === 'string' ? filterText(filterOfText(search.filter)) : ''
  return {
    ...(report === undefined ? {} : { report }),
    ...(granularity === undefined ? {} : { granularity }),
    ...(period === undefined ? {} : { period: searchOfPeriod(period) }),
    ...(dimension === undefined ? {} : { dimension }),
    ...(subject === undefined ? {} : { subject }),
    ...(filter === '' ? {} : { filter }),
  }
}
