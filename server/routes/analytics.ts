import { AnalyticsAccepted, AnalyticsBatch } from '../../schemas/analytics.ts'
import { Problem } from '../../schemas/problem.ts'
import { defineRoute } from '../http/route.ts'
import { insertAnalyticsEvents } from '../repositories/analyticsEvents.ts'

export const analyticsRoute = defineRoute({
  method: 'POST',
  path: '/api/analytics',
  operationId: 'postAnalyticsEvents',
  summary: 'Store a batch of product analytics events (the browser queue drains every 3 s)',
  tags: ['analytics'],
  body: AnalyticsBatch,
  bodyLimit: 256 * 1024,
  responses: {
    202: { description: 'The batch is stored.', schema: AnalyticsAccepted },
    413: { description: 'The batch is larger than 256 KiB.', schema: Problem },
    415: { description: 'The body is not JSON.', schema: Problem },
  },
  handler: async ({ body, request, respond }) => {
    // Signed-in callers are recorded; the queue may also drain before sign-in, anonymously.
    const accepted = await insertAnalyticsEvents(
      request.server.database.db,
      body.events,
      request.user?.id ?? null,
    )
    return respond(202, { accepted })
  },
})
