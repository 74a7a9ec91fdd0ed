import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ActorLogic, createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type AnalyticsBatch,
  type AnalyticsInput,
  type AnalyticsMachineEvent,
  analyticsMachine,
  DRAIN_INTERVAL_MS,
  type SendBatchInput,
  type SendBatchOutput,
  selectQueuedAnalytics,
} from '../../machines/analytics/index.ts'
import { createFakePlatform } from '../unit/machines/fakePlatform.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

type AnalyticsSnapshot = SnapshotFrom<typeof analyticsMachine>

/** Besides its own events the chart reacts to its drain timer and to the sendBatch actor finishing. */
type ModelEvent =
  | AnalyticsMachineEvent
  | { type: 'xstate.after.drainInterval.analytics.waiting' }
  | { type: 'xstate.done.actor.sendBatch'; output: SendBatchOutput }

type EventOf<K extends ModelEvent['type']> = Extract<ModelEvent, { type: K }>

type Pending = { resolve: () => void; reject: (error: Error) => void }
type Harness = {
  actor: ReturnType<typeof createActor<typeof analyticsMachine>>
  pending: Pending[]
  sent: AnalyticsBatch[]
}

type EventFixture<K extends ModelEvent['type']> = {
  samples: ReadonlyArray<EventOf<K>>
  exec: (event: EventOf<K>, harness: Harness) => Promise<void>
}
type EventFixtures = { [K in ModelEvent['type']]: EventFixture<K> }

/** How the server answers, for each outcome sendBatch can report. */
const SEND_BATCH_OUTCOMES = {
  sent: (request) => request.resolve(),
  failed: (request) => request.reject(new Error('503')),
} satisfies Record<SendBatchOutput['outcome'], (request: Pending) => void>

const EVENT_FIXTURES = {
  'analytics.track': {
    samples: [{ type: 'analytics.track', name: 'money_assigned' }],
    exec: async (event, { actor }) => actor.send(event),
  },
  'xstate.after.drainInterval.analytics.waiting': {
    samples: [{ type: 'xstate.after.drainInterval.analytics.waiting' }],
    exec: async () => {
      await vi.advanceTimersByTimeAsync(DRAIN_INTERVAL_MS)
    },
  },
  'xstate.done.actor.sendBatch': {
    samples: [
      { type: 'xstate.done.actor.sendBatch', output: { outcome: 'sent' } },
      { type: 'xstate.done.actor.sendBatch', output: { outcome: 'failed' } },
    ],
    exec: async (event, { pending }) => {
      const request = pending.shift()
      if (request) SEND_BATCH_OUTCOMES[event.output.outcome](request)
      await vi.advanceTimersByTimeAsync(0)
    },
  },
} satisfies EventFixtures

const execute = <K extends ModelEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: EventFixtures[K] = EVENT_FIXTURES[type]
  return fixture.exec(event, harness)
}

/** Queue length matters, its contents do not; the bound keeps the graph finite. */
const MODEL_QUEUE_BOUND = 2
const serializeState = (snapshot: AnalyticsSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    queued: snapshot.context.queue.length,
    inFlight: snapshot.context.inFlight.length,
  })

const recorder = createTransitionRecorder()

const startHarness = (machine = analyticsMachine): Harness => {
  const pending: Pending[] = []
  const sent: AnalyticsBatch[] = []
  const fake = createFakePlatform({
    sendAnalytics: (batch) =>
      new Promise<void>((resolve, reject) => {
        sent.push(batch)
        pending.push({ resolve, reject })
      }),
  })
  const actor = createActor(machine, { input: { port: fake.platform }, inspect: recorder.inspect })
  actor.start()
  return { actor, pending, sent }
}

const replay = (walk: Walk<AnalyticsSnapshot, ModelEvent>) =>
  replayWalk(walk, {
    start: () => startHarness(),
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot, _step, harness) => {
      // A request is on the wire exactly while the chart says it is sending.
      expect(harness.pending.length).toBe(snapshot.matches('sending') ? 1 : 0)
    },
  })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('analytics machine model', () => {
  it('replays every edge of the graph against a real actor and a scripted server', async () => {
    // The model drives the chart with its timer and actor events too, which are not in the
    // machine's public event union; the logic accepts any event at runtime.
    const logic = analyticsMachine as unknown as ActorLogic<AnalyticsSnapshot, ModelEvent, AnalyticsInput>
    const model = new TestModel(logic, {
      input: { port: createFakePlatform().platform },
      events: Object.values(EVENT_FIXTURES).flatMap((fixture): ReadonlyArray<ModelEvent> => fixture.samples),
      filterEvents: (snapshot, event) =>
        event.type !== 'analytics.track' || snapshot.context.queue.length < MODEL_QUEUE_BOUND,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThanOrEqual(5)
  })

  it('journey: a sendBatch that throws (a bug) still keeps the events', async () => {
    const throwing = analyticsMachine.provide({
      actors: {
        sendBatch: fromPromise<SendBatchOutput, SendBatchInput>(() => Promise.reject(new Error('bug'))),
      },
    })
    const harness = startHarness(throwing)
    harness.actor.send({ type: 'analytics.track', name: 'target_set' })
    await vi.advanceTimersByTimeAsync(DRAIN_INTERVAL_MS)
    expect(harness.actor.getSnapshot().value).toBe('waiting')
    expect(selectQueuedAnalytics(harness.actor.getSnapshot())).toHaveLength(1)
    harness.actor.stop()
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(analyticsMachine)).toEqual([])
  })
})
