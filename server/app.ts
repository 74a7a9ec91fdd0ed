import { maxHeaderSize } from 'node:http'
import multipart from '@fastify/multipart'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import { textSafetyPlugin } from './http/textSafety.ts'
import { identityPlugin } from './identity/plugin.ts'
import { redactingRequestSerializer } from './identity/redact.ts'
import { ledgerPlugin } from './ledger/plugin.ts'
import { type NotificationsPluginOptions, notificationsPlugin } from './notifications/plugin.ts'
import { appShellPlugin } from './plugins/appShell.ts'
import { canonicalAddressPlugin } from './plugins/canonicalAddress.ts'
import { compressionPlugin } from './plugins/compression.ts'
import { configPlugin } from './plugins/config.ts'
import { databasePlugin } from './plugins/database.ts'
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors.ts'
import { rateLimitPlugin } from './plugins/rateLimit.ts'
import { routeCatalogPlugin } from './plugins/routeCatalog.ts'
import { securityPlugin } from './plugins/security.ts'
import { routesPlugin } from './routes/index.ts'
import { sharingPlugin } from './sharing/plugin.ts'

/**
 * The router reads path parameters as long as any request line Node accepts (its header limit, 16 KiB by default), far
 * beyond the longest id (128, schemas/ids.ts): an over-long id reaches its route and its schema refuses it by name
 * (400). Fastify's default of 100 sent ids of 101–128 characters, which the schemas accept, to a 414 or, for GET,
 * on to the static files (issue 26 §5).
 */
export const maxParamLength = maxHeaderSize

/** Default limit for request bodies; routes may lower it. */
export const defaultBodyLimit = 1024 * 1024

/**
 * The whole server as a Fastify plugin tree. Returned before `ready()`: the database opens when the
 * app is readied (by `listen`, `inject` or `ready`), so tests may still add routes.
 */
export interface BuildOptions {
  /** Channels and the drafts source of the notifications (tests capture mail and push). */
  readonly notifications?: NotificationsPluginOptions
}

export const buildApp = (config: Config, options: BuildOptions = {}): FastifyInstance => {
  const app = Fastify({
    // Sign-in URLs carry codes and ID tokens in their query: they are redacted before any log line is written.
    logger: { level: config.LOG_LEVEL, serializers: { req: redactingRequestSerializer } },
    bodyLimit: defaultBodyLimit,
    routerOptions: { maxParamLength },
    // Errors raised before routing, or by Node's HTTP parser, leave as problem documents too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
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
  app.register(compressionPlugin)
  app.register(errorsPlugin)
  app.register(canonicalAddressPlugin)
  // Before any route: no handler, schema or database sees text it cannot hold (issue 26 §2).
  app.register(textSafetyPlugin)
  // File uploads (imports): each route sets its own file limit (server/http/multipart.ts).
  app.register(multipart, { throwFileSizeLimit: true })
  app.register(routeCatalogPlugin)
  app.register(appShellPlugin)
  // Before identity, so its hooks cover the identity pages; its per-user limit runs after authentication anyway.
  app.register(rateLimitPlugin)
  // Identity before the application routes, so its /api authentication hook covers them.
  app.register(identityPlugin)
  app.register(ledgerPlugin)
  app.register(sharingPlugin)
  app.register(notificationsPlugin, options.notifications ?? {})
  app.register(routesPlugin)
  return app
}
