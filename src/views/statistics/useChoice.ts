import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import type { Dimension, StatisticsReport } from '../../../machines/statistics/statistics.choice.ts'
import { PeriodKey } from '../../../schemas/money.ts'
import type { Granularity } from '../../../schemas/statistics.ts'
import { currentPeriodKey } from '../../router/periodKey.ts'
import {
  periodOfSearch,
  type StatisticsSearch,
  searchOfPeriod,
  type TrendSubject,
} from '../../router/statisticsSearch.ts'

/** The report on screen, as the address says (defaults for what it leaves out). */
export type Choice = {
  readonly report: StatisticsReport
  readonly granularity: Granularity
  readonly period: PeriodKey
  readonly dimension: Dimension
  /** A trend's category or class; none: the report picks the most spent category. */
  readonly subject: TrendSubject | undefined
}

export type ChoiceChange = Partial<Omit<Choice, 'subject'>> & { readonly subject?: TrendSubject }

/**
 * The report choice lives in the address (src/router/statisticsSearch.ts): every change is a navigation, so Back and
 * Forward step through them and a saved view is a link. Other parameters (a filter) are kept as they are.
 */
export const useChoice = () => {
  const search: StatisticsSearch = useSearch({ strict: false })
  const navigate = useNavigate()
  // The address names no month: the report opens on the current one.
  const current = useMemo(() => PeriodKey.make(currentPeriodKey(new Date())), [])
  const choice: Choice = {
    report: search.report ?? 'Spending',
    granularity: search.granularity ?? 'Month',
    period: periodOfSearch(search.period) ?? current,
    dimension: search.dimension ?? 'category',
    subject: search.subject,
  }
  const choose = useCallback(
    (change: ChoiceChange) =>
      void navigate({
        to: '.',
        search: (previous: StatisticsSearch) => ({
          ...previous,
          ...change,
          ...(change.period === undefined ? {} : { period: searchOfPeriod(change.period) }),
        }),
      }),
    [navigate],
  )
  /** The filter the address holds, as `filterText` writes it ('' when none). */
  const addressFilter = search.filter ?? ''
  const showFilter = useCallback(
    (text: string) =>
      void navigate({
        to: '.',
        search: (previous: StatisticsSearch) => {
          const { filter: _dropped, ...rest } = previous
          return text === '' ? rest : { ...rest, filter: text }
        },
      }),
    [navigate],
  )
  return { choice, choose, addressFilter, showFilter }
}
