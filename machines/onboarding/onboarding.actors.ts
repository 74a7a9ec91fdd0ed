import { fromPromise } from 'xstate'
import type { OnboardingUpdate } from '../../schemas/onboarding.ts'
import type { LoadOutcome, OnboardingPort, SaveOutcome } from './onboarding.port.ts'

/** A port that throws (a bug, not an expected failure) still answers with a value. */
export const loadOnboarding = fromPromise<LoadOutcome, { readonly port: OnboardingPort }>(
  async ({ input, signal }) => {
    try {
      return await input.port.load(signal)
    } catch {
      return { ok: false }
    }
  },
)

export const saveOnboarding = fromPromise<
  SaveOutcome,
  { readonly port: OnboardingPort; readonly update: OnboardingUpdate }
>(async ({ input, signal }) => {
  try {
    return await input.port.save(input.update, signal)
  } catch {
    return { ok: false }
  }
})
