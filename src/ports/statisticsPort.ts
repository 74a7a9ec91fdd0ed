import type { StatisticsPort } from '../../machines/statistics/index.ts'
import { filterQuery } from '../../machines/statistics/index.ts'
import { StatisticsResponse } from '../../schemas/statistics.ts'
import { apiErrorOf } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'

/** GET …/statistics?granularity=Month over a range; a failed read comes back as a value with the problem document. */
export const createStatisticsPort = (loadApi: LoadApi): StatisticsPort => ({
  async readFigures(request, signal) {
    const query = new URLSearchParams({
      granularity: 'Month',
      fromPeriod: request.fromPeriod,
      toPeriod: request.toPeriod,
    })
    for (const [name, value] of filterQuery(request.filter)) query.append(name, value)
    try {
      const figures = await (await loadApi()).getJson(
        `/api/budget/${encodeURIComponent(request.budgetId)}/statistics?${query}`,
        StatisticsResponse,
        { signal },
      )
      return { ok: true, figures }
    } catch (error) {
      return { ok: false, error: apiErrorOf(error) }
    }
  },
})
