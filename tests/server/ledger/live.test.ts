import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../support/app.ts'
import { databases } from '../support/databases.ts'
import { type SmallBudget, smallBudget } from './fixtures.ts'
import { type Call, expectStatus, type Harness, startHarness } from './harness.ts'

interface SseEvent {
  readonly id: string
  readonly event: string
  readonly data: string
}

/** Reads Server-Sent Events from a live HTTP stream until `enough` says stop. */
const readEvents = async (
  url: string,
  headers: Record<string, string>,
  enough: (events: SseEvent[]) => boolean,
  afterOpen: () => Promise<void>,
): Promise<SseEvent[]> => {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), 10_000)
  const response = await fetch(url, { headers, signal: controller.signal })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/u)
  const reader = response.body?.getReader()
  if (reader === undefined) throw new Error('no body')
  const decoder = new TextDecoder()
  const events: SseEvent[] = []
  let buffer = ''
  let opened = false
  try {
    while (!enough(events)) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((line) => line !== '' && !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        )
        if (fields.id !== undefined)
          events.push({ id: fields.id, event: fields.event ?? '', data: fields.data ?? '' })
        end = buffer.indexOf('\n\n')
      }
      if (!opened) {
        opened = true
        await afterOpen()
      }
    }
  } finally {
    clearTimeout(timer)
    controller.abort()
  }
  return events
}

describe.each(databases())('live updates on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget
  let baseUrl: string
  // On PostgreSQL a second server instance writes (LISTEN/NOTIFY fan-out); PGlite has one process.
  let other: FastifyInstance | undefined
  let otherApi: Call

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('watcher')
    budget = await smallBudget(api)
    baseUrl = await harness.app.listen({ port: 0, host: '127.0.0.1' })
    otherApi = api
    if (target.kind === 'postgres') {
      const second = createTestApp(harness.database)
      await second.ready()
      other = second
      const authorization = await harness.authorization('watcher')
      otherApi = async (method, url, body, headers = {}) => {
        const response = await second.inject({
          method,
          url,
          headers: { authorization, ...headers },
          ...(body === undefined ? {} : { payload: body as object }),
        })
        return { status: response.statusCode, headers: response.headers, body: response.json() }
      }
    }
  }, 120_000)
  afterAll(async () => {
    await other?.close()
    await harness?.close()
  })

  it('lists the events after N as JSON', async () => {
    const page = expectStatus(await api('GET', `${budget.base}/events?after=2&limit=3`), 200)
    expect(page.events.map((event: { seq: number }) => event.seq)).toEqual([3, 4, 5])
    expect(page.events[0]).toMatchObject({ type: expect.any(String), data: expect.any(Object) })
  })

  it('streams an event written through another connection, resuming after Last-Event-ID', async () => {
    const { events: existing } = expectStatus(
      await api('GET', `${budget.base}/events?after=0&limit=10000`),
      200,
    )
    const lastSeq: number = existing.at(-1).seq
    const authorization = await harness.authorization('watcher')
    const events = await readEvents(
      `${baseUrl}${budget.base}/events/stream`,
      { authorization, 'last-event-id': String(lastSeq - 1) },
      (received) => received.some((event) => event.event === 'TransactionAdded'),
      async () => {
        expectStatus(
          await otherApi('POST', `${budget.base}/transactions`, {
            bankAccountId: budget.checkingId,
            date: '2025-03-09',
            payee: 'Live',
            value: -4_200,
            splits: [],
          }),
          201,
        )
      },
    )
    expect(events[0]?.id).toBe(String(lastSeq))
    const added = events.find((event) => event.event === 'TransactionAdded')
    expect(added?.id).toBe(String(lastSeq + 1))
    expect(JSON.parse(added?.data ?? '{}')).toMatchObject({
      seq: lastSeq + 1,
      type: 'TransactionAdded',
      commandId: expect.any(String),
      data: { transaction: { payee: 'Live', value: -4_200 } },
    })
  })

  it('serves the month view a second instance changed (the cache is validated by version)', async () => {
    const before = expectStatus(await api('GET', `${budget.base}/period/202503`), 200)
    expectStatus(
      await otherApi('PUT', `${budget.base}/period/202503/categories/${budget.rentId}/assigned`, {
        value: 12_345,
      }),
      200,
    )
    const after = expectStatus(await api('GET', `${budget.base}/period/202503`), 200)
    expect(after.readyToAssign).toBe(before.readyToAssign - 12_345)
    // And the first instance decides on the current state too.
    expectStatus(
      await api('POST', `${budget.base}/period/202503/move-money`, {
        fromCategoryId: budget.rentId,
        toCategoryId: null,
        value: 345,
      }),
      200,
    )
    const last = expectStatus(await otherApi('GET', `${budget.base}/period/202503`), 200)
    expect(last.categories.find((c: { id: string }) => c.id === budget.rentId).assigned).toBe(12_000)
  })
})
