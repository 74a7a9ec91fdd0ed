import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../../../server/identity/passwords.ts'
import { registrationRule, signInRules } from '../../../server/identity/throttle.ts'
import { databases, type TestDatabase } from '../support/databases.ts'
import {
  authorizeUrl,
  type Browser,
  createBrowser,
  createIdentityApp,
  inlineScriptOrStyle,
  type LogCapture,
  location,
  pkcePair,
} from './support.ts'

const password = 'plenty of characters here'

describe.each(databases())('local accounts and account pages on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance
  let logs: LogCapture

  /** A browser on a fresh sign-in interaction, from the given client address. */
  const startSignIn = async (remoteAddress = '127.0.0.1') => {
    const browser = createBrowser(app)
    const interaction = location(await browser.request('GET', authorizeUrl(pkcePair().challenge)))
    const attempt = (email: string, secret: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: `${interaction}/login`,
        remoteAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: browser.jar.size > 0 ? cookiesFor(browser, interaction) : '',
          ...headers,
        },
        payload: new URLSearchParams({ email, password: secret }).toString(),
      })
    return { browser, interaction, attempt }
  }

  const cookiesFor = (browser: Browser, path: string) =>
    [...browser.jar.entries()]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split('|')[0]}=${cookie.value}`)
      .join('; ')

  const register = (email: string, secret: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/Identity/Account/Register',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ email, password: secret }).toString(),
    })

  beforeAll(async () => {
    database = await create()
    ;({ app, logs } = createIdentityApp(database))
    await app.ready()
    expect((await register('known@example.com', password)).statusCode).toBe(303)
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  describe('registration page', () => {
    it('is Polish by default, with labelled fields and the documented password rule', async () => {
      const response = await app.inject({ method: 'GET', url: '/Identity/Account/Register' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/u)
      expect(response.body).toContain('<html lang="pl">')
      expect(response.body).toContain('<label for="email">Adres e-mail</label>')
      expect(response.body).toMatch(/<p class="hint" id="password-hint">Co najmniej 12 znaków\./u)
      expect(response.body).toMatch(/id="password"[^>]*aria-describedby="password-hint"/u)
      // Scripts only from files (the app's theme), never inline; no inline styles.
      expect(response.body).not.toMatch(inlineScriptOrStyle)
      expect(response.body).toContain('<script src="/theme-init.js"></script>')
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'")
    })

    it('speaks English and German to their browsers, and follows ?lang=', async () => {
      for (const [acceptLanguage, lang, title] of [
        ['en-GB,en;q=0.9', 'en', 'Create an account'],
        ['de-DE,de;q=0.9', 'de', 'Konto erstellen'],
      ] as const) {
        const response = await app.inject({
          method: 'GET',
          url: '/Identity/Account/Register',
          headers: { 'accept-language': acceptLanguage },
        })
        expect(response.body).toContain(`<html lang="${lang}">`)
        expect(response.body).toContain(title)
      }
      const chosen = await app.inject({
        method: 'GET',
        url: '/Identity/Account/Register?lang=en',
        headers: { 'accept-language': 'pl' },
      })
      expect(chosen.body).toContain('Create an account')
    })

    it('ties SPEC’s required and e-mail messages to their fields', async () => {
      const empty = await register('', '')
      expect(empty.statusCode).toBe(400)
      expect(empty.body).toContain('<p class="field-error" id="email-error">Pole jest wymagane.</p>')
      expect(empty.body).toContain('<p class="field-error" id="password-error">Pole jest wymagane.</p>')
      expect(empty.body).toMatch(/id="email"[^>]*aria-invalid="true"[^>]*aria-describedby="email-error"/u)
      const badEmail = await register('not-an-address', password)
      expect(badEmail.body).toContain('Podana wartość nie jest prawidłowym adresem email.')
      expect(badEmail.body).toContain('value="not-an-address"')
    })

    it('refuses passwords shorter than 12 characters', async () => {
      const response = await register('short@example.com', 'eleven char')
      expect(response.statusCode).toBe(400)
      expect(response.body).toContain('Hasło musi mieć co najmniej 12 znaków.')
      expect(
        await app.identity.db
          .selectFrom('users')
          .where('email', '=', 'short@example.com')
          .select('id')
          .executeTakeFirst(),
      ).toBeUndefined()
    })

    it('stores the e-mail lower-cased and refuses a second account for it', async () => {
      const response = await register('KNOWN@example.com', password)
      expect(response.statusCode).toBe(400)
      expect(response.body).toContain('Konto z tym adresem już istnieje.')
    })

    it('hashes with scrypt and its parameters, never the password itself', async () => {
      const row = await app.identity.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'known@example.com')
        .executeTakeFirstOrThrow()
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/u)
    })

    it('sends the user on to /registration-callback of the app, carrying a sign-in note', async () => {
      const response = await register('fresh@example.com', password)
      expect(response.statusCode).toBe(303)
      expect(location(response)).toBe('http://localhost:8080/registration-callback')
      const cookie = String(response.headers['set-cookie'])
      expect(cookie).toMatch(
        /^koperta_registered=.+; Path=\/auth\/interaction; Max-Age=600; HttpOnly; SameSite=Lax$/u,
      )
    })

    it('refuses form posts from other sites (no account planted in a visitor’s browser)', async () => {
      const fromEvil = await register('planted@example.com', password, { origin: 'https://evil.example' })
      expect(fromEvil.statusCode).toBe(403)
      const crossSite = await register('planted@example.com', password, { 'sec-fetch-site': 'cross-site' })
      expect(crossSite.statusCode).toBe(403)
      const users = app.identity.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'planted@example.com')
      expect(await users.executeTakeFirst()).toBeUndefined()
      const sameOrigin = await register('planted@example.com', password, {
        origin: 'http://localhost:8080',
        'sec-fetch-site': 'same-origin',
      })
      expect(sameOrigin.statusCode).toBe(303)
      // Chromium under a no-referrer policy posts same-origin forms with `Origin: null`: still its own site.
      const nullOrigin = await register('null-origin@example.com', password, {
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      })
      expect(nullOrigin.statusCode).toBe(303)
    })

    it(`lets one address create at most ${registrationRule.maxFailures} accounts an hour`, async () => {
      const fromSpammer = (index: number) =>
        app.inject({
          method: 'POST',
          url: '/Identity/Account/Register',
          remoteAddress: '10.9.9.9',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ email: `bulk${index}@example.com`, password }).toString(),
        })
      for (let index = 0; index < registrationRule.maxFailures; index += 1) {
        expect((await fromSpammer(index)).statusCode).toBe(303)
      }
      const refused = await fromSpammer(99)
      expect(refused.statusCode).toBe(429)
      expect(refused.body).toContain('Z tego adresu założono ostatnio zbyt wiele kont.')
      expect((await register('someone.else@example.com', password)).statusCode).toBe(303)
    })

    it('never sends the user to a foreign returnUrl', async () => {
      const response = await app.inject({
        method: 'POST',
        url: `/Identity/Account/Register?returnUrl=${encodeURIComponent('https://evil.example/steal')}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: 'other@example.com', password }).toString(),
      })
      expect(location(response)).toBe('http://localhost:8080/registration-callback')
    })
  })

  describe('sign-in', () => {
    it('answers an unknown e-mail exactly like a wrong password, in similar time', async () => {
      const timings = { unknown: [] as number[], wrong: [] as number[] }
      const bodies = new Set<string>()
      const statuses = new Set<number>()
      // Separate addresses and e-mails per attempt keep the throttle out of this comparison.
      for (let round = 0; round < 3; round += 1) {
        for (const kind of ['unknown', 'wrong'] as const) {
          const { attempt, interaction } = await startSignIn(`10.0.${round}.${kind === 'unknown' ? 1 : 2}`)
          const email = kind === 'unknown' ? `nobody${round}@example.com` : 'known@example.com'
          const started = performance.now()
          const response = await attempt(email, 'not the password at all')
          timings[kind].push(performance.now() - started)
          statuses.add(response.statusCode)
          bodies.add(
            response.body.replaceAll(email, 'EMAIL').replaceAll(interaction.split('/').pop() ?? '', 'UID'),
          )
        }
      }
      expect([...statuses]).toEqual([401])
      expect(bodies.size).toBe(1)
      expect([...bodies][0]).toContain('Nieprawidłowy adres e-mail lub hasło.')
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0
      // Both pay one scrypt; an unknown e-mail answering in a fraction of the time would reveal it.
      expect(median(timings.unknown)).toBeGreaterThan(median(timings.wrong) * 0.5)
      expect(median(timings.wrong)).toBeGreaterThan(median(timings.unknown) * 0.5)
    })

    it(`locks an account after ${signInRules.account.maxFailures} wrong passwords, even for the right one`, async () => {
      expect((await register('target@example.com', password)).statusCode).toBe(303)
      const { attempt } = await startSignIn('10.1.0.1')
      for (let index = 0; index < signInRules.account.maxFailures; index += 1) {
        expect((await attempt('target@example.com', `guess number ${index}`)).statusCode).toBe(401)
      }
      const locked = await attempt('target@example.com', password)
      expect(locked.statusCode).toBe(429)
      expect(locked.body).toContain('Zbyt wiele nieudanych prób logowania.')
      // Another account from another address is unaffected.
      const { attempt: other } = await startSignIn('10.1.0.2')
      expect((await other('known@example.com', password)).statusCode).toBe(303)
    })

    it(`locks an address after ${signInRules.address.maxFailures} failures across accounts`, async () => {
      const { attempt } = await startSignIn('10.2.0.1')
      for (let index = 0; index < signInRules.address.maxFailures; index += 1) {
        expect((await attempt(`spray${index}@example.com`, 'Password123!')).statusCode).toBe(401)
      }
      expect((await attempt('known@example.com', password)).statusCode).toBe(429)
      const { attempt: elsewhere } = await startSignIn('10.2.0.2')
      expect((await elsewhere('known@example.com', password)).statusCode).toBe(303)
    })

    it('upgrades a hash made with older scrypt parameters at the next sign-in', async () => {
      expect((await register('legacy@example.com', password)).statusCode).toBe(303)
      const legacy = await hashPassword(password, { N: 2 ** 14, r: 8, p: 1 })
      const users = app.identity.db.updateTable('users').where('email', '=', 'legacy@example.com')
      await users.set({ password_hash: legacy }).execute()
      const { attempt } = await startSignIn('10.4.0.1')
      expect((await attempt('legacy@example.com', password)).statusCode).toBe(303)
      const row = await app.identity.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'legacy@example.com')
        .executeTakeFirstOrThrow()
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/u)
      expect((await verifyPassword(password, row.password_hash ?? '')).valid).toBe(true)
    })

    it('sets session cookies HttpOnly and SameSite=Lax', async () => {
      const { attempt } = await startSignIn('10.3.0.1')
      const response = await attempt('known@example.com', password)
      expect(response.statusCode).toBe(303)
      const browser = createBrowser(app)
      const start = await browser.request('GET', authorizeUrl(pkcePair().challenge))
      for (const line of [start.headers['set-cookie']].flat()) {
        expect(String(line)).toMatch(/httponly/iu)
        expect(String(line)).toMatch(/samesite=lax/iu)
      }
    })

    it('writes no password into any log line', () => {
      expect(logs.lines.length).toBeGreaterThan(0)
      for (const line of logs.lines) {
        expect(line).not.toContain(password)
        expect(line).not.toContain('not the password at all')
      }
    })
  })
})
