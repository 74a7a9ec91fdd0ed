import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { makeProblem, ProblemError } from '../http/problem.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Takes `count` analytics events from the caller's address's allowance for anonymous events; answers how long
     * to wait when the allowance cannot cover them (nothing is taken then).
     */
    takeAnonymousEvents(
      request: FastifyRequest,
      count: number,
    ): { readonly retryAfterSeconds: number } | undefined
  }
}

const pathOf = (url: string): string => url.split('?')[0] ?? url

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/')

/** The embedded provider (/auth/…) and the sign-in, registration and password-reset pages (/Identity/…). */
const isIdentityPath = (path: string) =>
  path === '/auth' || path.startsWith('/auth/') || path.startsWith('/Identity/')

const addressOf = (request: FastifyRequest) => normalizeIP(request.ip)

/** 429 as a problem document; Retry-After in whole seconds, at least one. */
export const rateLimited = (retryAfterSeconds: number, detail: string): ProblemError => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  return new ProblemError(makeProblem(429, 'rate_limited', `${detail} Try again in ${seconds} s.`), {
    'retry-after': String(seconds),
  })
}

/**
 * Fixed windows per key that count amounts rather than requests (analytics events). At most `maxKeys` windows are
 * kept: expired ones are dropped first, then the oldest, so many addresses cannot grow the map without bound.
 */
export const createQuota = (limit: number, windowMs: number, maxKeys = 10_000) => {
  const windows = new Map<string, { used: number; startedAt: number }>()
  return (
    key: string,
    amount: number,
    now = Date.now(),
  ): { readonly retryAfterSeconds: number } | undefined => {
    let window = windows.get(key)
    if (window === undefined || now - window.startedAt >= windowMs) {
      windows.delete(key)
      if (windows.size >= maxKeys) {
        for (const [other, entry] of windows) if (now - entry.startedAt >= windowMs) windows.delete(other)
      }
      if (windows.size >= maxKeys) {
        const oldest = windows.keys().next()
        if (oldest.done !== true) windows.delete(oldest.value)
      }
      window = { used: 0, startedAt: now }
      windows.set(key, window)
    }
    if (window.used + amount > limit) return { retryAfterSeconds: (window.startedAt + windowMs - now) / 1000 }
    window.used += amount
    return undefined
  }
}

/**
 * Rate limits for the API and the identity pages, from the configuration (RATE_LIMIT_*), never exempting anyone:
 * tests and benchmarks that send many requests set generous limits instead.
 *
 * - Anonymous: per client address, for identity pages and API requests without a user — counted at onRequest, so
 *   refusing costs nothing, and sign-in forms, registration and password reset are covered.
 * - Signed in: per user id, generous, counted once the bearer token has made the caller known (a route-level
 *   preHandler, which runs after the API authentication hook).
 * - Refused tokens count per address too: an address past the allowance with them is refused before its next token
 *   costs a verification, while its other (signed-in) people are unaffected by ordinary anonymous traffic.
 *
 * Counts live in this process (several instances each allow the configured rate). Behind a reverse proxy every
 * caller has the proxy's address unless Fastify is told to trust it.
 *
 * Also marks every API answer `Cache-Control: no-store` unless its route chose otherwise: they are per user and
 * must not stay in shared or browser caches.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const config = app.config
    const windowMs = config.RATE_LIMIT_WINDOW * 1000
    await app.register(fastifyRateLimit, { global: false, timeWindow: windowMs })

    const anonymous = app.createRateLimit({
      max: config.RATE_LIMIT_ANONYMOUS,
      timeWindow: windowMs,
      keyGenerator: addressOf,
    })
    const refusedTokens = app.createRateLimit({
      max: config.RATE_LIMIT_ANONYMOUS,
      timeWindow: windowMs,
      keyGenerator: addressOf,
    })
    const signedIn = app.createRateLimit({
      max: config.RATE_LIMIT_USER,
      timeWindow: windowMs,
      keyGenerator: (request) => request.user?.id ?? addressOf(request),
    })

    const enforce = async (
      limiter: typeof anonymous,
      request: FastifyRequest,
      detail: string,
      increment = true,
    ): Promise<void> => {
      const outcome = await limiter(request, { increment })
      if (outcome.isAllowed || !outcome.isExceeded) return
      request.log.info({ key: outcome.key, max: outcome.max }, 'rate limited')
      throw rateLimited(outcome.ttl / 1000, detail)
    }

    const anonymousDetail = 'Too many requests from this address without signing in.'

    app.addHook('onRequest', async (request) => {
      const path = pathOf(request.url)
      if (isIdentityPath(path) || (isApiPath(path) && request.headers.authorization === undefined)) {
        return enforce(anonymous, request, anonymousDetail)
      }
      if (isApiPath(path)) {
        return enforce(refusedTokens, request, 'Too many refused credentials from this address.', false)
      }
    })

    const afterAuthentication: preHandlerAsyncHookHandler = async (request) => {
      if (request.user) {
        return enforce(signedIn, request, 'Too many requests for this account.')
      }
      // Without an Authorization header the request was counted at onRequest already.
      if (request.headers.authorization !== undefined) return enforce(anonymous, request, anonymousDetail)
    }

    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) return
      const existing = route.preHandler
      route.preHandler =
        existing === undefined
          ? [afterAuthentication]
          : Array.isArray(existing)
            ? [...existing, afterAuthentication]
            : [existing, afterAuthentication]
    })

    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode !== 401 || request.headers.authorization === undefined) return
      if (!isApiPath(pathOf(request.url))) return
      await refusedTokens(request)
    })

    app.addHook('onSend', async (request, reply) => {
      if (isApiPath(pathOf(request.url)) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store')
      }
    })

    const takeEvents = createQuota(config.RATE_LIMIT_ANONYMOUS_EVENTS, windowMs)
    app.decorate('takeAnonymousEvents', (request: FastifyRequest, count: number) =>
      takeEvents(addressOf(request), count),
    )
  },
  { name: 'koperta-rate-limit', dependencies: ['koperta-config', 'koperta-errors'] },
)
