import * as Schema from 'effect/Schema'
import fc from 'fast-check'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { BudgetError, budgetErrorFromProblem } from '../../../schemas/budgetErrors.ts'
import { Problem, problemContentType } from '../../../schemas/problem.ts'

/** The subset of JSON Schema the generated document uses (see server/openapi/document.ts). */
export interface JsonSchema {
  readonly $ref?: string
  readonly type?: string
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: readonly string[]
  readonly additionalProperties?: boolean | JsonSchema
  readonly items?: JsonSchema
  readonly anyOf?: readonly JsonSchema[]
  readonly enum?: readonly unknown[]
  readonly minimum?: number
  readonly maximum?: number
  readonly minLength?: number
  readonly maxLength?: number
  readonly minItems?: number
  readonly maxItems?: number
  readonly pattern?: string
}

export interface Parameter {
  readonly name: string
  readonly in: 'path' | 'query'
  readonly required: boolean
  readonly schema: JsonSchema
}

export interface Operation {
  readonly operationId: string
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** OpenAPI form, `/api/budget/{budgetId}`. */
  readonly path: string
  readonly parameters: readonly Parameter[]
  readonly body: JsonSchema | undefined
  /** The document's `requestBody.required`: an optional body may be left out (sent empty). */
  readonly bodyOptional?: boolean
}

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, Record<string, unknown>>>
  readonly components: { readonly schemas: Record<string, JsonSchema> }
}

export interface ApiDescription {
  readonly operations: readonly Operation[]
  /** Follows `$ref`s into the document's components. */
  resolve(schema: JsonSchema): JsonSchema
}

/** The running app's own description of itself, as a client would read it. */
export const loadApi = async (app: FastifyInstance): Promise<ApiDescription> => {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`)
  const document: OpenApiDocument = response.json()
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema.$ref
    if (ref === undefined) return schema
    const target = document.components.schemas[ref.replace('#/components/schemas/', '')]
    if (target === undefined) throw new Error(`unresolvable ${ref}`)
    return resolve(target)
  }
  const operations: Operation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const requestBody = operation.requestBody as
        | { required?: boolean; content?: Record<string, { schema: JsonSchema }> }
        | undefined
      const content = requestBody?.content
      operations.push({
        operationId: String(operation.operationId),
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: (operation.parameters ?? []) as Parameter[],
        body: content?.['application/json']?.schema,
        bodyOptional: requestBody !== undefined && requestBody.required === false,
      })
    }
  }
  return { operations, resolve }
}

/** The names in `{…}` of an OpenAPI path. */
export const pathParameterNames = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/gu)].map((match) => match[1] ?? '')

export const fillPath = (path: string, values: Readonly<Record<string, string>>): string =>
  path.replace(/\{(\w+)\}/gu, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`)
    return encodeURIComponent(value)
  })

/**
 * Values a valid request would carry, by field name: the schema says "string", the server needs an id of this
 * budget or an ISO date. Unknown names get a value the schema allows.
 */
export interface Hints {
  readonly ids: Readonly<Record<string, readonly string[]>>
}

const idKind = (name: string): string | undefined => {
  const lower = name.toLowerCase()
  if (/bankaccountids?$|^accountid$/u.test(lower)) return 'bankAccount'
  if (/categorygroupids?$/u.test(lower)) return 'categoryGroup'
  if (/categoryids?$/u.test(lower)) return 'category'
  if (/transactionids?$|transferid$/u.test(lower)) return 'transaction'
  if (/filterid$/u.test(lower)) return 'filter'
  if (/budgetid$/u.test(lower)) return 'budget'
  if (/tokenid$/u.test(lower)) return 'token'
  if (/templateid$/u.test(lower)) return 'template'
  return undefined
}

const dateNames =
  /^(date|duedate|fromdate|todate|from|to|occurredat|startdate|enddate|firstpaymentdate|disbursementdate|openingdate|targetdate|transactiondate)$/iu
const periodNames = /^(period|periodkey|fromperiod|toperiod)$/iu

/** A fast-check arbitrary of values `schema` accepts, nudged by `hints` towards what the server accepts too. */
export const validValue = (
  api: ApiDescription,
  hints: Hints,
  raw: JsonSchema,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> => {
  const schema = api.resolve(raw)
  if (schema.anyOf !== undefined)
    return fc.oneof(...schema.anyOf.map((branch) => validValue(api, hints, branch, name, depth + 1)))
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum)
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {}
      const required = new Set(schema.required ?? [])
      const record: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [key, property] of Object.entries(properties))
        record[key] = validValue(api, hints, property, key, depth + 1)
      const requiredKeys = Object.keys(record).filter((key) => required.has(key))
      return fc.record(record, { requiredKeys })
    }
    case 'array': {
      const kind = idKind(name)
      const ids = kind === undefined ? undefined : hints.ids[kind]
      if (ids !== undefined) return fc.shuffledSubarray([...ids], { minLength: Math.min(1, ids.length) })
      const minLength = schema.minItems ?? 0
      return fc.array(validValue(api, hints, schema.items ?? {}, name, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      })
    }
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1_000_000, -1_000_000)
      const max = Math.min(schema.maximum ?? 1_000_000, 1_000_000)
      // Now and then the schema's own bounds: valid, and the values that overflow totals or columns.
      const bounds = [schema.minimum, schema.maximum].filter((bound) => bound !== undefined)
      const small = fc.integer({ min, max: Math.max(min, max) })
      return bounds.length === 0
        ? small
        : fc.oneof({ weight: 7, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(...bounds) })
    }
    case 'number':
      return fc.double({ min: -1e6, max: 1e6, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'string': {
      const kind = idKind(name)
      const ids = kind === undefined ? undefined : hints.ids[kind]
      if (ids !== undefined && ids.length > 0) return fc.constantFrom(...ids)
      if (name === 'occurredAt') return fc.constant(new Date(Date.UTC(2025, 2, 15)).toISOString())
      if (dateNames.test(name))
        return fc.integer({ min: 1, max: 28 }).map((day) => `2025-03-${String(day).padStart(2, '0')}`)
      if (periodNames.test(name)) return fc.constantFrom('202502', '202503', '202504')
      if (name === 'currency') return fc.constantFrom('PLN', 'EUR')
      // A loan's rate: a decimal string in percent (schemas/loans.ts AnnualRate), which the document shows as a string.
      if (name === 'annualRate') return fc.constantFrom('0', '3.3', '7.5')
      if (name === 'after') return fc.constant(undefined)
      if (name === 'limit') return fc.integer({ min: 1, max: 100 }).map(String)
      if (schema.pattern !== undefined) {
        const pattern = new RegExp(schema.pattern, 'u')
        try {
          return fc.stringMatching(pattern)
        } catch {
          // fast-check reads only part of the regular expression language (no lookarounds, no \p{…}).
          return fc.string({ minLength: 1, maxLength: 20 }).map((text) => (pattern.test(text) ? text : 'a'))
        }
      }
      const minLength = schema.minLength ?? 0
      return fc.string({ minLength: Math.max(minLength, 1), maxLength: Math.min(schema.maxLength ?? 20, 20) })
    }
    default:
      return fc.constant(null)
  }
}

export interface ProblemCheck {
  readonly ok: boolean
  readonly why?: string
}

const decodeProblem = Schema.decodeUnknownExit(Problem)
const budgetCodes = new Set<string>(BudgetError.members.map((member) => member.fields.code.literal))

/** An answer ≥ 400 must be an RFC 9457 document of the documented shape, its `status` the answer's. */
export const checkProblem = (response: LightMyRequestResponse): ProblemCheck => {
  const contentType = String(response.headers['content-type'] ?? '')
  if (!contentType.startsWith(problemContentType)) return { ok: false, why: `content-type ${contentType}` }
  let body: unknown
  try {
    body = JSON.parse(response.body)
  } catch {
    return { ok: false, why: 'body is not JSON' }
  }
  if (body === null || typeof body !== 'object') return { ok: false, why: 'body is not an object' }
  const { type, title, status, code } = body as Record<string, unknown>
  if (typeof type !== 'string' || typeof title !== 'string' || typeof code !== 'string')
    return { ok: false, why: 'type, title or code missing' }
  if (status !== response.statusCode) return { ok: false, why: `status field ${String(status)}` }
  // The HTTP layer's codes are the Problem schema's; the ledger's refusals (422) carry the budget domain's codes,
  // with fields a client decodes (budgetErrorFromProblem) to say what was wrong.
  if (decodeProblem(body)._tag === 'Success') return { ok: true }
  if (!budgetCodes.has(code)) return { ok: false, why: `unknown problem code ${code}` }
  if (budgetErrorFromProblem(body) === undefined)
    return { ok: false, why: `fields of ${code} do not decode as the budget error` }
  return { ok: true }
}

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number' && Number.isInteger(value)
        ? 'integer'
        : typeof value

/**
 * Where `value` breaks the document's schema (JSON Pointers), for the subset of JSON Schema the document uses.
 * Lengths are judged so that no count of characters (UTF-16 units or code points) would accept the value either.
 */
export const violations = (api: ApiDescription, raw: JsonSchema, value: unknown, at = ''): string[] => {
  const schema = api.resolve(raw)
  if (schema.anyOf !== undefined) {
    const each = schema.anyOf.map((branch) => violations(api, branch, value, at))
    return each.some((found) => found.length === 0) ? [] : [`${at}: no branch of anyOf`]
  }
  if (schema.enum !== undefined)
    return schema.enum.some((allowed) => allowed === value) ? [] : [`${at}: not one of the enum`]
  const type = typeOf(value)
  const expected = schema.type
  if (expected !== undefined && expected !== type && !(expected === 'number' && type === 'integer'))
    return [`${at}: ${type}, not ${expected}`]
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return [`${at}: below ${schema.minimum}`]
    if (schema.maximum !== undefined && value > schema.maximum) return [`${at}: above ${schema.maximum}`]
  }
  if (typeof value === 'string') {
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) return [`${at}: too long`]
    if (schema.minLength !== undefined && value.length < schema.minLength) return [`${at}: too short`]
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
      return [`${at}: does not match ${schema.pattern}`]
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return [`${at}: too few items`]
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return [`${at}: too many items`]
    const items = schema.items
    return items === undefined
      ? []
      : value.flatMap((item, index) => violations(api, items, item, `${at}/${index}`))
  }
  if (type === 'object') {
    const record = value as Record<string, unknown>
    const missing = (schema.required ?? [])
      .filter((key) => !(key in record))
      .map((key) => `${at}/${key}: missing`)
    const inner = Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
      Object.hasOwn(record, key) ? violations(api, property, record[key], `${at}/${key}`) : [],
    )
    return [...missing, ...inner]
  }
  return []
}
