import { ActivityPage, ActivityQuery } from '../../schemas/activity.ts'
import { BudgetParams } from '../../schemas/ledgerApi.ts'
import { type AnyRoute, defineRoute } from '../http/route.ts'
import { activityPage } from './activity.ts'
import { readableHead, readReply } from './http.ts'
import { budgetNotFound } from './problems.ts'
import { readAtOneVersion } from './service.ts'

/** Who did what (issue 30 §3): any member reads it, a read-only guest too; others get 404 like every budget route. */
export const activityRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/activity',
    operationId: 'listBudgetActivity',
    summary:
      'Who did what, newest first: one entry per command with the names it concerns (filter by ?actor, page with ?before=<seq of the last entry>)',
    tags: ['live'],
    params: BudgetParams,
    query: ActivityQuery,
    responses: { 200: { description: 'One page of the feed.', schema: ActivityPage } },
    handler: async ({ params, query, request }) => {
      await readableHead(request, params.budgetId)
      const ledger = request.server.ledger
      // The names of what exists now come from the summary; the events read at that same version.
      const read = await readAtOneVersion(ledger, params.budgetId, async () => undefined)
      if (read === undefined) throw budgetNotFound()
      const before = Math.min(query.before ?? read.version + 1, read.version + 1)
      const page = await activityPage(ledger.db, params.budgetId, read.state, {
        before,
        actor: query.actor,
        limit: query.limit ?? 50,
      })
      return readReply(page, read.version)
    },
  }),
]
