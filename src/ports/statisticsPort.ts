import {
  type FiguresRequest,
  filterQuery,
  netWorthQuery,
  type StatisticsPort,
} from '../../machines/statistics/index.ts'
import { NetWorthResponse, StatisticsResponse } from '../../schemas/statistics.ts'
import { apiErrorOf } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'

const rangeQuery = (request: FiguresRequest) =>
  new URLSearchParams({ fromPeriod: request.fromPeriod, toPeriod: request.toPeriod })

const netWorthRange = (request: FiguresRequest) => {
  const query = rangeQuery(request)
  for (const [name, value] of netWorthQuery(request.filter)) query.append(name, value)
  return query
}

const base = (request: FiguresRequest) => `/api/budget/${encodeURIComponent(request.budgetId)}/statistics`

/** GET …/statistics?granularity=Month and …/statistics/net-worth over a range; a failed read comes back as a value. */
export const createStatisticsPort = (loadApi: LoadApi): StatisticsPort => ({
  async readFigures(request, signal) {
    const query = rangeQuery(request)
    query.set('granularity', 'Month')
    for (const [name, value] of filterQuery(request.filter)) query.append(name, value)
    try {
      const figures = await (await loadApi()).getJson(`${base(request)}?${query}`, StatisticsResponse, {
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
        `${base(request)}/net-worth?${netWorthRange(request)}`,
        NetWorthResponse,
        { signal },
      )
      return { ok: true, periods }
    } catch (error) {
      return { ok: false, error: apiErrorOf(error) }
    }
  },
})
