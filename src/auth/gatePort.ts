import type { GatePort } from '../../machines/subscriptionGate/index.ts'

/** The gate's port onto the product API; the client and its schemas load on first use. */
export const createGatePort = (): GatePort => ({
  async loadProfile(signal) {
    const [{ getJson }, { UserProfile }] = await Promise.all([
      import('../api/client.ts'),
      import('../../schemas/user.ts'),
    ])
    return getJson('/api/user-profile', UserProfile, { signal })
  },
  async loadSubscription(signal) {
    const [{ getJson }, { Subscription }] = await Promise.all([
      import('../api/client.ts'),
      import('../../schemas/user.ts'),
    ])
    return getJson('/api/subscription', Subscription, { signal })
  },
})
