import type { FastifyInstance } from 'fastify'
import { decodeJwt, importJWK, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadKeys } from '../../../server/identity/keys.ts'
import { databases, type TestDatabase } from '../support/databases.ts'
import {
  audience,
  createBrowser,
  createIdentityApp,
  type LogCapture,
  origin,
  registerAndSignIn,
} from './support.ts'

const issuer = `${origin}/auth`

describe.each(databases())('API bearer authentication on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance
  let logs: LogCapture
  let accessToken: string
  let subject: string

  const signWithProviderKey = async (claims: JWTPayload, header: Record<string, string> = {}) => {
    const [key] = (await loadKeys(app.identity.db)).signingKeys
    if (key === undefined) throw new Error('no signing key')
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: String(key.kid), ...header })
      .sign(await importJWK(key, 'RS256'))
  }

  const validClaims = (): JWTPayload => ({
    iss: issuer,
    aud: audience,
    sub: subject,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 300,
    scope: 'koperta-api',
  })

  const callProfile = (authorization?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/user-profile',
      headers: authorization === undefined ? {} : { authorization },
    })

  const userCount = async () =>
    Number(
      (
        await app.identity.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    database = await create()
    ;({ app, logs } = createIdentityApp(database))
    await app.ready()
    const { tokens } = await registerAndSignIn(
      createBrowser(app),
      'ola@example.com',
      'a long enough password',
    )
    accessToken = tokens.access_token
    subject = String(decodeJwt(accessToken).sub)
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('accepts the access token the embedded provider issued', async () => {
    const response = await callProfile(`Bearer ${accessToken}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: subject, email: 'ola@example.com', isDisabled: false })
  })

  it('accepts a token it signed itself with the right claims (the forging helper is sound)', async () => {
    const response = await callProfile(`Bearer ${await signWithProviderKey(validClaims())}`)
    expect(response.statusCode).toBe(200)
  })

  const refusals: ReadonlyArray<readonly [string, () => Promise<string | undefined>, RegExp]> = [
    ['no Authorization header', async () => undefined, /^Bearer realm="koperta"$/u],
    ['a Basic Authorization header', async () => 'Basic b2xhOnNlY3JldA==', /error="invalid_token"/u],
    [
      'alg none',
      async () => `Bearer ${new UnsecuredJWT(validClaims()).encode()}`,
      /error="invalid_token", error_description="the access token/u,
    ],
    [
      'a wrong issuer',
      async () =>
        `Bearer ${await signWithProviderKey({ ...validClaims(), iss: 'https://evil.example/auth' })}`,
      /iss claim/u,
    ],
    [
      'a wrong audience',
      async () => `Bearer ${await signWithProviderKey({ ...validClaims(), aud: 'urn:someone:else' })}`,
      /aud claim/u,
    ],
    [
      'an expired token',
      async () =>
        `Bearer ${await signWithProviderKey({ ...validClaims(), iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 60 })}`,
      /expired/u,
    ],
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = accessToken.split('.')
        const payload = Buffer.from(
          JSON.stringify({ ...decodeJwt(accessToken), sub: 'someone-else' }),
        ).toString('base64url')
        return `Bearer ${header}.${payload}.${signature}`
      },
      /signature/u,
    ],
    [
      'an ID token instead of an access token',
      async () => `Bearer ${await signWithProviderKey({ ...validClaims(), aud: audience }, { typ: 'JWT' })}`,
      /typ/u,
    ],
    ['garbage', async () => 'Bearer not.a.jwt', /malformed/u],
    ['an unknown personal access token', async () => 'Bearer kpt_nothingLikeThis', /personal access token/u],
  ]

  for (const [name, authorization, challenge] of refusals) {
    it(`refuses ${name} with 401, WWW-Authenticate and a problem document, creating nothing`, async () => {
      const before = await userCount()
      const response = await callProfile(await authorization())
      expect(response.statusCode).toBe(401)
      expect(String(response.headers['www-authenticate'])).toMatch(challenge)
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/u)
      expect(response.json()).toMatchObject({
        status: 401,
        code: 'unauthorized',
        type: 'urn:koperta:problem:unauthorized',
      })
      expect(await userCount()).toBe(before)
    })
  }

  it('refuses unknown /api paths before routing, so they reveal nothing without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' })
    expect(response.statusCode).toBe(401)
  })

  it('lets the OpenAPI document and the sign-in settings through without a token', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/auth/config' })
    expect(config.statusCode).toBe(200)
    expect(config.json()).toEqual({
      authority: issuer,
      clientId: 'koperta-web',
      scope: 'openid profile email offline_access koperta-api',
      resource: audience,
      registrationUrl: `${origin}/Identity/Account/Register`,
    })
    // Not mounted in this test app: a 404 (not 401) shows the hook let it pass.
    expect((await app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404)
  })

  it('refuses a valid token whose subject has no account (deleted since), creating nothing', async () => {
    const before = await userCount()
    const token = await signWithProviderKey({
      ...validClaims(),
      sub: 'deleted-42',
      email: 'gone@example.com',
    })
    const response = await callProfile(`Bearer ${token}`)
    expect(response.statusCode).toBe(401)
    expect(String(response.headers['www-authenticate'])).toContain('no longer exists')
    expect(await userCount()).toBe(before)
  })

  it('records visits and answers the subscription (billing off: never expires)', async () => {
    const visit = await app.inject({
      method: 'PUT',
      url: '/api/user-profile/visit',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { device: 'Desktop' },
    })
    expect(visit.statusCode).toBe(200)
    expect(Date.parse(visit.json().lastVisitAt)).toBeGreaterThan(Date.now() - 60_000)
    const subscription = await app.inject({
      method: 'GET',
      url: '/api/subscription',
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(subscription.json()).toEqual({ isExpired: false, billing: 'off', endsAt: null })
  })

  it('writes no token into any log line', () => {
    expect(logs.lines.length).toBeGreaterThan(0)
    for (const line of logs.lines) expect(line).not.toContain(accessToken)
  })
})
