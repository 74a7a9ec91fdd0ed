import type { SnapshotFrom } from 'xstate'
import type { PeriodKey } from '../../schemas/money.ts'
import type { Granularity } from '../../schemas/statistics.ts'
import type { StatisticsReport } from './statistics.choice.ts'
import { isFiltered, type StatisticsFilter } from './statistics.filter.ts'
import type { statisticsMachine } from './statistics.machine.ts'
import type { FiguresPeriod, NetWorthPeriod } from './statistics.port.ts'

type StatisticsSnapshot = SnapshotFrom<typeof statisticsMachine>

/** What the screen shows: the first read under way, that read failed, or figures (maybe while the next loads). */
export type StatisticsStatus = 'loading' | 'failed' | 'ready'

/** Anything to show while a read is under way: the figures (or net worth) of an earlier choice. */
const shown = (snapshot: StatisticsSnapshot): boolean =>
  snapshot.matches('loadingNetWorth')
    ? snapshot.context.netWorth.length > 0
    : snapshot.context.months.length > 0

const reading = (snapshot: StatisticsSnapshot): boolean =>
  snapshot.matches('loading') || snapshot.matches('loadingNetWorth')

export const selectStatus = (snapshot: StatisticsSnapshot): StatisticsStatus => {
  if (snapshot.matches('failed')) return 'failed'
  if (reading(snapshot) && !shown(snapshot)) return 'loading'
  return 'ready'
}

export const selectIsRefreshing = (snapshot: StatisticsSnapshot): boolean =>
  reading(snapshot) && shown(snapshot)

export const selectGranularity = (snapshot: StatisticsSnapshot): Granularity => snapshot.context.granularity
export const selectPeriod = (snapshot: StatisticsSnapshot): PeriodKey => snapshot.context.period
export const selectReport = (snapshot: StatisticsSnapshot): StatisticsReport => snapshot.context.report
export const selectMonths = (snapshot: StatisticsSnapshot): ReadonlyArray<FiguresPeriod> =>
  snapshot.context.months
export const selectNetWorth = (snapshot: StatisticsSnapshot): ReadonlyArray<NetWorthPeriod> =>
  snapshot.context.netWorth

/** The filter the figures honour (statistics.filter.ts). */
export const selectFilter = (snapshot: StatisticsSnapshot): StatisticsFilter => snapshot.context.filter
export const selectIsFiltered = (snapshot: StatisticsSnapshot): boolean => isFiltered(snapshot.context.filter)
