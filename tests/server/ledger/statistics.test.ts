import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crossesGrowthStep } from '../../../server/ledger/statistics.ts'
import { databases } from '../support/databases.ts'
import { type SmallBudget, smallBudget } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

describe('planner statistics steps', () => {
  it('are crossed at 1 024 transactions and at every doubling after it, once each', () => {
    expect(crossesGrowthStep(0, 1_023)).toBe(false)
    expect(crossesGrowthStep(1_000, 1_024)).toBe(true)
    expect(crossesGrowthStep(1_024, 2_047)).toBe(false)
    expect(crossesGrowthStep(2_000, 2_048)).toBe(true)
    expect(crossesGrowthStep(0, 1_000_000)).toBe(true)
    expect(crossesGrowthStep(600_000, 1_000_000)).toBe(false)
    expect(crossesGrowthStep(1_048_575, 1_048_576)).toBe(true)
    // Shrinking never analyzes.
    expect(crossesGrowthStep(5_000, 1_024)).toBe(false)
  })
})

describe.each(databases())('planner statistics on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('statistician')
    budget = await smallBudget(api)
  }, 120_000)
  afterAll(async () => harness?.close())

  const analyses = async () => {
    const { rows } = await sql<{ count: string | number }>`
      select coalesce(sum(analyze_count), 0) as count from pg_stat_user_tables where relname = 'transactions'
    `.execute(harness.app.ledger.db)
    return Number(rows[0]?.count ?? 0)
  }

  it('are refreshed when a bulk import takes a budget past a step', async () => {
    const item = (index: number) => ({
      bankAccountId: budget.checkingId,
      date: '2025-03-05',
      payee: `P${index}`,
      value: -100,
      splits: [],
    })
    await harness.app.ledger.statistics.settle()
    const before = await analyses()
    const add = async (from: number, count: number) =>
      expectStatus(
        await api('POST', `${budget.base}/transactions/bulk`, {
          items: Array.from({ length: count }, (_, index) => item(from + index)),
        }),
        201,
      )
    await add(0, 1_000)
    await harness.app.ledger.statistics.settle()
    expect(await analyses()).toBe(before)
    await add(1_000, 100)
    await harness.app.ledger.statistics.settle()
    expect(await analyses()).toBe(before + 1)
  })
})
