import * as Schema from 'effect/Schema'
import type { FiguresRequest, StatisticsPort } from '../../machines/statistics/index.ts'
import { BankAccountId, CategoryId } from '../../schemas/ids.ts'
import { Minor } from '../../schemas/money.ts'
import { StatisticsPeriod } from '../../schemas/statistics.ts'
import { apiErrorOf } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'

// The answers as api31b.md promises them (`assigned` on each category; the net-worth read).
const FiguresResponse = Schema.Struct({
  periods: Schema.Array(
    Schema.Struct({
      ...StatisticsPeriod.fields,
      categories: Schema.Array(Schema.Struct({ categoryId: CategoryId, activity: Minor, assigned: Minor })),
    }),
  ),
})
const NetWorthResponse = Schema.Struct({
  periods: Schema.Array(
    Schema.Struct({
      key: Schema.String,
      netWorth: Minor,
      accounts: Schema.Array(Schema.Struct({ bankAccountId: BankAccountId, balance: Minor })),
    }),
  ),
})

const rangeQuery = (request: FiguresRequest) =>
  new URLSearchParams({ fromPeriod: request.fromPeriod, toPeriod: request.toPeriod })

const base = (request: FiguresRequest) => `/api/budget/${encodeURIComponent(request.budgetId)}/statistics`

/** GET …/statistics?granularity=Month and …/statistics/net-worth over a range; a failed read comes back as a value. */
export const createStatisticsPort = (loadApi: LoadApi): StatisticsPort => ({
  async readFigures(request, signal) {
    const query = rangeQuery(request)
    query.set('granularity', 'Month')
    try {
      const figures = await (await loadApi()).getJson(`${base(request)}?${query}`, FiguresResponse, {
        signal,
      })
      return { ok: true, figures }
    } catch (error) {
      return { ok: false, error: apiErrorOf(error) }
    }
  },
  async readNetWorth(request, signal) {
    try {
      const { periods } = await (await loadApi()).getJson(
        `${base(request)}/net-worth?${rangeQuery(request)}`,
        NetWorthResponse,
        { signal },
      )
      return { ok: true, periods }
    } catch (error) {
      return { ok: false, error: apiErrorOf(error) }
    }
  },
})
