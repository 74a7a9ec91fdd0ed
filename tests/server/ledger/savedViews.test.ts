import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rebuildBudget } from '../../../server/ledger/rebuild.ts'
import { ledgerDb } from '../../../server/ledger/tables.ts'
import { databases } from '../support/databases.ts'
import { form } from '../support/multipart.ts'
import { readModelRows, type SmallBudget, smallBudget } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

// Issue 31 §1 "saved as a view": a saved filter with a report, kept wherever filters are (read model, state,
// budget file), while filters saved before views (events without `report`) read and replay as they were.

describe.each(databases())('saved report views on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('viewer-of-reports')
    budget = await smallBudget(api, 'Widoki')
  }, 120_000)
  afterAll(async () => harness?.close())

  const filters = async (budgetId = budget.id) =>
    expectStatus(await api('GET', `/api/budget/${budgetId}/filters`), 200) as Array<{
      id: string
      name: string
      report?: unknown
    }>
  const byName = async (name: string, budgetId = budget.id) =>
    (await filters(budgetId)).find((filter) => filter.name === name)

  it('keeps a view through its POST, GET …/filters, the state, a PUT, a rebuild and a cold summary', async () => {
    const plain = expectStatus(
      await api('POST', `${budget.base}/filters`, { name: 'Duże', criteria: { minValue: 10_000 } }),
      201,
    )
    expect(plain).not.toHaveProperty('report')
    const report = { kind: 'Trends', granularity: 'Month', subject: budget.foodId }
    const criteria = { bankAccountIds: [budget.checkingId], fromDate: '2025-01-01', toDate: '2025-12-31' }
    const view = expectStatus(
      await api('POST', `${budget.base}/filters`, { name: 'Jedzenie w ROR', criteria, report }),
      201,
    )
    expect(view).toMatchObject({ name: 'Jedzenie w ROR', criteria, report })
    expect(await byName('Jedzenie w ROR')).toEqual({ id: view.id, name: 'Jedzenie w ROR', criteria, report })
    expect(await byName('Duże')).not.toHaveProperty('report')

    // The state the app opens a budget from, from the cache and read anew from the read models.
    const stateFilters = async () =>
      expectStatus(await api('GET', `${budget.base}/state?part=summary`), 200).state.filters as unknown[]
    expect(await stateFilters()).toContainEqual({ id: view.id, name: 'Jedzenie w ROR', criteria, report })
    harness.app.ledger.cache.drop(budget.id)
    expect(await stateFilters()).toContainEqual({ id: view.id, name: 'Jedzenie w ROR', criteria, report })
    expect(await stateFilters()).toContainEqual({
      id: plain.id,
      name: 'Duże',
      criteria: { minValue: 10_000 },
    })

    const byClass = { kind: 'Spending', granularity: 'Year', dimension: 'spendingClass' }
    expectStatus(
      await api('PUT', `${budget.base}/filters/${view.id}`, { name: 'Klasy', criteria, report: byClass }),
      200,
    )
    expect((await byName('Klasy'))?.report).toEqual(byClass)

    // The plain filter's event has no report, as every event before views: rebuilding from the events gives the
    // same rows, the view's report among them.
    const db = ledgerDb(harness.app.database.db)
    const inline = await readModelRows(db, budget.id)
    expect(inline.filters).toHaveLength(2)
    await rebuildBudget(db, budget.id)
    expect(await readModelRows(db, budget.id)).toEqual(inline)
    harness.app.ledger.cache.drop(budget.id)
    expect(await byName('Klasy')).toMatchObject({ report: byClass })
    expect(await byName('Duże')).not.toHaveProperty('report')

    // Replaced without a report, it is a plain filter again.
    expectStatus(await api('PUT', `${budget.base}/filters/${view.id}`, { name: 'Klasy', criteria }), 200)
    expect(await byName('Klasy')).not.toHaveProperty('report')
  })

  it('refuses a report of an unknown kind or dimension with 400, and writes nothing', async () => {
    const before = (await filters()).length
    for (const report of [
      { kind: 'Pie', granularity: 'Month' },
      { kind: 'Spending', granularity: 'Month', dimension: 'payee' },
      { kind: 'Trends', granularity: 'Month', subject: '' },
    ]) {
      const answer = await api('POST', `${budget.base}/filters`, { name: 'Zły', criteria: {}, report })
      expect(answer.status).toBe(400)
    }
    expect(await filters()).toHaveLength(before)
  })

  it("carries views through the budget file: export, then import into a new budget, the subject's category mapped", async () => {
    const source = await smallBudget(api, 'Widoki źródło')
    const trend = { kind: 'Trends', granularity: 'Month', subject: source.rentId }
    await api('POST', `${source.base}/filters`, { name: 'Czynsz', criteria: {}, report: trend })
    const classes = { kind: 'Trends', granularity: 'Year', subject: 'Housing' }
    await api('POST', `${source.base}/filters`, { name: 'Mieszkanie', criteria: {}, report: classes })
    await api('POST', `${source.base}/filters`, { name: 'Zwykły', criteria: { payeeText: 'Biedronka' } })

    const exported = await harness.app.inject({
      method: 'POST',
      url: `${source.base}/export`,
      headers: {
        authorization: await harness.authorization('viewer-of-reports'),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ format: 'koperta' }),
    })
    expect(exported.statusCode).toBe(200)
    const file = exported.json()
    expect(file.version).toBe(3)
    expect(file.filters).toContainEqual(expect.objectContaining({ name: 'Czynsz', report: trend }))

    const copy = expectStatus(
      await api('POST', '/api/budget', { name: 'Kopia widoków', currency: 'PLN' }),
      201,
    )
    const upload = async (budgetId: string, text: string) => {
      const body = form(Buffer.from(text), 'budget.json')
      return harness.app.inject({
        method: 'POST',
        url: `/api/budget/import-budget/${budgetId}`,
        headers: {
          authorization: await harness.authorization('viewer-of-reports'),
          'content-type': body.contentType,
        },
        payload: body.payload,
      })
    }
    expect((await upload(copy.id, exported.body)).statusCode).toBe(201)
    const categories = expectStatus(await api('GET', `/api/budget/${copy.id}/categories`), 200) as Array<{
      id: string
      name: string
    }>
    const rent = categories.find((category) => category.name === 'Rent')
    expect(rent?.id).not.toBe(source.rentId)
    expect((await byName('Czynsz', copy.id))?.report).toEqual({ ...trend, subject: rent?.id })
    expect((await byName('Mieszkanie', copy.id))?.report).toEqual(classes)
    expect(await byName('Zwykły', copy.id)).not.toHaveProperty('report')

    // A file of before views (no `report` anywhere) still imports, its filters plain.
    const older = {
      ...file,
      filters: file.filters.map(({ report: _report, ...filter }: { report?: unknown }) => filter),
    }
    const other = expectStatus(
      await api('POST', '/api/budget', { name: 'Bez widoków', currency: 'PLN' }),
      201,
    )
    expect((await upload(other.id, JSON.stringify(older))).statusCode).toBe(201)
    expect(await filters(other.id)).toHaveLength(3)
    expect((await filters(other.id)).every((filter) => !('report' in filter))).toBe(true)
  })
})
