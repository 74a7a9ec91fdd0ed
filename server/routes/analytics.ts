import { AnalyticsAccepted, AnalyticsBatch } from '../../schemas/analytics.ts'
import { Problem } from '../../schemas/problem.ts'
import { defineRoute } from '../http/route.ts'
import { rateLimited } from '../plugins/rateLimit.ts'
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
    429: {
      description:
        'Too many requests, or (without a user) too many events from this address; see Retry-After.',
      schema: Problem,
    },
  },
  handler: async ({ body, request, respond }) => {
    // Signed-in callers are recorded. The queue may also drain before sign-in or after sign-out, so anonymous
    // batches are taken (a 401 would start a sign-in in the app), but only up to a small allowance of events per
    // address: without it anyone could fill the table (2 000 rows in 2 s). The browser keeps a refused batch.
    if (!request.user) {
      const refused = request.server.takeAnonymousEvents(request, body.events.length)
      if (refused !== undefined) {
        throw rateLimited(
          refused.retryAfterSeconds,
          'Too many analytics events from this address without signing in.',
        )
      }
    }
    const accepted = await insertAnalyticsEvents(
      request.server.database.db,
      body.events,
      request.user?.id ?? null,
    )
    return respond(202, { accepted })
  },
})
