export type { StatisticsFilter } from './statistics.filter.ts'
export {
  criteriaFromFilter,
  filterFromCriteria,
  filterFromQuery,
  filterOfText,
  filterQuery,
  filterText,
  ignoresCriteria,
  isFiltered,
  NO_FILTER,
  netWorthQuery,
  sameFilter,
} from './statistics.filter.ts'
export type { StatisticsContext, StatisticsEvent, StatisticsInput } from './statistics.machine.ts'
export { statisticsMachine } from './statistics.machine.ts'
export type {
  FiguresOutcome,
  FiguresPeriod,
  FiguresRequest,
  NetWorthOutcome,
  NetWorthPeriod,
  StatisticsPort,
} from './statistics.port.ts'
export type { StatisticsStatus } from './statistics.selectors.ts'
export {
  selectFilter,
  selectGranularity,
  selectIsFiltered,
  selectIsRefreshing,
  selectMonths,
  selectNetWorth,
  selectPeriod,
  selectReport,
  selectStatus,
} from './statistics.selectors.ts'
