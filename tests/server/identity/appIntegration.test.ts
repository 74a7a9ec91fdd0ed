import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../support/app.ts'
import { databases, type TestDatabase } from '../support/databases.ts'

// The real app (server/app.ts) with identity registered: the /api hook covers the app's own routes too.
describe.each(databases())('identity inside the whole app on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await create()
    app = createTestApp(database)
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('serves the OpenAPI document without a token, listing the identity routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const paths = Object.keys(response.json().paths)
    expect(paths).toEqual(expect.arrayContaining(['/api/user-profile', '/api/subscription', '/api/tokens']))
  })

  it('takes analytics without a token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics',
      payload: { events: [{ name: 'help_opened', occurredAt: new Date().toISOString() }] },
    })
    expect(response.statusCode).toBe(202)
  })

  it('guards the app’s other /api routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/user-profile' })
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer realm="koperta"')
  })

  it('mounts the provider under /auth', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration' })
    expect(response.json().issuer).toBe('http://localhost:8080/auth')
  })
})
