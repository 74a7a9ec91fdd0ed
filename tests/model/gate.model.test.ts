import { describe, expect, it } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type GateEvent,
  type GateInput,
  type GatePort,
  type LoadAnswersOutput,
  selectAppVerdict,
  selectBudgetVerdict,
  subscriptionGateMachine,
} from '../../machines/subscriptionGate/index.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

type GateSnapshot = SnapshotFrom<typeof subscriptionGateMachine>
type ModelEvent = GateEvent | { type: 'xstate.done.actor.loadAnswers'; output: LoadAnswersOutput }
type EventOf<K extends ModelEvent['type']> = Extract<ModelEvent, { type: K }>

type Script = {
  readonly profile: { isDisabled: boolean } | Error
  readonly subscription: { isExpired: boolean } | Error
}
type Call = { resolve: (script: Script) => void; reject: () => void }
type Harness = { actor: ReturnType<typeof createActor<typeof subscriptionGateMachine>>; calls: Call[] }
type EventFixture<K extends ModelEvent['type']> = {
  samples: ReadonlyArray<EventOf<K>>
  exec: (event: EventOf<K>, harness: Harness) => Promise<void>
}
type EventFixtures = { [K in ModelEvent['type']]: EventFixture<K> }

const OUTPUTS: ReadonlyArray<LoadAnswersOutput> = [
  { ok: true, answers: { userDisabled: false, subscriptionExpired: false } },
  { ok: true, answers: { userDisabled: false, subscriptionExpired: true } },
  { ok: true, answers: { userDisabled: true, subscriptionExpired: false } },
  { ok: false },
]

const EVENT_FIXTURES = {
  'gate.check': { samples: [{ type: 'gate.check' }], exec: async (event, { actor }) => actor.send(event) },
  'gate.reset': { samples: [{ type: 'gate.reset' }], exec: async (event, { actor }) => actor.send(event) },
  'xstate.done.actor.loadAnswers': {
    samples: OUTPUTS.map((output) => ({ type: 'xstate.done.actor.loadAnswers', output })),
    exec: async (event, { calls }) => {
      // The API answers that produce this output (a disabled user's subscription is refused, 403).
      const call = calls.splice(0).at(-1)
      if (call === undefined) throw new Error('no request to answer')
      if (event.output.ok) {
        call.resolve({
          profile: { isDisabled: event.output.answers.userDisabled },
          subscription: event.output.answers.userDisabled
            ? new Error('403')
            : { isExpired: event.output.answers.subscriptionExpired },
        })
      } else call.reject()
      // Let the actor's promise callbacks run.
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
  },
} satisfies EventFixtures

const execute = <K extends ModelEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: EventFixtures[K] = EVENT_FIXTURES[type]
  return fixture.exec(event, harness)
}

/** One request per load: profile and subscription are answered together from the same script entry. */
const scriptedPort = (calls: Call[]): GatePort => {
  let current: Promise<Script> | null = null
  const next = () => {
    current ??= new Promise((resolve, reject) => {
      calls.push({ resolve, reject: () => reject(new Error('offline')) })
    })
    const answer = current
    // Both calls of one load share the entry; the next load makes a new one.
    void answer.then(
      () => {
        if (current === answer) current = null
      },
      () => {
        if (current === answer) current = null
      },
    )
    return answer
  }
  const unwrap = <T>(value: T | Error): T => {
    if (value instanceof Error) throw value
    return value
  }
  return {
    loadProfile: async () => unwrap((await next()).profile),
    loadSubscription: async () => unwrap((await next()).subscription),
  }
}

const serializeState = (snapshot: GateSnapshot) =>
  JSON.stringify({ value: snapshot.value, answers: snapshot.context.answers })

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const calls: Call[] = []
  const actor = createActor(subscriptionGateMachine, {
    input: { port: scriptedPort(calls) },
    inspect: recorder.inspect,
  }).start()
  return { actor, calls }
}

const replay = (walk: Walk<GateSnapshot, ModelEvent>) =>
  replayWalk(walk, {
    start: startHarness,
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot) => {
      // A budget route is never let through where the app itself is not.
      if (selectBudgetVerdict(snapshot) === 'pass') expect(selectAppVerdict(snapshot)).toBe('pass')
    },
  })

describe('subscription gate model', () => {
  it('replays every edge of the graph against a real actor and a scripted API', async () => {
    // The model drives the chart with actor results too, which are not in the public event union.
    const logic = subscriptionGateMachine as unknown as ActorLogic<GateSnapshot, ModelEvent, GateInput>
    const model = new TestModel(logic, {
      input: { port: scriptedPort([]) },
      events: Object.values(EVENT_FIXTURES).flatMap((fixture): ReadonlyArray<ModelEvent> => fixture.samples),
      filterEvents: (snapshot, event) =>
        event.type !== 'xstate.done.actor.loadAnswers' || snapshot.children.loadAnswers !== undefined,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThanOrEqual(6)
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(subscriptionGateMachine)).toEqual([])
  })
})
