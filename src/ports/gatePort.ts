import type { GatePort } from '../../machines/subscriptionGate/index.ts'
import type { LoadApi } from '../api/loadApi.ts'

/** The gate's port onto the product API; the client and its schemas load on first use. */
export const createGatePort = (loadApi: LoadApi): GatePort => ({
  async loadProfile(signal) {
    const [api, { UserProfile }] = await Promise.all([loadApi(), import('../../schemas/user.ts')])
    return api.getJson('/api/user-profile', UserProfile, { signal })
  },
  async loadSubscription(signal) {
    const [api, { Subscription }] = await Promise.all([loadApi(), import('../../schemas/user.ts')])
    return api.getJson('/api/subscription', Subscription, { signal })
  },
})
