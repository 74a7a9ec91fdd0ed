import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../../server/identity/passwords.ts'
import { createPersonalToken } from '../../../server/identity/personalTokens.ts'
import { createLocalUser } from '../../../server/identity/users.ts'
import { databases } from '../support/databases.ts'
import { expectStatus, type Harness, startHarness } from './harness.ts'

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
})
