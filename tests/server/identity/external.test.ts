import { createServer, type Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, type TestDatabase } from '../support/databases.ts'
import { createIdentityApp, identityConfig } from './support.ts'

/** A stand-in for Keycloak/Auth0: the two documents a resource server reads (discovery and JWKS). */
const startIssuer = async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'external-1', alg: 'ES256', use: 'sig' }
  let base = ''
  const server: Server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json')
    if (request.url === '/realms/koperta/.well-known/openid-configuration') {
      response.end(
        JSON.stringify({ issuer: `${base}/realms/koperta`, jwks_uri: `${base}/realms/koperta/certs` }),
      )
    } else if (request.url === '/realms/koperta/certs') {
      response.end(JSON.stringify({ keys: [jwk] }))
    } else {
      response.statusCode = 404
      response.end('{}')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the fake issuer has no TCP port')
  base = `http://127.0.0.1:${address.port}`
  return {
    issuer: `${base}/realms/koperta`,
    privateKey,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

describe.each(databases())('an external OpenID Connect issuer on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance
  let external: Awaited<ReturnType<typeof startIssuer>>

  const tokenFor = (claims: Record<string, unknown>) =>
    new SignJWT({ scope: 'openid koperta', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'external-1', typ: 'JWT' })
      .setIssuer(external.issuer)
      .setAudience('https://api.koperta.example')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(external.privateKey)

  beforeAll(async () => {
    database = await create()
    external = await startIssuer()
    const config = identityConfig({
      OIDC_ISSUER: external.issuer,
      OIDC_CLIENT_ID: 'koperta-spa',
      OIDC_AUDIENCE: 'https://api.koperta.example',
    })
    app = createIdentityApp(database, config).app
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await external?.close()
    await database?.dispose()
  })

  it('turns the embedded provider off', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration' })).statusCode,
    ).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/Identity/Account/Register' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({
      authority: external.issuer,
      clientId: 'koperta-spa',
      scope: 'openid profile email offline_access koperta-api',
      resource: 'https://api.koperta.example',
      registrationUrl: null,
    })
  })

  it('accepts the issuer’s tokens (JWKS found through discovery) and creates the user from sub', async () => {
    const token = await tokenFor({ sub: 'kc|1234', email: 'Ext@Example.com' })
    const response = await app.inject({
      method: 'GET',
      url: '/api/user-profile',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ email: 'ext@example.com', isDisabled: false })
  })

  it('refuses tokens of the embedded issuer and for other audiences', async () => {
    const otherAudience = await new SignJWT({ sub: 'kc|1234' })
      .setProtectedHeader({ alg: 'ES256', kid: 'external-1' })
      .setIssuer(external.issuer)
      .setAudience('account')
      .setExpirationTime('5m')
      .sign(external.privateKey)
    const response = await app.inject({
      method: 'GET',
      url: '/api/user-profile',
      headers: { authorization: `Bearer ${otherAudience}` },
    })
    expect(response.statusCode).toBe(401)
    expect(String(response.headers['www-authenticate'])).toContain('aud claim')
  })
})
