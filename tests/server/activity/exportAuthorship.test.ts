import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SmallBudget } from '../ledger/fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { databases } from '../support/databases.ts'
import { budgetOfTwo } from './support.ts'

// The budget export carries authorship (issue 30 §3): each transaction's and assignment's author by display name,
// never a member's id or e-mail; a member without a name is null.

describe.each(databases())('budget export authorship on $kind', (target) => {
  let harness: Harness
  let alice: Call
  let bob: Call
  let budget: SmallBudget
  let aliceId: string
  let bobId: string

  beforeAll(async () => {
    harness = await startHarness(target)
    ;({ alice, bob, aliceId, bobId, budget } = await budgetOfTwo(harness))
    // Names come from the profile route elsewhere; here it is set as that route would.
    await harness.app.identity.db
      .updateTable('users')
      .set({ display_name: 'Ola' })
      .where('id', '=', aliceId)
      .execute()
  }, 120_000)
  afterAll(async () => harness?.close())

  it('names who entered each transaction and made each assignment', async () => {
    const add = async (as: Call, payee: string) =>
      expectStatus(
        await as('POST', `${budget.base}/transactions`, {
          bankAccountId: budget.checkingId,
          date: '2025-03-10',
          payee,
          value: -1_000,
          splits: [{ categoryId: budget.foodId, value: -1_000 }],
        }),
        201,
      )
    await add(alice, 'Biedronka')
    const edited = await add(alice, 'Lidl')
    // Bob changes Alice's transaction: he entered it last.
    expectStatus(await bob('PUT', `${budget.base}/transactions/${edited.id}`, { memo: 'zakupy' }), 200)
    await add(bob, 'Żabka')
    expectStatus(
      await alice('PUT', `${budget.base}/period/202503/categories/${budget.foodId}/assigned`, {
        value: 5_000,
      }),
      200,
    )
    expectStatus(
      await bob('POST', `${budget.base}/transfers`, {
        fromBankAccountId: budget.checkingId,
        toBankAccountId: budget.savingsId,
        date: '2025-03-11',
        value: 2_000,
      }),
      201,
    )

    const file = expectStatus(await alice('POST', `${budget.base}/export`, { format: 'koperta' }), 200)
    expect(file.version).toBe(3)
    const byPayee = new Map(
      file.transactions.map((t: { payee: string; enteredBy: string | null }) => [t.payee, t.enteredBy]),
    )
    expect(byPayee.get('Biedronka')).toBe('Ola')
    expect(byPayee.get('Lidl')).toBeNull()
    expect(byPayee.get('Żabka')).toBeNull()
    expect(file.transfers[0].enteredBy).toBeNull()
    expect(file.assignments).toEqual([
      expect.objectContaining({ periodKey: '202503', by: 'Ola', toCategoryId: budget.foodId, amount: 5_000 }),
    ])
    const text = JSON.stringify(file)
    for (const secret of [aliceId, bobId, '@example.com']) expect(text).not.toContain(secret)
  })
})
