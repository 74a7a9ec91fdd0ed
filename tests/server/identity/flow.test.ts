import type { FastifyInstance } from 'fastify'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, type TestDatabase } from '../support/databases.ts'
import {
  audience,
  authorizeUrl,
  clientId,
  createBrowser,
  createIdentityApp,
  exchangeCode,
  inlineScriptOrStyle,
  type LogCapture,
  location,
  origin,
  pkcePair,
  redirectUri,
} from './support.ts'

const password = 'correct horse battery staple'

describe.each(databases())('sign-in protocol through the embedded provider on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance
  let logs: LogCapture

  beforeAll(async () => {
    database = await create()
    ;({ app, logs } = createIdentityApp(database))
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('walks register → sign in → code + PKCE → API → refresh with rotation → revocation → end-session', async () => {
    const browser = createBrowser(app)
    const { challenge } = pkcePair()
    const state = 'state-123'

    // The web app sends the browser to the authorization endpoint; the provider asks for a sign-in.
    const start = await browser.request('GET', authorizeUrl(challenge, { state }))
    const interactionPath = location(start)
    expect(start.statusCode).toBe(303)
    expect(interactionPath).toMatch(/^\/auth\/interaction\/[\w-]+$/u)
    const uid = interactionPath.split('/').pop() ?? ''

    const loginPage = await browser.request('GET', interactionPath, undefined, { 'accept-language': 'en' })
    expect(loginPage.statusCode).toBe(200)
    expect(loginPage.body).toContain('<label for="email">E-mail address</label>')
    expect(loginPage.body).toContain(`/Identity/Account/Register?interaction=${uid}`)

    // The user creates an account from the sign-in page and lands back in the same sign-in.
    const registerPage = await browser.request('GET', `/Identity/Account/Register?interaction=${uid}`)
    expect(registerPage.statusCode).toBe(200)
    const registered = await browser.request('POST', `/Identity/Account/Register?interaction=${uid}`, {
      email: 'Ala@Example.com',
      password,
    })
    expect(registered.statusCode).toBe(303)
    expect(location(registered)).toBe(interactionPath)
    const finished = await browser.request('GET', interactionPath)
    expect(finished.statusCode).toBe(303)
    const resumed = await browser.request('GET', location(finished))
    expect(resumed.statusCode).toBe(303)
    const callback = new URL(location(resumed))
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri)
    expect(callback.searchParams.get('state')).toBe(state)
    expect(callback.searchParams.get('iss')).toBe(`${origin}/auth`)
    const code = callback.searchParams.get('code') ?? ''

    // A wrong verifier is refused; the right one yields tokens.
    const wrongVerifier = await browser.request('POST', '/auth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: pkcePair().verifier,
    })
    expect(wrongVerifier.statusCode).toBe(400)
    expect(wrongVerifier.json().error).toBe('invalid_grant')

    // The session now exists: a second authorization answers with a code at once, no sign-in page.
    const again = pkcePair()
    const second = await browser.request('GET', authorizeUrl(again.challenge))
    const code2 = new URL(location(second)).searchParams.get('code') ?? ''
    expect(code2).not.toBe('')
    const tokens = await exchangeCode(browser, code2, again.verifier)
    expect(tokens.token_type).toBe('Bearer')
    expect(tokens.refresh_token).toBeTruthy()
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' })
    const accessClaims = decodeJwt(tokens.access_token)
    expect(accessClaims).toMatchObject({ iss: `${origin}/auth`, aud: audience, scope: 'koperta-api' })
    const idClaims = decodeJwt(tokens.id_token)
    expect(idClaims).toMatchObject({ aud: clientId, email: 'ala@example.com', sub: accessClaims.sub })
    expect(code).not.toBe(code2)

    const profile = await app.inject({
      method: 'GET',
      url: '/api/user-profile',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(profile.statusCode).toBe(200)
    expect(profile.json()).toMatchObject({
      id: accessClaims.sub,
      email: 'ala@example.com',
      isDisabled: false,
    })

    // userinfo answers the API access token the web app holds, and refuses a bad one.
    const userinfo = await browser.request('GET', '/auth/userinfo', undefined, {
      authorization: `Bearer ${tokens.access_token}`,
      origin: 'http://localhost:5173',
    })
    expect(userinfo.statusCode).toBe(200)
    expect(userinfo.json()).toEqual({
      sub: accessClaims.sub,
      email: 'ala@example.com',
      email_verified: false,
    })
    expect(userinfo.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    const badUserinfo = await browser.request('GET', '/auth/userinfo', undefined, {
      authorization: `Bearer ${tokens.id_token}`,
    })
    expect(badUserinfo.statusCode).toBe(401)
    expect(String(badUserinfo.headers['www-authenticate'])).toContain('invalid_token')

    // A client asking only for OpenID scopes gets an opaque token that the provider's own userinfo serves.
    const plain = pkcePair()
    const plainStart = await browser.request(
      'GET',
      authorizeUrl(plain.challenge, { scope: 'openid email', resource: '' }).replace('&resource=', ''),
    )
    const plainTokens = await exchangeCode(
      browser,
      new URL(location(plainStart)).searchParams.get('code') ?? '',
      plain.verifier,
    )
    expect(plainTokens.access_token.split('.')).toHaveLength(1)
    const opaqueUserinfo = await browser.request('GET', '/auth/userinfo', undefined, {
      authorization: `Bearer ${plainTokens.access_token}`,
    })
    expect(opaqueUserinfo.statusCode).toBe(200)
    expect(opaqueUserinfo.json()).toMatchObject({ sub: accessClaims.sub, email: 'ala@example.com' })

    // Refresh rotates: a new refresh token, and the old one no longer works.
    const refreshed = await browser.request('POST', '/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    })
    expect(refreshed.statusCode).toBe(200)
    const rotated = refreshed.json()
    expect(rotated.refresh_token).toBeTruthy()
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token)
    expect(decodeJwt(rotated.access_token).aud).toBe(audience)
    const reused = await browser.request('POST', '/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().error).toBe('invalid_grant')

    // Revocation: the revoked refresh token stops working.
    const current = await browser.request('POST', '/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: rotated.refresh_token,
      client_id: clientId,
    })
    // Reusing a rotated token revokes the whole grant (oidc-provider's replay defence), so the family is dead.
    expect(current.statusCode).toBe(400)

    const fresh = pkcePair()
    const third = await browser.request('GET', authorizeUrl(fresh.challenge))
    const tokens3 = await exchangeCode(
      browser,
      new URL(location(third)).searchParams.get('code') ?? '',
      fresh.verifier,
    )
    const revoked = await browser.request('POST', '/auth/token/revocation', {
      token: tokens3.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: clientId,
    })
    expect(revoked.statusCode).toBe(200)
    const afterRevocation = await browser.request('POST', '/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens3.refresh_token,
      client_id: clientId,
    })
    expect(afterRevocation.statusCode).toBe(400)

    const beforeLogout = pkcePair()
    const fourth = await browser.request('GET', authorizeUrl(beforeLogout.challenge))
    const tokens4 = await exchangeCode(
      browser,
      new URL(location(fourth)).searchParams.get('code') ?? '',
      beforeLogout.verifier,
    )
    const stillValid = await browser.request('POST', '/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens4.refresh_token,
      client_id: clientId,
    })
    expect(stillValid.statusCode).toBe(200)
    const tokens5 = stillValid.json()

    // End-session: a confirmation page, then back to the app; the next authorization asks for sign-in again.
    const endSession = await browser.request(
      'GET',
      `/auth/session/end?${new URLSearchParams({
        id_token_hint: tokens3.id_token,
        post_logout_redirect_uri: `${origin}/`,
        client_id: clientId,
      }).toString()}`,
    )
    expect(endSession.statusCode).toBe(200)
    expect(endSession.body).toContain('Czy chcesz się wylogować z Koperty?')
    expect(endSession.body).not.toMatch(inlineScriptOrStyle)
    const xsrf = /name="xsrf" value="([^"]+)"/u.exec(endSession.body)?.[1] ?? ''
    const action = /action="([^"]+)"/u.exec(endSession.body)?.[1] ?? ''
    expect(action).toBe(`${origin}/auth/session/end/confirm`)
    const confirmed = await browser.request('POST', action, { xsrf, logout: 'yes' })
    expect(confirmed.statusCode).toBe(303)
    expect(location(confirmed)).toBe(`${origin}/`)
    const afterLogout = await browser.request('GET', authorizeUrl(pkcePair().challenge))
    expect(location(afterLogout)).toMatch(/^\/auth\/interaction\//u)
    // Signing out ended the refresh tokens of that session too.
    const refreshAfterLogout = await browser.request('POST', '/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens5.refresh_token,
      client_id: clientId,
    })
    expect(refreshAfterLogout.statusCode).toBe(400)

    const secrets = [
      password,
      code,
      code2,
      xsrf,
      ...[tokens, rotated, tokens3, tokens4, tokens5, plainTokens].flatMap((set) => [
        set.access_token,
        set.refresh_token,
        set.id_token,
      ]),
    ]
    expect(logs.lines.length).toBeGreaterThan(20)
    for (const line of logs.lines) {
      for (const secret of secrets) expect(line).not.toContain(secret)
    }
  })
})
