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
}
interface Period {
  readonly key: string
  readonly income: number
  readonly spending: number
  readonly categories: readonly { readonly categoryId: string; readonly activity: number }[]
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
    const spend = async (account: string, date: string, splits: [string, number][]) =>
      expectStatus(
        await api('POST', `${base}/transactions`, {
          bankAccountId: account,
          date,
          payee: 'Ktoś',
          value: splits.reduce((sum, [, value]) => sum + value, 0),
          splits: splits.map(([categoryId, value]) => ({ categoryId, value })),
        }),
        201,
      )
    await spend(ids.checking, '2025-03-05', [[ids.salary, 500_000]])
    await spend(ids.checking, '2025-03-06', [[ids.destination, 20_000]])
    await spend(ids.checking, '2025-03-10', [[ids.rent, -250_000]])
    // A split across two classes.
    await spend(ids.checking, '2025-03-12', [
      [ids.food, -30_000],
      [ids.cinema, -10_000],
    ])
    expectStatus(
      await api('POST', `${base}/transfers`, {
        fromBankAccountId: ids.checking,
        toBankAccountId: ids.savings,
        date: '2025-03-15',
        value: 50_000,
      }),
      201,
    )
    await spend(ids.savings, '2025-04-03', [[ids.food, -5_000]])
    // A refund.
    await spend(ids.savings, '2025-04-20', [[ids.food, 1_000]])
    // "Bez kategorii".
    await spend(ids.checking, '2025-05-07', [[ids.uncategorized, -700]])
    await spend(ids.checking, '2026-01-15', [[ids.cinema, -2_000]])
    await spend(ids.checking, '2026-01-20', [[ids.salary, -3_000]])
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
        expect([key, category.id, activityOf(period, category.id)]).toEqual([
          key,
          category.id,
          category.activity,
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
