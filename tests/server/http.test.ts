import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyticsEventNames } from '../../schemas/analytics.ts'
import { createPersonalToken } from '../../server/identity/personalTokens.ts'
import { createLocalUser } from '../../server/identity/users.ts'
import { apiDocument } from '../../server/routes/index.ts'
import { precompressDirectory } from '../../src/build/precompressAssets.ts'
import { createFakeDist, createTestApp, fakeDist } from './support/app.ts'
import { browserAccept, browserAcceptEncoding } from './support/browser.ts'
import { databases, type TestDatabase } from './support/databases.ts'

const problemType = 'application/problem+json'

describe.each(databases())('HTTP API on $kind', ({ kind, create }) => {
  let database: TestDatabase
  let app: FastifyInstance
  let distDir: string
  let signedIn: Record<string, string>

  beforeAll(async () => {
    database = await create()
    distDir = createFakeDist()
    app = createTestApp(database, { staticDir: distDir })
    // A route that fails the way a bug does, to prove 500s hide internals.
    app.get('/api/test/crash', async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db')
    })
    await app.ready()
    // The /api subtree needs a bearer token (identity plugin); a personal token is the shortest way to one.
    const account = await createLocalUser(
      app.identity.db,
      `http-test-${kind}@example.com`,
      'unused-password-hash',
    )
    if (!account.created) throw new Error('test account already exists')
    const { token } = await createPersonalToken(app.identity.db, account.user.id, 'http tests')
    signedIn = { authorization: `Bearer ${token}` }
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
    rmSync(distDir, { recursive: true, force: true })
  })

  describe('GET /health', () => {
    it('answers JSON with version and database kind when the database is reachable', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { accept: 'application/json' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.json()).toMatchObject({
        status: 'ok',
        version: '7.0.25',
        database: { reachable: true, kind },
      })
    })

    it('answers JSON to curl and fetch defaults (Accept */* or none)', async () => {
      for (const headers of [{ accept: '*/*' }, {}]) {
        const response = await app.inject({ method: 'GET', url: '/health', headers })
        expect(response.headers['content-type']).toMatch(/^application\/json/)
      }
    })

    it('gives a browser navigation the app shell, not the JSON', async () => {
      const response = await app.inject({ method: 'GET', url: '/health', headers: { accept: browserAccept } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.body).toBe(fakeDist.indexHtml)
    })
  })

  describe('security headers', () => {
    it('sends a strict same-origin Content-Security-Policy on pages and API answers', async () => {
      for (const url of ['/', '/api/openapi.json', '/api/nothing-here']) {
        const response = await app.inject({ method: 'GET', url })
        const csp = String(response.headers['content-security-policy'])
        expect(csp).toContain("default-src 'self'")
        expect(csp).toContain("script-src 'self'")
        expect(csp).toContain("style-src 'self'")
        expect(csp).toContain("img-src 'self' data:")
        expect(csp).toContain("connect-src 'self'")
        expect(csp).toContain("object-src 'none'")
        expect(csp).toContain("frame-ancestors 'self'")
        expect(csp).toContain("form-action 'self'")
        expect(csp).not.toContain('unsafe-inline')
        expect(response.headers['x-content-type-options']).toBe('nosniff')
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
        expect(response.headers['referrer-policy']).toBe('no-referrer')
      }
    })
  })

  describe('problem documents', () => {
    it('400 lists every invalid field with a JSON Pointer and a stable code', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/analytics',
        payload: {
          events: [
            { name: 'help_opened', occurredAt: '2026-11-22T01:00:00Z' },
            { name: 'lottery_won', occurredAt: 'yesterday' },
            { occurredAt: '2026-11-22T01:00:00Z' },
          ],
        },
      })
      expect(response.statusCode).toBe(400)
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
      const problem = response.json()
      expect(problem).toMatchObject({ status: 400, code: 'validation_failed', title: expect.any(String) })
      expect(problem.type).toBe('urn:koperta:problem:validation_failed')
      const byPath = new Map(problem.errors.map((e: { path: string; code: string }) => [e.path, e.code]))
      expect(byPath.get('/body/events/1/name')).toBe('invalid_type')
      expect(byPath.get('/body/events/1/occurredAt')).toBe('invalid_value')
      expect(byPath.get('/body/events/2/name')).toBe('missing')
      expect(byPath.has('/body/events/0/name')).toBe(false)
    })

    it('400 for a body that is not JSON', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/analytics',
        headers: { 'content-type': 'application/json' },
        payload: '{"events": [',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_json', status: 400 })
    })

    it('404 for an unknown /api route, even when a browser asks', async () => {
      for (const accept of ['application/json', browserAccept]) {
        const response = await app.inject({
          method: 'GET',
          url: '/api/no-such-thing',
          headers: { accept, ...signedIn },
        })
        expect(response.statusCode).toBe(404)
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
        expect(response.json()).toMatchObject({ code: 'not_found', status: 404 })
      }
    })

    it('405 with an Allow header for a known path and a wrong method', async () => {
      const response = await app.inject({ method: 'DELETE', url: '/api/analytics' })
      expect(response.statusCode).toBe(405)
      expect(response.headers.allow).toBe('POST')
      expect(response.json()).toMatchObject({ code: 'method_not_allowed' })
      const health = await app.inject({ method: 'POST', url: '/health' })
      expect(health.statusCode).toBe(405)
      expect(String(health.headers.allow).split(', ')).toEqual(expect.arrayContaining(['GET', 'HEAD']))
    })

    it('413 for a body over the route limit', async () => {
      const oversized = JSON.stringify({
        events: [{ name: 'help_opened', occurredAt: 'x'.repeat(300 * 1024) }],
      })
      const response = await app.inject({
        method: 'POST',
        url: '/api/analytics',
        headers: { 'content-type': 'application/json' },
        payload: oversized,
      })
      expect(response.statusCode).toBe(413)
      expect(response.json()).toMatchObject({ code: 'payload_too_large', status: 413 })
    })

    it('415 for a body that is not JSON by content type', async () => {
      for (const contentType of ['text/plain', 'application/xml']) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/analytics',
          headers: { 'content-type': contentType },
          payload: 'events=1',
        })
        expect(response.statusCode).toBe(415)
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
        expect(response.json()).toMatchObject({ code: 'unsupported_media_type' })
      }
    })

    it('500 says something went wrong without leaking the error', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test/crash', headers: signedIn })
      expect(response.statusCode).toBe(500)
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(response.json()).toMatchObject({ code: 'internal_error', status: 500 })
      expect(response.body).not.toContain('hunter2')
      expect(response.body).not.toContain('Error')
    })
  })

  describe('web app', () => {
    it('serves index.html at / without caching it', async () => {
      const response = await app.inject({ method: 'GET', url: '/', headers: { accept: browserAccept } })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe(fakeDist.indexHtml)
      expect(response.headers['cache-control']).toBe('no-cache')
    })

    it('falls back to index.html for client-side routes a browser navigates to', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/budget/42/plan',
        headers: { accept: browserAccept },
      })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe(fakeDist.indexHtml)
      expect(response.headers['cache-control']).toBe('no-cache')
    })

    it('caches hashed assets for a year and never revalidates them', async () => {
      const response = await app.inject({ method: 'GET', url: `/${fakeDist.assetName}` })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe(fakeDist.assetBody)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    })

    it('sends a built file as the build compressed it, in the coding the client takes', async () => {
      const name = 'assets/big-5e1f0a2d.js'
      const source = `export const rows = [${Array.from({ length: 400 }, (_, index) => `"row ${index}"`).join(',')}]`
      writeFileSync(join(distDir, name), source)
      await precompressDirectory(distDir)
      // 27 bytes, which no coding makes smaller: sent as it is.
      expect(existsSync(join(distDir, `${fakeDist.assetName}.br`))).toBe(false)
      const asset = (acceptEncoding?: string) =>
        app.inject({
          method: 'GET',
          url: `/${name}`,
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        })
      const chromium = await asset(browserAcceptEncoding)
      expect(chromium.headers['content-encoding']).toBe('br')
      expect(chromium.headers.vary).toContain('accept-encoding')
      expect(chromium.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(chromium.rawPayload).toEqual(readFileSync(join(distDir, `${name}.br`)))
      expect(brotliDecompressSync(chromium.rawPayload).toString()).toBe(source)
      const gzipOnly = await asset('gzip')
      expect(gzipOnly.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(source)
      const plain = await asset()
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body).toBe(source)
      // The app shell, compressed too, is still revalidated on every load: a browser that kept it for an hour
      // answered the app's own JSON requests to the same address (/health) with it.
      const shell = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { accept: browserAccept, 'accept-encoding': browserAcceptEncoding },
      })
      expect(shell.headers['content-encoding']).toBe('br')
      expect(brotliDecompressSync(shell.rawPayload).toString()).toBe(fakeDist.indexHtml)
      expect(shell.headers['cache-control']).toBe('no-cache')
      expect(shell.headers.vary).toMatch(/^accept, accept-encoding$/i)
      const json = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { accept: 'application/json', 'accept-encoding': browserAcceptEncoding },
      })
      expect(json.json()).toMatchObject({ status: 'ok' })
      expect(json.headers.vary).toMatch(/^accept\b/i)
    })

    it('revalidates the service worker on every load', async () => {
      const response = await app.inject({ method: 'GET', url: '/sw.js' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
    })

    it('answers 404 (not the shell) for a missing file a script asks for', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/missing-123.js',
        headers: { accept: '*/*' },
      })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    })
  })

  describe('GET /api/openapi.json', () => {
    it('describes every route with schemas generated from schemas/', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
      expect(response.statusCode).toBe(200)
      const document = response.json()
      expect(document.openapi).toBe('3.1.0')
      expect(document.info.version).toBe('7.0.25')
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/analytics', '/api/openapi.json', '/health']),
      )
      expect(document.paths['/api/analytics'].post.requestBody.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/AnalyticsBatch',
      })
      const eventSchema = document.components.schemas.AnalyticsEvent
      expect(eventSchema.properties.name.enum).toEqual([...analyticsEventNames])
      expect(document.components.schemas.AnalyticsBatch.properties.events.maxItems).toBe(100)
      expect(document.paths['/api/analytics'].post.responses['400'].content[problemType].schema).toEqual({
        $ref: '#/components/schemas/Problem',
      })
      expect(document.paths['/health'].get.responses['503']).toBeDefined()
    })

    it('matches what server/scripts/openapi.ts writes, so the offline document lists every mounted route', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
      expect(response.json()).toEqual(JSON.parse(JSON.stringify(apiDocument())))
    })
  })

  describe('POST /api/analytics', () => {
    it('stores a batch and answers 202 with the count', async () => {
      const events = [
        { name: 'onboarding_completed', occurredAt: '2026-11-20T10:00:00.000Z' },
        { name: 'import_csv_started', occurredAt: '2026-11-20T10:00:05+01:00', props: { bankId: 'mbank' } },
      ]
      const response = await app.inject({ method: 'POST', url: '/api/analytics', payload: { events } })
      expect(response.statusCode).toBe(202)
      expect(response.json()).toEqual({ accepted: 2 })

      const rows = await app.database.db
        .selectFrom('analytics_events')
        .select(['name', 'props', 'occurred_at', 'received_at', 'user_id'])
        .where('name', 'in', ['onboarding_completed', 'import_csv_started'])
        .orderBy('id')
        .execute()
      expect(rows.map((row) => row.name)).toEqual(['onboarding_completed', 'import_csv_started'])
      expect(rows[1]?.props).toEqual({ bankId: 'mbank' })
      expect(rows[0]?.props).toEqual({})
      expect(rows[1]?.occurred_at.toISOString()).toBe('2026-11-20T09:00:05.000Z')
      expect(rows[0]?.received_at).toBeInstanceOf(Date)
      expect(rows[0]?.user_id).toBeNull()
    })

    it('refuses more than 100 events and stores none of them', async () => {
      const events = Array.from({ length: 101 }, () => ({
        name: 'template_used',
        occurredAt: '2026-11-21T08:00:00Z',
      }))
      const response = await app.inject({ method: 'POST', url: '/api/analytics', payload: { events } })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual([
        expect.objectContaining({ path: '/body/events', code: 'invalid_value' }),
      ])
      const stored = await app.database.db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('name', '=', 'template_used')
        .executeTakeFirstOrThrow()
      expect(Number(stored.count)).toBe(0)
    })

    it('accepts exactly 100 events', async () => {
      const events = Array.from({ length: 100 }, () => ({
        name: 'target_set',
        occurredAt: '2026-11-21T08:00:00Z',
      }))
      const response = await app.inject({ method: 'POST', url: '/api/analytics', payload: { events } })
      expect(response.statusCode).toBe(202)
      expect(response.json()).toEqual({ accepted: 100 })
    })
  })
})
