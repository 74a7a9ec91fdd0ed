import type { FastifyInstance } from 'fastify'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setDisabled } from '../../../server/identity/users.ts'
import { databases, type TestDatabase } from '../support/databases.ts'
import {
  createBrowser,
  createIdentityApp,
  identityConfig,
  type LogCapture,
  registerAndSignIn,
} from './support.ts'

describe.each(databases())('profile, subscription and personal access tokens on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance
  let logs: LogCapture
  let accessToken: string
  let userId: string

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    })

  beforeAll(async () => {
    database = await create()
    ;({ app, logs } = createIdentityApp(database, identityConfig({ BILLING: 'on' })))
    await app.ready()
    const { tokens } = await registerAndSignIn(createBrowser(app), 'ewa@example.com', 'twelve chars and more')
    accessToken = tokens.access_token
    userId = String(decodeJwt(accessToken).sub)
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  describe('subscription with billing on', () => {
    it('is expired without a subscription record', async () => {
      const response = await call('GET', '/api/subscription', accessToken)
      expect(response.json()).toEqual({ isExpired: true, billing: 'on', endsAt: null })
    })

    it('follows the end date of the record', async () => {
      const future = new Date(Date.now() + 30 * 24 * 3600 * 1000)
      await app.identity.db.insertInto('subscriptions').values({ user_id: userId, ends_at: future }).execute()
      expect((await call('GET', '/api/subscription', accessToken)).json()).toEqual({
        isExpired: false,
        billing: 'on',
        endsAt: future.toISOString(),
      })
      const past = new Date(Date.now() - 1000)
      await app.identity.db
        .updateTable('subscriptions')
        .set({ ends_at: past })
        .where('user_id', '=', userId)
        .execute()
      expect((await call('GET', '/api/subscription', accessToken)).json()).toMatchObject({ isExpired: true })
    })
  })

  describe('personal access tokens', () => {
    it('are created once with their secret, listed without it, usable as bearer tokens and revocable', async () => {
      const created = await call('POST', '/api/tokens', accessToken, { name: 'budget script' })
      expect(created.statusCode).toBe(201)
      const { token, id, name } = created.json()
      expect(name).toBe('budget script')
      expect(token).toMatch(/^kpt_[\w-]{43}$/u)

      const listed = await call('GET', '/api/tokens', accessToken)
      expect(listed.json().tokens).toEqual([expect.objectContaining({ id, name: 'budget script' })])
      expect(listed.body).not.toContain(token)

      const stored = await app.identity.db
        .selectFrom('personal_access_tokens')
        .selectAll()
        .executeTakeFirstOrThrow()
      expect(stored.token_hash).not.toContain(token.slice(4))

      const profile = await call('GET', '/api/user-profile', token)
      expect(profile.statusCode).toBe(200)
      expect(profile.json().id).toBe(userId)
      expect((await call('GET', '/api/tokens', token)).json().tokens[0].lastUsedAt).not.toBeNull()

      // A personal token cannot mint more tokens or revoke any.
      expect((await call('POST', '/api/tokens', token, { name: 'more' })).statusCode).toBe(403)

      expect((await call('DELETE', `/api/tokens/${id}`, accessToken)).json()).toEqual({ tokens: [] })
      const afterRevocation = await call('GET', '/api/user-profile', token)
      expect(afterRevocation.statusCode).toBe(401)
      expect(String(afterRevocation.headers['www-authenticate'])).toContain('invalid_token')
      expect((await call('DELETE', `/api/tokens/${id}`, accessToken)).statusCode).toBe(404)

      for (const line of logs.lines) expect(line).not.toContain(token)
    })

    it('need a name', async () => {
      const response = await call('POST', '/api/tokens', accessToken, { name: '' })
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('validation_failed')
    })
  })

  describe('a disabled user', () => {
    it('sees isDisabled on the profile and is refused everywhere else', async () => {
      await setDisabled(app.identity.db, userId, true)
      const profile = await call('GET', '/api/user-profile', accessToken)
      expect(profile.statusCode).toBe(200)
      expect(profile.json().isDisabled).toBe(true)
      const subscription = await call('GET', '/api/subscription', accessToken)
      expect(subscription.statusCode).toBe(403)
      expect(subscription.json().code).toBe('user_disabled')
      await setDisabled(app.identity.db, userId, false)
      expect((await call('GET', '/api/subscription', accessToken)).statusCode).toBe(200)
    })
  })
})
