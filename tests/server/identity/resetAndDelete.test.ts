import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases, type TestDatabase } from '../support/databases.ts'
import {
  authorizeUrl,
  clientId,
  createBrowser,
  createIdentityApp,
  type LogCapture,
  location,
  pkcePair,
  registerAndSignIn,
} from './support.ts'

const form = (payload: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(payload).toString(),
})

describe.each(databases())('password reset and account deletion on $kind', ({ create }) => {
  let database: TestDatabase
  let app: FastifyInstance
  let logs: LogCapture

  const signInAttempt = async (email: string, password: string) => {
    const browser = createBrowser(app)
    const interaction = location(await browser.request('GET', authorizeUrl(pkcePair().challenge)))
    return browser.request('POST', `${interaction}/login`, { email, password })
  }

  const refresh = (refreshToken: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/token',
      ...form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
    })

  beforeAll(async () => {
    database = await create()
    ;({ app, logs } = createIdentityApp(database))
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.dispose()
  })

  it('resets a password through a one-time link and signs the account out everywhere', async () => {
    const { tokens } = await registerAndSignIn(
      createBrowser(app),
      'zosia@example.com',
      'the old password is long',
    )

    const forgotPage = await app.inject({ method: 'GET', url: '/Identity/Account/ForgotPassword' })
    expect(forgotPage.body).toContain('<label for="email">Adres e-mail</label>')
    const known = await app.inject({
      method: 'POST',
      url: '/Identity/Account/ForgotPassword',
      ...form({ email: 'zosia@example.com' }),
    })
    const unknown = await app.inject({
      method: 'POST',
      url: '/Identity/Account/ForgotPassword',
      ...form({ email: 'nikt@example.com' }),
    })
    expect(known.statusCode).toBe(200)
    expect(unknown.body).toBe(known.body)
    expect(known.body).toContain('Jeśli konto z tym adresem istnieje')

    // Without SMTP_URL the mail is written to the log; only the known account got one.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const mails = logs.lines.filter((line) => line.includes('no SMTP_URL configured'))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('zosia@example.com')
    const link = new URL(
      /(http:\/\/localhost:8080\/Identity\/Account\/ResetPassword\?[^\s"\\]+)/u.exec(mails[0] ?? '')?.[1] ??
        '',
    )
    const secret = link.searchParams.get('reset') ?? ''
    expect(secret).not.toBe('')

    const resetPage = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(resetPage.statusCode).toBe(200)
    expect(resetPage.body).toContain('name="reset"')
    const tooShort = await app.inject({
      method: 'POST',
      url: link.pathname,
      ...form({ reset: secret, password: 'short' }),
    })
    expect(tooShort.statusCode).toBe(400)
    expect(tooShort.body).toContain('Hasło musi mieć co najmniej 12 znaków.')
    const done = await app.inject({
      method: 'POST',
      url: link.pathname,
      ...form({ reset: secret, password: 'the new password is longer' }),
    })
    expect(done.statusCode).toBe(200)
    expect(done.body).toContain('Hasło zostało zmienione.')

    expect((await signInAttempt('zosia@example.com', 'the old password is long')).statusCode).toBe(401)
    expect((await signInAttempt('zosia@example.com', 'the new password is longer')).statusCode).toBe(303)
    // Every earlier session and refresh token ended with the reset.
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(400)
    // The link worked once.
    const again = await app.inject({
      method: 'POST',
      url: link.pathname,
      ...form({ reset: secret, password: 'yet another long password' }),
    })
    expect(again.statusCode).toBe(400)
    expect(again.body).toContain('Ten link jest nieprawidłowy albo wygasł.')
    // The request log line of the link itself carries no secret.
    for (const line of logs.lines.filter((entry) => entry.includes('"req"')))
      expect(line).not.toContain(secret)
  })

  it('deletes an account after the password is confirmed, ending at /delete-account-callback', async () => {
    const { tokens } = await registerAndSignIn(
      createBrowser(app),
      'kuba@example.com',
      'about to leave for good',
    )
    const user = await app.identity.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'kuba@example.com')
      .executeTakeFirstOrThrow()
    await app.identity.db
      .insertInto('subscriptions')
      .values({ user_id: user.id, ends_at: new Date() })
      .execute()
    const seen: string[] = []
    app.identity.onAccountDeletion(async (_trx, userId) => {
      seen.push(userId)
    })

    const page = await app.inject({ method: 'GET', url: '/Identity/Account/Delete?lang=en' })
    expect(page.body).toContain('Deleting your account cannot be undone.')

    const wrong = await app.inject({
      method: 'POST',
      url: '/Identity/Account/Delete',
      ...form({ email: 'kuba@example.com', password: 'not my password!' }),
    })
    expect(wrong.statusCode).toBe(401)
    expect(
      await app.identity.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeDefined()

    const deleted = await app.inject({
      method: 'POST',
      url: `/Identity/Account/Delete?returnUrl=${encodeURIComponent('http://localhost:8080/delete-account-callback')}`,
      ...form({ email: 'kuba@example.com', password: 'about to leave for good' }),
    })
    expect(deleted.statusCode).toBe(303)
    expect(location(deleted)).toBe('http://localhost:8080/delete-account-callback')
    expect(seen).toEqual([user.id])
    expect(
      await app.identity.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeUndefined()
    expect(
      await app.identity.db
        .selectFrom('subscriptions')
        .select('user_id')
        .where('user_id', '=', user.id)
        .executeTakeFirst(),
    ).toBeUndefined()
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(400)
    const api = await app.inject({
      method: 'GET',
      url: '/api/user-profile',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(api.statusCode).toBe(401)
    expect((await signInAttempt('kuba@example.com', 'about to leave for good')).statusCode).toBe(401)
  })
})
