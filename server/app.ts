import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
// Identity (helper E): embedded OpenID Connect provider, /api bearer authentication, profile routes.
import { identityPlugin } from './identity/plugin.ts'
import { appShellPlugin } from './plugins/appShell.ts'
import { configPlugin } from './plugins/config.ts'
import { databasePlugin } from './plugins/database.ts'
import { errorsPlugin } from './plugins/errors.ts'
import { routeCatalogPlugin } from './plugins/routeCatalog.ts'
import { securityPlugin } from './plugins/security.ts'
import { routesPlugin } from './routes/index.ts'

/** Default limit for request bodies; routes may lower it. */
export const defaultBodyLimit = 1024 * 1024

/**
 * The whole server as a Fastify plugin tree. Returned before `ready()`: the database opens when the
 * app is readied (by `listen`, `inject` or `ready`), so tests may still add routes.
 */
export const buildApp = (config: Config): FastifyInstance => {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: defaultBodyLimit,
    // Keep-alive connections must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Creating a fresh PGlite cluster takes 3–10 s; the default 10 s plugin timeout is too tight.
    pluginTimeout: 120_000,
  })
  // Infrastructure first, then the cross-cutting HTTP behaviour, then the routes.
  app.register(configPlugin, { config })
  app.register(databasePlugin)
  app.register(securityPlugin)
  app.register(errorsPlugin)
  app.register(routeCatalogPlugin)
  app.register(appShellPlugin)
  app.register(identityPlugin) // identity (helper E): before the routes, so its /api hook covers them
  app.register(routesPlugin)
  return app
}
