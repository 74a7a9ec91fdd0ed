import { fromPromise } from 'xstate'
import type { GateAnswers, GatePort } from './gate.port.ts'

export type LoadAnswersOutput = { readonly ok: true; readonly answers: GateAnswers } | { readonly ok: false }

/**
 * Both answers at once. A disabled user's subscription may be refused (the API answers 403 to a disabled
 * account), so a disabled profile decides alone. Failures (offline, 5xx) come back as a value so the gate can
 * be asked again.
 */
export const loadAnswers = fromPromise<LoadAnswersOutput, { readonly port: GatePort }>(
  async ({ input, signal }) => {
    const [profile, subscription] = await Promise.allSettled([
      input.port.loadProfile(signal),
      input.port.loadSubscription(signal),
    ])
    if (profile.status === 'rejected') return { ok: false }
    if (profile.value.isDisabled)
      return { ok: true, answers: { userDisabled: true, subscriptionExpired: false } }
    if (subscription.status === 'rejected') return { ok: false }
    return { ok: true, answers: { userDisabled: false, subscriptionExpired: subscription.value.isExpired } }
  },
)
