import fp from 'fastify-plugin'
import { prefersHtml } from '../http/negotiation.ts'

const bareHost = (hostname: string) => hostname.toLowerCase().replace(/^\[(.*)\]$/u, '$1')

/**
 * A browser that opens the app at another name of this server than PUBLIC_URL (127.0.0.1 for localhost, a LAN
 * address) is sent to PUBLIC_URL: sign-in, cookies and the CSP all belong to that one origin, so the other name
 * would load a page that cannot sign in. The Host header only decides whether to redirect, never where to.
 */
export const canonicalAddressPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return
      if (!prefersHtml(request.headers.accept)) return
      const publicOrigin = request.server.identity.config.publicOrigin
      const canonical = new URL(publicOrigin)
      if (request.headers.host === undefined) return
      if (bareHost(request.hostname) === bareHost(canonical.hostname)) return
      return reply.redirect(`${publicOrigin}${request.url}`, 308)
    })
  },
  { name: 'koperta-canonical-address' },
)
