import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../http/register.ts'
import type { AnyRoute } from '../http/route.ts'
import { identityApiRoutes } from '../identity/routes.ts'
import { ledgerApiRoutes } from '../ledger/plugin.ts'
import { notificationRoutes } from '../notifications/routes.ts'
import { buildOpenApiDocument } from '../openapi/document.ts'
import { sharingRoutes } from '../sharing/routes.ts'
import { analyticsRoute } from './analytics.ts'
import { healthRoute } from './health.ts'
import { onboardingRoutes } from './onboarding.ts'
import { openApiInfo, openApiRoute } from './openapi.ts'

/** The routes this plugin mounts. */
export const apiRoutes: readonly AnyRoute[] = [healthRoute, analyticsRoute, ...onboardingRoutes, openApiRoute]

/**
 * Every documented route, including those other plugins mount (add their lists here): the offline
 * generator (server/scripts/openapi.ts) uses this, and a test checks it matches the running app's catalog.
 */
export const documentedRoutes: readonly AnyRoute[] = [
  ...apiRoutes,
  ...identityApiRoutes,
  ...ledgerApiRoutes,
  ...sharingRoutes,
  ...notificationRoutes,
]

export const apiDocument = () => buildOpenApiDocument(documentedRoutes, openApiInfo)

export const routesPlugin = async (app: FastifyInstance) => {
  for (const route of apiRoutes) registerRoute(app, route)
}
