import { isRedirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { createAppActor } from '../../../machines/app/index.ts'
import type { GateVerdict } from '../../../machines/subscriptionGate/index.ts'
import type { AuthAccess } from '../../../src/auth/createAuth.ts'
import {
  GateUnavailableError,
  type RouterContext,
  requireActiveSubscription,
  requireAuthentication,
  requireEnabledUser,
  requireSignedInApp,
  SignInDidNotStartError,
} from '../../../src/router/guards.ts'
import { createFakePlatform } from './fakePlatform.ts'

const fakeAccess = (options: {
  session: 'signedIn' | 'signedOut'
  verdict?: GateVerdict
  isNative?: boolean
}) => {
  const signIns: string[] = []
  const access: AuthAccess = {
    isNative: options.isNative ?? false,
    settledSession: async () => options.session,
    async signIn(returnTo) {
      signIns.push(returnTo)
    },
    verdict: async () => options.verdict ?? 'pass',
  }
  const context: RouterContext = {
    storage: { get: () => null, set: () => undefined },
    now: () => 0,
    device: 'desktop',
    auth: access,
    // The guards never reach the app actor (the budget loaders do); an unstarted one stands in.
    app: createAppActor(createFakePlatform().platform),
    subject: () => null,
    // The guards read nothing through the HTTP client.
    api: () => Promise.reject(new Error('no HTTP in guard tests')),
  }
  return { context, signIns }
}

const location = { href: '/budget/b1/period/202611?tab=2#top' }

/** The href a guard redirected to, or the error it threw. */
const outcome = async (run: () => Promise<void>): Promise<string | Error | 'continued'> => {
  try {
    await run()
    return 'continued'
  } catch (thrown) {
    if (isRedirect(thrown)) return thrown.options.href ?? '(no href)'
    if (thrown instanceof Error) return thrown
    throw thrown
  }
}

describe('requireAuthentication (SPEC §2)', () => {
  it('lets a signed-in user continue', async () => {
    const { context, signIns } = fakeAccess({ session: 'signedIn' })
    expect(await outcome(() => requireAuthentication({ context, location }))).toBe('continued')
    expect(signIns).toEqual([])
  })

  it('browser: starts sign-in with the full requested address', async () => {
    const { context, signIns } = fakeAccess({ session: 'signedOut' })
    // The page would be gone; if it stays, the route fails instead of showing a protected view.
    expect(await outcome(() => requireAuthentication({ context, location }))).toBeInstanceOf(
      SignInDidNotStartError,
    )
    expect(signIns).toEqual(['/budget/b1/period/202611?tab=2#top'])
  })

  it('native platform: goes to the route named login', async () => {
    const { context, signIns } = fakeAccess({ session: 'signedOut', isNative: true })
    expect(await outcome(() => requireAuthentication({ context, location }))).toBe('/login')
    expect(signIns).toEqual([])
  })
})

describe('gate guards (SPEC §4)', () => {
  it('a disabled user is sent to logout', async () => {
    const { context } = fakeAccess({ session: 'signedIn', verdict: 'signOut' })
    expect(await outcome(() => requireEnabledUser({ context }))).toBe('/logout')
  })

  it('an expired subscription is sent to subscription-expired', async () => {
    const { context } = fakeAccess({ session: 'signedIn', verdict: 'subscriptionExpired' })
    expect(await outcome(() => requireActiveSubscription({ context }))).toBe('/subscription-expired')
  })

  it('an unreachable API fails the route (its error view offers to try again)', async () => {
    const { context } = fakeAccess({ session: 'signedIn', verdict: 'failed' })
    expect(await outcome(() => requireEnabledUser({ context }))).toBeInstanceOf(GateUnavailableError)
    expect(await outcome(() => requireActiveSubscription({ context }))).toBeInstanceOf(GateUnavailableError)
  })

  it('asks nothing while nobody is signed in (requireAuthentication decides)', async () => {
    const { context } = fakeAccess({ session: 'signedOut', verdict: 'failed' })
    expect(await outcome(() => requireEnabledUser({ context }))).toBe('continued')
    expect(await outcome(() => requireActiveSubscription({ context }))).toBe('continued')
  })

  it('an enabled user with a live subscription continues', async () => {
    const { context } = fakeAccess({ session: 'signedIn', verdict: 'pass' })
    expect(await outcome(() => requireEnabledUser({ context }))).toBe('continued')
    expect(await outcome(() => requireActiveSubscription({ context }))).toBe('continued')
  })
})

describe('requireSignedInApp', () => {
  it('starts session-only work once signed in, before the profile check has answered', async () => {
    const steps: string[] = []
    const { context } = fakeAccess({ session: 'signedIn' })
    const checked: RouterContext = {
      ...context,
      auth: {
        ...context.auth,
        verdict: async (scope) => {
          steps.push(`verdict ${scope}`)
          return 'pass'
        },
      },
    }
    await requireSignedInApp({ context: checked, location }, () => steps.push('read ahead'))
    expect(steps).toEqual(['read ahead', 'verdict app'])
  })

  it('starts nothing for a signed-out visitor', async () => {
    const steps: string[] = []
    const { context } = fakeAccess({ session: 'signedOut', isNative: true })
    expect(
      await outcome(() => requireSignedInApp({ context, location }, () => steps.push('read ahead'))),
    ).toBe('/login')
    expect(steps).toEqual([])
  })
})
