import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'

/** Same-origin everything; frames only from ourselves (the hidden silent-renew iframe). */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
}

/** Security headers on every answer, and only JSON request bodies (anything else is 415). */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
      // Same-origin framing, matching frame-ancestors, for the silent-renew iframe.
      frameguard: { action: 'sameorigin' },
    })
    // Fastify parses text/plain by default; the API takes JSON only.
    app.removeContentTypeParser('text/plain')
  },
  { name: 'koperta-security' },
)
