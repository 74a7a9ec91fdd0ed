import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  ANALYTICS_EVENT_NAMES,
  type AnalyticsBatch,
  analyticsMachine,
  DRAIN_INTERVAL_MS,
  MAX_QUEUED_EVENTS,
  selectQueuedAnalytics,
} from '../../../machines/analytics/index.ts'
import { createFakePlatform } from './fakePlatform.ts'

type Deferred = { resolve: () => void; reject: (error: Error) => void; signal: AbortSignal }

/** A server the test answers by hand, so requests can overlap new events. */
const manualServer = () => {
  const pending: Deferred[] = []
  const send = (_batch: AnalyticsBatch, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ resolve, reject, signal })
    })
  return { pending, send }
}

const names = (batch: AnalyticsBatch | undefined) => (batch ?? []).map((event) => event.name)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('analytics machine', () => {
  it('lists the SPEC §7 events', () => {
    expect(ANALYTICS_EVENT_NAMES).toContain('help_opened')
    expect(ANALYTICS_EVENT_NAMES).toContain('import_csv_started')
    expect(ANALYTICS_EVENT_NAMES).toHaveLength(13)
  })

  it('stamps events with the platform clock and drains them 3 s later', async () => {
    const fake = createFakePlatform({ now: Date.UTC(2026, 0, 2, 3, 4, 5) })
    const analytics = createActor(analyticsMachine, { input: { port: fake.platform } }).start()
    analytics.send({ type: 'analytics.track', name: 'import_csv_started', props: { bankId: 'mbank' } })
    expect(selectQueuedAnalytics(analytics.getSnapshot())).toEqual([
      {
        name: 'import_csv_started',
        occurredAt: '2026-01-02T03:04:05.000Z',
        props: { bankId: 'mbank' },
      },
    ])
    await vi.advanceTimersByTimeAsync(DRAIN_INTERVAL_MS - 1)
    expect(fake.calls.sentBatches).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.calls.sentBatches).toHaveLength(1)
    expect(selectQueuedAnalytics(analytics.getSnapshot())).toEqual([])
    expect(analytics.getSnapshot().value).toBe('idle')
  })

  it('sends nothing while the queue is empty', async () => {
    const fake = createFakePlatform()
    createActor(analyticsMachine, { input: { port: fake.platform } }).start()
    await vi.advanceTimersByTimeAsync(DRAIN_INTERVAL_MS * 5)
    expect(fake.calls.sentBatches).toEqual([])
  })

  it('keeps a failed batch and sends it again on the next tick', async () => {
    let failures = 1
    const fake = createFakePlatform({
      sendAnalytics: () => (failures-- > 0 ? Promise.reject(new Error('offline')) : Promise.resolve()),
    })
    const analytics = createActor(analyticsMachine, { input: { port: fake.platform } }).start()
    analytics.send({ type: 'analytics.track', name: 'money_assigned' })
    await vi.advanceTimersByTimeAsync(DRAIN_INTERVAL_MS)
    expect(fake.calls.sentBatches).toHaveLength(1)
    expect(names(selectQueuedAnalytics(analytics.getSnapshot()))).toEqual(['money_assigned'])
    await vi.advanceTimersByTimeAsync(DRAIN_INTERVAL_MS)
    expect(fake.calls.sentBatches.map(names)).toEqual([['money_assigned'], ['money_assigned']])
    expect(selectQueuedAnalytics(analytics.getSnapshot())).toEqual([])
  })

  it('removes only the events that were sent, not those queued during the request', async () => {
    const server = manualServer()
    const fake = createFakePlatform({ sendAnalytics: server.send })
    const analytics = createActor(analyticsMachine, { input: { port: fake.platform } }).start()
    analytics.send({ type: 'analytics.track', name: 'transaction_added' })
    await vi.advanceTimersByTimeAsync(DRAIN_INTERVAL_MS)
    expect(server.pending).toHaveLength(1)
    analytics.send({ type: 'analytics.track', name: 'target_set' })
    server.pending[0]?.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(names(selectQueuedAnalytics(analytics.getSnapshot()))).toEqual(['target_set'])
    await vi.advanceTimersByTimeAsync(DRAIN_INTERVAL_MS)
    expect(fake.calls.sentBatches.map(names)).toEqual([['transaction_added'], ['target_set']])
  })

  it('aborts a request in flight when the machine stops', async () => {
    const server = manualServer()
    const fake = createFakePlatform({ sendAnalytics: server.send })
    const analytics = createActor(analyticsMachine, { input: { port: fake.platform } }).start()
    analytics.send({ type: 'analytics.track', name: 'auto_assign' })
    await vi.advanceTimersByTimeAsync(DRAIN_INTERVAL_MS)
    expect(server.pending[0]?.signal.aborted).toBe(false)
    analytics.stop()
    expect(server.pending[0]?.signal.aborted).toBe(true)
  })

  it('caps the queue, dropping the oldest events', () => {
    const fake = createFakePlatform()
    const analytics = createActor(analyticsMachine, { input: { port: fake.platform } }).start()
    for (let i = 0; i < MAX_QUEUED_EVENTS + 2; i++) {
      analytics.send({ type: 'analytics.track', name: 'template_used', props: { i } })
    }
    const queued = selectQueuedAnalytics(analytics.getSnapshot())
    expect(queued).toHaveLength(MAX_QUEUED_EVENTS)
    expect(queued[0]?.props).toEqual({ i: 2 })
  })
})
