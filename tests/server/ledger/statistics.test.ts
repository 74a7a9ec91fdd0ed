import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crossesGrowthStep } from '../../../server/ledger/statistics.ts'
import { databases } from '../support/databases.ts'
import { type SmallBudget, smallBudget } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

describe('planner statistics steps', () => {
  it('are crossed at 4 096 transactions and at every fourfold growth after it, once each', () => {
    expect(crossesGrowthStep(0, 4_095)).toBe(false)
    expect(crossesGrowthStep(4_000, 4_096)).toBe(true)
    expect(crossesGrowthStep(4_096, 16_383)).toBe(false)
    expect(crossesGrowthStep(16_000, 16_384)).toBe(true)
    expect(crossesGrowthStep(0, 1_000_000)).toBe(true)
    expect(crossesGrowthStep(300_000, 1_000_000)).toBe(false)
    expect(crossesGrowthStep(1_048_575, 1_048_576)).toBe(true)
    // Shrinking never analyzes.
    expect(crossesGrowthStep(20_000, 4_096)).toBe(false)
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
    await add(0, 4_000)
    await harness.app.ledger.statistics.settle()
    expect(await analyses()).toBe(before)
    await add(4_000, 100)
    await harness.app.ledger.statistics.settle()
    expect(await analyses()).toBe(before + 1)
  })
})
