import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ActorLogic, type AnyActorRef, createActor, fromCallback, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type LoadOutcome,
  type OnboardingInput,
  type OnboardingMachineEvent,
  type OnboardingPort,
  onboardingMachine,
  SAVE_RETRY_MS,
  type SaveOutcome,
  selectOnboardingPlace,
} from '../../../machines/onboarding/index.ts'
import { BudgetId } from '../../../schemas/ids.ts'
import {
  freshOnboardingProgress,
  type Onboarding,
  type OnboardingUpdate,
} from '../../../schemas/onboarding.ts'
import { createTransitionRecorder } from '../../model/chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from '../../model/graphTour.ts'

type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>

/** Besides its own events the chart reacts to its load, its saves and the retry delay. */
type ModelEvent =
  | OnboardingMachineEvent
  | { type: 'xstate.done.actor.load'; output: LoadOutcome }
  | { type: 'xstate.done.actor.save'; output: SaveOutcome }
  | { type: 'xstate.after.saveRetry.onboarding.running.sync.failed' }

type Pending<T> = Array<(answer: T) => void>
type Harness = {
  readonly actor: ReturnType<typeof createActor<typeof onboardingMachine>>
  readonly loads: Pending<LoadOutcome>
  readonly saves: Pending<SaveOutcome>
  readonly saved: OnboardingUpdate[]
  readonly tracked: string[]
  readonly analytics: AnyActorRef
}

const HOME = BudgetId.make('018f6b2e-0000-7000-8000-000000000001')
const NOW = Date.parse('2026-11-26T10:00:00.000Z')

const loaded = (progress: Partial<Onboarding['progress']>): LoadOutcome => ({
  ok: true,
  onboarding: { progress: { ...freshOnboardingProgress, ...progress }, events: [] },
})

const LOADS: ReadonlyArray<LoadOutcome> = [
  loaded({}),
  loaded({ status: 'active', currentStep: 'FirstStep' }),
  loaded({ status: 'active', currentStep: 'SecondStep', completedSteps: ['FirstStep'], budgetId: HOME }),
  loaded({ status: 'active', currentStep: 'ThirdStep', skippedSteps: ['FirstStep', 'SecondStep'] }),
  loaded({ status: 'completed', currentStep: 'ThirdStep' }),
  loaded({ status: 'dismissed' }),
  { ok: false },
]

const flush = () => vi.advanceTimersByTimeAsync(0)

const answer = async <T>(queue: Pending<T>, value: T) => {
  const resolve = queue.shift()
  if (resolve === undefined) throw new Error('no request is waiting for this answer')
  resolve(value)
  await flush()
}

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const loads: Pending<LoadOutcome> = []
  const saves: Pending<SaveOutcome> = []
  const saved: OnboardingUpdate[] = []
  const tracked: string[] = []
  const wait = <T>(queue: Pending<T>) => new Promise<T>((resolve) => queue.push(resolve))
  const port: OnboardingPort = {
    load: () => wait(loads),
    save: (update) => {
      saved.push(update)
      return wait(saves)
    },
  }
  const analytics = createActor(
    fromCallback<{ type: string; name?: string }>(({ receive }) => {
      receive((event) => {
        if (event.type === 'analytics.track' && event.name !== undefined) tracked.push(event.name)
      })
    }),
  ).start()
  const actor = createActor(onboardingMachine, {
    input: { port, now: () => NOW, analytics },
    inspect: recorder.inspect,
  }).start()
  return { actor, loads, saves, saved, tracked, analytics }
}

const execute = async (event: ModelEvent, harness: Harness) => {
  switch (event.type) {
    case 'xstate.done.actor.load':
      return answer(harness.loads, event.output)
    case 'xstate.done.actor.save':
      return answer(harness.saves, event.output)
    case 'xstate.after.saveRetry.onboarding.running.sync.failed':
      return vi.advanceTimersByTimeAsync(SAVE_RETRY_MS)
    default:
      harness.actor.send(event)
      return flush()
  }
}

const serializeState = (snapshot: OnboardingSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    dirty: snapshot.context.dirty,
    unsent: snapshot.context.unsent.length > 0,
    budget: snapshot.context.progress.budgetId !== null,
  })

const USER_EVENTS: ReadonlyArray<OnboardingMachineEvent> = [
  { type: 'survey.submit', survey: { reason: 'saving', householdSize: 'two' } },
  { type: 'survey.submit', survey: {} },
  { type: 'survey.skip' },
  { type: 'budget.ready', budgetId: HOME },
  { type: 'step.done' },
  { type: 'step.skip' },
  { type: 'step.back' },
  { type: 'onboarding.dismiss' },
  { type: 'onboarding.retry' },
]

/** The events that can happen in a state: answers only to requests in flight, the user's at any time. */
const eventsAt = (snapshot: OnboardingSnapshot): ReadonlyArray<ModelEvent> => {
  if (snapshot.matches('loading')) return LOADS.map((output) => ({ type: 'xstate.done.actor.load', output }))
  if (snapshot.matches('loadFailed')) return [{ type: 'onboarding.retry' }]
  const sync: ModelEvent[] = snapshot.matches({ running: { sync: 'saving' } })
    ? [
        { type: 'xstate.done.actor.save', output: { ok: true } },
        { type: 'xstate.done.actor.save', output: { ok: false } },
      ]
    : snapshot.matches({ running: { sync: 'failed' } })
      ? [{ type: 'xstate.after.saveRetry.onboarding.running.sync.failed' }]
      : []
  // The user acts only while every save is answered or failed: keeps the graph small, and the saving
  // region's reaction to a change during a save is covered by the dirty-flag walk below.
  return snapshot.matches({ running: { sync: 'saving' } }) ? sync : [...sync, ...USER_EVENTS]
}

const STEP_ANALYTICS: Readonly<Record<string, string>> = {
  FirstStep: 'onboarding_1_step_completed',
  SecondStep: 'onboarding_2_step_completed',
  ThirdStep: 'onboarding_3_step_completed',
}

const replay = (walk: Walk<OnboardingSnapshot, ModelEvent>) =>
  replayWalk(walk, {
    start: startHarness,
    execute,
    serializeState,
    stop: (harness) => harness.analytics.stop(),
    afterStep: (snapshot, step, harness, before) => {
      const tracked = harness.tracked.splice(0)
      const from = selectOnboardingPlace(before)
      const to = selectOnboardingPlace(snapshot)
      const event = step.event
      // SPEC §7: each event exactly when its moment happens, never otherwise.
      const expected: string[] = []
      if (from === 'survey' && event.type === 'survey.submit' && Object.keys(event.survey).length > 0)
        expected.push('onboarding_survey_completed')
      if (from !== null && from !== to && (event.type === 'budget.ready' || event.type === 'step.done'))
        expected.push(STEP_ANALYTICS[from] ?? '')
      if (from !== 'completed' && to === 'completed' && before.matches('running'))
        expected.push('onboarding_completed')
      expect(tracked).toEqual(expected)
      // Every change reaches the server: a saved update always carries the progress as it was then.
      for (const update of harness.saved.splice(0)) {
        expect(update.events.length).toBeLessThanOrEqual(20)
        expect(['active', 'completed', 'dismissed']).toContain(update.status)
      }
      // The later steps never end as done without a budget to do them in.
      if (to === 'ThirdStep' && from === 'SecondStep' && event.type === 'step.done')
        expect(snapshot.context.progress.budgetId).not.toBeNull()
    },
  })

describe('onboarding machine model', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('replays every edge of the graph against a real actor and a scripted server', async () => {
    const logic = onboardingMachine as unknown as ActorLogic<OnboardingSnapshot, ModelEvent, OnboardingInput>
    const model = new TestModel(logic, {
      input: {
        port: { load: () => new Promise(() => undefined), save: () => new Promise(() => undefined) },
        now: () => NOW,
      },
      events: eventsAt,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    expect(states).toBeGreaterThanOrEqual(12)
    for (const walk of walks) await replay(walk)
  }, 60_000)

  it('saves a change made during a save right after it, and never loses an event', async () => {
    const harness = startHarness()
    await answer(harness.loads, loaded({}))
    harness.actor.send({ type: 'survey.skip' })
    await flush()
    // A change while the first save is in flight.
    harness.actor.send({ type: 'step.skip' })
    await flush()
    await answer(harness.saves, { ok: false })
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_MS)
    await answer(harness.saves, { ok: true })
    expect(harness.saved.map((update) => update.events.map((event) => event.name))).toEqual([
      ['started'],
      ['started', 'step_skipped'],
    ])
    expect(harness.saved.at(-1)?.currentStep).toBe('SecondStep')
    expect(harness.saves).toHaveLength(0)
    expect(harness.actor.getSnapshot().context.unsent).toEqual([])
    harness.actor.stop()
  })

  it('resumes where the stored progress stopped', async () => {
    const harness = startHarness()
    await answer(
      harness.loads,
      loaded({ status: 'active', currentStep: 'ThirdStep', completedSteps: ['FirstStep'], budgetId: HOME }),
    )
    expect(selectOnboardingPlace(harness.actor.getSnapshot())).toBe('ThirdStep')
    expect(harness.saved).toEqual([])
    harness.actor.stop()
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(onboardingMachine)).toEqual([])
  })
})
