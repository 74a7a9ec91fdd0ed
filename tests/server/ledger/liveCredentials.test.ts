import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPersonalToken, revokePersonalToken } from '../../../server/identity/personalTokens.ts'
import { findUserByEmail, setDisabled } from '../../../server/identity/users.ts'
import type { LiveStreamSettings } from '../../../server/ledger/live.ts'
import { databases } from '../support/databases.ts'
import { type SmallBudget, smallBudget } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

/** An open event stream: the event types it delivered, and whether the server has ended it. */
const openStream = async (url: string, authorization: string) => {
  const controller = new AbortController()
  const response = await fetch(url, { headers: { authorization }, signal: controller.signal })
  expect(response.status).toBe(200)
  const reader = response.body?.getReader()
  if (reader === undefined) throw new Error('no body')
  const delivered: string[] = []
  const decoder = new TextDecoder()
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return true
      for (const line of decoder.decode(value, { stream: true }).split('\n')) {
        if (line.startsWith('event: ')) delivered.push(line.slice('event: '.length))
      }
    }
  })().catch(() => false)
  return {
    delivered,
    /** True when the server ended the stream within `ms`. */
    endsWithin: (ms: number) =>
      Promise.race([ended, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]),
    close: () => controller.abort(),
  }
}

describe.each(databases())('live streams end with their credential on $kind', (target) => {
  let harness: Harness
  let baseUrl: string

  const settle = (settings: LiveStreamSettings) => Object.assign(harness.app.ledger, { live: settings })

  const userIdOf = async (name: string) => {
    const user = await findUserByEmail(harness.app.identity.db, `${name}-${target.kind}@example.com`)
    if (user === undefined) throw new Error(`no user ${name}`)
    return user.id
  }

  beforeAll(async () => {
    harness = await startHarness(target)
    baseUrl = await harness.app.listen({ port: 0, host: '127.0.0.1' })
  }, 120_000)
  afterAll(async () => harness?.close())

  const spend = (api: Call, budget: SmallBudget, payee: string) =>
    api('POST', `${budget.base}/transactions`, {
      bankAccountId: budget.checkingId,
      date: '2025-03-09',
      payee,
      value: -100,
      splits: [],
    })

  it('delivers nothing after its personal token is revoked, and ends', async () => {
    // The periodic check is far off: the check before a delivery must do it.
    settle({ recheckEveryMs: 60_000, maxLifetimeMs: 60_000 })
    const api = await harness.as('revoked')
    const budget = await smallBudget(api)
    const userId = await userIdOf('revoked')
    const second = await createPersonalToken(harness.app.identity.db, userId, 'stream')
    const stream = await openStream(`${baseUrl}${budget.base}/events/stream`, `Bearer ${second.token}`)
    expectStatus(await spend(api, budget, 'Before'), 201)
    await expect.poll(() => stream.delivered.includes('TransactionAdded')).toBe(true)
    const before = stream.delivered.length
    expect(await revokePersonalToken(harness.app.identity.db, userId, second.id)).toBe(true)
    for (const payee of ['After 1', 'After 2', 'After 3']) expectStatus(await spend(api, budget, payee), 201)
    expect(await stream.endsWithin(5_000)).toBe(true)
    expect(stream.delivered.length).toBe(before)
  })

  it('ends within the check interval once its user is disabled, with no event to deliver', async () => {
    settle({ recheckEveryMs: 100, maxLifetimeMs: 60_000 })
    const api = await harness.as('disabled')
    const budget = await smallBudget(api)
    const stream = await openStream(
      `${baseUrl}${budget.base}/events/stream`,
      await harness.authorization('disabled'),
    )
    expect(await stream.endsWithin(500)).toBe(false)
    await setDisabled(harness.app.identity.db, await userIdOf('disabled'), true)
    expect(await stream.endsWithin(3_000)).toBe(true)
  })

  it('ends after its maximum lifetime even with its credential intact', async () => {
    settle({ recheckEveryMs: 60_000, maxLifetimeMs: 400 })
    const api = await harness.as('long-lived')
    const budget = await smallBudget(api)
    const stream = await openStream(
      `${baseUrl}${budget.base}/events/stream`,
      await harness.authorization('long-lived'),
    )
    expect(await stream.endsWithin(3_000)).toBe(true)
    // A new stream is welcome.
    const next = await openStream(
      `${baseUrl}${budget.base}/events/stream`,
      await harness.authorization('long-lived'),
    )
    expectStatus(await spend(api, budget, 'Next'), 201)
    await expect.poll(() => next.delivered.includes('TransactionAdded')).toBe(true)
    next.close()
  })
})
