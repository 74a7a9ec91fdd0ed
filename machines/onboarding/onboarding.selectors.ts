import type { SnapshotFrom } from 'xstate'
import type { BudgetId } from '../../schemas/ids.ts'
import type { OnboardingStep, OnboardingSurvey } from '../../schemas/onboarding.ts'
import type { onboardingMachine } from './onboarding.machine.ts'
import { type OnboardingPlace, onboardingPlaces } from './onboarding.progress.ts'

type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>

export type OnboardingLoadState = 'loading' | 'failed' | 'ready'

export const selectOnboardingLoadState = (snapshot: OnboardingSnapshot): OnboardingLoadState =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready'

/** Where the onboarding stands (the route's `onboardingProgress`), or null while it loads. */
export const selectOnboardingPlace = (snapshot: OnboardingSnapshot): OnboardingPlace | null =>
  onboardingPlaces.find((place) => snapshot.matches({ running: { flow: place } })) ?? null

export const selectOnboardingBudget = (snapshot: OnboardingSnapshot): BudgetId | null =>
  snapshot.context.progress.budgetId

export const selectCompletedSteps = (snapshot: OnboardingSnapshot): ReadonlyArray<OnboardingStep> =>
  snapshot.context.progress.completedSteps

export const selectSkippedSteps = (snapshot: OnboardingSnapshot): ReadonlyArray<OnboardingStep> =>
  snapshot.context.progress.skippedSteps

export const selectSurvey = (snapshot: OnboardingSnapshot): OnboardingSurvey | null =>
  snapshot.context.progress.survey

/** The last save failed; it is tried again shortly. */
export const selectSaveFailed = (snapshot: OnboardingSnapshot): boolean =>
  snapshot.matches({ running: { sync: 'failed' } })

/** Every change is on the server. */
export const selectAllSaved = (snapshot: OnboardingSnapshot): boolean =>
  snapshot.matches({ running: { sync: 'idle' } }) &&
  !snapshot.context.dirty &&
  snapshot.context.unsent.length === 0
