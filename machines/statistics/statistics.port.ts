import type { BankAccountId, CategoryId } from '../../schemas/ids.ts'
import type { Minor, PeriodKey } from '../../schemas/money.ts'
import type { StatisticsPeriod } from '../../schemas/statistics.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'

/** What the screen reads: a budget's figures month by month over a range of months (both ends included). */
export type FiguresRequest = {
  readonly budgetId: string
  readonly fromPeriod: PeriodKey
  readonly toPeriod: PeriodKey
}

/**
 * A month of GET …/statistics as the screen reads it: each category also says what was assigned to it
 * (api31b.md `assigned`, the month view's "Przydzielono"; a budget-vs-actual report needs it).
 */
export type FiguresPeriod = Omit<StatisticsPeriod, 'categories'> & {
  readonly categories: ReadonlyArray<{
    readonly categoryId: CategoryId
    readonly activity: Minor
    readonly assigned: Minor
  }>
}

/** The figures, or why they could not be read; the port never throws for these. */
export type FiguresOutcome =
  | { readonly ok: true; readonly figures: { readonly periods: ReadonlyArray<FiguresPeriod> } }
  | { readonly ok: false; readonly error: ApiErrorLike }

/** A month of GET …/statistics/net-worth (api31b.md): every account's balance at the month's end, and their sum. */
export type NetWorthPeriod = {
  readonly key: string
  readonly netWorth: Minor
  readonly accounts: ReadonlyArray<{ readonly bankAccountId: BankAccountId; readonly balance: Minor }>
}

export type NetWorthOutcome =
  | { readonly ok: true; readonly periods: ReadonlyArray<NetWorthPeriod> }
  | { readonly ok: false; readonly error: ApiErrorLike }

/** GET /api/budget/{id}/statistics?granularity=Month and …/statistics/net-worth (src/ports/statisticsPort.ts). */
export type StatisticsPort = {
  readFigures(request: FiguresRequest, signal: AbortSignal): Promise<FiguresOutcome>
  readNetWorth(request: FiguresRequest, signal: AbortSignal): Promise<NetWorthOutcome>
}
