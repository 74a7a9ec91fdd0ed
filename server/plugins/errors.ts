import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Problem } from '../../schemas/problem.ts'
import { prefersHtml } from '../http/negotiation.ts'
import { isProblemError, makeProblem, sendProblem } from '../http/problem.ts'

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'

/** Problems for the errors Fastify raises itself while reading a request. */
const problemForFrameworkError = (error: FastifyError): Problem | undefined => {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return makeProblem(413, 'payload_too_large', 'The request body exceeds the size limit for this route.')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return makeProblem(415, 'unsupported_media_type', 'Send the request body as application/json.')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return makeProblem(400, 'invalid_json', 'The request body is not valid JSON.')
    default:
      break
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return makeProblem(400, 'invalid_json', 'The request body is not valid JSON.')
  }
  const status = error.statusCode ?? 500
  // Other client errors Fastify detects (bad content-length, malformed URL) keep their status.
  return status >= 400 && status < 500 ? makeProblem(status, 'bad_request', error.message) : undefined
}

interface KnownRoute {
  readonly method: string
  readonly pattern: RegExp
}

const patternOf = (url: string): RegExp => {
  const source = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? '[^/]+'
        : segment === '*'
          ? '.*'
          : segment.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'),
    )
    .join('/')
  return new RegExp(`^${source}/?$`, 'u')
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/')

/**
 * The one error handler and the one not-found handler: every failure leaves as an RFC 9457
 * problem document; 5xx answers never carry internals (they are logged instead).
 */
export const errorsPlugin = fp(
  async (app) => {
    const knownRoutes: KnownRoute[] = []
    app.addHook('onRoute', (route) => {
      // The static files' catch-all matches every path; it must not turn a 404 into a 405.
      if (route.url === '/*') return
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      for (const method of methods) knownRoutes.push({ method, pattern: patternOf(route.url) })
    })

    app.setErrorHandler(async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      if (isProblemError(error)) {
        if (error.problem.status >= 500) request.log.error({ problem: error.problem }, 'server problem')
        return sendProblem(reply, error.problem, error.headers)
      }
      const known = isFastifyError(error) ? problemForFrameworkError(error) : undefined
      if (known !== undefined) {
        request.log.info({ code: known.code, status: known.status }, 'request refused')
        return sendProblem(reply, known)
      }
      request.log.error({ err: error }, 'unhandled error')
      return sendProblem(
        reply,
        makeProblem(500, 'internal_error', `Something went wrong on our side (request ${request.id}).`),
      )
    })

    app.setNotFoundHandler(async (request, reply) => {
      const path = pathOf(request)
      const isRead = request.method === 'GET' || request.method === 'HEAD'
      // History fallback: a browser navigating to a client-side route gets the app shell.
      if (isRead && !isApiPath(path) && prefersHtml(request.headers.accept)) {
        return app.serveAppShell(reply)
      }
      const allowed = [
        ...new Set(knownRoutes.filter((route) => route.pattern.test(path)).map((route) => route.method)),
      ]
      if (allowed.length > 0) {
        return sendProblem(
          reply,
          makeProblem(405, 'method_not_allowed', `${request.method} is not allowed on ${path}.`),
          { allow: allowed.sort().join(', ') },
        )
      }
      return sendProblem(reply, makeProblem(404, 'not_found', `Nothing is at ${path}.`))
    })
  },
  { name: 'koperta-errors' },
)
