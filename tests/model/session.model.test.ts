import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type AuthFailure,
  type CompletedSignIn,
  EXPIRING_NOTICE_MS,
  type Outcome,
  RENEW_RETRY_MS,
  type SessionEmitted,
  type SessionEvent,
  type SessionInput,
  type SessionUser,
  selectAccessToken,
  sessionMachine,
} from '../../machines/session/index.ts'
import {
  createFakeSessionPort,
  type Deferred,
  makeUser,
  providerError,
  START,
  timeoutError,
} from '../unit/machines/session.fakes.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** Besides its own events the chart reacts to its timers and to its invoked actors finishing. */
type ModelEvent =
  | SessionEvent
  | { type: 'xstate.done.actor.loadStoredUser'; output: SessionUser | null }
  | { type: 'xstate.done.actor.resume'; output: Outcome<SessionUser | null> }
  | { type: 'xstate.done.actor.startSignIn'; output: Outcome<void> }
  | { type: 'xstate.done.actor.completeSignIn'; output: Outcome<CompletedSignIn> }
  | { type: 'xstate.done.actor.renew'; output: Outcome<SessionUser | null> }
  | { type: 'xstate.done.actor.signOut'; output: Outcome<void> }
  | { type: 'xstate.after.untilExpiring.session.signedIn.active' }
  | { type: 'xstate.after.untilExpired.session.signedIn' }
  | { type: 'xstate.after.renewRetry.session.signedIn.retryWait' }

type EventOf<K extends ModelEvent['type']> = Extract<ModelEvent, { type: K }>
type Fake = ReturnType<typeof createFakeSessionPort>
type Harness = {
  actor: ReturnType<typeof createActor<typeof sessionMachine>>
  fake: Fake
  emitted: SessionEmitted[]
}
type EventFixture<K extends ModelEvent['type']> = {
  samples: ReadonlyArray<EventOf<K>>
  exec: (event: EventOf<K>, harness: Harness) => Promise<void>
}
type EventFixtures = { [K in ModelEvent['type']]: EventFixture<K> }

const LIFETIME_MS = 600_000
const USER = makeUser()
const EXPIRED = makeUser({}, START - 2 * LIFETIME_MS)
const OTHER = makeUser({ subject: 'user-2' })

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value })
const failed = (failure: AuthFailure): Outcome<never> => ({ ok: false, failure })

/** The error the real client throws for each failure the model samples. */
const errorFor = (failure: AuthFailure): unknown => {
  if (failure.kind === 'anonymous') return providerError(failure.result)
  if (failure.kind === 'timeout') return timeoutError()
  const messages: Partial<Record<string, unknown>> = {
    network: new TypeError('Failed to fetch'),
    stateNotFound: new Error('No matching state found in storage'),
    redirectAborted: new Error('Redirect aborted'),
  }
  const error = messages[failure.code]
  if (error === undefined) throw new Error(`no fixture error for ${failure.code}`)
  return error
}

/** A user like the sample but valid from the fake clock's "now" (timers are relative to it). */
const liveUser = (sample: SessionUser): SessionUser =>
  sample.expiresAt !== null && sample.expiresAt * 1000 <= START
    ? sample
    : makeUser({ subject: sample.subject }, Date.now())

const settle = () => vi.advanceTimersByTimeAsync(0)

const resolveWith = async <T, V>(
  queue: Array<Deferred<V>>,
  outcome: Outcome<T>,
  fake: Fake,
  live: (value: T) => V,
) => {
  if (outcome.ok) fake.answer(queue, live(outcome.value))
  else fake.fail(queue, errorFor(outcome.failure))
  await settle()
}

const keepUser = (value: SessionUser | null) => (value === null ? null : liveUser(value))

const msUntilExpiry = (actor: Harness['actor'], before: number) => {
  const expiresAt = actor.getSnapshot().context.user?.expiresAt ?? null
  if (expiresAt === null) throw new Error('no expiry to wait for')
  return expiresAt * 1000 - before - Date.now()
}

const EVENT_FIXTURES = {
  'session.signIn': {
    samples: [{ type: 'session.signIn', returnTo: '/budgets' }],
    exec: async (event, { actor }) => actor.send(event),
  },
  'session.callback': {
    samples: [{ type: 'session.callback', url: 'http://localhost/callback?code=c&state=s' }],
    exec: async (event, { actor }) => actor.send(event),
  },
  'session.signOut': {
    samples: [{ type: 'session.signOut' }],
    exec: async (event, { actor }) => actor.send(event),
  },
  // Raised by the provider's session monitor, never sent by the app.
  'session.endedAtProvider': {
    samples: [{ type: 'session.endedAtProvider' }],
    exec: async (_event, { fake }) => fake.endAtProvider(),
  },
  'session.dismissError': {
    samples: [{ type: 'session.dismissError' }],
    exec: async (event, { actor }) => actor.send(event),
  },
  'xstate.done.actor.loadStoredUser': {
    samples: [null, USER, EXPIRED].map((output) => ({ type: 'xstate.done.actor.loadStoredUser', output })),
    exec: async (event, { fake }) => {
      fake.answer(fake.pending.loadUser, event.output === null ? null : liveUser(event.output))
      await settle()
    },
  },
  'xstate.done.actor.resume': {
    samples: [ok(USER), failed({ kind: 'anonymous', result: 'login_required' })].map((output) => ({
      type: 'xstate.done.actor.resume',
      output,
    })),
    exec: (event, { fake }) => resolveWith(fake.pending.renewSilently, event.output, fake, keepUser),
  },
  'xstate.done.actor.startSignIn': {
    samples: [ok(undefined), failed({ kind: 'error', code: 'network' })].map((output) => ({
      type: 'xstate.done.actor.startSignIn',
      output,
    })),
    exec: (event, { fake }) => resolveWith(fake.pending.startSignIn, event.output, fake, () => undefined),
  },
  'xstate.done.actor.completeSignIn': {
    samples: [
      ok({ user: USER, returnTo: '/budgets' }),
      failed({ kind: 'error', code: 'stateNotFound' }),
      failed({ kind: 'anonymous', result: 'login_required' }),
    ].map((output) => ({ type: 'xstate.done.actor.completeSignIn', output })),
    exec: (event, { fake }) =>
      resolveWith(fake.pending.completeSignIn, event.output, fake, (signIn: CompletedSignIn) => ({
        ...signIn,
        user: liveUser(signIn.user),
      })),
  },
  'xstate.done.actor.renew': {
    samples: [
      ok(USER),
      ok(OTHER),
      ok(null),
      failed({ kind: 'timeout', code: 'frameTimeout' }),
      failed({ kind: 'anonymous', result: 'interaction_required' }),
      failed({ kind: 'error', code: 'network' }),
    ].map((output) => ({ type: 'xstate.done.actor.renew', output })),
    exec: (event, { fake }) => resolveWith(fake.pending.renewSilently, event.output, fake, keepUser),
  },
  'xstate.done.actor.signOut': {
    samples: [ok(undefined), failed({ kind: 'error', code: 'redirectAborted' })].map((output) => ({
      type: 'xstate.done.actor.signOut',
      output,
    })),
    exec: (event, { fake }) => resolveWith(fake.pending.signOut, event.output, fake, () => undefined),
  },
  'xstate.after.untilExpiring.session.signedIn.active': {
    samples: [{ type: 'xstate.after.untilExpiring.session.signedIn.active' }],
    exec: async (_event, { actor }) => {
      await vi.advanceTimersByTimeAsync(msUntilExpiry(actor, EXPIRING_NOTICE_MS))
    },
  },
  'xstate.after.untilExpired.session.signedIn': {
    samples: [{ type: 'xstate.after.untilExpired.session.signedIn' }],
    exec: async (_event, { actor }) => {
      await vi.advanceTimersByTimeAsync(msUntilExpiry(actor, 0))
    },
  },
  'xstate.after.renewRetry.session.signedIn.retryWait': {
    samples: [{ type: 'xstate.after.renewRetry.session.signedIn.retryWait' }],
    exec: async () => {
      await vi.advanceTimersByTimeAsync(RENEW_RETRY_MS)
    },
  },
} satisfies EventFixtures

const execute = <K extends ModelEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: EventFixtures[K] = EVENT_FIXTURES[type]
  return fixture.exec(event, harness)
}

/** Actor results only arrive while that actor runs; timers only fire in their state. */
const RUNNING_ACTOR: Partial<Record<ModelEvent['type'], string>> = {
  'xstate.done.actor.loadStoredUser': 'loadStoredUser',
  'xstate.done.actor.resume': 'resume',
  'xstate.done.actor.startSignIn': 'startSignIn',
  'xstate.done.actor.completeSignIn': 'completeSignIn',
  'xstate.done.actor.renew': 'renew',
  'xstate.done.actor.signOut': 'signOut',
}
const isReplayable = (snapshot: SessionSnapshot, event: ModelEvent): boolean => {
  const actorId = RUNNING_ACTOR[event.type]
  if (actorId !== undefined) return snapshot.children[actorId] !== undefined
  switch (event.type) {
    case 'xstate.after.untilExpiring.session.signedIn.active':
      return snapshot.matches({ signedIn: 'active' })
    case 'xstate.after.untilExpired.session.signedIn':
      // From active or renewing the expiring timer or a pending renewal would come first on a real clock.
      return snapshot.matches({ signedIn: 'renewFailed' })
    case 'xstate.after.renewRetry.session.signedIn.retryWait':
      return snapshot.matches({ signedIn: 'retryWait' })
    case 'session.endedAtProvider':
      return snapshot.matches('signedIn')
    default:
      return true
  }
}

const serializeState = (snapshot: SessionSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    subject: snapshot.context.user?.subject ?? null,
    error: snapshot.context.error,
    renewError: snapshot.context.renewError,
  })

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const fake = createFakeSessionPort({ deferLoad: true })
  const actor = createActor(sessionMachine, { input: { port: fake.port }, inspect: recorder.inspect })
  const emitted: SessionEmitted[] = []
  actor.on('session.renewFailed', (event) => emitted.push(event))
  actor.start()
  return { actor, fake, emitted }
}

const replay = (walk: Walk<SessionSnapshot, ModelEvent>) =>
  replayWalk(walk, {
    start: () => {
      vi.setSystemTime(START)
      return startHarness()
    },
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot, step, harness) => {
      // A token is handed out exactly while signed in (SPEC §6: logged in with an unexpired user).
      expect(selectAccessToken(snapshot) !== null).toBe(snapshot.matches('signedIn'))
      // The silent-renew error event fires once per entry into renewFailed, never otherwise.
      if (step.state.matches({ signedIn: 'renewFailed' }) && step.event.type === 'xstate.done.actor.renew') {
        expect(harness.emitted.at(-1)?.type).toBe('session.renewFailed')
      }
    },
  })

beforeEach(() => {
  vi.useFakeTimers({ now: START })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('session machine model', () => {
  it('replays every edge of the graph against a real actor and a scripted OpenID Connect client', async () => {
    // The model drives the chart with its timer and actor events too, which are not in the
    // machine's public event union; the logic accepts any event at runtime.
    const logic = sessionMachine as unknown as ActorLogic<SessionSnapshot, ModelEvent, SessionInput>
    const model = new TestModel(logic, {
      input: { port: createFakeSessionPort({ now: () => START }).port },
      events: Object.values(EVENT_FIXTURES).flatMap((fixture): ReadonlyArray<ModelEvent> => fixture.samples),
      filterEvents: isReplayable,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThan(10)
  })

  it('journey: a token that expires while its renewal is still running ends the session', async () => {
    const harness = startHarness()
    harness.fake.answer(harness.fake.pending.loadUser, makeUser())
    await settle()
    await vi.advanceTimersByTimeAsync(LIFETIME_MS - EXPIRING_NOTICE_MS)
    expect(harness.actor.getSnapshot().matches({ signedIn: 'renewing' })).toBe(true)
    await vi.advanceTimersByTimeAsync(EXPIRING_NOTICE_MS)
    expect(harness.actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(harness.actor.getSnapshot().context.error).toBe('sessionExpired')
    harness.actor.stop()
  })

  it('journey: repeated timeouts keep retrying every 5 s until one succeeds', async () => {
    const harness = startHarness()
    harness.fake.answer(harness.fake.pending.loadUser, makeUser())
    await settle()
    await vi.advanceTimersByTimeAsync(LIFETIME_MS - EXPIRING_NOTICE_MS)
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      harness.fake.fail(harness.fake.pending.renewSilently, timeoutError())
      await vi.advanceTimersByTimeAsync(RENEW_RETRY_MS)
    }
    expect(harness.fake.calls.renewSilently).toBe(4)
    harness.fake.answer(harness.fake.pending.renewSilently, makeUser({}, Date.now()))
    await settle()
    expect(harness.actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true)
    expect(harness.emitted).toEqual([])
    harness.actor.stop()
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(sessionMachine)).toEqual([])
  })
})
