import { gunzipSync, zstdDecompressSync } from 'node:zlib'
import * as Schema from 'effect/Schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TransactionPage } from '../../../schemas/ledgerApi.ts'
import { databases } from '../support/databases.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

describe.each(databases())('ledger contract on $kind', (target) => {
  let harness: Harness
  let api: Call

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('owner')
  }, 120_000)
  afterAll(async () => harness?.close())

  const openAccount = async (base: string, name: string) =>
    expectStatus(
      await api('POST', `${base}/bank-accounts`, {
        name,
        type: 'unconnected',
        balance: 0,
        date: '2025-01-01',
      }),
      201,
    )

  /** Every page of `url`, following `nextCursor`; each page decoded as the documented shape (the database writes it). */
  const allPages = async (url: string) => {
    const pages: (typeof TransactionPage.Type)['items'][] = []
    let cursor: string | null = null
    do {
      const page = Schema.decodeUnknownSync(TransactionPage)(
        expectStatus(
          await api('GET', cursor === null ? url : `${url}&after=${encodeURIComponent(cursor)}`),
          200,
        ),
      )
      pages.push(page.items)
      cursor = page.nextCursor
    } while (cursor !== null)
    return pages
  }

  it('income → Ready to Assign, assign, spend, and the month view has the exact numbers', async () => {
    const budget = expectStatus(await api('POST', '/api/budget', { name: 'Dom', currency: 'PLN' }), 201)
    expect(budget).toEqual({ id: expect.any(String), name: 'Dom', currency: 'PLN' })
    const base = `/api/budget/${budget.id}`

    const bills = expectStatus(await api('POST', `${base}/category-groups`, { name: 'Bills' }), 201)
    expect(bills).toMatchObject({ id: expect.any(String), name: 'Bills' })
    const rent = expectStatus(
      await api('POST', `${base}/categories`, { categoryGroupId: bills.id, name: 'Rent', type: 'Expense' }),
      201,
    )
    const food = expectStatus(
      await api('POST', `${base}/categories`, {
        categoryGroupId: bills.id,
        name: 'Food',
        type: 'Expense',
        spendingClass: 'Food',
      }),
      201,
    )
    const salary = expectStatus(
      await api('POST', `${base}/categories`, { categoryGroupId: bills.id, name: 'Salary', type: 'Income' }),
      201,
    )
    const checking = expectStatus(
      await api('POST', `${base}/bank-accounts`, {
        name: 'Konto',
        type: 'unconnected',
        balance: 100_000,
        date: '2025-03-01',
      }),
      201,
    )
    const savings = expectStatus(
      await api('POST', `${base}/bank-accounts`, {
        name: 'Oszczędności',
        type: 'unconnected',
        balance: 0,
        date: '2025-03-01',
      }),
      201,
    )
    expectStatus(
      await api('POST', `${base}/transactions`, {
        bankAccountId: checking.id,
        date: '2025-03-10',
        payee: 'Employer',
        value: 500_000,
        splits: [{ categoryId: salary.id, value: 500_000 }],
      }),
      201,
    )
    const march = expectStatus(await api('GET', `${base}/period/202503`), 200)
    expect(march.readyToAssign).toBe(600_000)

    const assigned = await api('PUT', `${base}/period/202503/categories/${rent.id}/assigned`, {
      value: 250_000,
    })
    expect(expectStatus(assigned, 200).readyToAssign).toBe(350_000)
    expectStatus(
      await api('PUT', `${base}/period/202503/categories/${food.id}/assigned`, { value: 80_000 }),
      200,
    )
    expectStatus(
      await api('POST', `${base}/period/202503/move-money`, {
        fromCategoryId: null,
        toCategoryId: food.id,
        value: 20_000,
      }),
      200,
    )
    expectStatus(
      await api('POST', `${base}/period/202503/move-money`, {
        fromCategoryId: rent.id,
        toCategoryId: food.id,
        value: 5_000,
      }),
      200,
    )
    const spend = expectStatus(
      await api('POST', `${base}/transactions`, {
        bankAccountId: checking.id,
        date: '2025-03-12',
        payee: 'Biedronka',
        memo: 'zakupy',
        value: -32_150,
        splits: [{ categoryId: food.id, value: -32_150 }],
      }),
      201,
    )
    expect(spend).toMatchObject({
      id: expect.any(String),
      value: -32_150,
      direction: 'Outflow',
      memo: 'zakupy',
    })
    expectStatus(
      await api('POST', `${base}/transfers`, {
        fromBankAccountId: checking.id,
        toBankAccountId: savings.id,
        date: '2025-03-15',
        value: 50_000,
      }),
      201,
    )
    expectStatus(
      await api('PUT', `${base}/period/202504/categories/${rent.id}/assigned`, { value: 10_000 }),
      200,
    )

    const view = await api('GET', `${base}/period/202503`)
    expect(view.headers.etag).toMatch(/^"\d+"$/u)
    const month = expectStatus(view, 200)
    expect(month.periodKey).toBe('202503')
    expect(month.readyToAssign).toBe(600_000 - 250_000 - 80_000 - 20_000 - 10_000)
    expect(month.assignedInFuture).toBe(10_000)
    const byId = new Map(month.categories.map((category: { id: string }) => [category.id, category]))
    expect(byId.get(rent.id)).toMatchObject({
      categoryGroupId: bills.id,
      name: 'Rent',
      type: 'Expense',
      assigned: 245_000,
      activity: 0,
      available: 245_000,
    })
    expect(byId.get(food.id)).toMatchObject({ assigned: 105_000, activity: -32_150, available: 72_850 })
    expect(byId.get(salary.id)).toMatchObject({ type: 'Income', activity: 500_000, available: 0 })

    const april = expectStatus(await api('GET', `${base}/period/202504`), 200)
    const aprilFood = april.categories.find((category: { id: string }) => category.id === food.id)
    expect(aprilFood).toMatchObject({ assigned: 0, activity: 0, available: 72_850 })

    const accounts = expectStatus(await api('GET', `${base}/bank-accounts`), 200)
    expect(accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: checking.id,
          name: 'Konto',
          type: 'unconnected',
          balance: 100_000 + 500_000 - 32_150 - 50_000,
        }),
        expect.objectContaining({ id: savings.id, balance: 50_000 }),
      ]),
    )
  })

  it('pages one account-month of transactions newest first, and filters by category', async () => {
    const budget = expectStatus(await api('POST', '/api/budget', { name: 'Pages', currency: 'PLN' }), 201)
    const base = `/api/budget/${budget.id}`
    const group = expectStatus(await api('POST', `${base}/category-groups`, { name: 'G' }), 201)
    const food = expectStatus(
      await api('POST', `${base}/categories`, { categoryGroupId: group.id, name: 'Food', type: 'Expense' }),
      201,
    )
    const fuel = expectStatus(
      await api('POST', `${base}/categories`, { categoryGroupId: group.id, name: 'Fuel', type: 'Expense' }),
      201,
    )
    const account = await openAccount(base, 'A')
    const other = await openAccount(base, 'B')
    const items = [
      ...Array.from({ length: 5 }, (_, index) => ({
        bankAccountId: account.id,
        date: `2025-02-0${index + 1}`,
        payee: `Feb ${index}`,
        value: -(index + 1),
        splits: [{ categoryId: index % 2 === 0 ? food.id : fuel.id, value: -(index + 1) }],
      })),
      // Multi-byte UTF-8 through the binary JSON parameters the write path sends.
      { bankAccountId: account.id, date: '2025-03-01', payee: 'Żabka — marzec 🛒', value: -9, splits: [] },
      { bankAccountId: other.id, date: '2025-02-02', payee: 'Other account', value: -9, splits: [] },
    ]
    expect(expectStatus(await api('POST', `${base}/transactions/bulk`, { items }), 201)).toMatchObject({
      created: 7,
    })
    const march = expectStatus(
      await api('GET', `${base}/transactions?accountId=${account.id}&period=202503`),
      200,
    )
    expect(march.items.map((item: { payee: string }) => item.payee)).toEqual(['Żabka — marzec 🛒'])
    const events = expectStatus(await api('GET', `${base}/events?after=0&limit=1000`), 200)
    expect(JSON.stringify(events)).toContain('"payee":"Żabka — marzec 🛒"')
    const pages = await allPages(`${base}/transactions?accountId=${account.id}&period=202502&limit=2`)
    expect(pages.map((page) => page.map((item) => item.payee))).toEqual([
      ['Feb 4', 'Feb 3'],
      ['Feb 2', 'Feb 1'],
      ['Feb 0'],
    ])
    const fuelOnly = expectStatus(await api('GET', `${base}/transactions?categoryId=${fuel.id}`), 200)
    expect(fuelOnly.items.map((item: { payee: string }) => item.payee)).toEqual(['Feb 3', 'Feb 1'])
    const splits = expectStatus(await api('GET', `${base}/transaction-splits?categoryId=${fuel.id}`), 200)
    expect(splits.items).toEqual([
      { transactionId: fuelOnly.items[0].id, categoryId: fuel.id, value: -4 },
      { transactionId: fuelOnly.items[1].id, categoryId: fuel.id, value: -2 },
    ])
  })

  it('pages hundreds of transactions whole and in order, however the database parts them', async () => {
    const budget = expectStatus(await api('POST', '/api/budget', { name: 'Long', currency: 'PLN' }), 201)
    const base = `/api/budget/${budget.id}`
    const account = await openAccount(base, 'A')
    // 450 in one month, several a day: pages of 201 end one past a round hundred, and the last is short.
    const items = Array.from({ length: 450 }, (_, index) => ({
      bankAccountId: account.id,
      date: `2025-04-${String(1 + (index % 28)).padStart(2, '0')}`,
      payee: `P${index}`,
      value: -(index + 1),
      splits: [],
    }))
    expectStatus(await api('POST', `${base}/transactions/bulk`, { items }), 201)
    const pages = await allPages(`${base}/transactions?accountId=${account.id}&period=202504&limit=201`)
    expect(pages.map((page) => page.length)).toEqual([201, 201, 48])
    const listed = pages.flat().map(({ date, id }) => ({ date, id }))
    const newestFirst = listed.toSorted((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id))
    expect(listed).toEqual(newestFirst)
    expect(new Set(newestFirst.map(({ id }) => id)).size).toBe(450)
    // Compressed as they are joined, in a buffer kept between answers: a long page, then a short one, each whole.
    const authorization = await harness.authorization('owner')
    for (const [coding, inflate] of [
      ['zstd', zstdDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const compressed = []
      for (const after of [undefined, pages[1]?.at(-1)]) {
        const cursor = after === undefined ? '' : `&after=${encodeURIComponent(`${after.date}|${after.id}`)}`
        const response = await harness.app.inject({
          method: 'GET',
          url: `${base}/transactions?accountId=${account.id}&period=202504&limit=201${cursor}`,
          headers: { authorization, 'accept-encoding': coding },
        })
        expect(response.headers['content-encoding']).toBe(coding)
        compressed.push(JSON.parse(inflate(response.rawPayload).toString('utf8')).items)
      }
      expect(compressed).toEqual([pages[0], pages[2]])
    }
  })

  it('serves every SPEC resource of a budget, empty where a later issue fills it', async () => {
    const budget = expectStatus(await api('POST', '/api/budget', { name: 'Lists', currency: 'EUR' }), 201)
    const resources = [
      'plans',
      'users',
      'transactions',
      'transaction-splits',
      'category-groups',
      'categories',
      'budget-collaborations',
      'transaction-templates',
      'transaction-template-splits',
      'targets',
      'bank-accounts',
      'loans',
      'loans-schedule',
      'loan-activities',
      'filters',
      'bank-connections',
    ]
    for (const resource of resources) {
      const answer = await api('GET', `/api/budget/${budget.id}/${resource}`)
      expect(answer.status, resource).toBe(200)
      // Version 2: BudgetCreated, then its income destination.
      expect(answer.headers.etag, resource).toBe('"2"')
    }
    const categories = expectStatus(await api('GET', `/api/budget/${budget.id}/categories`), 200)
    expect(categories).toEqual([
      expect.objectContaining({ origin: 'Uncategorized', type: 'Expense' }),
      expect.objectContaining({ origin: 'Uncategorized', type: 'Income' }),
    ])
    const list = expectStatus(await api('GET', '/api/budget'), 200)
    expect(list).toEqual(
      expect.arrayContaining([
        { id: budget.id, name: 'Lists', currency: 'EUR', role: 'Owner', access: 'Edit', version: 2 },
      ]),
    )
  })
})
