import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databases } from '../support/databases.ts'
import { type SmallBudget, smallBudget, versionOf } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

// Retries racing each other over real sockets: on PostgreSQL each request has its own connection, so the retries
// queue on the stream's row lock while the first one commits.
describe.each(databases())('idempotency keys on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget
  let origin: string
  let authorization: string

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('retrier')
    budget = await smallBudget(api)
    authorization = await harness.authorization('retrier')
    await harness.app.listen({ host: '127.0.0.1', port: 0 })
    origin = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`
  }, 120_000)
  afterAll(async () => harness?.close())

  const post = async (path: string, body: unknown, key: string) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    })
    return { status: response.status, headers: response.headers, body: await response.json() }
  }
  const spending = (value: number) => ({
    bankAccountId: budget.checkingId,
    date: '2025-03-20',
    payee: 'Racing shop',
    value,
    splits: [{ categoryId: budget.foodId, value }],
  })
  const storedWithValue = async (value: number) => {
    const page = expectStatus(
      await api('GET', `${budget.base}/transactions?accountId=${budget.checkingId}&limit=1000`),
      200,
    )
    return page.items.filter((item: { value: number }) => item.value === value).length
  }

  it('answers every one of three simultaneous retries with the first answer, 20 times over', async () => {
    const before = await versionOf(api, budget.base)
    for (let round = 0; round < 20; round++) {
      const value = -(1_000 + round)
      const answers = await Promise.all(
        [0, 1, 2].map(() => post(`${budget.base}/transactions`, spending(value), `race-${round}`)),
      )
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
      expect(answers[1]?.body).toEqual(answers[0]?.body)
      expect(answers[2]?.body).toEqual(answers[0]?.body)
      expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(1)
      expect(await storedWithValue(value)).toBe(1)
    }
    expect(await versionOf(api, budget.base)).toBe(before + 20)
  })

  it('creates one budget for three simultaneous creations with one key', async () => {
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        [0, 1, 2].map(() =>
          post('/api/budget', { name: `Raced ${round}`, currency: 'EUR' }, `create-${round}`),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1)
    }
    const list = expectStatus(await api('GET', '/api/budget'), 200)
    expect(list.filter((item: { name: string }) => item.name.startsWith('Raced '))).toHaveLength(5)
  })

  it('answers simultaneous retries of a bulk import once', async () => {
    const items = Array.from({ length: 50 }, (_, index) => ({
      bankAccountId: budget.checkingId,
      date: '2025-03-21',
      payee: `Bulk ${index}`,
      value: -(2_000 + index),
      splits: [],
    }))
    const answers = await Promise.all(
      [0, 1, 2].map(() => post(`${budget.base}/transactions/bulk`, { items }, 'bulk-race')),
    )
    expect(new Set(answers.map((answer) => answer.status)).size).toBe(1)
    expect(answers[0]?.status).toBeLessThan(300)
    expect(answers[1]?.body).toEqual(answers[0]?.body)
    expect(await storedWithValue(-2_000)).toBe(1)
  })

  it('refuses a key reused with another body (422) and changes nothing', async () => {
    expectStatus(
      await api('POST', `${budget.base}/transactions`, spending(-31), { 'idempotency-key': 'reused' }),
      201,
    )
    const version = await versionOf(api, budget.base)
    const other = await post(`${budget.base}/transactions`, spending(-32), 'reused')
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({ status: 422, code: 'idempotency_key_reused' })
    expect(await storedWithValue(-32)).toBe(0)
    expect(await versionOf(api, budget.base)).toBe(version)
    // The same body again is still a retry.
    expect((await post(`${budget.base}/transactions`, spending(-31), 'reused')).status).toBe(201)
  })

  it('refuses a key reused on another operation', async () => {
    expectStatus(
      await api(
        'POST',
        `${budget.base}/category-groups`,
        { name: 'Keyed' },
        { 'idempotency-key': 'shared-key' },
      ),
      201,
    )
    const other = await post(`${budget.base}/transactions`, spending(-33), 'shared-key')
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused' })
  })

  it('refuses racing retries whose bodies differ: one is applied, the others get 422', async () => {
    const answers = await Promise.all(
      [-41, -42, -43].map((value) => post(`${budget.base}/transactions`, spending(value), 'race-different')),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422])
    const stored = (await Promise.all([-41, -42, -43].map(storedWithValue))).reduce((a, b) => a + b, 0)
    expect(stored).toBe(1)
  })
})
