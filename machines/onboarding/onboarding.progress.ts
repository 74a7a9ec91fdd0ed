import type { BudgetId } from '../../schemas/ids.ts'
import {
  type Onboarding,
  type OnboardingEvent,
  type OnboardingProgress,
  type OnboardingStep,
  type OnboardingSurvey,
  type OnboardingUpdate,
  onboardingSteps,
} from '../../schemas/onboarding.ts'

// Pure rules of the onboarding's progress: where a loaded progress resumes, and how a step's end changes it.

/** The progress as the machine keeps it (the server stamps `updatedAt`). */
export type Progress = Omit<OnboardingProgress, 'updatedAt'>

/** Where the onboarding is shown: SPEC's `onboardingProgress` route parameter takes these values. */
export type OnboardingPlace = 'survey' | OnboardingStep | 'completed' | 'dismissed'

export const onboardingPlaces: ReadonlyArray<OnboardingPlace> = [
  'survey',
  ...onboardingSteps,
  'completed',
  'dismissed',
]

export const isOnboardingPlace = (value: string): value is OnboardingPlace =>
  (onboardingPlaces as ReadonlyArray<string>).includes(value)

export const progressOf = ({ progress }: Onboarding): Progress => {
  const { updatedAt: _stamp, ...rest } = progress
  return rest
}

/** A fresh progress opens on the survey; an active one on its current step; a finished one stays finished. */
export const resumePlace = (progress: Progress): OnboardingPlace => {
  switch (progress.status) {
    case 'notStarted':
      return 'survey'
    case 'active':
      return progress.currentStep
    case 'completed':
      return 'completed'
    case 'dismissed':
      return 'dismissed'
  }
}

const nextStep = (step: OnboardingStep): OnboardingStep | null =>
  onboardingSteps[onboardingSteps.indexOf(step) + 1] ?? null

const previousStep = (step: OnboardingStep): OnboardingStep =>
  onboardingSteps[Math.max(0, onboardingSteps.indexOf(step) - 1)] ?? step

const without = (steps: ReadonlyArray<OnboardingStep>, step: OnboardingStep) =>
  steps.filter((other) => other !== step)

/** The step is over (done or skipped): the next one becomes current; after the last, the onboarding is complete. */
export const endStep = (progress: Progress, step: OnboardingStep, how: 'done' | 'skipped'): Progress => {
  const next = nextStep(step)
  return {
    ...progress,
    status: next === null ? 'completed' : 'active',
    currentStep: next ?? step,
    completedSteps:
      how === 'done'
        ? [...without(progress.completedSteps, step), step]
        : without(progress.completedSteps, step),
    skippedSteps:
      how === 'skipped'
        ? [...without(progress.skippedSteps, step), step]
        : without(progress.skippedSteps, step),
  }
}

export const stepBack = (progress: Progress): Progress => ({
  ...progress,
  currentStep: previousStep(progress.currentStep),
})

export const startWith = (progress: Progress, survey: OnboardingSurvey | null): Progress => ({
  ...progress,
  status: 'active',
  currentStep: 'FirstStep',
  survey,
})

export const withBudget = (progress: Progress, budgetId: BudgetId): Progress => ({ ...progress, budgetId })

export const finish = (progress: Progress, status: 'completed' | 'dismissed'): Progress => ({
  ...progress,
  status,
})

/** A survey with at least one answer (an empty one counts as skipped). */
export const isAnswered = (survey: OnboardingSurvey): boolean =>
  survey.reason !== undefined || survey.householdSize !== undefined

/** The most events one save carries (the server's limit). */
export const MAX_EVENTS_PER_SAVE = 20

export const updateOf = (progress: Progress, events: ReadonlyArray<OnboardingEvent>): OnboardingUpdate => ({
  ...progress,
  events: events.slice(0, MAX_EVENTS_PER_SAVE),
})
