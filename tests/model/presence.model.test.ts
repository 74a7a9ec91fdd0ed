import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  PRESENCE_POLL_MS,
  type PresenceEvent,
  type PresenceInput,
  type PresenceOutcome,
  type PresencePort,
  presenceMachine,
  selectPresentMembers,
} from '../../machines/presence/index.ts'
import { BudgetId, UserId } from '../../schemas/ids.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

type PresenceSnapshot = SnapshotFrom<typeof presenceMachine>

/** Besides its own events the chart reacts to its poll timer and to the read finishing. */
type ModelEvent =
  | PresenceEvent
  | { type: 'xstate.after.presencePoll.presence.visible.waiting' }
  | { type: 'xstate.done.actor.0.presence.visible.reading'; output: PresenceOutcome }

type EventOf<K extends ModelEvent['type']> = Extract<ModelEvent, { type: K }>

const BUDGET = BudgetId.make('budget-1')
const OLA = { userId: UserId.make('user-ola'), displayName: 'Ola' }
const MAREK = { userId: UserId.make('user-marek'), displayName: null }

/** A scripted server and page: reads wait until answered, visibility changes when the test says. */
const createFakePresence = (startVisible = true) => {
  const reads: Array<(outcome: PresenceOutcome) => void> = []
  let visible = startVisible
  let listener: ((visible: boolean) => void) | null = null
  const port: PresencePort = {
    read: (_budgetId, signal) =>
      new Promise((resolve, reject) => {
        reads.push(resolve)
        // A read given up (the page went hidden, or a refresh started another) is no longer on the wire.
        signal.addEventListener('abort', () => {
          reads.splice(reads.indexOf(resolve), 1)
          reject(signal.reason)
        })
      }),
    isVisible: () => visible,
    watchVisibility: (onChange) => {
      listener = onChange
      return () => {
        listener = null
      }
    },
  }
  return {
    port,
    reads,
    setVisible: (next: boolean) => {
      visible = next
      listener?.(next)
    },
  }
}

type Harness = {
  actor: ReturnType<typeof createActor<typeof presenceMachine>>
  fake: ReturnType<typeof createFakePresence>
}

type EventFixture<K extends ModelEvent['type']> = {
  samples: ReadonlyArray<EventOf<K>>
  exec: (event: EventOf<K>, harness: Harness) => Promise<void>
}
type EventFixtures = { [K in ModelEvent['type']]: EventFixture<K> }

const EVENT_FIXTURES = {
  'presence.refresh': {
    samples: [{ type: 'presence.refresh' }],
    exec: async (event, { actor }) => {
      actor.send(event)
      await vi.advanceTimersByTimeAsync(0)
    },
  },
  'presence.visibilityChanged': {
    samples: [
      { type: 'presence.visibilityChanged', visible: true },
      { type: 'presence.visibilityChanged', visible: false },
    ],
    exec: async (event, { fake }) => {
      fake.setVisible(event.visible)
      await vi.advanceTimersByTimeAsync(0)
    },
  },
  'xstate.after.presencePoll.presence.visible.waiting': {
    samples: [{ type: 'xstate.after.presencePoll.presence.visible.waiting' }],
    exec: async () => {
      await vi.advanceTimersByTimeAsync(PRESENCE_POLL_MS)
    },
  },
  'xstate.done.actor.0.presence.visible.reading': {
    samples: [
      { type: 'xstate.done.actor.0.presence.visible.reading', output: { ok: true, members: [OLA, MAREK] } },
      { type: 'xstate.done.actor.0.presence.visible.reading', output: { ok: true, members: [] } },
      { type: 'xstate.done.actor.0.presence.visible.reading', output: { ok: false } },
    ],
    exec: async (event, { fake }) => {
      fake.reads.shift()?.(event.output)
      await vi.advanceTimersByTimeAsync(0)
    },
  },
} satisfies EventFixtures

const execute = <K extends ModelEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: EventFixtures[K] = EVENT_FIXTURES[type]
  return fixture.exec(event, harness)
}

const serializeState = (snapshot: PresenceSnapshot) =>
  JSON.stringify({ value: snapshot.value, present: snapshot.context.members.length })

const recorder = createTransitionRecorder()

const startHarness = (startVisible: boolean): Harness => {
  const fake = createFakePresence(startVisible)
  const actor = createActor(presenceMachine, {
    input: { budgetId: BUDGET, port: fake.port },
    inspect: recorder.inspect,
  })
  actor.start()
  return { actor, fake }
}

const replay = (walk: Walk<PresenceSnapshot, ModelEvent>, startVisible: boolean) =>
  replayWalk(walk, {
    start: () => startHarness(startVisible),
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot, _step, harness) => {
      // A read is on the wire exactly while the chart says it is reading: a hidden page never polls.
      expect(harness.fake.reads.length).toBe(snapshot.matches({ visible: 'reading' }) ? 1 : 0)
    },
  })

/** Only what the page can do: a visibility change is a change, and a read answers only while one is on the wire. */
const filterEvents = (snapshot: PresenceSnapshot, event: ModelEvent): boolean => {
  switch (event.type) {
    case 'presence.visibilityChanged':
      return event.visible !== snapshot.matches('visible')
    case 'presence.refresh':
      return true
    case 'xstate.after.presencePoll.presence.visible.waiting':
      return snapshot.matches({ visible: 'waiting' })
    case 'xstate.done.actor.0.presence.visible.reading':
      return snapshot.matches({ visible: 'reading' })
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('presence machine model', () => {
  for (const startVisible of [true, false]) {
    it(`replays every edge of the graph (page ${startVisible ? 'visible' : 'hidden'} at start)`, async () => {
      // The model drives the chart with its timer and actor events too, which are not in the machine's public event
      // union; the logic accepts any event at runtime.
      const logic = presenceMachine as unknown as ActorLogic<PresenceSnapshot, ModelEvent, PresenceInput>
      const model = new TestModel(logic, {
        input: { budgetId: BUDGET, port: createFakePresence(startVisible).port },
        events: Object.values(EVENT_FIXTURES).flatMap(
          (fixture): ReadonlyArray<ModelEvent> => fixture.samples,
        ),
        filterEvents,
        serializeState,
      })
      const { walks, states } = modelTour(model, serializeState)
      for (const walk of walks) await replay(walk, startVisible)
      expect(states).toBeGreaterThanOrEqual(startVisible ? 6 : 5)
    })
  }

  it('journey: two others, then one left; a failed read keeps who was known', async () => {
    const { actor, fake } = startHarness(true)
    fake.reads.shift()?.({ ok: true, members: [OLA, MAREK] })
    await vi.advanceTimersByTimeAsync(0)
    expect(selectPresentMembers(actor.getSnapshot())).toEqual([OLA, MAREK])
    await vi.advanceTimersByTimeAsync(PRESENCE_POLL_MS)
    fake.reads.shift()?.({ ok: false })
    await vi.advanceTimersByTimeAsync(0)
    expect(selectPresentMembers(actor.getSnapshot())).toEqual([OLA, MAREK])
    await vi.advanceTimersByTimeAsync(PRESENCE_POLL_MS)
    fake.reads.shift()?.({ ok: true, members: [OLA] })
    await vi.advanceTimersByTimeAsync(0)
    expect(selectPresentMembers(actor.getSnapshot())).toEqual([OLA])
    actor.stop()
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(presenceMachine)).toEqual([])
  })
})
