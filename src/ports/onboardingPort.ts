import type { OnboardingPort } from '../../machines/onboarding/index.ts'
import { Onboarding } from '../../schemas/onboarding.ts'
import type { LoadApi } from '../api/loadApi.ts'

/** GET and PUT /api/onboarding over the app's one HTTP client; a failure is a value the actor retries on. */
export const createOnboardingPort = (loadApi: LoadApi): OnboardingPort => ({
  async load(signal) {
    try {
      return {
        ok: true,
        onboarding: await (await loadApi()).getJson('/api/onboarding', Onboarding, { signal }),
      }
    } catch {
      return { ok: false }
    }
  },
  async save(update, signal) {
    try {
      await (await loadApi()).putJson('/api/onboarding', update, Onboarding, { signal })
      return { ok: true }
    } catch {
      return { ok: false }
    }
  },
})
