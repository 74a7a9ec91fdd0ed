import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, type TestDatabase } from '../support/databases.ts'
import { authorizeUrl, createIdentityApp, inlineScriptOrStyle, pkcePair } from './support.ts'

describe.each(databases())('embedded provider discovery on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await create()
    app = createIdentityApp(database).app
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('publishes every endpoint under the /auth issuer, code flow with S256 only', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document).toMatchObject({
      issuer: 'http://localhost:8080/auth',
      authorization_endpoint: 'http://localhost:8080/auth/authorize',
      token_endpoint: 'http://localhost:8080/auth/token',
      userinfo_endpoint: 'http://localhost:8080/auth/userinfo',
      jwks_uri: 'http://localhost:8080/auth/jwks',
      revocation_endpoint: 'http://localhost:8080/auth/token/revocation',
      end_session_endpoint: 'http://localhost:8080/auth/session/end',
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    })
  })

  it('uses the public origin whatever Host the request carries', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/auth/.well-known/openid-configuration',
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    })
    expect(response.json().token_endpoint).toBe('http://localhost:8080/auth/token')
  })

  const refused = async (extra: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url: authorizeUrl(pkcePair().challenge, extra) })
    // Errors go back to the registered redirect URI (303) or, before it is trusted, to an error page (400).
    if (response.statusCode === 303) {
      const target = new URL(String(response.headers.location))
      // Implicit-style requests answer in the fragment.
      return new URLSearchParams(target.hash.slice(1)).get('error') ?? target.searchParams.get('error')
    }
    expect(response.statusCode).toBe(400)
    return 'error page'
  }

  it('refuses the implicit flow, plain PKCE, missing PKCE and unknown redirect URIs', async () => {
    expect(await refused({ response_type: 'id_token token' })).toBe('unsupported_response_type')
    expect(await refused({ code_challenge_method: 'plain' })).toBe('invalid_request')
    const withoutPkce = authorizeUrl('x').replace(/&code_challenge=[^&]*&code_challenge_method=S256/u, '')
    const noPkce = await app.inject({ method: 'GET', url: withoutPkce })
    expect(new URL(String(noPkce.headers.location)).searchParams.get('error')).toBe('invalid_request')
    expect(await refused({ redirect_uri: 'https://evil.example/callback' })).toBe('error page')
  })

  it('renders its error page in Koperta’s look, without inline scripts', async () => {
    const response = await app.inject({
      method: 'GET',
      url: authorizeUrl(pkcePair().challenge, { redirect_uri: 'https://evil.example/callback' }),
      headers: { 'accept-language': 'en' },
    })
    expect(response.body).toContain('<link rel="stylesheet" href="/auth/assets/identity.css">')
    expect(response.body).toContain('Something went wrong')
    expect(response.body).not.toMatch(inlineScriptOrStyle)
    const css = await app.inject({ method: 'GET', url: '/auth/assets/identity.css' })
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toMatch(/^text\/css/u)
  })
})
