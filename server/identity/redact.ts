/** Query parameters that carry credentials somewhere in the sign-in protocol or in password reset links. */
export const sensitiveQueryParameters = [
  'code',
  'id_token_hint',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'code_verifier',
  'client_secret',
  'password',
  'reset',
] as const

/** The URL with each sensitive query value replaced, for log lines (GET /auth/session/end?id_token_hint=…). */
export const redactUrl = (url: string): string => {
  const queryStart = url.indexOf('?')
  if (queryStart < 0) return url
  const params = new URLSearchParams(url.slice(queryStart + 1))
  let changed = false
  for (const name of sensitiveQueryParameters) {
    if (params.has(name)) {
      params.set(name, '[redacted]')
      changed = true
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url
}

interface LoggedRequest {
  readonly method: string
  readonly url: string
  readonly hostname?: string
  readonly ip?: string
}

/** A pino `req` serializer for Fastify that logs what Fastify logs by default, with credentials redacted. */
export const redactingRequestSerializer = (request: LoggedRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  ...(request.hostname === undefined ? {} : { host: request.hostname }),
  ...(request.ip === undefined ? {} : { remoteAddress: request.ip }),
})
