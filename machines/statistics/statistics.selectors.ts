import type { SnapshotFrom } from 'xstate'
import type { PeriodKey } from '../../schemas/money.ts'
import type { Granularity, StatisticsPeriod } from '../../schemas/statistics.ts'
import { isFiltered, type StatisticsFilter } from './statistics.filter.ts'
import type { statisticsMachine } from './statistics.machine.ts'

type StatisticsSnapshot = SnapshotFrom<typeof statisticsMachine>

/** What the screen shows: the first read under way, that read failed, or figures (maybe while the next loads). */
export type StatisticsStatus = 'loading' | 'failed' | 'ready'

export const selectStatus = (snapshot: StatisticsSnapshot): StatisticsStatus => {
  if (snapshot.matches('failed')) return 'failed'
  if (snapshot.matches('loading') && snapshot.context.months.length === 0) return 'loading'
  return 'ready'
}

export const selectIsRefreshing = (snapshot: StatisticsSnapshot): boolean =>
  snapshot.matches('loading') && snapshot.context.months.length > 0

export const selectGranularity = (snapshot: StatisticsSnapshot): Granularity => snapshot.context.granularity
export const selectPeriod = (snapshot: StatisticsSnapshot): PeriodKey => snapshot.context.period
export const selectMonths = (snapshot: StatisticsSnapshot): ReadonlyArray<StatisticsPeriod> =>
  snapshot.context.months

/** The filter the figures honour (statistics.filter.ts). */
export const selectFilter = (snapshot: StatisticsSnapshot): StatisticsFilter => snapshot.context.filter
export const selectIsFiltered = (snapshot: StatisticsSnapshot): boolean => isFiltered(snapshot.context.filter)
