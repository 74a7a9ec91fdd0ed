import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { READ_MODEL_FORMAT } from '../../../server/ledger/projection.ts'
import { smallBudget } from '../ledger/fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { databases } from '../support/databases.ts'

// Issue 31 §1 net worth: each account's balance at each month end (getNetWorth) is what the accounts list
// (GET …/bank-accounts) showed once that month's transactions were in and no later ones yet.

interface AccountRow {
  readonly id: string
  readonly balance: number
  readonly state: string
}
interface NetWorthPeriod {
  readonly key: string
  readonly netWorth: number
  readonly accounts: readonly { readonly bankAccountId: string; readonly balance: number }[]
}

const balancesOf = (period: NetWorthPeriod | undefined) =>
  Object.fromEntries(period?.accounts.map((entry) => [entry.bankAccountId, entry.balance]) ?? [])

describe.each(databases())('GET /api/budget/{id}/statistics/net-worth on $kind', (target) => {
  let harness: Harness
  let api: Call
  let base: string
  let ids: Record<'checking' | 'savings' | 'card' | 'rent' | 'food' | 'salary', string>
  /** The accounts list's balances, read at the end of each month as the budget was written month by month. */
  const shown = new Map<string, Record<string, number>>()
  /** The accounts list's ids, in its order. */
  let listed: string[] = []

  const netWorth = async (query: string): Promise<NetWorthPeriod[]> =>
    expectStatus(await api('GET', `${base}/statistics/net-worth?${query}`), 200).periods

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('worth')
    // Checking opened with 1 000,00 zł and Savings with 0 on 2025-03-01.
    const budget = await smallBudget(api, 'Majątek')
    base = budget.base
    ids = {
      checking: budget.checkingId,
      savings: budget.savingsId,
      card: '',
      rent: budget.rentId,
      food: budget.foodId,
      salary: budget.salaryId,
    }
    const spend = async (account: string, date: string, categoryId: string, value: number) =>
      expectStatus(
        await api('POST', `${base}/transactions`, {
          bankAccountId: account,
          date,
          payee: 'Ktoś',
          value,
          splits: [{ categoryId, value }],
        }),
        201,
      )
    const transfer = async (from: string, to: string, date: string, value: number) =>
      expectStatus(
        await api('POST', `${base}/transfers`, {
          fromBankAccountId: from,
          toBankAccountId: to,
          date,
          value,
        }),
        201,
      )
    const monthEnd = async (key: string) => {
      const accounts = expectStatus(await api('GET', `${base}/bank-accounts`), 200) as AccountRow[]
      shown.set(key, Object.fromEntries(accounts.map((account) => [account.id, account.balance])))
      listed = accounts.map((account) => account.id)
    }
    await spend(ids.checking, '2025-03-05', ids.salary, 500_000)
    await spend(ids.checking, '2025-03-10', ids.rent, -250_000)
    await transfer(ids.checking, ids.savings, '2025-03-31', 100_000)
    await monthEnd('202503')
    await spend(ids.savings, '2025-04-01', ids.food, -5_000)
    // Uncleared counts in the balance too.
    expectStatus(
      await api('POST', `${base}/transactions`, {
        bankAccountId: ids.checking,
        date: '2025-04-30',
        payee: 'Sklep',
        value: -7_000,
        cleared: false,
        splits: [{ categoryId: ids.food, value: -7_000 }],
      }),
      201,
    )
    await monthEnd('202504')
    // A credit card opened in May with a debt of 500,00 zł.
    ids.card = expectStatus(
      await api('POST', `${base}/bank-accounts`, {
        name: 'Karta',
        type: 'unconnected',
        balance: -50_000,
        date: '2025-05-10',
      }),
      201,
    ).id as string
    await spend(ids.card, '2025-05-20', ids.food, -3_000)
    await monthEnd('202505')
    // June: only transfers (paying the card off), then the card is closed.
    await transfer(ids.checking, ids.card, '2025-06-02', 53_000)
    await transfer(ids.savings, ids.checking, '2025-06-30', 10_000)
    expectStatus(await api('POST', `${base}/bank-accounts/${ids.card}/close`), 200)
    await monthEnd('202506')
    // A quiet July.
    await monthEnd('202507')
  }, 180_000)
  afterAll(async () => harness?.close())

  it("equals, for every month, each account's balance the accounts list showed at that month's end", async () => {
    const periods = await netWorth('fromPeriod=202501&toPeriod=202507')
    expect(periods.map((period) => period.key)).toEqual([
      '202501',
      '202502',
      '202503',
      '202504',
      '202505',
      '202506',
      '202507',
    ])
    for (const period of periods) {
      // Every account, open or closed, in the accounts list's order.
      expect(period.accounts.map((entry) => entry.bankAccountId)).toEqual(listed)
      const expected = shown.get(period.key)
      // Before anything was opened, every balance is 0.
      const balances = expected === undefined ? Object.fromEntries(listed.map((id) => [id, 0])) : expected
      // Accounts opened later were not in the list yet: 0 then.
      for (const id of listed) balances[id] ??= 0
      expect([period.key, balancesOf(period)]).toEqual([period.key, balances])
      expect(period.netWorth).toBe(Object.values(balances).reduce((sum, balance) => sum + balance, 0))
    }
  })

  it('includes the opening balance, leaves transfers out of net worth and keeps a closed account listed', async () => {
    const [march, april, may, june, july] = await netWorth('fromPeriod=202503&toPeriod=202507')
    // Opening 1 000,00 + salary 5 000,00 - rent 2 500,00: the transfer to Savings changes nothing.
    expect(march?.netWorth).toBe(350_000)
    expect(balancesOf(march)[ids.checking]).toBe(250_000)
    expect(april?.netWorth).toBe(350_000 - 5_000 - 7_000)
    // The card's opening debt counts.
    expect(balancesOf(may)[ids.card]).toBe(-53_000)
    expect(may?.netWorth).toBe(338_000 - 53_000)
    // June holds only transfers.
    expect(june?.netWorth).toBe(may?.netWorth)
    expect(balancesOf(june)[ids.card]).toBe(0)
    expect(balancesOf(june)[ids.savings]).toBe(100_000 - 5_000 - 10_000)
    const accounts = expectStatus(await api('GET', `${base}/bank-accounts`), 200) as AccountRow[]
    expect(accounts.find((account) => account.id === ids.card)?.state).toBe('Closed')
    expect(july?.accounts.map((entry) => entry.bankAccountId)).toContain(ids.card)
  })

  it('carries the months before the range into its first month', async () => {
    const whole = await netWorth('fromPeriod=202501&toPeriod=202507')
    expect(await netWorth('fromPeriod=202505&toPeriod=202506')).toEqual(whole.slice(4, 6))
    expect(await netWorth('fromPeriod=203001&toPeriod=203001')).toEqual([{ ...whole[6], key: '203001' }])
  })

  it('lists only the accounts asked for, comma-separated or repeated', async () => {
    const range = 'fromPeriod=202503&toPeriod=202505'
    const savings = await netWorth(`${range}&accountIds=${ids.savings}`)
    expect(savings.map((period) => [period.netWorth, period.accounts.length])).toEqual([
      [100_000, 1],
      [95_000, 1],
      [95_000, 1],
    ])
    const all = await netWorth(range)
    const every = listed.join(',')
    expect(await netWorth(`${range}&accountIds=${every}`)).toEqual(all)
    expect(await netWorth(`${range}&${listed.map((id) => `accountIds=${id}`).join('&')}`)).toEqual(all)
    expect((await netWorth(`${range}&accountIds=unknown`)).map((period) => period.netWorth)).toEqual([
      0, 0, 0,
    ])
  })

  it('answers the same from read models rebuilt because they were of an older format', async () => {
    const query = 'fromPeriod=202501&toPeriod=202507'
    const before = await netWorth(query)
    const budgetId = base.slice(base.lastIndexOf('/') + 1)
    const { db } = harness.app.ledger
    await db.updateTable('budgets').set({ read_model_format: 0 }).where('id', '=', budgetId).execute()
    expect(await netWorth(query)).toEqual(before)
    const head = await db
      .selectFrom('budgets')
      .select('read_model_format')
      .where('id', '=', budgetId)
      .executeTakeFirst()
    expect(head?.read_model_format).toBe(READ_MODEL_FORMAT)
  })

  it.each([
    ['no range', '', '/query/fromPeriod'],
    ['a month 13', 'fromPeriod=202513&toPeriod=202601', '/query/fromPeriod'],
    ['a date for a period', 'fromPeriod=2025-01&toPeriod=202601', '/query/fromPeriod'],
    ['a reversed range', 'fromPeriod=202602&toPeriod=202601', '/query/toPeriod'],
    ['more than 50 years', 'fromPeriod=200001&toPeriod=205001', '/query/toPeriod'],
    ['an empty id', 'fromPeriod=202501&toPeriod=202512&accountIds=a,,b', '/query/accountIds'],
  ])('answers 400 naming the field for %s', async (_, query, path) => {
    const answer = await api('GET', `${base}/statistics/net-worth?${query}`)
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('validation_failed')
    expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path)
  })

  it('answers 404 to someone who is not a member, whatever the query', async () => {
    const stranger = await harness.as('stranger')
    for (const query of ['fromPeriod=202501&toPeriod=202512', 'fromPeriod=202602&toPeriod=202601']) {
      const answer = await stranger('GET', `${base}/statistics/net-worth?${query}`)
      expect(answer.status).toBe(404)
    }
  })

  it('answers 50 years of months', async () => {
    expect(await netWorth('fromPeriod=200001&toPeriod=204912')).toHaveLength(600)
  })
})
