import type { Onboarding, OnboardingUpdate } from '../../schemas/onboarding.ts'

export type LoadOutcome = { readonly ok: true; readonly onboarding: Onboarding } | { readonly ok: false }

export type SaveOutcome = { readonly ok: boolean }

/**
 * What the onboarding actor needs from the outside world; the view implements it over the app's HTTP client
 * (GET and PUT /api/onboarding). Expected failures are values, the port never throws for them.
 */
export type OnboardingPort = {
  load(signal: AbortSignal): Promise<LoadOutcome>
  save(update: OnboardingUpdate, signal: AbortSignal): Promise<SaveOutcome>
}
