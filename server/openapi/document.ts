import { isDeepStrictEqual } from 'node:util'
import type * as JsonSchema from 'effect/JsonSchema'
import * as Schema from 'effect/Schema'
import { BudgetRefusal, Problem } from '../../schemas/problem.ts'
import type { UploadSpec } from '../http/multipart.ts'
import { type AnyRoute, type ContractSchema, responseContentType } from '../http/route.ts'
import { anonymousPaths, anonymousRoutes, disabledUserPaths, optionalPaths } from '../identity/apiAuth.ts'

type Json = JsonSchema.JsonSchema

const componentPrefix = '#/components/schemas/'

/** Effect emits draft 2020-12 documents whose references point at `#/$defs/`; OpenAPI keeps them in components. */
const relocateRefs = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(relocateRefs)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace(/^#\/\$defs\//u, componentPrefix)
        : relocateRefs(inner),
    ]),
  )
}

const asJson = (value: unknown): Json =>
  // relocateRefs preserves the object shape of its input; every input here is a JSON Schema object.
  value as Json

const createComponentRegistry = () => {
  const components: Record<string, Json> = {}
  const toJsonSchema = (schema: ContractSchema): Json => {
    const document = Schema.toJsonSchemaDocument(schema)
    for (const [name, definition] of Object.entries(document.definitions)) {
      const relocated = asJson(relocateRefs(definition))
      const existing = components[name]
      if (existing !== undefined && !isDeepStrictEqual(existing, relocated)) {
        throw new Error(`Two different schemas share the identifier "${name}"`)
      }
      components[name] = relocated
    }
    return asJson(relocateRefs(document.schema))
  }
  const resolve = (schema: Json): Json => {
    const ref = schema.$ref
    if (typeof ref !== 'string' || !ref.startsWith(componentPrefix)) return schema
    const target = components[ref.slice(componentPrefix.length)]
    return target === undefined ? schema : resolve(target)
  }
  return { components, toJsonSchema, resolve }
}

const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/gu, '{$1}')

interface Registry {
  toJsonSchema(schema: ContractSchema): Json
  resolve(schema: Json): Json
}

const parametersOf = (registry: Registry, location: 'path' | 'query', schema: ContractSchema | undefined) => {
  if (schema === undefined) return []
  const objectSchema = registry.resolve(registry.toJsonSchema(schema))
  const properties = (objectSchema.properties ?? {}) as Record<string, Json>
  const required = new Set(Array.isArray(objectSchema.required) ? objectSchema.required : [])
  return Object.entries(properties).map(([name, propertySchema]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: propertySchema,
  }))
}

type Access = 'anonymous' | 'optional' | 'bearer'

/** Who may call a route: the API authentication hook's own lists (server/identity/apiAuth.ts) decide. */
const accessOf = (route: AnyRoute): Access => {
  if (!route.path.startsWith('/api/') || anonymousPaths.has(route.path)) return 'anonymous'
  return optionalPaths.has(route.path) || anonymousRoutes.has(`${route.method} ${route.path}`)
    ? 'optional'
    : 'bearer'
}

/**
 * A write on a budget: every one runs through the ledger's `runCommand` (server/ledger/http.ts), which reads
 * If-Match and Idempotency-Key and answers the budget rules' refusals.
 */
const isBudgetWrite = (route: AnyRoute) => route.method !== 'GET' && route.path.startsWith('/api/budget')

const securitySchemes = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'An OpenID Connect access token for the audience urn:koperta:api (scope koperta-api), from the embedded provider at /auth or the configured issuer.',
  },
  personalToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal access token (kpt_…), made with POST /api/tokens or `npm run token`.',
  },
} as const

const signedIn = [{ accessToken: [] }, { personalToken: [] }]

const budgetWriteHeaders = [
  {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'The budget version (ETag) the write expects; 412 when the budget has moved on.',
    schema: { type: 'string' },
  },
  {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'Makes a retry safe: a write repeated with the same key is answered, not applied again.',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,100}$' },
  },
]

interface AnswerSpec {
  readonly description: string
  readonly schema: ContractSchema
  readonly contentType: string
}

const problem = (description: string, schema: ContractSchema = Problem): AnswerSpec => ({
  description,
  schema,
  contentType: 'application/problem+json',
})

/**
 * The problem answers the app gives a route whatever its handler does (issue 26 §5: a generated client must know
 * them): the registrar's validation, the framework's refusals, authentication, the rate limiter, the ledger's
 * write path. A status the route declares itself keeps the route's description.
 */
const commonProblems = (route: AnyRoute): Record<string, AnswerSpec> => {
  const access = accessOf(route)
  const hasBody = route.body !== undefined || route.upload !== undefined
  return {
    400: problem(
      'The request is malformed: a field fails validation or holds characters it may not (`validation_failed`, each field named in `errors`), a malformed URL (`bad_url`) or JSON body (`invalid_json`), or a bad header (`bad_request`).',
    ),
    ...(access === 'bearer'
      ? { 401: problem('No valid bearer token (`unauthorized`; see WWW-Authenticate).') }
      : {}),
    ...(access === 'bearer' && !disabledUserPaths.has(`${route.method} ${route.path}`)
      ? { 403: problem('The account is disabled (`user_disabled`).') }
      : {}),
    ...(route.params === undefined
      ? {}
      : { 404: problem('Nothing is there, or the caller may not see it (`not_found`).') }),
    ...(isBudgetWrite(route)
      ? {
          412: problem(
            'If-Match names a version the budget has moved on from (`precondition_failed`; the ETag header has the current one).',
          ),
        }
      : {}),
    ...(hasBody
      ? {
          413: problem('The request body exceeds the size limit for this route (`payload_too_large`).'),
          415: problem(
            route.upload === undefined
              ? 'The request body is not application/json (`unsupported_media_type`).'
              : 'The request body is not multipart/form-data (`unsupported_media_type`).',
          ),
        }
      : {}),
    ...(isBudgetWrite(route)
      ? {
          422: problem(
            "The budget's rules refuse the command (`code` names the rule), or an Idempotency-Key is reused with another body.",
            BudgetRefusal,
          ),
        }
      : {}),
    429: problem('Too many requests; Retry-After says when to try again.'),
    500: problem('Unexpected server error (`internal_error`); details are logged.'),
  }
}

/** A file form: the route's text fields plus `file`, the upload itself. */
const uploadBody = (registry: Registry, upload: UploadSpec) => {
  const fields = registry.toJsonSchema(upload.fields)
  return {
    required: true,
    description: upload.description,
    content: {
      'multipart/form-data': {
        schema: {
          allOf: [
            fields,
            {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', format: 'binary', maxLength: upload.maxFileBytes } },
            },
          ],
        },
      },
    },
  }
}

const operationOf = (registry: Registry, route: AnyRoute) => {
  const responses: Record<string, AnswerSpec> = commonProblems(route)
  for (const [status, spec] of Object.entries(route.responses)) {
    responses[status] = {
      description: spec.description,
      schema: spec.schema,
      contentType: responseContentType(spec),
    }
  }
  const access = accessOf(route)
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [...route.tags],
    // The document's default is signed in; anonymous routes need nothing, optional ones take a token if given.
    ...(access === 'anonymous'
      ? { security: [] }
      : access === 'optional'
        ? { security: [{}, ...signedIn] }
        : {}),
    parameters: [
      ...parametersOf(registry, 'path', route.params),
      ...parametersOf(registry, 'query', route.query),
      ...(isBudgetWrite(route) ? budgetWriteHeaders : []),
    ],
    ...(route.body === undefined
      ? {}
      : {
          requestBody: {
            required: route.optionalBody !== true,
            content: { 'application/json': { schema: registry.toJsonSchema(route.body) } },
          },
        }),
    ...(route.upload === undefined ? {} : { requestBody: uploadBody(registry, route.upload) }),
    responses: Object.fromEntries(
      Object.entries(responses)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([status, spec]) => [
          status,
          // 204 has no body to describe.
          status === '204'
            ? { description: spec.description }
            : {
                description: spec.description,
                content: { [spec.contentType]: { schema: registry.toJsonSchema(spec.schema) } },
              },
        ]),
    ),
  }
}

export interface OpenApiInfo {
  readonly title: string
  readonly version: string
}

/** The OpenAPI 3.1 description of `routes`, derived only from their declared schemas. */
export const buildOpenApiDocument = (routes: readonly AnyRoute[], info: OpenApiInfo) => {
  const registry = createComponentRegistry()
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const path = openApiPath(route.path)
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(registry, route) }
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: info.title, version: info.version },
    security: signedIn,
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(registry.components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes,
    },
  }
}
