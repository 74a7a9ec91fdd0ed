import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  selectToasts,
  TOAST_AUTO_HIDE_MS,
  TOAST_LEAVE_ANIMATION_MS,
  type ToastsEvent,
  toastMachine,
  toastsMachine,
} from '../../machines/toasts/index.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

type ToastsSnapshot = SnapshotFrom<typeof toastsMachine>
type Harness = { actor: ReturnType<typeof createActor<typeof toastsMachine>> }
type EventOf<K extends ToastsEvent['type']> = Extract<ToastsEvent, { type: K }>
type EventFixture<K extends ToastsEvent['type']> = {
  samples: ReadonlyArray<EventOf<K>>
  exec: (event: EventOf<K>, harness: Harness) => void
}
type EventFixtures = { [K in ToastsEvent['type']]: EventFixture<K> }

const IDS = ['toast-1', 'toast-2', 'toast-3'] as const

/**
 * The list reacts to its children's lifecycle events, so those are the graph's events; each is
 * replayed the way the real world causes it (a dismiss, the animation timer).
 */
const EVENT_FIXTURES = {
  'toast.show': {
    samples: [{ type: 'toast.show', kind: 'success' }],
    exec: (event, { actor }) => actor.send(event),
  },
  // Not sampled: its only effect comes back from the child as toast.leaving, replayed below.
  'toast.dismiss': { samples: [], exec: (event, { actor }) => actor.send(event) },
  'toast.leaving': {
    samples: IDS.map((id) => ({ type: 'toast.leaving', id })),
    exec: (event, { actor }) => actor.send({ type: 'toast.dismiss', id: event.id }),
  },
  'toast.removed': {
    samples: IDS.map((id) => ({ type: 'toast.removed', id })),
    exec: () => vi.advanceTimersByTime(TOAST_LEAVE_ANIMATION_MS),
  },
} satisfies EventFixtures

const execute = <K extends ToastsEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: EventFixtures[K] = EVENT_FIXTURES[type]
  fixture.exec(event, harness)
}

/**
 * Keeps the model to what one clock can replay unambiguously: at most three toasts per walk
 * (so total time stays far below the 5 s auto-hide) and one leaving at a time (so the animation
 * timer removes exactly the toast the model removes).
 */
const isReplayable = (snapshot: ToastsSnapshot, event: ToastsEvent): boolean => {
  const leaving = snapshot.context.toasts.find((toast) => toast.leaving)
  switch (event.type) {
    case 'toast.show':
      return snapshot.context.nextId <= IDS.length
    case 'toast.leaving':
      return leaving === undefined
    case 'toast.removed':
      return leaving?.id === event.id
    case 'toast.dismiss':
      return true
  }
}

const serializeState = (snapshot: ToastsSnapshot) =>
  JSON.stringify({
    nextId: snapshot.context.nextId,
    toasts: snapshot.context.toasts.map(({ id, leaving }) => ({ id, leaving })),
  })

const recorder = createTransitionRecorder()

const startHarness = (): Harness => ({
  actor: createActor(toastsMachine, { inspect: recorder.inspect }).start(),
})

const replay = (walk: Walk<ToastsSnapshot, ToastsEvent>) =>
  replayWalk(walk, {
    start: startHarness,
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot) => {
      // Exactly one live child per listed toast.
      expect(Object.keys(snapshot.children).sort()).toEqual(
        snapshot.context.toasts.map((toast) => toast.id).sort(),
      )
    },
  })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('toasts machine model', () => {
  it('replays every edge of the graph against a real actor with real toast children', async () => {
    const model = new TestModel(toastsMachine, {
      events: Object.values(EVENT_FIXTURES).flatMap((fixture): ReadonlyArray<ToastsEvent> => fixture.samples),
      filterEvents: isReplayable,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThan(10)
  })

  it('journey: an untouched toast leaves after 5 s and is gone 300 ms later', () => {
    const { actor } = startHarness()
    actor.send({ type: 'toast.show', kind: 'info' })
    vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS)
    expect(selectToasts(actor.getSnapshot())[0]?.leaving).toBe(true)
    vi.advanceTimersByTime(TOAST_LEAVE_ANIMATION_MS)
    expect(selectToasts(actor.getSnapshot())).toEqual([])
    actor.stop()
  })

  it('journey: dismissing an unknown toast changes nothing', () => {
    const { actor } = startHarness()
    actor.send({ type: 'toast.show', kind: 'info' })
    const before = serializeState(actor.getSnapshot())
    actor.send({ type: 'toast.dismiss', id: 'toast-9' })
    expect(serializeState(actor.getSnapshot())).toBe(before)
    actor.stop()
  })

  it('walked every transition of the list and toast charts at least once', () => {
    expect(recorder.missingFrom(toastsMachine)).toEqual([])
    expect(recorder.missingFrom(toastMachine)).toEqual([])
  })
})
