import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases } from '../support/databases.ts'
import { expectStoredByAccountAndDate, type SmallBudget, smallBudget, versionOf } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

describe.each(databases())('ledger writes on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('writer')
    budget = await smallBudget(api)
  }, 120_000)
  afterAll(async () => harness?.close())

  const spend = (value: number, headers: Record<string, string> = {}) =>
    api(
      'POST',
      `${budget.base}/transactions`,
      {
        bankAccountId: budget.checkingId,
        date: '2025-03-20',
        payee: 'Shop',
        value,
        splits: [{ categoryId: budget.foodId, value }],
      },
      headers,
    )

  describe('optimistic concurrency', () => {
    it('of two writers with the same ETag, one gets 412 and changes nothing; its retry loses nothing', async () => {
      const version = await versionOf(api, budget.base)
      const url = (id: string) => `${budget.base}/period/202503/categories/${id}/assigned`
      const [first, second] = await Promise.all([
        api('PUT', url(budget.rentId), { value: 1_000 }, { 'if-match': `"${version}"` }),
        api('PUT', url(budget.foodId), { value: 2_000 }, { 'if-match': `"${version}"` }),
      ])
      const statuses = [first?.status, second?.status].sort()
      expect(statuses).toEqual([200, 412])
      const refused = first?.status === 412 ? first : second
      expect(refused?.body).toMatchObject({ status: 412, code: 'precondition_failed' })
      expect(await versionOf(api, budget.base)).toBe(version + 1)
      const retried = first?.status === 412 ? url(budget.rentId) : url(budget.foodId)
      const retryValue = first?.status === 412 ? 1_000 : 2_000
      const fresh = await versionOf(api, budget.base)
      expectStatus(await api('PUT', retried, { value: retryValue }, { 'if-match': `"${fresh}"` }), 200)
      const month = expectStatus(await api('GET', `${budget.base}/period/202503`), 200)
      const assigned = Object.fromEntries(
        month.categories.map((c: { id: string; assigned: number }) => [c.id, c.assigned]),
      )
      expect(assigned[budget.rentId]).toBe(1_000)
      expect(assigned[budget.foodId]).toBe(2_000)
    })

    it('applies 20 concurrent writes without If-Match: none lost, seq contiguous', async () => {
      const before = await versionOf(api, budget.base)
      const balanceBefore = expectStatus(await api('GET', `${budget.base}/bank-accounts`), 200).find(
        (account: { id: string }) => account.id === budget.checkingId,
      ).balance
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          index % 2 === 0
            ? spend(-(index + 1))
            : api('POST', `${budget.base}/period/202503/move-money`, {
                fromCategoryId: null,
                toCategoryId: budget.rentId,
                value: 100,
              }),
        ),
      )
      for (const answer of answers) expect([200, 201]).toContain(answer.status)
      expect(await versionOf(api, budget.base)).toBe(before + 20)
      const spent = Array.from({ length: 20 }, (_, index) => index).filter((index) => index % 2 === 0)
      const balance = expectStatus(await api('GET', `${budget.base}/bank-accounts`), 200).find(
        (account: { id: string }) => account.id === budget.checkingId,
      ).balance
      expect(balance).toBe(balanceBefore - spent.reduce((sum, index) => sum + index + 1, 0))
      const month = expectStatus(await api('GET', `${budget.base}/period/202503`), 200)
      expect(month.categories.find((c: { id: string }) => c.id === budget.rentId).assigned).toBe(
        1_000 + 10 * 100,
      )
      const { events } = expectStatus(await api('GET', `${budget.base}/events?after=0&limit=10000`), 200)
      expect(events.map((event: { seq: number }) => event.seq)).toEqual(
        Array.from({ length: before + 20 }, (_, index) => index + 1),
      )
    })
  })

  describe('idempotent retries', () => {
    it('answers a repeated command id with the first answer and appends nothing', async () => {
      const key = { 'idempotency-key': 'retry-transaction-1' }
      const first = expectStatus(await spend(-777, key), 201)
      const version = await versionOf(api, budget.base)
      const again = await spend(-777, key)
      expect(again.status).toBe(201)
      expect(again.body).toEqual(first)
      expect(again.headers.etag).toBe(`"${version}"`)
      expect(await versionOf(api, budget.base)).toBe(version)
      const page = expectStatus(
        await api('GET', `${budget.base}/transactions?accountId=${budget.checkingId}&limit=1000`),
        200,
      )
      expect(page.items.filter((item: { value: number }) => item.value === -777)).toHaveLength(1)
    })

    it('creates one budget for a repeated POST /api/budget with the same key', async () => {
      const key = { 'idempotency-key': 'create-budget-once' }
      const first = expectStatus(
        await api('POST', '/api/budget', { name: 'Once', currency: 'EUR' }, key),
        201,
      )
      const second = expectStatus(
        await api('POST', '/api/budget', { name: 'Once', currency: 'EUR' }, key),
        201,
      )
      expect(second).toEqual(first)
      const list = expectStatus(await api('GET', '/api/budget'), 200)
      expect(list.filter((item: { name: string }) => item.name === 'Once')).toHaveLength(1)
    })
  })

  describe('round trips', () => {
    it('an assignment change sends two statements besides begin and commit: the lock (which also reads the command id) and one batch', async () => {
      const url = `${budget.base}/period/202503/categories/${budget.foodId}/assigned`
      // The summary is cached from here on, as on a server in use.
      expectStatus(await api('PUT', url, { value: 10 }), 200)
      const ledger = harness.app.ledger
      const { db } = ledger
      let statements = 0
      // The routes read the ledger from this object: count what reaches the database through it.
      Object.assign(ledger, {
        db: db.withPlugin({
          transformQuery: ({ node }) => node,
          transformResult: async ({ result }) => {
            statements++
            return result
          },
        }),
      })
      try {
        expectStatus(await api('PUT', url, { value: 20 }, { 'idempotency-key': 'round-trips-1' }), 200)
      } finally {
        Object.assign(ledger, { db })
      }
      expect(statements).toBe(2)
    })
  })

  describe('ids chosen by an optimistic client', () => {
    it('keeps a proposed id and refuses it a second time with the domain code', async () => {
      const body = {
        id: 'client-made-transaction-1',
        bankAccountId: budget.checkingId,
        date: '2025-03-21',
        payee: 'Optimistic',
        value: -10,
        splits: [],
      }
      expect(expectStatus(await api('POST', `${budget.base}/transactions`, body), 201)).toMatchObject({
        id: 'client-made-transaction-1',
      })
      const again = await api('POST', `${budget.base}/transactions`, body)
      expect(again.status).toBe(422)
      expect(again.body.code).toBe('transaction-already-exists')
      // In a bulk import the ids the server mints are not looked up; a client's id still is.
      const { id: _proposed, ...minted } = body
      const bulk = await api('POST', `${budget.base}/transactions/bulk`, { items: [minted, body] })
      expect(bulk.status).toBe(422)
      expect(bulk.body.code).toBe('transaction-already-exists')
      const group = await api('POST', `${budget.base}/category-groups`, { id: 'client-group', name: 'Mine' })
      expect(expectStatus(group, 201)).toMatchObject({ id: 'client-group', name: 'Mine' })
    })

    it('refuses a transfer id already in use, stored or earlier in the same import', async () => {
      const transfer = {
        id: 'client-made-transfer-1',
        fromBankAccountId: budget.checkingId,
        toBankAccountId: budget.savingsId,
        date: '2025-03-22',
        value: 100,
      }
      expectStatus(await api('POST', `${budget.base}/transfers`, transfer), 201)
      const before = await versionOf(api, budget.base)
      const again = await api('POST', `${budget.base}/transfers`, { ...transfer, value: 5 })
      expect(again.status).toBe(422)
      expect(again.body).toMatchObject({ code: 'transfer-already-exists', transferId: transfer.id })
      const twice = { ...transfer, id: 'client-made-transfer-2' }
      const bulk = await api('POST', `${budget.base}/transactions/bulk`, { items: [twice, twice] })
      expect(bulk.body).toMatchObject({ code: 'transfer-already-exists', itemIndex: 1 })
      expect(await versionOf(api, budget.base)).toBe(before)
    })

    it('mints UUIDv7 ids when the client proposes none, in the order it minted them', async () => {
      const before = Date.now()
      const ids: string[] = []
      for (let round = 0; round < 3; round++) {
        ids.push(expectStatus(await spend(-1), 201).id)
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      for (const id of ids) {
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u)
        const minted = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)
        expect(minted).toBeGreaterThanOrEqual(before)
        expect(minted).toBeLessThanOrEqual(Date.now())
      }
      expect([...ids].sort()).toEqual(ids)
    })
  })

  describe('a bulk import', () => {
    it('is one TransactionsImported on the stream; a refused item is named and nothing is written', async () => {
      const items = [
        { bankAccountId: budget.checkingId, date: '2025-05-02', payee: 'Import 1', value: -5, splits: [] },
        {
          fromBankAccountId: budget.checkingId,
          toBankAccountId: budget.savingsId,
          date: '2025-05-03',
          value: 70,
        },
        { bankAccountId: budget.savingsId, date: '2025-05-04', payee: 'Import 2', value: 9, splits: [] },
      ]
      const before = await versionOf(api, budget.base)
      const { created, version } = expectStatus(
        await api('POST', `${budget.base}/transactions/bulk`, { items }),
        201,
      )
      expect({ created, version }).toEqual({ created: 3, version: before + 1 })
      const page = expectStatus(await api('GET', `${budget.base}/events?after=${before}`), 200)
      expect(page.events.map((event: { type: string }) => event.type)).toEqual(['TransactionsImported'])
      const [imported] = page.events
      expect(
        imported.data.transactions.map((t: { payee: string; value: number }) => [t.payee, t.value]),
      ).toEqual([
        ['Import 1', -5],
        ['', -70],
        ['', 70],
        ['Import 2', 9],
      ])
      expect(imported.data.transfers).toHaveLength(1)

      const refused = await api('POST', `${budget.base}/transactions/bulk`, {
        items: [...items, { ...items[0], splits: [{ categoryId: 'no-such-category', value: -5 }] }],
      })
      expect(refused.status).toBe(422)
      expect(refused.body).toMatchObject({ code: 'category-not-found', itemIndex: 3 })
      expect(await versionOf(api, budget.base)).toBe(version)
    })

    it("stores one account's transactions together, in date order, within each page of the table", async () => {
      const dates = ['2025-04-17', '2025-04-02', '2025-04-28', '2025-04-09', '2025-04-21']
      const items = Array.from({ length: 24 }, (_, index) => ({
        bankAccountId: index % 2 === 0 ? budget.checkingId : budget.savingsId,
        date: dates[index % dates.length] ?? '2025-04-01',
        payee: `Heap ${index}`,
        value: -(index + 1),
        splits: [],
      }))
      expectStatus(await api('POST', `${budget.base}/transactions/bulk`, { items }), 201)
      await expectStoredByAccountAndDate(harness.app.ledger.db, budget.id, 'Heap ', 12)
    })
  })

  describe('access', () => {
    it('answers 404 to a non-member for every kind of call, and to unknown budgets', async () => {
      const stranger = await harness.as('stranger')
      const calls: [Parameters<Call>[0], string, unknown?][] = [
        ['GET', `${budget.base}/period/202503`],
        ['GET', `${budget.base}/transactions`],
        ['GET', `${budget.base}/categories`],
        ['GET', `${budget.base}/events`],
        ['PUT', budget.base, { name: 'Mine now' }],
        ['DELETE', budget.base],
        ['POST', `${budget.base}/category-groups`, { name: 'Sneaky' }],
        ['PUT', `${budget.base}/period/202503/categories/${budget.rentId}/assigned`, { value: 1 }],
        ['GET', '/api/budget/no-such-budget/categories'],
      ]
      const version = await versionOf(api, budget.base)
      for (const [method, url, body] of calls) {
        const answer = await stranger(method, url, body)
        expect(answer.status, `${method} ${url}`).toBe(404)
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/u)
      }
      expect(await versionOf(api, budget.base)).toBe(version)
      expect(expectStatus(await stranger('GET', '/api/budget'), 200)).toEqual([])
    })
  })

  describe('bad input never writes', () => {
    const cases = (): [string, Parameters<Call>[0], string, unknown, number, string][] => [
      ['a value that is text', 'POST', 'transactions', { ...tx(), value: '12' }, 400, 'validation_failed'],
      [
        'a fractional amount',
        'POST',
        'transactions',
        { ...tx(), value: 1.5, splits: [] },
        400,
        'validation_failed',
      ],
      [
        'an amount beyond safe integers',
        'POST',
        'transactions',
        { ...tx(), value: 2 ** 53, splits: [] },
        400,
        'validation_failed',
      ],
      ['a missing payee', 'POST', 'transactions', { ...tx(), payee: undefined }, 400, 'validation_failed'],
      [
        'a date that does not exist',
        'POST',
        'transactions',
        { ...tx(), date: '2025-02-30' },
        400,
        'validation_failed',
      ],
      ['splits that do not add up', 'POST', 'transactions', splitsOff(), 422, 'splits-do-not-sum-to-value'],
      ['a split to an unknown category', 'POST', 'transactions', unknownSplit(), 422, 'category-not-found'],
      ['a transfer to the same account', 'POST', 'transfers', sameAccount(), 422, 'transfer-to-same-account'],
      [
        'a negative transfer',
        'POST',
        'transfers',
        { ...sameAccount(), toBankAccountId: budget.savingsId, value: -5 },
        422,
        'amount-must-be-positive',
      ],
      [
        'period 202513',
        'PUT',
        `period/202513/categories/${budget.rentId}/assigned`,
        { value: 5 },
        400,
        'validation_failed',
      ],
      [
        'assigning to an Income category',
        'PUT',
        `period/202503/categories/${budget.salaryId}/assigned`,
        { value: 5 },
        422,
        'cannot-assign-to-income',
      ],
      [
        'an account type other than unconnected',
        'POST',
        'bank-accounts',
        { name: 'X', type: 'connected', balance: 0, date: '2025-01-01' },
        400,
        'validation_failed',
      ],
      ['a lower-case currency', 'PUT', '', { currency: 'pln' }, 400, 'validation_failed'],
      ['an unknown currency', 'PUT', '', { currency: 'QQQ' }, 422, 'unknown-currency'],
      [
        'a target repeating past a 32-bit number of months',
        'PUT',
        `categories/${budget.rentId}/target`,
        { type: 'SavingsBuilder', amount: 100, dueDate: '2025-04-01', cadenceMonths: 2 ** 31 },
        400,
        'validation_failed',
      ],
      [
        'a target repeating every 121 months',
        'PUT',
        `categories/${budget.rentId}/target`,
        { type: 'SavingsBuilder', amount: 100, dueDate: '2025-04-01', cadenceMonths: 121 },
        400,
        'validation_failed',
      ],
      // An update without fields decides no command; the object it names must still exist.
      [
        'an empty update of an unknown category',
        'PUT',
        'categories/no-such-category',
        {},
        422,
        'category-not-found',
      ],
      [
        'an empty update of an unknown category group',
        'PUT',
        'category-groups/no-such-group',
        {},
        422,
        'category-group-not-found',
      ],
      [
        'moving money to the same category',
        'POST',
        'period/202503/move-money',
        { fromCategoryId: budget.rentId, toCategoryId: budget.rentId, value: 5 },
        422,
        'same-category-move',
      ],
    ]
    const tx = () => ({
      bankAccountId: budget.checkingId,
      date: '2025-03-05',
      payee: 'Shop',
      value: -300,
      splits: [{ categoryId: budget.foodId, value: -300 }],
    })
    const splitsOff = () => ({
      ...tx(),
      splits: [
        { categoryId: budget.foodId, value: -100 },
        { categoryId: budget.rentId, value: -150 },
      ],
    })
    const unknownSplit = () => ({ ...tx(), splits: [{ categoryId: 'no-such-category', value: -300 }] })
    const sameAccount = () => ({
      fromBankAccountId: budget.checkingId,
      toBankAccountId: budget.checkingId,
      date: '2025-03-05',
      value: 500,
    })

    it('refuses each with a problem document and a stable code, leaving the version unchanged', async () => {
      for (const [name, method, path, body, status, code] of cases()) {
        const version = await versionOf(api, budget.base)
        const answer = await api(method, path === '' ? budget.base : `${budget.base}/${path}`, body)
        expect(answer.status, name).toBe(status)
        expect(answer.headers['content-type'], name).toMatch(/^application\/problem\+json/u)
        expect(answer.body.code, name).toBe(code)
        expect(await versionOf(api, budget.base), name).toBe(version)
      }
    })

    it('carries the message key and amounts of a split refusal', async () => {
      const answer = await api('POST', `${budget.base}/transactions`, splitsOff())
      expect(answer.body).toMatchObject({
        messageKey: 'validation.splitsSum',
        value: -300,
        splitsTotal: -250,
      })
    })

    it('refuses malformed JSON and a malformed If-Match without writing', async () => {
      const version = await versionOf(api, budget.base)
      const broken = await harness.app.inject({
        method: 'POST',
        url: `${budget.base}/category-groups`,
        headers: { 'content-type': 'application/json', authorization: await harness.authorization('writer') },
        payload: '{"name": ',
      })
      expect(broken.statusCode).toBe(400)
      const ifMatch = await api(
        'POST',
        `${budget.base}/category-groups`,
        { name: 'G' },
        { 'if-match': 'yesterday' },
      )
      expect(ifMatch.status).toBe(400)
      expect(await versionOf(api, budget.base)).toBe(version)
    })
  })
})
