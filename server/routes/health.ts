import { Health } from '../../schemas/health.ts'
import { defineRoute } from '../http/route.ts'
import { appVersion } from '../version.ts'

export const healthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  operationId: 'getHealth',
  summary: 'Liveness and database reachability (a browser gets the health page instead)',
  tags: ['operations'],
  alsoAppPage: true,
  responses: {
    200: { description: 'The server runs and its database answers.', schema: Health },
    503: { description: 'The database does not answer.', schema: Health },
  },
  handler: async ({ request, respond }) => {
    const { database } = request.server
    const reachable = await database.ping()
    const body = {
      status: reachable ? 'ok' : 'unavailable',
      version: appVersion,
      database: { reachable, kind: database.kind },
      uptimeSeconds: Math.round(process.uptime()),
    } as const
    return reachable
      ? respond(200, body, { 'cache-control': 'no-store' })
      : respond(503, body, { 'cache-control': 'no-store', 'retry-after': '5' })
  },
})
