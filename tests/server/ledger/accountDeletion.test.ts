import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../../server/identity/passwords.ts'
import { createPersonalToken } from '../../../server/identity/personalTokens.ts'
import { createLocalUser } from '../../../server/identity/users.ts'
import { budgetOf, join, openStream, recordMail, setClock, signalled, userIdOf } from '../sharing/support.ts'
import { databases } from '../support/databases.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

const password = 'leaving koperta for good'

describe.each(databases())('account deletion takes the lone budgets along, on $kind', (target) => {
  let harness: Harness

  beforeAll(async () => {
    harness = await startHarness(target)
  })
  afterAll(async () => {
    await harness?.close()
  })

  it('deletes a budget its owner kept alone, events and read models included', async () => {
    const { app } = harness
    const email = `leaving-${target.kind}@example.com`
    const account = await createLocalUser(app.identity.db, email, await hashPassword(password))
    if (!account.created) throw new Error('user exists')
    const { token } = await createPersonalToken(app.identity.db, account.user.id, 'test')
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      })

    const created = await call('POST', '/api/budget', { name: 'Domowy', currency: 'PLN' })
    expect(created.statusCode).toBe(201)
    const budgetId: string = created.json().id
    const account2 = await call('POST', `/api/budget/${budgetId}/bank-accounts`, {
      name: 'Konto',
      type: 'unconnected',
      balance: 120_000,
      date: '2026-11-01',
    })
    expect(account2.statusCode).toBe(201)
    // Someone else's budget must survive.
    const other = await harness.as('stays')
    const kept = await other('POST', '/api/budget', { name: 'Cudzy', currency: 'EUR' })
    expectStatus(kept, 201)

    const deleted = await app.inject({
      method: 'POST',
      url: '/Identity/Account/Delete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
    })
    expect(deleted.statusCode).toBe(303)

    const db = app.ledger.db
    const remaining = async (table: 'budgets' | 'budget_events' | 'bank_accounts' | 'budget_members') =>
      (
        await db
          .selectFrom(table)
          .select(table === 'budgets' ? 'id' : 'budget_id')
          .where(table === 'budgets' ? 'id' : 'budget_id', '=', budgetId)
          .execute()
      ).length
    expect(await remaining('budgets')).toBe(0)
    expect(await remaining('budget_events')).toBe(0)
    expect(await remaining('bank_accounts')).toBe(0)
    expect(await remaining('budget_members')).toBe(0)
    expectStatus(await other('GET', `/api/budget/${kept.body.id}/categories`), 200)
  })

  /** A user who can delete the account (password known), calling with a personal token. */
  const leaver = async (name: string) => {
    const { app } = harness
    const email = `${name}-${target.kind}@example.com`
    const account = await createLocalUser(app.identity.db, email, await hashPassword(password))
    if (!account.created) throw new Error('user exists')
    const { token } = await createPersonalToken(app.identity.db, account.user.id, 'test')
    const call: Call = async (method, url, body) => {
      const response = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      })
      return {
        status: response.statusCode,
        headers: response.headers,
        body: response.body === '' ? undefined : JSON.parse(response.body),
      }
    }
    const leave = async () => {
      const deleted = await app.inject({
        method: 'POST',
        url: '/Identity/Account/Delete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email, password }).toString(),
      })
      expect(deleted.statusCode).toBe(303)
    }
    return { call, leave }
  }

  /** Joins at a given instant, so the order of joining is the test's. */
  const joinAt = async (owner: Call, budgetId: string, name: string, access: 'Edit' | 'Read', at: string) => {
    setClock(harness, () => new Date(at))
    try {
      return await join(harness, owner, budgetId, name, access)
    } finally {
      setClock(harness, () => new Date())
    }
  }

  const rolesOf = async (member: Call, budgetId: string) =>
    (
      expectStatus(await member('GET', `/api/budget/${budgetId}/budget-collaborations`), 200) as {
        userId: string
        role: string
        access: string
      }[]
    ).map(({ userId, role, access }) => [userId, role, access])

  it('passes a shared budget to the editing guest who joined first, never to a read-only one', async () => {
    recordMail(harness)
    const owner = await leaver('heir-owner')
    const budgetId = await budgetOf(owner.call)
    const reader = await joinAt(owner.call, budgetId, 'heir-reader', 'Read', '2030-01-01T00:00:00.000Z')
    const later = await joinAt(owner.call, budgetId, 'heir-later', 'Edit', '2030-01-03T00:00:00.000Z')
    await joinAt(owner.call, budgetId, 'heir-first', 'Edit', '2030-01-02T00:00:00.000Z')
    await owner.leave()
    expect(await rolesOf(reader, budgetId)).toEqual([
      [await userIdOf(harness, 'heir-reader'), 'Guest', 'Read'],
      [await userIdOf(harness, 'heir-first'), 'Owner', 'Edit'],
      [await userIdOf(harness, 'heir-later'), 'Guest', 'Edit'],
    ])
    expectStatus(await later('GET', `/api/budget/${budgetId}/categories`), 200)
  })

  it('takes a budget along when only read-only guests remain, ending their streams', async () => {
    recordMail(harness)
    Object.assign(harness.app.ledger, { live: { recheckEveryMs: 60_000, maxLifetimeMs: 120_000 } })
    const baseUrl = await harness.app.listen({ port: 0, host: '127.0.0.1' })
    const owner = await leaver('readers-owner')
    const budgetId = await budgetOf(owner.call)
    const reader = await join(harness, owner.call, budgetId, 'readers-reader', 'Read')
    const stream = await openStream(
      `${baseUrl}/api/budget/${budgetId}/events/stream`,
      await harness.authorization('readers-reader'),
    )
    await owner.leave()
    expect(await stream.endsWithin(signalled)).toBe(true)
    expect((await reader('GET', `/api/budget/${budgetId}/categories`)).status).toBe(404)
    const left = await harness.app.ledger.db
      .selectFrom('budget_members')
      .select('user_id')
      .where('budget_id', '=', budgetId)
      .execute()
    expect(left).toEqual([])
    expect(
      await harness.app.ledger.db.selectFrom('budgets').select('id').where('id', '=', budgetId).execute(),
    ).toEqual([])
  })

  it('ends only the membership of a guest who deletes the account', async () => {
    recordMail(harness)
    const owner = await harness.as('stays-owner')
    const budgetId = await budgetOf(owner)
    const guest = await leaver('leaving-guest')
    const { token } = expectStatus(
      await owner('POST', `/api/budget/${budgetId}/invitations`, {
        email: 'guest@example.com',
        role: 'Guest',
        access: 'Edit',
      }),
      201,
    )
    expectStatus(await guest.call('POST', `/api/invitations/${token}/accept`), 200)
    await guest.leave()
    expect(await rolesOf(owner, budgetId)).toEqual([
      [await userIdOf(harness, 'stays-owner'), 'Owner', 'Edit'],
    ])
  })
})
