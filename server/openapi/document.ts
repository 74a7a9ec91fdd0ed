import { isDeepStrictEqual } from 'node:util'
import type * as JsonSchema from 'effect/JsonSchema'
import * as Schema from 'effect/Schema'
import { Problem } from '../../schemas/problem.ts'
import { type AnyRoute, type ContractSchema, responseContentType } from '../http/route.ts'

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

const operationOf = (registry: Registry, route: AnyRoute) => {
  const hasInput = route.params !== undefined || route.query !== undefined || route.body !== undefined
  // Every route can fail with a problem document: 400 when it takes input, 500 always.
  const responses: Record<string, { description: string; schema: ContractSchema; contentType: string }> = {}
  for (const [status, spec] of Object.entries(route.responses)) {
    responses[status] = {
      description: spec.description,
      schema: spec.schema,
      contentType: responseContentType(spec),
    }
  }
  const problem = (description: string) => ({
    description,
    schema: Problem,
    contentType: 'application/problem+json',
  })
  if (hasInput && responses['400'] === undefined) responses['400'] = problem('The request failed validation.')
  if (responses['500'] === undefined)
    responses['500'] = problem('Unexpected server error; details are logged.')
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [...route.tags],
    parameters: [
      ...parametersOf(registry, 'path', route.params),
      ...parametersOf(registry, 'query', route.query),
    ],
    ...(route.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: registry.toJsonSchema(route.body) } },
          },
        }),
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, spec]) => [
        status,
        {
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
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(registry.components).sort(([a], [b]) => a.localeCompare(b))),
    },
  }
}
