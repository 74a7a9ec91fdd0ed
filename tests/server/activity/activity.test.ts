import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SmallBudget } from '../ledger/fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { databases } from '../support/databases.ts'
import { budgetOfTwo } from './support.ts'

// GET /api/budget/{id}/activity (issue 30 §3 "who did what"): newest first, one entry per command, names resolved
// on the server (removed objects too), filter by person, keyset pages on seq, members only.

describe.each(databases())('activity feed on $kind', (target) => {
  let harness: Harness
  let alice: Call
  let bob: Call
  let stranger: Call
  let budget: SmallBudget
  let aliceId: string
  let bobId: string

  const feed = async (query = '', as: Call = alice) =>
    expectStatus(await as('GET', `${budget.base}/activity${query}`), 200)

  beforeAll(async () => {
    harness = await startHarness(target)
    ;({ alice, bob, aliceId, bobId, budget } = await budgetOfTwo(harness))
    stranger = await harness.as('stranger')
  }, 120_000)
  afterAll(async () => harness?.close())

  it('tells who did what, newest first, with names', async () => {
    expectStatus(
      await alice('PUT', `${budget.base}/period/202503/categories/${budget.foodId}/assigned`, {
        value: 30_000,
      }),
      200,
    )
    const added = expectStatus(
      await bob('POST', `${budget.base}/transactions`, {
        bankAccountId: budget.checkingId,
        date: '2025-03-10',
        payee: 'Biedronka',
        value: -4_520,
        splits: [{ categoryId: budget.foodId, value: -4_520 }],
      }),
      201,
    )
    const page = await feed()
    const [transaction, assignment] = page.items
    expect(transaction).toMatchObject({
      kind: 'transactionAdded',
      actorUserId: bobId,
      name: 'Biedronka',
      amount: -4_520,
      account: 'Checking',
      date: '2025-03-10',
    })
    expect(assignment).toMatchObject({
      kind: 'assigned',
      actorUserId: aliceId,
      name: 'Food',
      amount: 30_000,
      period: '202503',
    })
    expect(transaction.seq).toBeGreaterThan(assignment.seq)
    expect(Number.isNaN(Date.parse(transaction.recordedAt))).toBe(false)

    expectStatus(await bob('DELETE', `${budget.base}/transactions/${added.id}`), 200)
    const [deleted] = (await feed('?limit=1')).items
    expect(deleted).toMatchObject({
      kind: 'transactionDeleted',
      name: 'Biedronka',
      amount: -4_520,
      account: 'Checking',
    })
  })

  it('names a removed category and a renamed one as they were', async () => {
    const kino = expectStatus(
      await alice('POST', `${budget.base}/categories`, {
        categoryGroupId: budget.groupId,
        name: 'Kino',
        type: 'Expense',
      }),
      201,
    )
    expectStatus(await alice('PUT', `${budget.base}/categories/${budget.rentId}`, { name: 'Czynsz' }), 200)
    expectStatus(
      await alice('DELETE', `${budget.base}/categories/${kino.id}?moveToCategoryId=${budget.foodId}`),
      200,
    )
    const [deleted, renamed, created] = (await feed('?limit=3')).items
    expect(deleted).toMatchObject({ kind: 'categoryDeleted', name: 'Kino', to: 'Food' })
    expect(renamed).toMatchObject({ kind: 'categoryRenamed', name: 'Czynsz', previousName: 'Rent' })
    expect(created).toMatchObject({ kind: 'categoryCreated', name: 'Kino' })
  })

  it('makes a bulk import one entry and a new budget with its starter set one entry', async () => {
    const items = Array.from({ length: 120 }, (_, index) => ({
      bankAccountId: budget.savingsId,
      date: '2025-03-12',
      payee: `Row ${index}`,
      value: -100,
      splits: [{ categoryId: budget.foodId, value: -100 }],
    }))
    expectStatus(await alice('POST', `${budget.base}/transactions/bulk`, { items }), 201)
    const [imported] = (await feed('?limit=1')).items
    expect(imported).toMatchObject({ kind: 'transactionsImported', count: 120, account: 'Savings' })
    expect(imported.lastSeq).toBe(imported.seq)

    const starter = expectStatus(
      await alice('POST', '/api/budget', {
        name: 'Dom',
        currency: 'PLN',
        starter: [
          {
            name: 'Codzienne',
            categories: [
              { name: 'Jedzenie', type: 'Expense' },
              { name: 'Transport', type: 'Expense' },
            ],
          },
        ],
      }),
      201,
    )
    const own = expectStatus(await alice('GET', `/api/budget/${starter.id}/activity`), 200)
    expect(own.items).toHaveLength(1)
    expect(own.items[0]).toMatchObject({ kind: 'budgetCreated', name: 'Dom', seq: 1, count: 2 })
    expect(own.nextBefore).toBeNull()
  })

  it('filters by person and pages backwards without gaps or repeats', async () => {
    const all = await feed('?limit=100')
    expect(all.nextBefore).toBeNull()
    const bobs = await feed(`?actor=${bobId}`)
    expect(bobs.items.map((entry: { kind: string }) => entry.kind)).toEqual([
      'transactionDeleted',
      'transactionAdded',
    ])
    expect(bobs.items.every((entry: { actorUserId: string }) => entry.actorUserId === bobId)).toBe(true)

    const walked: number[] = []
    let before: number | null = null
    for (let pages = 0; pages < 50; pages += 1) {
      const page = await feed(`?limit=3${before === null ? '' : `&before=${before}`}`)
      walked.push(...page.items.map((entry: { seq: number }) => entry.seq))
      expect(page.items.length).toBeLessThanOrEqual(3)
      before = page.nextBefore
      if (before === null) break
    }
    expect(walked).toEqual(all.items.map((entry: { seq: number }) => entry.seq))
    // Every event belongs to exactly one entry.
    const covered = all.items.reduce(
      (sum: number, e: { seq: number; lastSeq: number }) => sum + e.lastSeq - e.seq + 1,
      0,
    )
    expect(covered).toBe(
      Number(String((await alice('GET', `${budget.base}/activity`)).headers.etag).replaceAll('"', '')),
    )
  })

  it('answers members, read-only ones too, and nobody else', async () => {
    await harness.app.ledger.db
      .updateTable('budget_members')
      .set({ access: 'Read' })
      .where('budget_id', '=', budget.id)
      .where('user_id', '=', bobId)
      .execute()
    expect((await feed('?limit=1', bob)).items).toHaveLength(1)
    const refused = await stranger('GET', `${budget.base}/activity`)
    expect(refused.status).toBe(404)
    expect(refused.headers['content-type']).toContain('application/problem+json')
  })

  it('names each actor from their account, a removed member too; a deleted account is null', async () => {
    expectStatus(await alice('PUT', '/api/user-profile', { displayName: 'Alicja' }), 200)
    const carol = await harness.as('carol')
    const carolId = expectStatus(await carol('GET', '/api/user-profile'), 200).id
    const { db } = harness.app.ledger
    await db
      .updateTable('budget_members')
      .set({ access: 'Edit' })
      .where('budget_id', '=', budget.id)
      .where('user_id', '=', bobId)
      .execute()
    await db
      .insertInto('budget_members')
      .values({ budget_id: budget.id, user_id: carolId, role: 'Guest', access: 'Edit' })
      .execute()
    expectStatus(await bob('PUT', budget.base, { name: 'Bobowy' }), 200)
    expectStatus(await carol('PUT', budget.base, { name: 'Karolowy' }), 200)
    const actorNames = async () =>
      new Map(
        ((await feed('?limit=100')).items as { actorUserId: string; actorName: string | null }[]).map(
          (item) => [item.actorUserId, item.actorName],
        ),
      )
    expect(await actorNames()).toEqual(
      new Map([
        [carolId, `carol-${target.kind}@example.com`],
        [bobId, `bob-${target.kind}@example.com`],
        [aliceId, 'Alicja'],
      ]),
    )
    // Both removed from the budget; carol's account deleted as well.
    await db
      .deleteFrom('budget_members')
      .where('budget_id', '=', budget.id)
      .where('user_id', 'in', [bobId, carolId])
      .execute()
    await harness.app.identity.db.deleteFrom('users').where('id', '=', carolId).execute()
    const after = await actorNames()
    expect(after.get(bobId)).toBe(`bob-${target.kind}@example.com`)
    expect(after.get(carolId)).toBeNull()
    expect(after.get(aliceId)).toBe('Alicja')
  })

  it.each([
    ['?limit=0'],
    ['?limit=101'],
    ['?limit=abc'],
    ['?before=0'],
    ['?before=1e3'],
    ['?actor='],
    [`?actor=${'x'.repeat(500)}`],
  ])('refuses %s with a 400 problem', async (query) => {
    const answer = await alice('GET', `${budget.base}/activity${query}`)
    expect(answer.status).toBe(400)
    expect(answer.headers['content-type']).toContain('application/problem+json')
  })
})
