import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPersonalToken } from '../../server/identity/personalTokens.ts'
import { createLocalUser } from '../../server/identity/users.ts'
import { createTestApp } from './support/app.ts'
import { databases, type TestDatabase } from './support/databases.ts'

const window = 60
const limits = {
  RATE_LIMIT_WINDOW: String(window),
  RATE_LIMIT_ANONYMOUS: '4',
  RATE_LIMIT_USER: '6',
  RATE_LIMIT_ANONYMOUS_EVENTS: '5',
}

const event = () => ({ name: 'help_opened', occurredAt: new Date().toISOString() })
const batch = (size: number) => ({ events: Array.from({ length: size }, event) })

// One app with small limits; every test calls from its own client address (and as its own users), so the counts
// of one test never reach another.
describe.each(databases())('rate limits and caching on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance

  const tokenFor = async (name: string) => {
    const account = await createLocalUser(app.identity.db, `${name}@example.com`, 'unused-password-hash')
    if (!account.created) throw new Error(`test user ${name} exists`)
    return `Bearer ${(await createPersonalToken(app.identity.db, account.user.id, 'limits')).token}`
  }

  const from = (remoteAddress: string) => (options: InjectOptions) =>
    app.inject({ ...options, remoteAddress })

  const anonymousEventCount = async () => {
    const row = await app.database.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  beforeAll(async () => {
    database = await create()
    app = createTestApp(database, { env: limits })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('answers 429 with a problem document and Retry-After past the anonymous limit', async () => {
    const call = from('10.0.0.1')
    for (let index = 0; index < 4; index++) {
      expect((await call({ method: 'GET', url: '/api/auth/config' })).statusCode).toBe(200)
    }
    const refused = await call({ method: 'GET', url: '/api/auth/config' })
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/u)
    expect(refused.json()).toMatchObject({ status: 429, code: 'rate_limited', title: 'Too many requests' })
    const retryAfter = Number(refused.headers['retry-after'])
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= window).toBe(true)
    // The identity pages (sign-in, registration, password reset) share the address's anonymous allowance.
    const page = await call({ method: 'GET', url: '/Identity/Account/ForgotPassword' })
    expect(page.statusCode).toBe(429)
    // Another address is not affected.
    expect((await from('10.0.0.2')({ method: 'GET', url: '/api/auth/config' })).statusCode).toBe(200)
  })

  it('counts the identity pages themselves as anonymous', async () => {
    const call = from('10.0.1.1')
    const statuses: number[] = []
    for (let index = 0; index < 5; index++) {
      statuses.push((await call({ method: 'GET', url: '/Identity/Account/Register' })).statusCode)
    }
    expect(statuses.slice(0, 4).every((status) => status === 200)).toBe(true)
    expect(statuses[4]).toBe(429)
  })

  it('keeps a signed-in user’s limit apart: per user id, not spent by the address’s anonymous calls', async () => {
    const call = from('10.0.2.1')
    const first = await tokenFor('limits-first')
    const second = await tokenFor('limits-second')
    for (let index = 0; index < 5; index++) await call({ method: 'GET', url: '/api/auth/config' })
    expect((await call({ method: 'GET', url: '/api/auth/config' })).statusCode).toBe(429)

    const profile = (authorization: string) =>
      call({ method: 'GET', url: '/api/user-profile', headers: { authorization } })
    for (let index = 0; index < 6; index++) expect((await profile(first)).statusCode).toBe(200)
    const refused = await profile(first)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    // The same address, another user: their own allowance.
    expect((await profile(second)).statusCode).toBe(200)
  })

  it('refuses an address that keeps sending refused tokens before checking the next one', async () => {
    const call = from('10.0.3.1')
    const statuses: number[] = []
    for (let index = 0; index < 7; index++) {
      const answer = await call({
        method: 'GET',
        url: '/api/user-profile',
        headers: { authorization: `Bearer kpt_forged${index}` },
      })
      statuses.push(answer.statusCode)
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401])
    expect(statuses.at(-1)).toBe(429)
  })

  it('caps anonymous analytics events per address and stores nothing of a refused batch', async () => {
    const call = from('10.0.4.1')
    const before = await anonymousEventCount()
    expect((await call({ method: 'POST', url: '/api/analytics', payload: batch(3) })).statusCode).toBe(202)
    const refused = await call({ method: 'POST', url: '/api/analytics', payload: batch(3) })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect((await call({ method: 'POST', url: '/api/analytics', payload: batch(2) })).statusCode).toBe(202)
    expect(await anonymousEventCount()).toBe(before + 5)
  })

  it('takes a signed-in user’s analytics beyond the anonymous allowance', async () => {
    const call = from('10.0.5.1')
    const authorization = await tokenFor('limits-analytics')
    const answer = await call({
      method: 'POST',
      url: '/api/analytics',
      headers: { authorization },
      payload: batch(20),
    })
    expect(answer.statusCode).toBe(202)
    expect(answer.json()).toEqual({ accepted: 20 })
  })

  it('marks API answers no-store, keeping the ETag of budget reads and the If-Match check', async () => {
    const call = from('10.0.6.1')
    const authorization = await tokenFor('limits-caching')
    const profile = await call({ method: 'GET', url: '/api/user-profile', headers: { authorization } })
    expect(profile.headers['cache-control']).toBe('no-store')

    const created = await call({
      method: 'POST',
      url: '/api/budget',
      headers: { authorization },
      payload: { name: 'Cache', currency: 'PLN' },
    })
    expect(created.statusCode).toBe(201)
    expect(created.headers['cache-control']).toBe('no-store')
    const { id } = created.json<{ id: string }>()
    const read = await call({
      method: 'GET',
      url: `/api/budget/${id}/category-groups`,
      headers: { authorization },
    })
    expect(read.statusCode).toBe(200)
    expect(read.headers['cache-control']).toBe('no-store')
    expect(read.headers.etag).toMatch(/^"\d+"$/u)
    const stale = await call({
      method: 'POST',
      url: `/api/budget/${id}/category-groups`,
      headers: { authorization, 'if-match': '"999"' },
      payload: { name: 'Late' },
    })
    expect(stale.statusCode).toBe(412)
    expect(stale.headers['cache-control']).toBe('no-store')

    // Refusals too: a 401 must not be cached in front of a later signed-in call.
    const unauthorized = await call({ method: 'GET', url: '/api/user-profile' })
    expect(unauthorized.statusCode).toBe(401)
    expect(unauthorized.headers['cache-control']).toBe('no-store')
  })
})
