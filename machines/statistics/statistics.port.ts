import type { PeriodKey } from '../../schemas/money.ts'
import type { NetWorthPeriod, StatisticsPeriod, StatisticsResponse } from '../../schemas/statistics.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import type { StatisticsFilter } from './statistics.filter.ts'

/** What the screen reads: a budget's figures month by month over a range of months (both ends included). */
export type FiguresRequest = {
  readonly budgetId: string
  readonly fromPeriod: PeriodKey
  readonly toPeriod: PeriodKey
  /** Accounts, categories, payee and days counted (statistics.filter.ts filterQuery). */
  readonly filter: StatisticsFilter
}

/** A month of GET …/statistics (with each category's `assigned`, for budget vs actual). */
export type FiguresPeriod = StatisticsPeriod

/** The figures, or why they could not be read; the port never throws for these. */
export type FiguresOutcome =
  | { readonly ok: true; readonly figures: StatisticsResponse }
  | { readonly ok: false; readonly error: ApiErrorLike }

/** A month of GET …/statistics/net-worth: every account's balance at the month's end, and their sum. */
export type { NetWorthPeriod }

export type NetWorthOutcome =
  | { readonly ok: true; readonly periods: ReadonlyArray<NetWorthPeriod> }
  | { readonly ok: false; readonly error: ApiErrorLike }

/** GET /api/budget/{id}/statistics?granularity=Month and …/statistics/net-worth (src/ports/statisticsPort.ts). */
export type StatisticsPort = {
  readFigures(request: FiguresRequest, signal: AbortSignal): Promise<FiguresOutcome>
  readNetWorth(request: FiguresRequest, signal: AbortSignal): Promise<NetWorthOutcome>
}
