import { isUtf8 } from 'node:buffer'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { FieldError } from '../../schemas/problem.ts'
import { hasUnsafeCodeUnits } from '../../schemas/text.ts'
import { makeProblem, ProblemError } from './problem.ts'

const escapePointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1')

/** Enough to show a client what to fix without a problem document as large as the request. */
const maxErrors = 20

const textError = (path: string): FieldError => ({
  path,
  message: 'Text may not contain NUL characters or unpaired UTF-16 surrogates.',
  code: 'invalid_characters',
})

const keyError = (path: string): FieldError => ({
  path,
  message: 'A property name contains a NUL character or an unpaired UTF-16 surrogate.',
  code: 'invalid_characters',
})

/**
 * Every string (and property name) in `value` that no database column can hold: NUL, which PostgreSQL refuses in
 * text and JSON, and unpaired surrogates, which are not Unicode and which jsonb refuses. Iterative, so a deeply
 * nested body cannot exhaust the stack.
 */
export const unsafeTextErrors = (value: unknown, pointer: string): FieldError[] =>
  holdsUnsafeText(value) ? locateUnsafeText(value, pointer) : []

/**
 * The common case, no such text, without building a pointer per value: a 5 000-item bulk import took ~60 ms with
 * pointers, this a few.
 */
const holdsUnsafeText = (value: unknown): boolean => {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const current = pending.pop()
    if (typeof current === 'string') {
      if (hasUnsafeCodeUnits(current)) return true
    } else if (Array.isArray(current)) {
      for (const inner of current) pending.push(inner)
    } else if (typeof current === 'object' && current !== null) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue
        if (hasUnsafeCodeUnits(key)) return true
        pending.push(Reflect.get(current, key))
      }
    }
  }
  return false
}

const locateUnsafeText = (value: unknown, pointer: string): FieldError[] => {
  const errors: FieldError[] = []
  const pending: [unknown, string][] = [[value, pointer]]
  while (pending.length > 0 && errors.length < maxErrors) {
    const [current, path] = pending.pop() ?? [undefined, '']
    if (typeof current === 'string') {
      if (hasUnsafeCodeUnits(current)) errors.push(textError(path))
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        pending.push([current[index], `${path}/${index}`])
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current)
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, inner] = entries[index] ?? ['', undefined]
        // The pointer names the object, not the key: echoing the key would carry the character back.
        if (hasUnsafeCodeUnits(key)) errors.push(keyError(path))
        else pending.push([inner, `${path}/${escapePointerSegment(key)}`])
      }
    }
  }
  return errors
}

const parts = ['params', 'query', 'body'] as const

/** The refusal of a request whose path, query or body holds such text, or undefined. */
export const unsafeTextProblem = (request: FastifyRequest) => {
  const errors = parts.flatMap((part) => unsafeTextErrors(request[part], `/${part}`)).slice(0, maxErrors)
  if (errors.length === 0) return undefined
  const fields = [...new Set(errors.map((error) => error.path))].join(', ')
  return makeProblem(
    400,
    'validation_failed',
    `The request holds text that cannot be stored: ${fields}.`,
    errors,
  )
}

/**
 * The one check every request passes, whatever route or plugin answers it (the API, the identity pages and the
 * embedded provider, the event stream): decoded path parameters, query and parsed body, before any handler or
 * schema sees them. Issue 26 §2: such text reached PostgreSQL on about 80 routes and answered 500.
 * Pages that answer HTML turn the refusal into a page with their own error handler (server/identity/web.ts).
 */
export const textSafetyPlugin = fp(
  async (app) => {
    // JSON is UTF-8 (RFC 8259 §8.1). Decoding other bytes put U+FFFD in their place and stored that as the name the
    // client sent; such a body is refused instead. The parsing itself stays Fastify's (prototype poisoning refused).
    const parseJson = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      if (typeof body !== 'string' && !isUtf8(body)) {
        done(
          new ProblemError(makeProblem(400, 'invalid_json', 'The request body is not valid UTF-8.')),
          undefined,
        )
        return
      }
      parseJson(request, body.toString('utf8'), done)
    })
    app.addHook('preValidation', async (request) => {
      const problem = unsafeTextProblem(request)
      if (problem !== undefined) throw new ProblemError(problem)
    })
  },
  { name: 'koperta-text-safety' },
)
