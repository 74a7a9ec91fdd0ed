import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultBodyLimit } from '../../server/app.ts'
import { createPersonalToken } from '../../server/identity/personalTokens.ts'
import { createLocalUser, setDisabled } from '../../server/identity/users.ts'
import { apiDocument, documentedRoutes } from '../../server/routes/index.ts'
import { createTestApp } from './support/app.ts'
import { databases, type TestDatabase } from './support/databases.ts'

// Issue 26 §5: the OpenAPI document declares the security scheme and the problem answers every operation can give,
// so a generated client knows them. Each operation is called the ways that must fail the same for every route, and
// the answer must be one the document declares.

interface Operation {
  readonly operationId: string
  readonly security?: readonly Record<string, unknown>[]
  readonly requestBody?: unknown
  readonly parameters: readonly { readonly name: string; readonly in: string }[]
  readonly responses: Record<string, unknown>
}

const document = apiDocument()
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({
    method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
    path,
    operation,
    // Any value fits a path parameter's place: the route answers for it, whatever it is.
    url: path.replace(/\{\w+\}/gu, 'unknown'),
  })),
)

/** The route's own body limit, or the app's. */
const limitOf = (operation: Operation) =>
  documentedRoutes.find((route) => route.operationId === operation.operationId)?.bodyLimit ?? defaultBodyLimit

const isSignedInOnly = (operation: Operation) => operation.security === undefined

describe.each(databases())('declared answers on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance
  let headers: Record<string, string>
  let disabled: Record<string, string>

  beforeAll(async () => {
    database = await create()
    app = createTestApp(database)
    await app.ready()
    const account = await createLocalUser(app.identity.db, 'declared@example.com', 'unused-password-hash')
    if (!account.created) throw new Error('test account exists')
    headers = {
      authorization: `Bearer ${(await createPersonalToken(app.identity.db, account.user.id, 't')).token}`,
    }
    const off = await createLocalUser(app.identity.db, 'disabled@example.com', 'unused-password-hash')
    if (!off.created) throw new Error('test account exists')
    disabled = {
      authorization: `Bearer ${(await createPersonalToken(app.identity.db, off.user.id, 't')).token}`,
    }
    await setDisabled(app.identity.db, off.user.id, true)
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('names the bearer schemes and requires them by default', () => {
    expect(Object.keys(document.components.securitySchemes)).toEqual(['accessToken', 'personalToken'])
    expect(document.security).toEqual([{ accessToken: [] }, { personalToken: [] }])
    expect(operations.filter(({ operation }) => !isSignedInOnly(operation)).map(({ path }) => path)).toEqual(
      expect.arrayContaining(['/api/openapi.json', '/api/auth/config', '/api/analytics', '/health']),
    )
  })

  it.each(operations)(
    '$method $path: without a token, 401 exactly when the document says so',
    async ({ method, url, operation }) => {
      const response = await app.inject({
        method,
        url,
        ...(operation.requestBody === undefined ? {} : { payload: {} }),
      })
      expect(Object.keys(operation.responses)).toContain(String(response.statusCode))
      expect(response.statusCode === 401).toBe(isSignedInOnly(operation))
    },
  )

  it.each(operations)(
    '$method $path: a query parameter holding NUL answers a declared 400',
    async ({ method, url, operation }) => {
      const response = await app.inject({
        method,
        url: `${url}?unknown=a%00b`,
        headers,
        ...(operation.requestBody === undefined ? {} : { payload: {} }),
      })
      expect(response.statusCode).toBe(400)
      expect(operation.responses['400']).toBeDefined()
    },
  )

  it.each(operations.filter(({ operation }) => operation.requestBody !== undefined))(
    '$method $path: a body that is not JSON answers a declared 415',
    async ({ method, url, operation }) => {
      const response = await app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'hello',
      })
      expect(response.statusCode).toBe(415)
      expect(operation.responses['415']).toBeDefined()
    },
  )

  it.each(operations.filter(({ operation }) => operation.requestBody !== undefined))(
    '$method $path: a body over the limit answers a declared 413',
    async ({ method, url, operation }) => {
      const response = await app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: `{"pad":"${'x'.repeat(limitOf(operation))}"}`,
      })
      expect(response.statusCode).toBe(413)
      expect(operation.responses['413']).toBeDefined()
    },
  )

  it.each(operations)(
    '$method $path: a disabled account gets 403 exactly when the document says so',
    async ({ method, url, operation }) => {
      const response = await app.inject({
        method,
        url,
        headers: disabled,
        ...(operation.requestBody === undefined ? {} : { payload: {} }),
      })
      expect(response.statusCode === 403).toBe(
        operation.responses['403'] !== undefined && isSignedInOnly(operation),
      )
    },
  )

  it.each(operations)(
    '$method $path: unknown ids and an empty body answer a declared status',
    async ({ method, url, operation }) => {
      const response = await app.inject({
        method,
        url,
        headers,
        ...(operation.requestBody === undefined ? {} : { payload: {} }),
      })
      expect(Object.keys(operation.responses)).toContain(String(response.statusCode))
    },
  )
})
