import { createHash } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Message } from '../../../server/identity/mailer.ts'
import { expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { databases } from '../support/databases.ts'
import { budgetOf, emailOf, expectProblem, invite, join, recordMail, setClock, userIdOf } from './support.ts'

const dayMs = 86_400_000

describe.each(databases())('invitations on $kind', (target) => {
  let harness: Harness
  let mail: Message[]

  beforeAll(async () => {
    harness = await startHarness(target)
    mail = recordMail(harness)
  }, 120_000)
  afterAll(async () => harness?.close())
  beforeEach(() => {
    setClock(harness, () => new Date())
  })

  it('mints a single link valid for 7 days, keeps only its hash, and mails it in the inviter’s language', async () => {
    const owner = await harness.as('inviter')
    expectStatus(await owner('PUT', '/api/user-settings', { locale: 'de' }), 200)
    expectStatus(await owner('PUT', '/api/user-profile', { displayName: 'Ola' }), 200)
    const budgetId = await budgetOf(owner, 'Haushalt')
    const at = new Date('2026-11-27T10:00:00.000Z')
    setClock(harness, () => at)
    const created = await invite(owner, budgetId, '  Partner@Example.COM ', 'Read')
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/u)
    expect(created.url).toBe(`${harness.app.identity.config.publicOrigin}/invitation/${created.token}`)
    expect(created.expiresAt).toBe(new Date(at.getTime() + 7 * dayMs).toISOString())
    const stored = await harness.app.ledger.db
      .selectFrom('budget_invitations')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(stored.token_hash).toBe(createHash('sha256').update(created.token).digest('base64url'))
    expect(JSON.stringify(stored)).not.toContain(created.token)
    expect(stored.email).toBe('partner@example.com')
    const sent = mail.at(-1)
    expect(sent?.to).toBe('partner@example.com')
    expect(sent?.subject).toBe('Einladung zum Budget „Haushalt“ in Koperta')
    expect(sent?.text).toContain(created.url)
    expect(sent?.text).toContain('Ola')
    expect(sent?.text).toContain('nur zur Ansicht')

    const pending = expectStatus(await owner('GET', `/api/budget/${budgetId}/invitations`), 200)
    expect(pending).toEqual([
      {
        id: created.id,
        email: 'partner@example.com',
        role: 'Guest',
        access: 'Read',
        invitedBy: await userIdOf(harness, 'inviter'),
        createdAt: at.toISOString(),
        expiresAt: created.expiresAt,
      },
    ])
  })

  it('mails in Polish when the inviter chose no language', async () => {
    const owner = await harness.as('polish-inviter')
    const budgetId = await budgetOf(owner, 'Domowy')
    await invite(owner, budgetId, 'ktos@example.com')
    expect(mail.at(-1)?.subject).toBe('Zaproszenie do budżetu „Domowy” w Koperta')
    expect(mail.at(-1)?.text).toContain(`${emailOf(harness, 'polish-inviter')} zaprasza`)
  })

  it('previews the link for anyone signed in, then lets one person join with the access it gives', async () => {
    const owner = await harness.as('previewer-owner')
    expectStatus(await owner('PUT', '/api/user-profile', { displayName: 'Basia' }), 200)
    const budgetId = await budgetOf(owner, 'Wakacje')
    const { token, expiresAt } = await invite(owner, budgetId, 'anyone@example.com', 'Read')
    const joiner = await harness.as('link-holder')
    expect(expectStatus(await joiner('GET', `/api/invitations/${token}`), 200)).toEqual({
      budgetId,
      budgetName: 'Wakacje',
      invitedByName: 'Basia',
      role: 'Guest',
      access: 'Read',
      expiresAt,
      alreadyMember: false,
    })
    // Bound to the link, not the address: the holder joins though the mail went elsewhere.
    expect(expectStatus(await joiner('POST', `/api/invitations/${token}/accept`), 200)).toEqual({ budgetId })
    const budgets = expectStatus(await joiner('GET', '/api/budget'), 200) as { id: string; role: string }[]
    expect(budgets.find((budget) => budget.id === budgetId)).toMatchObject({ role: 'Guest', access: 'Read' })
    const invitation = await harness.app.ledger.db
      .selectFrom('budget_invitations')
      .select(['accepted_by', 'accepted_at'])
      .where('budget_id', '=', budgetId)
      .executeTakeFirstOrThrow()
    expect(invitation.accepted_by).toBe(await userIdOf(harness, 'link-holder'))
    const members = expectStatus(await owner('GET', `/api/budget/${budgetId}/budget-collaborations`), 200)
    expect(members[1]).toMatchObject({
      role: 'Guest',
      access: 'Read',
      invitedBy: await userIdOf(harness, 'previewer-owner'),
    })
    // Gone from the pending list.
    expect(expectStatus(await owner('GET', `/api/budget/${budgetId}/invitations`), 200)).toEqual([])
  })

  it('answers a used link 410, telling its user apart, and never makes a second membership', async () => {
    const owner = await harness.as('used-owner')
    const budgetId = await budgetOf(owner)
    const { token } = await invite(owner, budgetId, 'x@example.com')
    const first = await harness.as('used-first')
    const second = await harness.as('used-second')
    expectStatus(await first('POST', `/api/invitations/${token}/accept`), 200)
    expectProblem(await first('GET', `/api/invitations/${token}`), 410, 'invitation_used_by_you')
    expectProblem(await first('POST', `/api/invitations/${token}/accept`), 410, 'invitation_used_by_you')
    expectProblem(await second('GET', `/api/invitations/${token}`), 410, 'invitation_used')
    expectProblem(await second('POST', `/api/invitations/${token}/accept`), 410, 'invitation_used')
    expectProblem(await second('GET', `/api/budget/${budgetId}/categories`), 404, 'not_found')
    expect(expectStatus(await owner('GET', `/api/budget/${budgetId}/users`), 200)).toHaveLength(2)
  })

  it('expires a link after 7 days by the clock', async () => {
    const owner = await harness.as('expiry-owner')
    const budgetId = await budgetOf(owner)
    const start = new Date('2026-01-01T00:00:00.000Z')
    setClock(harness, () => start)
    const { token } = await invite(owner, budgetId, 'late@example.com')
    const late = await harness.as('late-comer')
    setClock(harness, () => new Date(start.getTime() + 7 * dayMs - 1))
    expect(expectStatus(await late('GET', `/api/invitations/${token}`), 200).budgetId).toBe(budgetId)
    expect(expectStatus(await owner('GET', `/api/budget/${budgetId}/invitations`), 200)).toHaveLength(1)
    setClock(harness, () => new Date(start.getTime() + 7 * dayMs))
    expectProblem(await late('GET', `/api/invitations/${token}`), 410, 'invitation_expired')
    expectProblem(await late('POST', `/api/invitations/${token}/accept`), 410, 'invitation_expired')
    expect(expectStatus(await owner('GET', `/api/budget/${budgetId}/invitations`), 200)).toEqual([])
    expectProblem(await late('GET', `/api/budget/${budgetId}/categories`), 404, 'not_found')
  })

  it('revokes a pending link; only its owner may', async () => {
    const owner = await harness.as('revoke-owner')
    const budgetId = await budgetOf(owner)
    const editor = await join(harness, owner, budgetId, 'revoke-editor', 'Edit')
    const reader = await join(harness, owner, budgetId, 'revoke-reader', 'Read')
    const { id, token } = await invite(owner, budgetId, 'later@example.com')
    const url = `/api/budget/${budgetId}/invitations/${id}`
    expectProblem(await editor('DELETE', url), 403, 'owner_only')
    expectProblem(await reader('DELETE', url), 403, 'owner_only')
    const stranger = await harness.as('revoke-stranger')
    expectProblem(await stranger('DELETE', url), 404, 'not_found')
    expect((await owner('DELETE', url)).status).toBe(204)
    expectProblem(await stranger('GET', `/api/invitations/${token}`), 410, 'invitation_revoked')
    expectProblem(await stranger('POST', `/api/invitations/${token}/accept`), 410, 'invitation_revoked')
    expect(expectStatus(await owner('GET', `/api/budget/${budgetId}/invitations`), 200)).toEqual([])
    expectProblem(
      await owner('DELETE', `/api/budget/${budgetId}/invitations/0190a2b4-0000-7000-8000-000000000000`),
      404,
      'not_found',
    )
  })

  it('lets only the owner invite and list invitations', async () => {
    const owner = await harness.as('gate-owner')
    const budgetId = await budgetOf(owner)
    const editor = await join(harness, owner, budgetId, 'gate-editor', 'Edit')
    const reader = await join(harness, owner, budgetId, 'gate-reader', 'Read')
    const stranger = await harness.as('gate-stranger')
    const body = { email: 'new@example.com', role: 'Guest', access: 'Edit' }
    const url = `/api/budget/${budgetId}/invitations`
    expectProblem(await editor('POST', url, body), 403, 'owner_only')
    expectProblem(await reader('POST', url, body), 403, 'owner_only')
    expectProblem(await stranger('POST', url, body), 404, 'not_found')
    expectProblem(await editor('GET', url), 403, 'owner_only')
    expectProblem(await reader('GET', url), 403, 'owner_only')
    expectProblem(await stranger('GET', url), 404, 'not_found')
    expectProblem(await owner('POST', url, { ...body, role: 'Owner' }), 400, 'validation_failed')
    expectProblem(await owner('POST', url, { ...body, email: 'not an address' }), 400, 'validation_failed')
  })

  it('refuses to invite a member, and a member accepting leaves the link for someone else', async () => {
    const owner = await harness.as('member-owner')
    const budgetId = await budgetOf(owner)
    await join(harness, owner, budgetId, 'member-guest')
    expectProblem(
      await owner('POST', `/api/budget/${budgetId}/invitations`, {
        email: emailOf(harness, 'member-guest').toUpperCase(),
        role: 'Guest',
        access: 'Read',
      }),
      409,
      'already_member',
    )
    const { token } = await invite(owner, budgetId, 'someone@example.com')
    expect(expectStatus(await owner('GET', `/api/invitations/${token}`), 200).alreadyMember).toBe(true)
    expectProblem(await owner('POST', `/api/invitations/${token}/accept`), 409, 'already_member')
    const later = await harness.as('member-later')
    expectStatus(await later('POST', `/api/invitations/${token}/accept`), 200)
  })

  it('answers a link used by someone removed since `invitation_used`, not `…_by_you`', async () => {
    const owner = await harness.as('removed-owner')
    const budgetId = await budgetOf(owner)
    const { token } = await invite(owner, budgetId, 'removed@example.com')
    const guest = await harness.as('removed-guest')
    expectStatus(await guest('POST', `/api/invitations/${token}/accept`), 200)
    const guestId = await userIdOf(harness, 'removed-guest')
    expectStatus(await owner('DELETE', `/api/budget/${budgetId}/budget-collaborations/${guestId}`), 204)
    expectProblem(await guest('GET', `/api/invitations/${token}`), 410, 'invitation_used')
    expectProblem(await guest('POST', `/api/invitations/${token}/accept`), 410, 'invitation_used')
    expectProblem(await guest('GET', `/api/budget/${budgetId}/categories`), 404, 'not_found')
  })

  it('previews a link for an anonymous caller, without the caller, and accepts only signed in', async () => {
    const owner = await harness.as('anon-owner')
    expectStatus(await owner('PUT', '/api/user-profile', { displayName: 'Ela' }), 200)
    const budgetId = await budgetOf(owner, 'Dom')
    const { token, expiresAt } = await invite(owner, budgetId, 'anon@example.com', 'Edit')
    const anonymous = (method: 'GET' | 'POST', url: string, authorization?: string) =>
      harness.app.inject({
        method,
        url,
        headers: authorization === undefined ? {} : { authorization },
      })
    const preview = await anonymous('GET', `/api/invitations/${token}`)
    expect({ status: preview.statusCode, body: preview.json() }).toEqual({
      status: 200,
      body: {
        budgetId,
        budgetName: 'Dom',
        invitedByName: 'Ela',
        role: 'Guest',
        access: 'Edit',
        expiresAt,
        alreadyMember: false,
      },
    })
    // A token that comes along is still checked: a stale one is refused, not taken for anonymous.
    expect((await anonymous('GET', `/api/invitations/${token}`, 'Bearer kpt_stale')).statusCode).toBe(401)
    expect((await anonymous('POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401)
    const unknown = await anonymous('GET', `/api/invitations/${'A'.repeat(43)}`)
    expect({ status: unknown.statusCode, code: unknown.json().code }).toEqual({
      status: 404,
      code: 'invitation_not_found',
    })
    // Nothing else under /api/invitations opens up.
    expect((await anonymous('GET', `/api/invitations/${token}/accept`)).statusCode).toBe(401)
    const guest = await harness.as('anon-joiner')
    expectStatus(await guest('POST', `/api/invitations/${token}/accept`), 200)
    const used = await anonymous('GET', `/api/invitations/${token}`)
    expect({ status: used.statusCode, code: used.json().code }).toEqual({
      status: 410,
      code: 'invitation_used',
    })
  })

  it('refuses an address whose domain has no dot', async () => {
    const owner = await harness.as('dotless-owner')
    const budgetId = await budgetOf(owner)
    for (const email of ['marek@example', 'marek@', 'marek@example.', 'marek@.pl', 'marek@a..pl']) {
      const answer = await owner('POST', `/api/budget/${budgetId}/invitations`, {
        email,
        role: 'Guest',
        access: 'Edit',
      })
      expectProblem(answer, 400, 'validation_failed')
    }
    expectStatus(
      await owner('POST', `/api/budget/${budgetId}/invitations`, {
        email: ' marek@example.pl ',
        role: 'Guest',
        access: 'Edit',
      }),
      201,
    )
  })

  it('answers 404 for a link nobody minted and 400 for one of the wrong shape', async () => {
    const someone = await harness.as('lost')
    const unknown = 'A'.repeat(43)
    expectProblem(await someone('GET', `/api/invitations/${unknown}`), 404, 'invitation_not_found')
    expectProblem(await someone('POST', `/api/invitations/${unknown}/accept`), 404, 'invitation_not_found')
    expectProblem(await someone('GET', '/api/invitations/short'), 400, 'validation_failed')
  })

  it('lets exactly one of two people accepting one link at once join', async () => {
    const owner = await harness.as('race-owner')
    const budgetId = await budgetOf(owner)
    const { token } = await invite(owner, budgetId, 'race@example.com')
    const racers = await Promise.all(['racer-1', 'racer-2', 'racer-3'].map((name) => harness.as(name)))
    const answers = await Promise.all(
      racers.map((racer) => racer('POST', `/api/invitations/${token}/accept`)),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410, 410])
    for (const answer of answers.filter((one) => one.status === 410))
      expect(answer.body.code).toBe('invitation_used')
    expect(
      expectStatus(await owner('GET', `/api/budget/${budgetId}/budget-collaborations`), 200),
    ).toHaveLength(2)
  })

  it('lets one person accepting twice at once join once', async () => {
    const owner = await harness.as('twice-owner')
    const budgetId = await budgetOf(owner)
    const { token } = await invite(owner, budgetId, 'twice@example.com')
    const guest = await harness.as('twice-guest')
    const answers = await Promise.all([1, 2].map(() => guest('POST', `/api/invitations/${token}/accept`)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410])
    expect(answers.find((answer) => answer.status === 410)?.body.code).toBe('invitation_used_by_you')
    expect(
      expectStatus(await owner('GET', `/api/budget/${budgetId}/budget-collaborations`), 200),
    ).toHaveLength(2)
  })

  it('lets two links for one person make one membership', async () => {
    const owner = await harness.as('two-links-owner')
    const budgetId = await budgetOf(owner)
    const one = await invite(owner, budgetId, 'a@example.com')
    const two = await invite(owner, budgetId, 'b@example.com')
    const guest = await harness.as('two-links-guest')
    const answers = await Promise.all(
      [one, two].map(({ token }) => guest('POST', `/api/invitations/${token}/accept`)),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(
      expectStatus(await owner('GET', `/api/budget/${budgetId}/budget-collaborations`), 200),
    ).toHaveLength(2)
    // The refused link stays usable.
    expect(expectStatus(await owner('GET', `/api/budget/${budgetId}/invitations`), 200)).toHaveLength(1)
  })
})
