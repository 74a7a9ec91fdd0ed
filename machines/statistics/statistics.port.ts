import type { PeriodKey } from '../../schemas/money.ts'
import type { StatisticsResponse } from '../../schemas/statistics.ts'
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

/** The figures, or why they could not be read; the port never throws for these. */
export type FiguresOutcome =
  | { readonly ok: true; readonly figures: StatisticsResponse }
  | { readonly ok: false; readonly error: ApiErrorLike }

/** GET /api/budget/{id}/statistics?granularity=Month over the app's HTTP client (src/ports/statisticsPort.ts). */
export type StatisticsPort = {
  readFigures(request: FiguresRequest, signal: AbortSignal): Promise<FiguresOutcome>
}
