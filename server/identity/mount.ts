import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import { corsOriginsOf, type IdentityConfig } from './config.ts'
import { mountPath, providerRoutes } from './provider.paths.ts'
import { pageContentSecurityPolicy, pageRefusalHandler } from './web.ts'

/** The userinfo claims for a valid API access token, or undefined. */
export type ApiTokenUserinfo = (token: string) => Promise<Record<string, unknown> | undefined>

/**
 * Hands `/auth` and everything under it (except the account pages, which are Fastify routes) to oidc-provider.
 * The request is rewritten first: the URL loses the mount path (kept in `originalUrl`, from which the provider
 * derives its mount path), and the forwarded headers carry the public origin, so every URL the provider prints is
 * under the issuer whatever Host the request came with.
 */
export const providerMount =
  (
    loadProvider: () => Promise<Provider>,
    config: IdentityConfig,
    userinfo: ApiTokenUserinfo,
  ): FastifyPluginAsync =>
  async (scope) => {
    let callback: ReturnType<Provider['callback']> | undefined
    const publicUrl = new URL(config.publicOrigin)

    // A browser sent to /auth/authorize with a refused query gets a page; programs get the problem document.
    scope.setErrorHandler(
      pageRefusalHandler(config, `${config.webOrigins[0] ?? config.publicOrigin}/`, { browsersOnly: true }),
    )
    // The provider reads its own request bodies: Fastify must leave the stream untouched.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))

    const corsOrigins = corsOriginsOf(config)

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = request.headers.origin
      const foreign = origin !== undefined && !corsOrigins.has(origin)
      // oidc-provider's CORS answers any Origin on preflights and on its open endpoints (keys, discovery): a
      // foreign one gets no CORS headers at all, so its browser keeps the answer from it.
      if (foreign && request.method === 'OPTIONS') {
        return reply.code(403).header('vary', 'Origin').header('cache-control', 'no-store').send()
      }
      reply.header('content-security-policy', pageContentSecurityPolicy(config))
      reply.hijack()
      const raw = request.raw
      if (foreign) {
        const setHeader = reply.raw.setHeader.bind(reply.raw)
        reply.raw.setHeader = (name, value) =>
          name.toLowerCase().startsWith('access-control-') ? reply.raw : setHeader(name, value)
      }
      // Headers set by earlier hooks (helmet's) would be lost with the hijack; hand them to the raw response.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value)
      }
      const url = raw.url ?? '/'
      Object.assign(raw, { originalUrl: url })
      raw.url = url.slice(mountPath.length) || '/'
      raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1)
      raw.headers['x-forwarded-host'] = publicUrl.host
      callback ??= (await loadProvider()).callback()
      await callback(raw, reply.raw)
    }

    // The web app's access token is a JWT for the API, which oidc-provider's userinfo refuses (wrong audience):
    // userinfo answers such tokens itself and passes every other request (opaque tokens, CORS preflight) on.
    const answerUserinfo = async (request: FastifyRequest, reply: FastifyReply) => {
      const token = /^Bearer +(\S+)$/iu.exec(request.headers.authorization ?? '')?.[1]
      if (request.method === 'OPTIONS' || token === undefined || token.split('.').length !== 3) {
        return forward(request, reply)
      }
      const origin = request.headers.origin
      if (origin !== undefined && corsOrigins.has(origin)) {
        reply.header('access-control-allow-origin', origin).header('vary', 'Origin')
      }
      const claims = await userinfo(token)
      if (claims === undefined) {
        return reply
          .code(401)
          .header(
            'www-authenticate',
            'Bearer error="invalid_token", error_description="invalid token provided"',
          )
          .header('cache-control', 'no-store')
          .send({ error: 'invalid_token', error_description: 'invalid token provided' })
      }
      return reply.header('cache-control', 'no-store').send(claims)
    }
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${mountPath}${providerRoutes.userinfo}`,
      handler: answerUserinfo,
    })

    scope.all(mountPath, forward)
    scope.all(`${mountPath}/*`, forward)
  }
