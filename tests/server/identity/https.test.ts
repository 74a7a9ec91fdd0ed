import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, type TestDatabase } from '../support/databases.ts'
import { authorizeUrl, createIdentityApp, identityConfig, pkcePair } from './support.ts'

describe.each(databases())('behind https on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await create()
    app = createIdentityApp(database, identityConfig({ PUBLIC_URL: 'https://budget.example.com' })).app
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('marks every sign-in cookie Secure, HttpOnly and SameSite=Lax', async () => {
    const url = authorizeUrl(pkcePair().challenge, { redirect_uri: 'https://budget.example.com/callback' })
    const start = await app.inject({ method: 'GET', url })
    expect(start.statusCode).toBe(303)
    const cookies = [start.headers['set-cookie']].flat().map(String)
    expect(cookies.length).toBeGreaterThan(0)
    for (const cookie of cookies) expect(cookie).toMatch(/; secure;?.*httponly|; httponly.*; secure/iu)
    const registered = await app.inject({
      method: 'POST',
      url: '/Identity/Account/Register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: 'tls@example.com',
        password: 'encrypted all the way',
      }).toString(),
    })
    expect(String(registered.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax; Secure$/u)
    expect(registered.headers.location).toBe('https://budget.example.com/registration-callback')
  })
})
