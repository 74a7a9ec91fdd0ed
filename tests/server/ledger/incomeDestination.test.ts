import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMissingIncomeDestinations } from '../../../server/ledger/incomeDestinations.ts'
import { ledgerDb } from '../../../server/ledger/tables.ts'
import { databases } from '../support/databases.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

type CategoryRow = { id: string; type: string; origin: string }

describe.each(databases())('the income destination ("Do przydzielenia") on $kind', (target) => {
  let harness: Harness
  let api: Call

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('earner')
  }, 120_000)
  afterAll(async () => harness?.close())

  const createBudget = async (name: string): Promise<string> => {
    const created = await api('POST', '/api/budget', { name, currency: 'PLN' })
    expectStatus(created, 201)
    return created.body.id
  }
  const systemIncome = async (budgetId: string) => {
    const listed = await api('GET', `/api/budget/${budgetId}/categories`)
    expectStatus(listed, 200)
    return (listed.body as CategoryRow[]).filter(
      (row) => row.origin === 'Uncategorized' && row.type === 'Income',
    )
  }

  it('comes with every new budget, and a salary categorized there is Ready to Assign', async () => {
    const budgetId = await createBudget('Nowy')
    const [income] = await systemIncome(budgetId)
    expect(income).toBeDefined()
    const account = await api('POST', `/api/budget/${budgetId}/bank-accounts`, {
      name: 'Konto',
      type: 'unconnected',
      balance: 0,
      date: '2025-01-01',
    })
    expectStatus(account, 201)
    expectStatus(
      await api('POST', `/api/budget/${budgetId}/transactions`, {
        bankAccountId: account.body.id,
        date: '2025-01-10',
        payee: 'Pracodawca',
        value: 650_000,
        splits: [{ categoryId: income?.id, value: 650_000 }],
      }),
      201,
    )
    const month = await api('GET', `/api/budget/${budgetId}/period/202501`)
    expectStatus(month, 200)
    expect(month.body.readyToAssign).toBe(650_000)
    const categories = await api('GET', `/api/budget/${budgetId}/categories`)
    const uncategorized = (categories.body as CategoryRow[]).find((row) => row.type === 'Expense')
    const refused = await api(
      'DELETE',
      `/api/budget/${budgetId}/categories/${income?.id}?moveToCategoryId=${uncategorized?.id}`,
    )
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe('income-destination-cannot-be-deleted')
  })

  it('is added once to a budget made before it existed, at start', async () => {
    const budgetId = await createBudget('Stary')
    // Make the budget as it was before: its stream ends at BudgetCreated, with no income destination anywhere.
    const db = ledgerDb(harness.app.database.db)
    const [income] = await systemIncome(budgetId)
    await db
      .deleteFrom('budget_events')
      .where('budget_id', '=', budgetId)
      .where('type', '=', 'IncomeDestinationCreated')
      .execute()
    await db
      .deleteFrom('categories')
      .where('budget_id', '=', budgetId)
      .where('id', '=', String(income?.id))
      .execute()
    await sql`update budgets set version = version - 1 where id = ${budgetId}`.execute(db)
    harness.app.ledger.cache.drop(budgetId)
    expect(await systemIncome(budgetId)).toEqual([])

    const failures: unknown[] = []
    expect(await addMissingIncomeDestinations(harness.app.ledger, (_, error) => failures.push(error))).toBe(1)
    expect(failures).toEqual([])
    expect(await systemIncome(budgetId)).toHaveLength(1)
    expect(await addMissingIncomeDestinations(harness.app.ledger, (_, error) => failures.push(error))).toBe(0)
    const events = await api('GET', `/api/budget/${budgetId}/events`)
    expectStatus(events, 200)
    const types = (events.body.events as { type: string }[]).map((event) => event.type)
    expect(types.filter((type) => type === 'IncomeDestinationCreated')).toHaveLength(1)
  })

  it('starts a budget with the starter set it is sent, in the same write, or with none', async () => {
    const created = await api('POST', '/api/budget', {
      name: 'Z zestawem',
      currency: 'PLN',
      starter: [
        {
          name: 'Rachunki',
          categories: [
            { name: 'Czynsz', type: 'Expense', spendingClass: 'Housing' },
            { name: 'Prąd i gaz', type: 'Expense', spendingClass: 'Housing' },
          ],
        },
        { name: 'Cele', categories: [{ name: 'Wakacje', type: 'Saving', spendingClass: 'Savings' }] },
      ],
    })
    expectStatus(created, 201)
    const categories = await api('GET', `/api/budget/${created.body.id}/categories`)
    const own = (categories.body as (CategoryRow & { name: string; spendingClass: string })[]).filter(
      (row) => row.origin === 'UserDefined',
    )
    // Lists come in id order; ids are random.
    expect(own.map(({ name, type, spendingClass }) => [name, type, spendingClass]).sort()).toEqual([
      ['Czynsz', 'Expense', 'Housing'],
      ['Prąd i gaz', 'Expense', 'Housing'],
      ['Wakacje', 'Saving', 'Savings'],
    ])
    const groups = await api('GET', `/api/budget/${created.body.id}/category-groups`)
    expect((groups.body as { name: string }[]).map((group) => group.name).sort()).toEqual([
      'Cele',
      'Rachunki',
      'uncategorized',
    ])
    const refused = await api('POST', '/api/budget', {
      name: 'Zły',
      currency: 'PLN',
      starter: [{ name: '', categories: [] }],
    })
    expect(refused.status).toBe(400)
  })
})
