import { type AnyActorRef, assign, enqueueActions, setup } from 'xstate'
import type { BudgetId } from '../../schemas/ids.ts'
import type {
  OnboardingEvent,
  OnboardingEventName,
  OnboardingStep,
  OnboardingSurvey,
} from '../../schemas/onboarding.ts'
import type { AnalyticsEventName } from '../analytics/analytics.events.ts'
import type { AnalyticsTrack } from '../analytics/analytics.machine.ts'
import { ANALYTICS_SYSTEM_ID } from '../app/app.ids.ts'
import { loadOnboarding, saveOnboarding } from './onboarding.actors.ts'
import type { LoadOutcome, OnboardingPort, SaveOutcome } from './onboarding.port.ts'
import {
  endStep,
  finish,
  isAnswered,
  MAX_EVENTS_PER_SAVE,
  type OnboardingPlace,
  type Progress,
  progressOf,
  resumePlace,
  startWith,
  stepBack,
  updateOf,
  withBudget,
} from './onboarding.progress.ts'

/** A failed save is tried again after this long (the progress is kept in the actor meanwhile). */
export const SAVE_RETRY_MS = 5_000

export type OnboardingInput = {
  readonly port: OnboardingPort
  /** Milliseconds since the epoch: the events' time. */
  readonly now: () => number
  /** Where `analytics.track` goes; without it, the actor system's 'analytics' actor. */
  readonly analytics?: AnyActorRef
}

export type OnboardingContext = {
  readonly port: OnboardingPort
  readonly now: () => number
  readonly analytics: AnyActorRef | null
  readonly progress: Progress
  /** Onboarding events not yet stored on the server, oldest first. */
  readonly unsent: ReadonlyArray<OnboardingEvent>
  /** The progress changed since the last save began. */
  readonly dirty: boolean
  /** How many of `unsent` the running save carries. */
  readonly sending: number
}

export type OnboardingMachineEvent =
  | { type: 'onboarding.retry' }
  | { type: 'survey.submit'; survey: OnboardingSurvey }
  | { type: 'survey.skip' }
  /** The first step's budget exists (created here or chosen). */
  | { type: 'budget.ready'; budgetId: BudgetId }
  | { type: 'step.done' }
  | { type: 'step.skip' }
  | { type: 'step.back' }
  | { type: 'onboarding.dismiss' }

const initialProgress: Progress = {
  status: 'notStarted',
  currentStep: 'FirstStep',
  completedSteps: [],
  skippedSteps: [],
  survey: null,
  budgetId: null,
}

const stepAnalytics: Readonly<Record<OnboardingStep, AnalyticsEventName>> = {
  FirstStep: 'onboarding_1_step_completed',
  SecondStep: 'onboarding_2_step_completed',
  ThirdStep: 'onboarding_3_step_completed',
}

const loadedParams = ({ event }: { event: { output: LoadOutcome } }) => ({ outcome: event.output })

export const onboardingMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingMachineEvent,
    input: {} as OnboardingInput,
  },
  actors: { loadOnboarding, saveOnboarding },
  delays: { saveRetry: SAVE_RETRY_MS },
  guards: {
    resumesAt: (_, params: { outcome: LoadOutcome; place: OnboardingPlace }) =>
      params.outcome.ok && resumePlace(progressOf(params.outcome.onboarding)) === params.place,
    surveyAnswered: ({ event }) => event.type === 'survey.submit' && isAnswered(event.survey),
    hasBudget: ({ context }) => context.progress.budgetId !== null,
    needsSave: ({ context }) => context.dirty || context.unsent.length > 0,
    saved: (_, params: { outcome: SaveOutcome }) => params.outcome.ok,
  },
  actions: {
    acceptLoaded: assign((_, params: { outcome: LoadOutcome }) =>
      params.outcome.ok ? { progress: progressOf(params.outcome.onboarding) } : {},
    ),
    /** Changes the progress, records the onboarding events and asks for a save. */
    startOnboarding: assign(({ context, event }) => {
      const survey = event.type === 'survey.submit' && isAnswered(event.survey) ? event.survey : null
      const at = new Date(context.now()).toISOString()
      const events: OnboardingEvent[] = [{ name: 'started', step: null, occurredAt: at }]
      if (survey !== null) events.push({ name: 'survey_completed', step: null, occurredAt: at })
      return {
        progress: startWith(context.progress, survey),
        unsent: [...context.unsent, ...events],
        dirty: true,
      }
    }),
    rememberBudget: assign(({ context, event }) =>
      event.type === 'budget.ready' ? { progress: withBudget(context.progress, event.budgetId) } : {},
    ),
    endStep: assign(({ context }, params: { step: OnboardingStep; how: 'done' | 'skipped' }) => {
      const name: OnboardingEventName = params.how === 'done' ? 'step_completed' : 'step_skipped'
      return {
        progress: endStep(context.progress, params.step, params.how),
        unsent: [
          ...context.unsent,
          { name, step: params.step, occurredAt: new Date(context.now()).toISOString() },
        ],
        dirty: true,
      }
    }),
    goBack: assign(({ context }) => ({ progress: stepBack(context.progress), dirty: true })),
    finish: assign(({ context }, params: { status: 'completed' | 'dismissed' }) => ({
      progress: finish(context.progress, params.status),
      unsent: [
        ...context.unsent,
        { name: params.status, step: null, occurredAt: new Date(context.now()).toISOString() },
      ],
      dirty: true,
    })),
    track: enqueueActions(({ context, enqueue, system }, params: { name: AnalyticsEventName }) => {
      const analytics: AnyActorRef | undefined = context.analytics ?? system.get(ANALYTICS_SYSTEM_ID)
      const track: AnalyticsTrack = { type: 'analytics.track', name: params.name }
      if (analytics) enqueue.sendTo(analytics, track)
    }),
    beginSave: assign(({ context }) => ({
      dirty: false,
      sending: Math.min(context.unsent.length, MAX_EVENTS_PER_SAVE),
    })),
    dropSent: assign(({ context }) => ({ unsent: context.unsent.slice(context.sending), sending: 0 })),
    keepUnsent: assign({ dirty: true, sending: 0 }),
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    port: input.port,
    now: input.now,
    analytics: input.analytics ?? null,
    progress: initialProgress,
    unsent: [],
    dirty: false,
    sending: 0,
  }),
  initial: 'loading',
  states: {
    // Reading the stored progress, so a reload or another device resumes where it stopped.
    loading: {
      invoke: {
        id: 'load',
        src: 'loadOnboarding',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          ...(['survey', 'FirstStep', 'SecondStep', 'ThirdStep', 'completed', 'dismissed'] as const).map(
            (place) => ({
              guard: {
                type: 'resumesAt' as const,
                params: ({ event }: { event: { output: LoadOutcome } }) => ({ outcome: event.output, place }),
              },
              target: `#onboarding.running.flow.${place}`,
              actions: { type: 'acceptLoaded' as const, params: loadedParams },
            }),
          ),
          { target: 'loadFailed' },
        ],
      },
    },
    loadFailed: {
      on: { 'onboarding.retry': { target: 'loading' } },
    },
    running: {
      type: 'parallel',
      states: {
        flow: {
          initial: 'survey',
          states: {
            // The optional survey (why budgeting, household size); answering or skipping starts the steps.
            survey: {
              on: {
                'survey.submit': [
                  {
                    guard: 'surveyAnswered',
                    target: 'FirstStep',
                    actions: [
                      'startOnboarding',
                      { type: 'track', params: { name: 'onboarding_survey_completed' } },
                    ],
                  },
                  { target: 'FirstStep', actions: 'startOnboarding' },
                ],
                'survey.skip': { target: 'FirstStep', actions: 'startOnboarding' },
                'onboarding.dismiss': {
                  target: 'dismissed',
                  actions: { type: 'finish', params: { status: 'dismissed' } },
                },
              },
            },
            // The budget: name, currency and the starter set.
            FirstStep: {
              on: {
                'budget.ready': {
                  target: 'SecondStep',
                  actions: [
                    'rememberBudget',
                    { type: 'endStep', params: { step: 'FirstStep', how: 'done' } },
                    { type: 'track', params: { name: stepAnalytics.FirstStep } },
                  ],
                },
                'step.skip': {
                  target: 'SecondStep',
                  actions: { type: 'endStep', params: { step: 'FirstStep', how: 'skipped' } },
                },
                'onboarding.dismiss': {
                  target: 'dismissed',
                  actions: { type: 'finish', params: { status: 'dismissed' } },
                },
              },
            },
            // The first account and its opening balance (needs the budget).
            SecondStep: {
              on: {
                'step.done': {
                  guard: 'hasBudget',
                  target: 'ThirdStep',
                  actions: [
                    { type: 'endStep', params: { step: 'SecondStep', how: 'done' } },
                    { type: 'track', params: { name: stepAnalytics.SecondStep } },
                  ],
                },
                'step.skip': {
                  target: 'ThirdStep',
                  actions: { type: 'endStep', params: { step: 'SecondStep', how: 'skipped' } },
                },
                'step.back': { target: 'FirstStep', actions: 'goBack' },
                'onboarding.dismiss': {
                  target: 'dismissed',
                  actions: { type: 'finish', params: { status: 'dismissed' } },
                },
              },
            },
            // Giving the money a job: assign to categories or auto-assign (needs the budget).
            ThirdStep: {
              on: {
                'step.done': {
                  guard: 'hasBudget',
                  target: 'completed',
                  actions: [
                    { type: 'endStep', params: { step: 'ThirdStep', how: 'done' } },
                    { type: 'track', params: { name: stepAnalytics.ThirdStep } },
                    { type: 'finish', params: { status: 'completed' } },
                    { type: 'track', params: { name: 'onboarding_completed' } },
                  ],
                },
                'step.skip': {
                  target: 'completed',
                  actions: [
                    { type: 'endStep', params: { step: 'ThirdStep', how: 'skipped' } },
                    { type: 'finish', params: { status: 'completed' } },
                    { type: 'track', params: { name: 'onboarding_completed' } },
                  ],
                },
                'step.back': { target: 'SecondStep', actions: 'goBack' },
                'onboarding.dismiss': {
                  target: 'dismissed',
                  actions: { type: 'finish', params: { status: 'dismissed' } },
                },
              },
            },
            completed: {},
            dismissed: {},
          },
        },
        // Every change is saved; a change made while a save runs is saved right after it.
        sync: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'needsSave', target: 'saving' } },
            saving: {
              entry: 'beginSave',
              invoke: {
                id: 'save',
                src: 'saveOnboarding',
                input: ({ context }) => ({
                  port: context.port,
                  update: updateOf(context.progress, context.unsent.slice(0, context.sending)),
                }),
                onDone: [
                  {
                    guard: { type: 'saved', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'idle',
                    actions: 'dropSent',
                  },
                  { target: 'failed', actions: 'keepUnsent' },
                ],
              },
            },
            // Offline or refused: kept here and tried again, so nothing the user did is lost.
            failed: {
              after: { saveRetry: { target: 'saving' } },
              on: { 'onboarding.retry': { target: 'saving' } },
            },
          },
        },
      },
    },
  },
})
