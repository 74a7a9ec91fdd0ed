import { describe, expect, it } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type ActivityEvent,
  type ActivityInput,
  type ActivityMember,
  type ActivityPort,
  activityMachine,
  type PageOutcome,
  type PageRequest,
  selectCanShowOlder,
  selectEntries,
  selectFeedStatus,
} from '../../machines/activity/index.ts'
import type { ActivityEntry } from '../../schemas/activity.ts'
import { UserId } from '../../schemas/ids.ts'
import type { Instant } from '../../schemas/money.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

// The activity feed's chart against a real actor and a scripted API: every edge walked, and after each step the
// requests on the wire are the ones the state promises (the filter and the cursor).

type ActivitySnapshot = SnapshotFrom<typeof activityMachine>
type ModelEvent =
  | ActivityEvent
  | { type: 'xstate.done.actor.0.activity.feed.loading'; output: PageOutcome }
  | { type: 'xstate.done.actor.0.activity.feed.loadingMore'; output: PageOutcome }
  | { type: 'xstate.error.actor.0.activity.feed.loading'; error: Error }
  | { type: 'xstate.error.actor.0.activity.feed.loadingMore'; error: Error }
  | { type: 'xstate.done.actor.0.activity.members.reading'; output: ReadonlyArray<ActivityMember> }
  | { type: 'xstate.error.actor.0.activity.members.reading'; error: Error }
type EventOf<K extends ModelEvent['type']> = Extract<ModelEvent, { type: K }>

const OLA = UserId.make('ola')
const BUDGET = 'budget-1'

const entry = (seq: number): ActivityEntry => ({
  seq,
  lastSeq: seq,
  recordedAt: '2026-03-10T10:00:00.000Z' as Instant,
  actorUserId: OLA,
  actorName: 'Ola',
  kind: 'budgetRenamed',
  name: 'Dom',
})
const OLDER_LEFT: PageOutcome = { ok: true, page: { items: [entry(9), entry(8)], nextBefore: 8 } }
const LAST: PageOutcome = { ok: true, page: { items: [entry(2), entry(1)], nextBefore: null } }
const NONE: PageOutcome = { ok: true, page: { items: [], nextBefore: null } }
const FAILED: PageOutcome = { ok: false, error: { status: 503, statusText: 'Service Unavailable' } }

type PageCall = { readonly request: PageRequest; readonly resolve: (outcome: PageOutcome | Error) => void }
type MembersCall = { readonly resolve: (members: ReadonlyArray<ActivityMember> | Error) => void }
type Harness = {
  actor: ReturnType<typeof createActor<typeof activityMachine>>
  pages: PageCall[]
  members: MembersCall[]
  /** Every page request made, in order. */
  asked: PageRequest[]
}
type EventFixture<K extends ModelEvent['type']> = {
  samples: ReadonlyArray<EventOf<K>>
  exec: (event: EventOf<K>, harness: Harness) => Promise<void>
}
type EventFixtures = { [K in ModelEvent['type']]: EventFixture<K> }

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const send = async (event: ActivityEvent, { actor }: Harness) => {
  actor.send(event)
  await settle()
}
const answerPage = async (outcome: PageOutcome | Error, { pages }: Harness) => {
  const call = pages.splice(0).at(-1)
  if (call === undefined) throw new Error('no page request to answer')
  call.resolve(outcome)
  await settle()
}
const answerMembers = async (members: ReadonlyArray<ActivityMember> | Error, harness: Harness) => {
  const call = harness.members.splice(0).at(-1)
  if (call === undefined) throw new Error('no members request to answer')
  call.resolve(members)
  await settle()
}

const EVENT_FIXTURES = {
  'activity.filter': {
    samples: [
      { type: 'activity.filter', actor: OLA },
      { type: 'activity.filter', actor: null },
    ],
    exec: send,
  },
  'activity.more': { samples: [{ type: 'activity.more' }], exec: send },
  'activity.retry': { samples: [{ type: 'activity.retry' }], exec: send },
  'xstate.done.actor.0.activity.feed.loading': {
    samples: [OLDER_LEFT, NONE, FAILED].map((output) => ({
      type: 'xstate.done.actor.0.activity.feed.loading',
      output,
    })),
    exec: (event, harness) => answerPage(event.output, harness),
  },
  'xstate.done.actor.0.activity.feed.loadingMore': {
    samples: [OLDER_LEFT, LAST, FAILED].map((output) => ({
      type: 'xstate.done.actor.0.activity.feed.loadingMore',
      output,
    })),
    exec: (event, harness) => answerPage(event.output, harness),
  },
  'xstate.error.actor.0.activity.feed.loading': {
    samples: [{ type: 'xstate.error.actor.0.activity.feed.loading', error: new Error('offline') }],
    exec: (event, harness) => answerPage(event.error, harness),
  },
  'xstate.error.actor.0.activity.feed.loadingMore': {
    samples: [{ type: 'xstate.error.actor.0.activity.feed.loadingMore', error: new Error('offline') }],
    exec: (event, harness) => answerPage(event.error, harness),
  },
  'xstate.done.actor.0.activity.members.reading': {
    samples: [
      { type: 'xstate.done.actor.0.activity.members.reading', output: [{ userId: OLA, name: 'Ola' }] },
    ],
    exec: (event, harness) => answerMembers(event.output, harness),
  },
  'xstate.error.actor.0.activity.members.reading': {
    samples: [{ type: 'xstate.error.actor.0.activity.members.reading', error: new Error('offline') }],
    exec: (event, harness) => answerMembers(event.error, harness),
  },
} satisfies EventFixtures

const execute = <K extends ModelEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: EventFixtures[K] = EVENT_FIXTURES[type]
  return fixture.exec(event, harness)
}

// A thrown Error stands for a bug below the port (it never throws for expected failures): the chart survives it.
const scriptedPort = (harness: Pick<Harness, 'pages' | 'members' | 'asked'>): ActivityPort => ({
  readPage: (request) =>
    new Promise((resolve, reject) => {
      harness.asked.push(request)
      harness.pages.push({
        request,
        resolve: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
      })
    }),
  readMembers: () =>
    new Promise((resolve, reject) =>
      harness.members.push({
        resolve: (members) => (members instanceof Error ? reject(members) : resolve(members)),
      }),
    ),
})

// Coarse on purpose: which state, whether entries are shown, older ones left, whose, names known.
const serializeState = (snapshot: ActivitySnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    shown: snapshot.context.entries.length > 0,
    older: snapshot.context.nextBefore !== null,
    actor: snapshot.context.actor,
    named: snapshot.context.members.length > 0,
  })

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const wire = { pages: [] as PageCall[], members: [] as MembersCall[], asked: [] as PageRequest[] }
  const actor = createActor(activityMachine, {
    input: { port: scriptedPort(wire), budgetId: BUDGET },
    inspect: recorder.inspect,
  }).start()
  return { actor, ...wire }
}

const replay = (walk: Walk<ActivitySnapshot, ModelEvent>) =>
  replayWalk(walk, {
    start: startHarness,
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot, step, harness, before) => {
      const asked = harness.asked.at(-1)
      // A read asks for the chosen person's entries, the newest page or the one after the last entry shown.
      if (snapshot.matches({ feed: 'loading' }) || snapshot.matches({ feed: 'loadingMore' })) {
        expect(asked).toEqual({
          budgetId: BUDGET,
          actor: snapshot.context.actor,
          before: snapshot.matches({ feed: 'loadingMore' }) ? snapshot.context.nextBefore : null,
        })
      }
      // Older entries go below the shown ones, none lost or repeated.
      if (step.event.type === 'xstate.done.actor.0.activity.feed.loadingMore' && step.event.output.ok) {
        expect(selectEntries(snapshot)).toEqual([...selectEntries(before), ...step.event.output.page.items])
      }
      // A failed older page keeps what is shown, and "Pokaż starsze" stays to try again.
      if (snapshot.matches({ feed: 'moreFailed' })) {
        expect(selectEntries(snapshot)).toEqual(selectEntries(before))
        expect(selectCanShowOlder(snapshot)).toBe(true)
      }
      if (selectFeedStatus(snapshot) === 'empty') expect(selectCanShowOlder(snapshot)).toBe(false)
    },
  })

describe('activity feed model', () => {
  it('replays every edge of the graph against a real actor and a scripted API', async () => {
    const logic = activityMachine as unknown as ActorLogic<ActivitySnapshot, ModelEvent, ActivityInput>
    const model = new TestModel(logic, {
      input: { port: scriptedPort({ pages: [], members: [], asked: [] }), budgetId: BUDGET },
      events: Object.values(EVENT_FIXTURES).flatMap((fixture): ReadonlyArray<ModelEvent> => fixture.samples),
      filterEvents: (snapshot, event) => {
        if (event.type.endsWith('feed.loading')) return snapshot.matches({ feed: 'loading' })
        if (event.type.endsWith('feed.loadingMore')) return snapshot.matches({ feed: 'loadingMore' })
        if (event.type.endsWith('members.reading')) return snapshot.matches({ members: 'reading' })
        return true
      },
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThanOrEqual(8)
  }, 60_000)

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(activityMachine)).toEqual([])
  })
})
