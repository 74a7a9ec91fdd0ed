import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type Problem, problemContentType } from '../../schemas/problem.ts'
import { prefersHtml } from '../http/negotiation.ts'
import { isProblemError, makeProblem, sendProblem } from '../http/problem.ts'

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'

/** Problems for the errors Fastify and its plugins raise themselves: while routing, reading a body, serving a file. */
const problemForFrameworkError = (error: FastifyError, path: string): Problem | undefined => {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return makeProblem(413, 'payload_too_large', 'The request body exceeds the size limit for this route.')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return makeProblem(415, 'unsupported_media_type', 'Send the request body as application/json.')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return makeProblem(400, 'invalid_json', 'The request body is not valid JSON.')
    // The message would echo the path; the problem does not.
    case 'FST_ERR_BAD_URL':
      return makeProblem(400, 'bad_url', 'The request path is not valid percent-encoded UTF-8.')
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return makeProblem(
        414,
        'uri_too_long',
        'A segment of the request path is longer than the server reads.',
      )
    // The static files refuse paths that are not canonical or cannot be checked (too long, `..`): nothing is there.
    case 'FST_STATIC_FORBIDDEN_PATH':
      return makeProblem(404, 'not_found', `Nothing is at ${path}.`)
    default:
      break
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return makeProblem(400, 'invalid_json', 'The request body is not valid JSON.')
  }
  const status = error.statusCode ?? 500
  // Other client errors Fastify detects (bad content-length, an empty content type) keep their status.
  return status >= 400 && status < 500 ? makeProblem(status, 'bad_request', error.message) : undefined
}

const internalError = (request: FastifyRequest) =>
  makeProblem(500, 'internal_error', `Something went wrong on our side (request ${request.id}).`)

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a malformed URL, a path
 * parameter beyond `maxParamLength`) leaves as a problem document like every other error.
 */
export const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const problem = problemForFrameworkError(error, '') ?? internalError(request)
  request.log.info({ code: problem.code, status: problem.status }, 'request refused before routing')
  // No hook runs for these answers (helmet's headers among them): the two that matter for a problem document.
  sendProblem(reply, problem, { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' })
}

const clientErrorProblems: Record<string, Problem> = {
  ERR_HTTP_REQUEST_TIMEOUT: makeProblem(408, 'request_timeout', 'The request did not arrive in time.'),
  HPE_HEADER_OVERFLOW: makeProblem(431, 'header_too_large', 'The request line and headers are too large.'),
}
const malformedRequest = makeProblem(400, 'bad_request', 'The request is not valid HTTP.')

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses never becomes a Fastify request; its answer
 * is written on the socket, as a problem document too.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const problem = clientErrorProblems[error.code ?? ''] ?? malformedRequest
  this.log.trace({ err: error }, 'client error')
  if (socket.writable) {
    const body = JSON.stringify(problem)
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}\r\nContent-Type: ${problemContentType}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
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
      const known = isFastifyError(error) ? problemForFrameworkError(error, pathOf(request)) : undefined
      if (known !== undefined) {
        request.log.info({ code: known.code, status: known.status }, 'request refused')
        return sendProblem(reply, known)
      }
      request.log.error({ err: error }, 'unhandled error')
      return sendProblem(reply, internalError(request))
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
