export { loadOnboarding, saveOnboarding } from './onboarding.actors.ts'
export { selectAccountCount, selectCanAutoAssign, selectHasAssigned } from './onboarding.budget.ts'
export type { OnboardingContext, OnboardingInput, OnboardingMachineEvent } from './onboarding.machine.ts'
export { onboardingMachine, SAVE_RETRY_MS } from './onboarding.machine.ts'
export type { LoadOutcome, OnboardingPort, SaveOutcome } from './onboarding.port.ts'
export type { OnboardingPlace, Progress } from './onboarding.progress.ts'
export { isOnboardingPlace, onboardingPlaces, resumePlace } from './onboarding.progress.ts'
export type { OnboardingLoadState } from './onboarding.selectors.ts'
export {
  selectAllSaved,
  selectCompletedSteps,
  selectOnboardingBudget,
  selectOnboardingLoadState,
  selectOnboardingPlace,
  selectSaveFailed,
  selectSkippedSteps,
  selectSurvey,
} from './onboarding.selectors.ts'
