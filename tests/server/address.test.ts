import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeDist, createTestApp, fakeDist } from './support/app.ts'
import { browserAccept } from './support/browser.ts'
import { databases, type TestDatabase } from './support/databases.ts'

// The behaviour does not depend on the database: the embedded one is enough.
const [embedded] = databases()

describe('the app at its one address', () => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    if (embedded === undefined) throw new Error('no test database')
    database = await embedded.create()
    app = createTestApp(database, { staticDir: createFakeDist() })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('sends a browser that opened another name of the server to PUBLIC_URL, path and query kept', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/budget/42?dialog=x',
      headers: { host: '127.0.0.1:8080', accept: browserAccept },
    })
    expect(response.statusCode).toBe(308)
    expect(response.headers.location).toBe(`${app.identity.config.publicOrigin}/budget/42?dialog=x`)
  })

  it('never takes the redirect target from the Host header', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'evil.example', accept: browserAccept },
    })
    expect(response.headers.location).toMatch(new RegExp(`^${app.identity.config.publicOrigin}/`, 'u'))
  })

  it('serves the app at the public name, and API clients at any name', async () => {
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: browserAccept } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe(fakeDist.indexHtml)
    const health = await app.inject({ method: 'GET', url: '/health', headers: { host: '127.0.0.1:8080' } })
    expect(health.statusCode).toBe(200)
  })

  it('answers /favicon.ico with the one icon', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.ico' })
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe('/favicon.svg')
  })
})
