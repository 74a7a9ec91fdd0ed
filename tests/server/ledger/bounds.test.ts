import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases } from '../support/databases.ts'
import { versionOf } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

// Issue 26 §1: two accounts opened with 2^53 − 1 each were both accepted, and from then on every month view and
// the account list answered 500. An amount beyond the limit is now refused at decode (400) and a total the budget
// would keep beyond its bound by the domain (422); reads keep answering.
describe.each(databases())('money bounds on $kind', (target) => {
  let harness: Harness
  let api: Call
  let base: string

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('bounds')
    const budget = expectStatus(await api('POST', '/api/budget', { name: 'Bounds', currency: 'PLN' }), 201)
    base = `/api/budget/${budget.id}`
  }, 120_000)
  afterAll(async () => harness?.close())

  const open = (balance: number) =>
    api('POST', `${base}/bank-accounts`, { name: 'Big', type: 'unconnected', balance, date: '2025-01-01' })

  it('refuses an opening balance of 2^53 − 1 (400) and reads still answer 200', async () => {
    const version = await versionOf(api, base)
    for (const _ of [1, 2]) {
      const answer = await open(Number.MAX_SAFE_INTEGER)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ code: 'validation_failed' })
    }
    expect(await versionOf(api, base)).toBe(version)
    expectStatus(await api('GET', `${base}/period/202501`), 200)
    expectStatus(await api('GET', `${base}/bank-accounts`), 200)
  })

  it('refuses the account that would take the totals past their bound (422) and reads still answer 200', async () => {
    const accepted: number[] = []
    let refused: { status: number; body: { code?: string } } | undefined
    // 10^13 per account (the per-amount limit): the budget's totals reach their bound after a hundred or so.
    for (let index = 0; index < 200 && refused === undefined; index++) {
      const answer = await open(10_000_000_000_000)
      if (answer.status === 201) accepted.push(index)
      else refused = answer
    }
    expect(accepted.length).toBeGreaterThan(10)
    expect(refused?.status).toBe(422)
    expect(refused?.body).toMatchObject({ code: 'budget-totals-too-large' })
    const month = expectStatus(await api('GET', `${base}/period/202501`), 200)
    expect(month.readyToAssign).toBe(accepted.length * 10_000_000_000_000)
    const accounts = expectStatus(await api('GET', `${base}/bank-accounts`), 200)
    expect(accounts).toHaveLength(accepted.length)
  }, 120_000)
})
