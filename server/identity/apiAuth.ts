import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'
import { findPersonalTokenUser, isPersonalToken } from './personalTokens.ts'
import { sendIdentityProblem } from './problems.ts'
import type { IdentityTables, User } from './tables.ts'
import { ensureUserForSubject, findUserBySubject, issuedBeforeSignOut } from './users.ts'
import type { AccessTokenVerifier } from './verifier.ts'

export interface AuthenticatedUser {
  readonly id: string
  readonly subject: string
  readonly email: string | null
  readonly isDisabled: boolean
  /** How the caller proved itself: an OpenID Connect access token or a personal access token. */
  readonly via: 'access_token' | 'personal_token'
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of an /api route, set by the API authentication hook (null only on anonymous routes). */
    user: AuthenticatedUser | null
  }
  interface FastifyInstance {
    /**
     * Whether the credential `request` came with still lets its caller in: not expired, revoked or signed out
     * everywhere, the same user, not disabled. An answer that lasts (an event stream) asks again as it goes.
     */
    readonly callerStillAllowed: (request: FastifyRequest) => Promise<boolean>
  }
}

/** API paths that answer without a token; analytics takes the caller when a valid token comes along. */
export const anonymousPaths = new Set(['/api/openapi.json', '/api/auth/config'])
export const optionalPaths = new Set(['/api/analytics'])
/**
 * Routes a caller without any token may reach (anonymously); with a token they authenticate as usual. Only the
 * invitation preview: the link is the secret, and the invited person reads it before signing in (docs/sharing.md).
 */
export const anonymousRoutes = new Set(['GET /api/invitations/:token'])
/** `GET /api/invitations/:token` → matches `GET /api/invitations/<one segment>`. */
const anonymousRoutePatterns = [...anonymousRoutes].map(
  (route) => new RegExp(`^${route.replace(/:[A-Za-z]+/gu, '[^/]+')}$`, 'u'),
)
const anonymousRoute = (method: string, path: string) =>
  anonymousRoutePatterns.some((pattern) => pattern.test(`${method} ${path}`))

/** A disabled user may still learn that they are disabled (the app then signs them out). */
export const disabledUserPaths = new Set(['GET /api/user-profile'])

const pathOf = (url: string): string => url.split('?')[0] ?? url

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/')

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization
  if (header === undefined) return undefined
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/iu.exec(header)
  return match?.[1]
}

const realm = 'realm="koperta"'

const quoted = (text: string) => text.replace(/["\\]/gu, '')

const refuse = (reply: FastifyReply, detail: string, tokenPresent: boolean) =>
  sendIdentityProblem(reply, 401, 'unauthorized', detail, {
    // RFC 6750 §3: no error code when the request simply had no token.
    'www-authenticate': tokenPresent
      ? `Bearer ${realm}, error="invalid_token", error_description="${quoted(detail)}"`
      : `Bearer ${realm}`,
  })

const toAuthenticated = (user: User, via: AuthenticatedUser['via']): AuthenticatedUser => ({
  id: user.id,
  subject: user.subject,
  email: user.email,
  isDisabled: user.disabled_at !== null,
  via,
})

export interface ApiAuthOptions {
  readonly db: Kysely<IdentityTables>
  readonly verifyAccessToken: AccessTokenVerifier
  /**
   * With an external issuer, a new `sub` becomes a user on its first call. The embedded provider creates users at
   * registration, so an unknown `sub` there is a deleted account whose token has not expired yet: refused.
   */
  readonly createUsersOnFirstCall: boolean
}

/**
 * Every /api route needs a bearer token: a JWT access token from the configured issuer or a personal access
 * token. Runs at preHandler so a rate limiter registered at onRequest still counts refused requests.
 */
export const apiAuthPlugin = fp<ApiAuthOptions>(
  async (app, { db, verifyAccessToken, createUsersOnFirstCall }) => {
    app.decorateRequest('user', null)

    const authenticate = async (token: string): Promise<AuthenticatedUser | string> => {
      if (isPersonalToken(token)) {
        const user = await findPersonalTokenUser(db, token)
        return user === undefined
          ? 'the personal access token is unknown or revoked'
          : toAuthenticated(user, 'personal_token')
      }
      const verified = await verifyAccessToken(token)
      if (!verified.ok) return verified.reason
      const email = typeof verified.claims.email === 'string' ? verified.claims.email : undefined
      const user = createUsersOnFirstCall
        ? await ensureUserForSubject(db, verified.claims.sub, email)
        : await findUserBySubject(db, verified.claims.sub)
      if (user === undefined) return 'the account no longer exists'
      // The row is read for every call anyway: checking it costs nothing, unlike asking the provider.
      if (issuedBeforeSignOut(user, verified.claims.iat)) return 'the access token was revoked'
      return toAuthenticated(user, 'access_token')
    }

    app.decorate('callerStillAllowed', async (request: FastifyRequest) => {
      const token = bearerToken(request)
      const caller = request.user
      if (token === undefined || caller === null) return false
      const outcome = await authenticate(token)
      return typeof outcome !== 'string' && outcome.id === caller.id && !outcome.isDisabled
    })

    app.addHook('preHandler', async (request, reply) => {
      const path = pathOf(request.url)
      if (!isApiPath(path) || anonymousPaths.has(path)) return
      const token = bearerToken(request)
      const optional = optionalPaths.has(path)
      if (token === undefined) {
        if (optional || anonymousRoute(request.method, path)) return
        const malformed = request.headers.authorization !== undefined
        return refuse(
          reply,
          malformed ? 'the Authorization header is not a bearer token' : 'a bearer token is required',
          malformed,
        )
      }
      const outcome = await authenticate(token)
      if (typeof outcome === 'string') {
        if (optional) return
        request.log.info({ reason: outcome }, 'bearer token refused')
        return refuse(reply, outcome, true)
      }
      if (outcome.isDisabled && !optional && !disabledUserPaths.has(`${request.method} ${path}`)) {
        return sendIdentityProblem(reply, 403, 'user_disabled', 'This account is disabled.')
      }
      request.user = outcome
    })
  },
  { name: 'koperta-api-auth' },
)
