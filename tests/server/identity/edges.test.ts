import type { FastifyInstance } from 'fastify'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endAllSessions } from '../../../server/identity/passwordReset.ts'
import { findUserByEmail, setDisabled } from '../../../server/identity/users.ts'
import { databases, type TestDatabase } from '../support/databases.ts'
import {
  authorizeUrl,
  createBrowser,
  createIdentityApp,
  exchangeCode,
  location,
  pkcePair,
  registerAndSignIn,
} from './support.ts'

const password = 'correct horse battery staple'

describe.each(databases())('identity edges on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await create()
    ;({ app } = createIdentityApp(database))
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  /** A new browser signs in with the password; answers the tokens. */
  const signIn = async (browser: ReturnType<typeof createBrowser>, email: string) => {
    const { verifier, challenge } = pkcePair()
    const interaction = location(await browser.request('GET', authorizeUrl(challenge)))
    const uid = interaction.split('/').pop() ?? ''
    const signedIn = await browser.request('POST', `/auth/interaction/${uid}/login`, { email, password })
    expect(signedIn.statusCode).toBe(303)
    const resumed = await browser.request('GET', location(signedIn))
    expect(resumed.statusCode).toBe(303)
    const code = new URL(location(resumed)).searchParams.get('code') ?? ''
    expect(code).not.toBe('')
    return exchangeCode(browser, code, verifier)
  }

  const userIdOf = async (email: string) => {
    const user = await findUserByEmail(app.identity.db, email)
    if (user === undefined) throw new Error(`no user ${email}`)
    return user.id
  }

  describe('a disabled user signing in', () => {
    it('completes the sign-in with the right password and learns from the profile that the account is disabled', async () => {
      const email = 'disabled-right@example.com'
      await registerAndSignIn(createBrowser(app), email, password)
      await setDisabled(app.identity.db, await userIdOf(email), true)

      const tokens = await signIn(createBrowser(app), email)
      const profile = await app.inject({
        method: 'GET',
        url: '/api/user-profile',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
      expect(profile.statusCode).toBe(200)
      expect(profile.json()).toMatchObject({ isDisabled: true, id: decodeJwt(tokens.access_token).sub })
    })

    it('disabled while signed in, renews through the provider session without a 500', async () => {
      const email = 'disabled-session@example.com'
      const browser = createBrowser(app)
      await registerAndSignIn(browser, email, password)
      await setDisabled(app.identity.db, await userIdOf(email), true)
      const { verifier, challenge } = pkcePair()
      const renewed = await browser.request('GET', authorizeUrl(challenge, { prompt: 'none' }))
      expect(renewed.statusCode).toBe(303)
      const code = new URL(location(renewed)).searchParams.get('code') ?? ''
      expect(code).not.toBe('')
      const tokens = await exchangeCode(browser, code, verifier)
      const budgets = await app.inject({
        method: 'GET',
        url: '/api/subscription',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
      expect(budgets.statusCode).toBe(403)
      expect(budgets.json().code).toBe('user_disabled')
    })

    it('is refused with a wrong password, as anyone is', async () => {
      const email = 'disabled-wrong@example.com'
      await registerAndSignIn(createBrowser(app), email, password)
      await setDisabled(app.identity.db, await userIdOf(email), true)
      const browser = createBrowser(app)
      const interaction = location(await browser.request('GET', authorizeUrl(pkcePair().challenge)))
      const uid = interaction.split('/').pop() ?? ''
      const refused = await browser.request('POST', `/auth/interaction/${uid}/login`, {
        email,
        password: 'not the password at all',
      })
      expect(refused.statusCode).toBe(401)
    })
  })
  describe('CORS on the provider', () => {
    const foreign = ['https://evil.example', 'null', 'http://localhost:3000', 'capacitor://evil']
    const own = [
      'http://localhost:8080',
      'http://localhost:5173',
      'capacitor://localhost',
      'https://localhost',
      'http://localhost',
    ]
    const preflight = (origin: string, url: string, method: string) =>
      app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': method },
      })
    const refresh = (origin: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/token',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=refresh_token&client_id=koperta-web&refresh_token=unknown',
      })

    it.each(foreign)(
      'gives %s no Access-Control-Allow-Origin on /auth/token or /auth/jwks',
      async (origin) => {
        for (const answer of [
          await preflight(origin, '/auth/token', 'POST'),
          await preflight(origin, '/auth/jwks', 'GET'),
          await preflight(origin, '/auth/token/revocation', 'POST'),
          await refresh(origin),
          await app.inject({ method: 'GET', url: '/auth/jwks', headers: { origin } }),
          await app.inject({
            method: 'GET',
            url: '/auth/.well-known/openid-configuration',
            headers: { origin },
          }),
        ]) {
          expect(answer.statusCode).toBeLessThan(500)
          expect(answer.headers['access-control-allow-origin']).toBeUndefined()
        }
      },
    )

    it.each(own)('lets %s, an origin of the app, call them', async (origin) => {
      expect((await preflight(origin, '/auth/token', 'POST')).headers['access-control-allow-origin']).toBe(
        origin,
      )
      const jwks = await app.inject({ method: 'GET', url: '/auth/jwks', headers: { origin } })
      expect(jwks.statusCode).toBe(200)
      expect(jwks.headers['access-control-allow-origin']).toBe(origin)
      // Refused for the unknown token, not for the origin.
      const refused = await refresh(origin)
      expect(refused.json().error).toBe('invalid_grant')
      expect(refused.headers['access-control-allow-origin']).toBe(origin)
    })

    it('still answers requests without an Origin (servers, the same origin)', async () => {
      const jwks = await app.inject({ method: 'GET', url: '/auth/jwks' })
      expect(jwks.statusCode).toBe(200)
      expect(jwks.json().keys.length).toBeGreaterThan(0)
    })
  })
  describe('access tokens after signing out everywhere', () => {
    const subscription = (token: string) =>
      app.inject({ method: 'GET', url: '/api/subscription', headers: { authorization: `Bearer ${token}` } })

    it('refuses a token issued before, at once, and takes one issued after', async () => {
      const email = 'everywhere@example.com'
      const { tokens } = await registerAndSignIn(createBrowser(app), email, password)
      expect((await subscription(tokens.access_token)).statusCode).toBe(200)
      const user = await findUserByEmail(app.identity.db, email)
      await endAllSessions(app.identity.db, user?.subject ?? '')
      const refused = await subscription(tokens.access_token)
      expect(refused.statusCode).toBe(401)
      expect(String(refused.headers['www-authenticate'])).toContain('invalid_token')
      // Tokens carry their issue time in whole seconds: one of the same second counts as before.
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      const again = await signIn(createBrowser(app), email)
      expect((await subscription(again.access_token)).statusCode).toBe(200)
    })
  })
})
