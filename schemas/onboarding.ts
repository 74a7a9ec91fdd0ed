import * as Schema from 'effect/Schema'
import { IsoInstant } from './analytics.ts'
import { BudgetId } from './ids.ts'

// The product onboarding's stored progress (SPEC §3 data kinds `onboarding` and `onboardingEvents`, §4 "three
// ordered steps, then completion"). One record per user, so a reload or another device resumes where it stopped.

/** SPEC §3 enumeration "Onboarding steps", in their order. */
export const onboardingSteps = ['FirstStep', 'SecondStep', 'ThirdStep'] as const
export const OnboardingStep = Schema.Literals(onboardingSteps)
export type OnboardingStep = typeof OnboardingStep.Type

/** `notStarted` until the first save; `completed` and `dismissed` are final (the banner no longer offers it). */
export const onboardingStatuses = ['notStarted', 'active', 'completed', 'dismissed'] as const
export const OnboardingStatus = Schema.Literals(onboardingStatuses)
export type OnboardingStatus = typeof OnboardingStatus.Type

export const surveyReasons = ['control', 'saving', 'debt', 'together', 'curious'] as const
export const SurveyReason = Schema.Literals(surveyReasons)
export type SurveyReason = typeof SurveyReason.Type

export const householdSizes = ['one', 'two', 'threeFour', 'fivePlus'] as const
export const HouseholdSize = Schema.Literals(householdSizes)
export type HouseholdSize = typeof HouseholdSize.Type

/** The short optional survey: either answer may be left out. */
export const OnboardingSurvey = Schema.Struct({
  reason: Schema.optionalKey(SurveyReason),
  householdSize: Schema.optionalKey(HouseholdSize),
}).annotate({ identifier: 'OnboardingSurvey' })
export type OnboardingSurvey = typeof OnboardingSurvey.Type

const distinctSteps = Schema.Array(OnboardingStep).check(
  Schema.isMaxLength(onboardingSteps.length),
  Schema.makeFilter((steps: ReadonlyArray<OnboardingStep>) => new Set(steps).size === steps.length, {
    expected: 'each step at most once',
  }),
)

/** The fields a client writes. */
export const OnboardingProgressFields = {
  status: OnboardingStatus,
  currentStep: OnboardingStep,
  completedSteps: distinctSteps,
  skippedSteps: distinctSteps,
  survey: Schema.NullOr(OnboardingSurvey),
  /** The budget the first step made (or chose), so the later steps work on it from any device. */
  budgetId: Schema.NullOr(BudgetId),
}

export const onboardingEventNames = [
  'started',
  'survey_completed',
  'step_completed',
  'step_skipped',
  'completed',
  'dismissed',
] as const
export const OnboardingEventName = Schema.Literals(onboardingEventNames)
export type OnboardingEventName = typeof OnboardingEventName.Type

/** What happened during onboarding, in order (SPEC's `onboardingEvents`). */
export const OnboardingEvent = Schema.Struct({
  name: OnboardingEventName,
  step: Schema.NullOr(OnboardingStep),
  occurredAt: IsoInstant,
}).annotate({ identifier: 'OnboardingEvent' })
export type OnboardingEvent = typeof OnboardingEvent.Type

/** `PUT /api/onboarding`: the whole progress, and the events since the last save (at most 20). */
export const OnboardingUpdate = Schema.Struct({
  ...OnboardingProgressFields,
  events: Schema.Array(OnboardingEvent).check(Schema.isMaxLength(20)),
}).annotate({ identifier: 'OnboardingUpdate' })
export type OnboardingUpdate = typeof OnboardingUpdate.Type

export const OnboardingProgress = Schema.Struct({
  ...OnboardingProgressFields,
  /** Null until the first save. */
  updatedAt: Schema.NullOr(IsoInstant),
}).annotate({ identifier: 'OnboardingProgress' })
export type OnboardingProgress = typeof OnboardingProgress.Type

/** `GET /api/onboarding`: the caller's progress (a fresh one before the first save) and its latest events. */
export const Onboarding = Schema.Struct({
  progress: OnboardingProgress,
  events: Schema.Array(OnboardingEvent),
}).annotate({ identifier: 'Onboarding' })
export type Onboarding = typeof Onboarding.Type

/** The progress of a user who has never saved any. */
export const freshOnboardingProgress: OnboardingProgress = {
  status: 'notStarted',
  currentStep: 'FirstStep',
  completedSteps: [],
  skippedSteps: [],
  survey: null,
  budgetId: null,
  updatedAt: null,
}
