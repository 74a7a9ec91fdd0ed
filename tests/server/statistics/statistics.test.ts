import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { periodRange } from '../../../domain/period.ts'
import { PeriodKey } from '../../../schemas/money.ts'
import { READ_MODEL_FORMAT } from '../../../server/ledger/projection.ts'
import { smallBudget } from '../ledger/fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { databases } from '../support/databases.ts'

// Issue 31 §4: the statistics route agrees with the month views it summarizes ("a test sums them").

interface MonthCategory {
  readonly id: string
  readonly type: string
  readonly activity: number
  readonly assigned: number
}
interface Period {
  readonly key: string
  readonly income: number
  readonly spending: number
  readonly categories: readonly {
    readonly categoryId: string
    readonly activity: number
    readonly assigned: number
  }[]
  readonly spendingClasses: readonly { readonly spendingClass: string; readonly activity: number }[]
}
interface CategoryRow {
  readonly id: string
  readonly type: string
  readonly origin: string
  readonly spendingClass: string
}

const classOf = (period: Period | undefined, name: string) =>
  period?.spendingClasses.find((entry) => entry.spendingClass === name)?.activity
const activityOf = (period: Period | undefined, categoryId: string) =>
  period?.categories.find((entry) => entry.categoryId === categoryId)?.activity
const assignedOf = (period: Period | undefined, categoryId: string) =>
  period?.categories.find((entry) => entry.categoryId === categoryId)?.assigned
const totals = (periods: readonly Period[]) =>
  periods.map((period) => [period.key, period.income, period.spending])

describe.each(databases())('GET /api/budget/{id}/statistics on $kind', (target) => {
  let harness: Harness
  let api: Call
  let base: string
  let ids: Record<
    'rent' | 'food' | 'salary' | 'cinema' | 'destination' | 'uncategorized' | 'checking' | 'savings',
    string
  >

  const statistics = async (query: string): Promise<Period[]> =>
    expectStatus(await api('GET', `${base}/statistics?${query}`), 200).periods

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('statistician')
    // Rent, Food, Salary (Income); Checking opened with 1 000,00 zł (not income here), Savings with 0, on 2025-03-01.
    const budget = await smallBudget(api, 'Statystyki')
    base = budget.base
    const listed = expectStatus(await api('GET', `${base}/categories`), 200) as CategoryRow[]
    const system = (type: string) =>
      listed.find((row) => row.origin === 'Uncategorized' && row.type === type)?.id
    const cinema = expectStatus(
      await api('POST', `${base}/categories`, {
        categoryGroupId: budget.groupId,
        name: 'Kino',
        type: 'Expense',
        spendingClass: 'Fun',
      }),
      201,
    ).id as string
    ids = {
      rent: budget.rentId,
      food: budget.foodId,
      salary: budget.salaryId,
      cinema,
      destination: system('Income') ?? '',
      uncategorized: system('Expense') ?? '',
      checking: budget.checkingId,
      savings: budget.savingsId,
    }
    expectStatus(await api('PUT', `${base}/categories/${ids.rent}`, { spendingClass: 'Housing' }), 200)
    expectStatus(await api('PUT', `${base}/categories/${ids.food}`, { spendingClass: 'Food' }), 200)
    const spend = async (account: string, date: string, splits: [string, number][], payee = 'Ktoś') =>
      expectStatus(
        await api('POST', `${base}/transactions`, {
          bankAccountId: account,
          date,
          payee,
          value: splits.reduce((sum, [, value]) => sum + value, 0),
          splits: splits.map(([categoryId, value]) => ({ categoryId, value })),
        }),
        201,
      )
    await spend(ids.checking, '2025-03-05', [[ids.salary, 500_000]])
    await spend(ids.checking, '2025-03-06', [[ids.destination, 20_000]])
    await spend(ids.checking, '2025-03-10', [[ids.rent, -250_000]], 'Wspólnota Mieszkaniowa')
    // A split across two classes.
    await spend(
      ids.checking,
      '2025-03-12',
      [
        [ids.food, -30_000],
        [ids.cinema, -10_000],
      ],
      'Multikino i Biedronka',
    )
    expectStatus(
      await api('POST', `${base}/transfers`, {
        fromBankAccountId: ids.checking,
        toBankAccountId: ids.savings,
        date: '2025-03-15',
        value: 50_000,
      }),
      201,
    )
    await spend(ids.savings, '2025-04-03', [[ids.food, -5_000]], 'ŻABKA Polska')
    // A refund.
    await spend(ids.savings, '2025-04-20', [[ids.food, 1_000]], 'żabka')
    // "Bez kategorii".
    await spend(ids.checking, '2025-05-07', [[ids.uncategorized, -700]])
    await spend(ids.checking, '2026-01-15', [[ids.cinema, -2_000]])
    await spend(ids.checking, '2026-01-20', [[ids.salary, -3_000]])
    const assign = async (period: string, categoryId: string, value: number) =>
      expectStatus(
        await api('PUT', `${base}/period/${period}/categories/${categoryId}/assigned`, { value }),
        200,
      )
    await assign('202503', ids.rent, 250_000)
    await assign('202503', ids.food, 40_000)
    await assign('202503', ids.cinema, 10_000)
    await assign('202504', ids.food, 5_000)
    await assign('202504', ids.rent, 240_000)
    // Changed again: the latest amount counts.
    await assign('202504', ids.rent, 245_000)
    await assign('202601', ids.rent, 100_000)
    // A negative assignment (money taken back).
    await assign('202602', ids.food, -1_500)
    // Deleted after its spending: its months go to Food, as the month views show them.
    const deleted = await api('DELETE', `${base}/categories/${ids.cinema}?moveToCategoryId=${ids.food}`)
    expect(deleted.status).toBeLessThan(300)
  }, 180_000)
  afterAll(async () => harness?.close())

  it('agrees with the month view of every month in the range', async () => {
    const months = periodRange(PeriodKey.make('202502'), PeriodKey.make('202602'))
    const periods = await statistics('granularity=Month&fromPeriod=202502&toPeriod=202602')
    expect(periods.map((period) => period.key)).toEqual(months)
    const categories = expectStatus(await api('GET', `${base}/categories`), 200) as CategoryRow[]
    const typeOf = new Map(categories.map((row) => [row.id, row.type]))
    for (const [index, key] of months.entries()) {
      const view = expectStatus(await api('GET', `${base}/period/${key}`), 200) as {
        categories: MonthCategory[]
      }
      const period = periods[index]
      let income = 0
      let spending = 0
      for (const category of view.categories) {
        if (category.type === 'Income') income += category.activity
        else spending += category.activity
        if (category.id === ids.destination) continue
        expect([key, category.id, activityOf(period, category.id), assignedOf(period, category.id)]).toEqual([
          key,
          category.id,
          category.activity,
          category.assigned,
        ])
      }
      expect(period?.categories.map((entry) => entry.categoryId)).toEqual(
        view.categories.filter((category) => category.id !== ids.destination).map((category) => category.id),
      )
      expect([key, period?.income, period?.spending]).toEqual([key, income, spending])
      const classes = period?.spendingClasses.reduce((sum, entry) => sum + entry.activity, 0)
      expect(classes).toBe(spending)
      expect(period?.categories.every((entry) => typeOf.has(entry.categoryId))).toBe(true)
    }
  })

  it('counts salary and the income destination as income, not the opening balance, nor the transfer', async () => {
    const [march, april, may] = await statistics('granularity=Month&fromPeriod=202503&toPeriod=202505')
    expect(march?.income).toBe(520_000)
    expect(march?.spending).toBe(-290_000)
    expect(classOf(march, 'Housing')).toBe(-250_000)
    // The deleted cinema's 100 zł now count in Food, with its class.
    expect(classOf(march, 'Food')).toBe(-40_000)
    expect(classOf(march, 'Fun')).toBe(0)
    expect(april?.spending).toBe(-4_000)
    expect(activityOf(may, ids.uncategorized)).toBe(-700)
    expect(classOf(may, 'Undefined')).toBe(-700)
    expect(activityOf(march, ids.cinema)).toBeUndefined()
    expect(activityOf(march, ids.destination)).toBeUndefined()
  })

  it('sums a year of only the months inside the range', async () => {
    const [y2025, y2026] = await statistics('granularity=Year&fromPeriod=202504&toPeriod=202601')
    expect(y2025?.key).toBe('2025')
    expect(y2025?.income).toBe(0)
    expect(y2025?.spending).toBe(-4_000 - 700)
    expect(y2026?.key).toBe('2026')
    expect(y2026?.income).toBe(-3_000)
    expect(activityOf(y2026, ids.food)).toBe(-2_000)
    // A year's assigned is the sum of its months' inside the range.
    expect(assignedOf(y2025, ids.rent)).toBe(245_000)
    expect(assignedOf(y2026, ids.rent)).toBe(100_000)
    expect(assignedOf(y2025, ids.food)).toBe(5_000)
    const whole = await statistics('granularity=Year&fromPeriod=202501&toPeriod=202612')
    expect(whole.map((period) => [period.key, period.income, period.spending])).toEqual([
      ['2025', 520_000, -290_000 - 4_000 - 700],
      ['2026', -3_000, -2_000],
    ])
  })

  it('filters by account (from the transactions) and by category', async () => {
    const range = 'granularity=Month&fromPeriod=202503&toPeriod=202505'
    const savings = await statistics(`${range}&accountIds=${ids.savings}`)
    expect(savings.map((period) => [period.key, period.income, period.spending])).toEqual([
      ['202503', 0, 0],
      ['202504', 0, -4_000],
      ['202505', 0, 0],
    ])
    // Both accounts, comma-separated or repeated, equal the unfiltered answer.
    const all = await statistics(range)
    expect(await statistics(`${range}&accountIds=${ids.checking},${ids.savings}`)).toEqual(all)
    expect(await statistics(`${range}&accountIds=${ids.checking}&accountIds=${ids.savings}`)).toEqual(all)
    const rent = await statistics(`${range}&categoryIds=${ids.rent}`)
    expect(rent.map((period) => [period.income, period.spending, period.categories.length])).toEqual([
      [0, -250_000, 1],
      [0, 0, 1],
      [0, 0, 1],
    ])
    const incomeOnly = await statistics(`${range}&categoryIds=${ids.destination}&accountIds=${ids.checking}`)
    expect(incomeOnly.map((period) => [period.income, period.categories.length])).toEqual([
      [20_000, 0],
      [0, 0],
      [0, 0],
    ])
  })

  it('keeps assigned whatever the account, date or payee filter (assignments have no account)', async () => {
    const range = 'granularity=Month&fromPeriod=202503&toPeriod=202505'
    const assignedOnly = (periods: readonly Period[]) =>
      periods.map((period) => period.categories.map((entry) => [entry.categoryId, entry.assigned]))
    const all = assignedOnly(await statistics(range))
    expect(all[0]).toContainEqual([ids.rent, 250_000])
    for (const filter of [
      `accountIds=${ids.savings}`,
      'fromDate=2025-04-10&toDate=2025-04-11',
      'payee=nobody',
      `categoryIds=${ids.rent},${ids.food}&payee=a`,
    ]) {
      const filtered = assignedOnly(await statistics(`${range}&${filter}`))
      const kept = filter.startsWith('categoryIds')
        ? all.map((period) => period.filter(([id]) => id === ids.rent || id === ids.food))
        : all
      expect([filter, filtered]).toEqual([filter, kept])
    }
  })

  it('filters by dates, inclusive, from the transactions; periods still follow the range', async () => {
    const range = 'granularity=Month&fromPeriod=202503&toPeriod=202505'
    // From the 11th: salary (5th), the destination (6th) and rent (10th) are left out; the split (12th) stays.
    expect(totals(await statistics(`${range}&fromDate=2025-03-11&toDate=2025-03-31`))).toEqual([
      ['202503', 0, -40_000],
      ['202504', 0, 0],
      ['202505', 0, 0],
    ])
    // Both ends included.
    expect(totals(await statistics(`${range}&fromDate=2025-03-10&toDate=2025-04-03`))).toEqual([
      ['202503', 0, -290_000],
      ['202504', 0, -5_000],
      ['202505', 0, 0],
    ])
    expect(totals(await statistics(`${range}&toDate=2025-03-05`))).toEqual([
      ['202503', 500_000, 0],
      ['202504', 0, 0],
      ['202505', 0, 0],
    ])
    expect(totals(await statistics(`${range}&fromDate=2025-04-20`))).toEqual([
      ['202503', 0, 0],
      ['202504', 0, 1_000],
      ['202505', 0, -700],
    ])
    // Dates outside the range add nothing outside it.
    expect(totals(await statistics(`${range}&fromDate=2024-01-01&toDate=2030-12-31`))).toEqual(
      totals(await statistics(range)),
    )
    expect(totals(await statistics(`${range}&fromDate=2026-01-01`))).toEqual([
      ['202503', 0, 0],
      ['202504', 0, 0],
      ['202505', 0, 0],
    ])
  })

  it('filters by payee, a case-insensitive substring, also with accounts and dates', async () => {
    const range = 'granularity=Month&fromPeriod=202503&toPeriod=202505'
    // "ŻABKA Polska" and "żabka": Polish capitals too.
    const zabka = await statistics(`${range}&payee=${encodeURIComponent('Żabka')}`)
    expect(totals(zabka)).toEqual([
      ['202503', 0, 0],
      ['202504', 0, -4_000],
      ['202505', 0, 0],
    ])
    expect(classOf(zabka[1], 'Food')).toBe(-4_000)
    const split = await statistics(`${range}&payee=biedronka`)
    expect(totals(split)[0]).toEqual(['202503', 0, -40_000])
    expect(activityOf(split[0], ids.food)).toBe(-40_000)
    expect(
      totals(await statistics(`${range}&payee=${encodeURIComponent('ŻABKA')}&fromDate=2025-04-10`)),
    ).toEqual([
      ['202503', 0, 0],
      ['202504', 0, 1_000],
      ['202505', 0, 0],
    ])
    expect(
      totals(await statistics(`${range}&payee=${encodeURIComponent('żabka')}&accountIds=${ids.checking}`)),
    ).toEqual([
      ['202503', 0, 0],
      ['202504', 0, 0],
      ['202505', 0, 0],
    ])
    // Wildcards are text, not patterns.
    expect(totals(await statistics(`${range}&payee=${encodeURIComponent('%')}`))[1]).toEqual(['202504', 0, 0])
    expect(totals(await statistics(`${range}&payee=${encodeURIComponent('_')}`))[1]).toEqual(['202504', 0, 0])
  })

  it.each([
    ['an impossible date', 'fromDate=2025-02-30', '/query/fromDate'],
    ['a date without dashes', 'toDate=20250301', '/query/toDate'],
    ['fromDate after toDate', 'fromDate=2025-03-02&toDate=2025-03-01', '/query/toDate'],
    ['an empty payee', 'payee=', '/query/payee'],
    ['a payee of 201 characters', `payee=${'a'.repeat(201)}`, '/query/payee'],
  ])('answers 400 naming the field for %s', async (_, filter, path) => {
    const answer = await api(
      'GET',
      `${base}/statistics?granularity=Month&fromPeriod=202501&toPeriod=202512&${filter}`,
    )
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('validation_failed')
    expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path)
  })

  it('answers the same from read models rebuilt because they were of an older format', async () => {
    const query = 'granularity=Year&fromPeriod=202501&toPeriod=202612'
    const before = await statistics(query)
    const budgetId = base.slice(base.lastIndexOf('/') + 1)
    const { db } = harness.app.ledger
    await db.updateTable('budgets').set({ read_model_format: 0 }).where('id', '=', budgetId).execute()
    expect(await statistics(query)).toEqual(before)
    const head = await db
      .selectFrom('budgets')
      .select('read_model_format')
      .where('id', '=', budgetId)
      .executeTakeFirst()
    expect(head?.read_model_format).toBe(READ_MODEL_FORMAT)
  })

  it.each([
    ['an unknown granularity', 'granularity=Week&fromPeriod=202501&toPeriod=202512'],
    ['no granularity', 'fromPeriod=202501&toPeriod=202512'],
    ['a month 13', 'granularity=Month&fromPeriod=202513&toPeriod=202601'],
    ['a date for a period', 'granularity=Month&fromPeriod=2025-01&toPeriod=202601'],
    ['a year for a period', 'granularity=Year&fromPeriod=2025&toPeriod=2026'],
    ['a reversed range', 'granularity=Month&fromPeriod=202602&toPeriod=202601'],
    ['more than 50 years', 'granularity=Year&fromPeriod=200001&toPeriod=205001'],
    ['an empty id', 'granularity=Month&fromPeriod=202501&toPeriod=202512&categoryIds=a,,b'],
  ])('answers 400 for %s', async (_, query) => {
    const answer = await api('GET', `${base}/statistics?${query}`)
    expect(answer.status).toBe(400)
    expect(answer.body.status).toBe(400)
    expect(answer.body.code).toBe('validation_failed')
  })

  it('answers 50 years of months', async () => {
    const periods = await statistics('granularity=Month&fromPeriod=200001&toPeriod=204912')
    expect(periods).toHaveLength(600)
  })
})
