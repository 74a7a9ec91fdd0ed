import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'
import type Provider from 'oidc-provider'
import { registerRoute } from '../http/register.ts'
import type { AccountDeletionHook } from './accountDeletion.ts'
import { accountPages } from './accountPages.ts'
import { pruneExpiredPayloads } from './adapter.ts'
import { startAdminSocket, stopAdminSocket } from './adminSocket.ts'
import { apiAuthPlugin } from './apiAuth.ts'
import { type IdentityConfig, loadIdentityConfig } from './config.ts'
import { interactionPages } from './interactions.ts'
import { ensureKeys, loadKeys } from './keys.ts'
import { createMailer } from './mailer.ts'
import { providerMount } from './mount.ts'
import { identityApiRoutes } from './routes.ts'
import type { IdentityTables } from './tables.ts'
import { findUserBySubject, issuedBeforeSignOut } from './users.ts'
import { createAccessTokenVerifier } from './verifier.ts'

export interface Identity {
  readonly config: IdentityConfig
  readonly db: Kysely<IdentityTables>
  /** Budgets and other user-owned data register their part of account deletion here (same transaction). */
  onAccountDeletion(hook: AccountDeletionHook): void
  /** Other parts of the app act on a user's visit (the app records one when a session starts; the first is the
   * first sign-in). A failing hook is logged, never the visit's failure. */
  onVisit(hook: VisitHook): void
  /** Runs the visit hooks (the visit route calls it). */
  visited(userId: string): Promise<void>
}

export type VisitHook = (userId: string) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    readonly identity: Identity
  }
}

export interface IdentityPluginOptions {
  /** Defaults to the identity variables of the process environment (see config.ts). */
  readonly identity?: IdentityConfig
}

const pruneEveryMs = 10 * 60 * 1000

/**
 * Sign-in for Koperta: the embedded OpenID Connect provider under /auth with its account pages (unless an external
 * issuer is configured), bearer authentication of /api, and the user-profile, subscription and token routes.
 */
export const identityPlugin = fp<IdentityPluginOptions>(
  async (app, options) => {
    const config = options.identity ?? loadIdentityConfig({ PORT: app.config.PORT, env: process.env })
    const db = app.database.db.withTables<IdentityTables>()
    if (config.insecurePublicOrigin) {
      app.log.warn(
        { publicOrigin: config.publicOrigin },
        'PUBLIC_URL is plain http: use https outside a trusted network',
      )
    }
    const deletionHooks: AccountDeletionHook[] = []
    const visitHooks: VisitHook[] = []
    app.decorate('identity', {
      config,
      db,
      onAccountDeletion: (hook: AccountDeletionHook) => deletionHooks.push(hook),
      onVisit: (hook: VisitHook) => visitHooks.push(hook),
      visited: async (userId: string) => {
        for (const hook of visitHooks) {
          await hook(userId).catch((error: unknown) =>
            app.log.error({ err: error, userId }, 'a visit hook failed'),
          )
        }
      },
    })

    const verifyAccessToken = createAccessTokenVerifier({
      config,
      loadLocalKeys: async () => (await loadKeys(db)).signingKeys,
    })

    if (config.embedded) {
      await ensureKeys(db)
      const keys = await loadKeys(db)
      // oidc-provider takes a noticeable part of a cold start to load (and its module evaluation blocks the event
      // loop): it is loaded by the first sign-in request, so /health and the API answer sooner after a restart.
      let loading: Promise<Provider> | undefined
      const loadProvider = (): Promise<Provider> => {
        loading ??= import('./provider.ts').then(({ createProvider }) => {
          const provider = createProvider({ db, config, keys })
          provider.on('server_error', (_ctx, error) =>
            app.log.error({ err: error }, 'identity provider error'),
          )
          // Protocol refusals, by OAuth error code and description only (descriptions never echo tokens).
          const logRefusal = (event: string) => (_ctx: unknown, error: Error) =>
            app.log.info(
              {
                event,
                error: Reflect.get(error, 'error'),
                description: Reflect.get(error, 'error_description'),
              },
              'sign-in request refused',
            )
          provider.on('authorization.error', logRefusal('authorization.error'))
          provider.on('grant.error', logRefusal('grant.error'))
          provider.on('end_session.error', logRefusal('end_session.error'))
          provider.on('revocation.error', logRefusal('revocation.error'))
          provider.on('userinfo.error', logRefusal('userinfo.error'))
          return provider
        })
        return loading
      }
      const userinfo = async (token: string) => {
        const verified = await verifyAccessToken(token)
        if (!verified.ok) return undefined
        const user = await findUserBySubject(db, verified.claims.sub)
        if (user === undefined || user.disabled_at !== null) return undefined
        if (issuedBeforeSignOut(user, verified.claims.iat)) return undefined
        return {
          sub: user.subject,
          ...(user.email === null ? {} : { email: user.email, email_verified: false }),
        }
      }
      await app.register(providerMount(loadProvider, config, userinfo))
      await app.register(interactionPages({ loadProvider, db, config, keys }))
      await app.register(accountPages({ db, config, sendMail: createMailer(config, app.log), deletionHooks }))
      const pruning = setInterval(() => {
        pruneExpiredPayloads(db).catch((error: unknown) =>
          app.log.warn({ err: error }, 'pruning sign-in state failed'),
        )
      }, pruneEveryMs)
      pruning.unref()
      app.addHook('onClose', async () => clearInterval(pruning))
      app.log.info({ issuer: config.issuer }, 'identity: embedded OpenID Connect provider')
    } else {
      app.log.info({ issuer: config.issuer }, 'identity: external OpenID Connect provider')
    }

    // `npm run user` / `npm run token` reach a running server's embedded database through this socket.
    if (app.database.kind === 'pglite' && process.platform !== 'win32') {
      const dataDir = app.config.DATA_DIR
      const socket = await startAdminSocket(dataDir, db, (error) =>
        app.log.warn({ err: error }, 'admin socket error'),
      )
      app.addHook('preClose', async () => stopAdminSocket(socket, dataDir))
    }

    await app.register(apiAuthPlugin, { db, verifyAccessToken, createUsersOnFirstCall: !config.embedded })
    for (const route of identityApiRoutes) registerRoute(app, route)
  },
  { name: 'koperta-identity', dependencies: ['koperta-config', 'koperta-database'] },
)
