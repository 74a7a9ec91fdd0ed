import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, type TestDatabase } from '../support/databases.ts'
import {
  authorizeUrl,
  type Browser,
  createBrowser,
  createIdentityApp,
  exchangeCode,
  identityConfig,
  location,
  pkcePair,
  registerAndSignIn,
} from './support.ts'

const PASSWORD = 'twelve chars and more'

/** Registers through the registration page with `lang` chosen on it, then signs in; returns the access token. */
const registerIn = async (browser: Browser, email: string, lang: string): Promise<string> => {
  const { verifier, challenge } = pkcePair()
  const uid =
    location(await browser.request('GET', authorizeUrl(challenge)))
      .split('/')
      .pop() ?? ''
  const registered = await browser.request(
    'POST',
    `/Identity/Account/Register?interaction=${uid}&lang=${lang}`,
    {
      email,
      password: PASSWORD,
    },
  )
  expect(registered.statusCode).toBe(303)
  const back = await browser.request('GET', location(registered))
  const resumed = await browser.request('GET', location(back))
  const code = new URL(location(resumed), 'http://localhost').searchParams.get('code') ?? ''
  return (await exchangeCode(browser, code, verifier)).access_token
}

/** Signs in on the sign-in page, with `lang` chosen on it when given; returns the access token. */
const signInWith = async (browser: Browser, email: string, lang?: string): Promise<string> => {
  const { verifier, challenge } = pkcePair()
  const uid =
    location(await browser.request('GET', authorizeUrl(challenge)))
      .split('/')
      .pop() ?? ''
  const query = lang === undefined ? '' : `?lang=${lang}`
  const signedIn = await browser.request('POST', `/auth/interaction/${uid}/login${query}`, {
    email,
    password: PASSWORD,
  })
  expect(signedIn.statusCode).toBe(303)
  let response = await browser.request('GET', location(signedIn))
  while (!location(response).includes('code=')) response = await browser.request('GET', location(response))
  const code = new URL(location(response), 'http://localhost').searchParams.get('code') ?? ''
  return (await exchangeCode(browser, code, verifier)).access_token
}

describe.each(databases())('user settings: the language follows the user on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance

  const call = (method: 'GET' | 'PUT', token: string, payload?: object) =>
    app.inject({
      method,
      url: '/api/user-settings',
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    })

  beforeAll(async () => {
    database = await create()
    ;({ app } = createIdentityApp(database, identityConfig()))
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('knows no language until one is chosen, then keeps what the app records', async () => {
    const { tokens } = await registerAndSignIn(createBrowser(app), 'ola@example.com', PASSWORD)
    expect((await call('GET', tokens.access_token)).json()).toEqual({ locale: null })
    const put = await call('PUT', tokens.access_token, { locale: 'de' })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toEqual({ locale: 'de' })
    // Another browser of the same user reads it.
    const elsewhere = await signInWith(createBrowser(app), 'ola@example.com')
    expect((await call('GET', elsewhere)).json()).toEqual({ locale: 'de' })
  })

  it('refuses a language the app does not speak, and a caller without a token', async () => {
    const { tokens } = await registerAndSignIn(createBrowser(app), 'jan@example.com', PASSWORD)
    expect((await call('PUT', tokens.access_token, { locale: 'fr' })).statusCode).toBe(400)
    expect((await app.inject({ method: 'GET', url: '/api/user-settings' })).statusCode).toBe(401)
  })

  it("opens the sign-in page in the app's language (ui_locales), which is no choice to keep", async () => {
    await registerAndSignIn(createBrowser(app), 'max@example.com', PASSWORD)
    const browser = createBrowser(app)
    const { verifier, challenge } = pkcePair()
    const interaction = location(
      await browser.request('GET', authorizeUrl(challenge, { ui_locales: 'de en' })),
    )
    const page = await browser.request('GET', interaction)
    expect(page.body).toContain('<html lang="de">')
    const signedIn = await browser.request('POST', `${interaction}/login`, {
      email: 'max@example.com',
      password: PASSWORD,
    })
    expect(signedIn.statusCode).toBe(303)
    let response = await browser.request('GET', location(signedIn))
    while (!location(response).includes('code=')) response = await browser.request('GET', location(response))
    const code = new URL(location(response), 'http://localhost').searchParams.get('code') ?? ''
    const token = (await exchangeCode(browser, code, verifier)).access_token
    expect((await call('GET', token)).json()).toEqual({ locale: null })
  })

  it("keeps the registration page's sign-in in its language links", async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/Identity/Account/Register?interaction=abc&lang=pl',
    })
    expect(page.body).toContain('href="/Identity/Account/Register?interaction=abc&#38;lang=en"')
  })

  it('keeps the language chosen on the registration page and on the sign-in page', async () => {
    const token = await registerIn(createBrowser(app), 'eva@example.com', 'en')
    expect((await call('GET', token)).json()).toEqual({ locale: 'en' })
    const german = await signInWith(createBrowser(app), 'eva@example.com', 'de')
    expect((await call('GET', german)).json()).toEqual({ locale: 'de' })
    // Signing in without choosing (the page follows the browser's language) keeps the choice made before.
    const unchosen = await signInWith(createBrowser(app), 'eva@example.com')
    expect((await call('GET', unchosen)).json()).toEqual({ locale: 'de' })
  })
})
