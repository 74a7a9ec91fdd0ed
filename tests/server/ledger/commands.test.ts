import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'
import * as Schema from 'effect/Schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { replay } from '../../../domain/evolve.ts'
import { toSnapshot } from '../../../domain/snapshot.ts'
import { BudgetEvent } from '../../../schemas/budgetEvents.ts'
import { browserAcceptEncoding } from '../support/browser.ts'
import { databases } from '../support/databases.ts'
import { type SmallBudget, smallBudget, versionOf } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

const decodeEvent = Schema.decodeUnknownSync(BudgetEvent)

describe.each(databases())('POST /api/budget/{id}/commands on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('commander')
    budget = await smallBudget(api)
  })
  afterAll(async () => harness.close())

  const setAssigned = (value: number) => ({
    command: { _tag: 'SetAssigned', periodKey: '202503', categoryId: budget.rentId, value },
  })

  it('runs a domain command and answers the appended events with their seq and the command id', async () => {
    const before = await versionOf(api, budget.base)
    const answer = expectStatus(
      await api('POST', `${budget.base}/commands`, setAssigned(12_345), {
        'idempotency-key': 'assign-1',
        'if-match': `"${before}"`,
      }),
      200,
    )
    expect(answer.version).toBe(before + 1)
    expect(answer.events).toHaveLength(1)
    expect(answer.events[0]).toMatchObject({
      seq: before + 1,
      type: 'AssignedSet',
      commandId: 'assign-1',
      data: { _tag: 'AssignedSet', assigned: 12_345 },
    })
    const month = expectStatus(await api('GET', `${budget.base}/period/202503`), 200)
    expect(month.categories.find((c: { id: string }) => c.id === budget.rentId).assigned).toBe(12_345)
  })

  it('answers a retry with the first answer and appends nothing', async () => {
    const first = expectStatus(
      await api('POST', `${budget.base}/commands`, setAssigned(500), { 'idempotency-key': 'assign-2' }),
      200,
    )
    const again = expectStatus(
      await api('POST', `${budget.base}/commands`, setAssigned(500), { 'idempotency-key': 'assign-2' }),
      200,
    )
    expect(again).toEqual(first)
    expect(await versionOf(api, budget.base)).toBe(first.version)
  })

  it('refuses a stale If-Match with 412, a domain refusal with 422, bad input with 400; nothing is written', async () => {
    const version = await versionOf(api, budget.base)
    expectStatus(
      await api('POST', `${budget.base}/commands`, setAssigned(1), { 'if-match': `"${version - 1}"` }),
      412,
    )
    const refused = expectStatus(
      await api('POST', `${budget.base}/commands`, {
        command: {
          _tag: 'AddTransfer',
          transferId: crypto.randomUUID(),
          outflowTransactionId: crypto.randomUUID(),
          inflowTransactionId: crypto.randomUUID(),
          fromBankAccountId: budget.checkingId,
          toBankAccountId: budget.checkingId,
          date: '2025-03-02',
          value: 100,
        },
      }),
      422,
    )
    expect(refused.code).toBeTypeOf('string')
    const bad = expectStatus(
      await api('POST', `${budget.base}/commands`, { command: { _tag: 'SetAssigned', periodKey: '202513' } }),
      400,
    )
    expect(bad.code).toBe('validation_failed')
    expectStatus(
      await api('POST', `${budget.base}/commands`, { command: { _tag: 'CreateBudget', name: 'x' } }),
      400,
    )
    expect(await versionOf(api, budget.base)).toBe(version)
  })

  it('refuses a malformed command with a problem document before any statement: no lock is taken', async () => {
    const ledger = harness.app.ledger
    const { db } = ledger
    let statements = 0
    // The routes read the ledger from this object: count what reaches the database through it.
    Object.assign(ledger, {
      db: db.withPlugin({
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => {
          statements++
          return result
        },
      }),
    })
    let answers: Awaited<ReturnType<Call>>[]
    try {
      answers = [
        await api('POST', `${budget.base}/commands`, {
          command: { _tag: 'SetAssigned', periodKey: '202513' },
        }),
        await api('POST', `${budget.base}/commands`, { command: { _tag: 'NoSuchCommand' } }),
        await api('POST', `${budget.base}/commands`, { command: 'SetAssigned' }),
      ]
    } finally {
      Object.assign(ledger, { db })
    }
    for (const answer of answers) {
      expect(answer.status).toBe(400)
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/u)
      expect(answer.body).toMatchObject({ status: 400, code: 'validation_failed' })
      expect(answer.body.errors.length).toBeGreaterThan(0)
    }
    expect(statements).toBe(0)
  })

  it("answers the events as stored: the write's answer equals what GET …/events lists, recordedAt included", async () => {
    const answer = expectStatus(
      await api('POST', `${budget.base}/commands`, setAssigned(4_321), {
        'idempotency-key': 'assign-stored',
      }),
      200,
    )
    const [written] = answer.events
    const listed = expectStatus(
      await api('GET', `${budget.base}/events?after=${written.seq - 1}&limit=1`),
      200,
    )
    expect(listed.events).toEqual([written])
    expect(new Date(written.recordedAt).toISOString()).toBe(written.recordedAt)
  })

  it('ignores meta fields the caller sends: the server stamps who and which command', async () => {
    const answer = expectStatus(
      await api(
        'POST',
        `${budget.base}/commands`,
        {
          command: { ...setAssigned(7).command, userId: 'someone-else', commandId: 'forged' },
        },
        { 'idempotency-key': 'assign-3' },
      ),
      200,
    )
    expect(answer.events[0].commandId).toBe('assign-3')
    expect(answer.events[0].actorUserId).not.toBe('someone-else')
  })

  it('answers 404 for a budget the caller is not a member of', async () => {
    const stranger = await harness.as('stranger')
    expectStatus(await stranger('POST', `${budget.base}/commands`, setAssigned(1)), 404)
  })

  it('GET …/state answers the whole state at the current version, the same as replaying the events', async () => {
    const answer = await api('GET', `${budget.base}/state`)
    const body = expectStatus(answer, 200)
    expect(answer.headers.etag).toBe(`"${body.version}"`)
    const events = expectStatus(await api('GET', `${budget.base}/events?after=0`), 200)
    const replayed = toSnapshot(
      replay(events.events.map((stored: { data: unknown }) => decodeEvent(stored.data))),
    )
    expect(body.state).toEqual(JSON.parse(JSON.stringify(replayed)))
    expect(body.state.accounts.map((account: { name: string }) => account.name).sort()).toEqual([
      'Checking',
      'Savings',
    ])
  })

  it('sends the state compressed to a client that accepts zstd, brotli or gzip', async () => {
    const plain = expectStatus(await api('GET', `${budget.base}/state`), 200)
    const authorization = await harness.authorization('commander')
    for (const [encoding, inflate] of [
      ['zstd', zstdDecompressSync],
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `${budget.base}/state`,
        headers: { authorization, 'accept-encoding': encoding },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(JSON.parse(inflate(response.rawPayload).toString('utf8'))).toEqual(plain)
    }
    const browser = await harness.app.inject({
      method: 'GET',
      url: `${budget.base}/state`,
      headers: { authorization, 'accept-encoding': browserAcceptEncoding },
    })
    expect(browser.headers['content-encoding']).toBe('zstd')
  })

  it('sends a month view in the coding the client prefers, compressed once per version and never stale', async () => {
    // Enough categories for an answer worth compressing (1 KB and more).
    for (const name of ['Fuel', 'Phone', 'Gifts', 'Books', 'Cinema'])
      await api('POST', `${budget.base}/categories`, {
        categoryGroupId: budget.groupId,
        name,
        type: 'Expense',
      })
    const authorization = await harness.authorization('commander')
    const monthView = (acceptEncoding: string) =>
      harness.app.inject({
        method: 'GET',
        url: `${budget.base}/period/202503`,
        headers: { authorization, 'accept-encoding': acceptEncoding },
      })
    const read = (response: Awaited<ReturnType<typeof monthView>>) => {
      const coding = response.headers['content-encoding']
      const bytes =
        coding === 'zstd'
          ? zstdDecompressSync(response.rawPayload)
          : coding === 'br'
            ? brotliDecompressSync(response.rawPayload)
            : coding === 'gzip'
              ? gunzipSync(response.rawPayload)
              : response.rawPayload
      return JSON.parse(bytes.toString('utf8'))
    }
    const plain = await monthView('identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    const zstd = await monthView(browserAcceptEncoding)
    expect(zstd.headers['content-encoding']).toBe('zstd')
    expect(read(zstd)).toEqual(read(plain))
    expect((await monthView('zstd')).rawPayload).toEqual(zstd.rawPayload)
    const brotli = await monthView('gzip, deflate, br')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(read(brotli)).toEqual(read(plain))
    expect((await monthView('br')).rawPayload).toEqual(brotli.rawPayload)
    const gzip = await monthView('zstd;q=0, br;q=0, *')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(read(gzip)).toEqual(read(plain))

    await api('POST', `${budget.base}/commands`, setAssigned(43_210))
    const after = await monthView('br')
    expect(after.headers.etag).not.toBe(brotli.headers.etag)
    const rent = read(after).categories.find((category: { id: string }) => category.id === budget.rentId)
    expect(rent.assigned).toBe(43_210)
  })

  it('GET …/state?part=summary answers all but the transactions, at the same version', async () => {
    for (const [id, date] of [
      ['tx-b', '2025-03-05'],
      ['tx-a', '2025-03-05'],
      ['tx-c', '2025-03-05'],
      ['tx-d', '2025-03-07'],
    ])
      await api('POST', `${budget.base}/transactions`, {
        id,
        bankAccountId: budget.checkingId,
        date,
        payee: 'Shop',
        value: -1_000,
        splits: [{ categoryId: budget.foodId, value: -1_000 }],
      })
    const full = expectStatus(await api('GET', `${budget.base}/state`), 200)
    const summary = expectStatus(await api('GET', `${budget.base}/state?part=summary`), 200)
    expect(summary.version).toBe(full.version)
    // Newest first, then by id, as the app lists them (domain/transactionOrder.ts).
    expect(full.state.transactions.map((transaction: { id: string }) => transaction.id)).toEqual([
      'tx-d',
      'tx-c',
      'tx-b',
      'tx-a',
    ])
    expect(summary.state.transactions).toEqual([])
    expect(summary.state).toEqual({ ...full.state, transactions: [], transfers: [] })
  })
})
