import type { CompletedSignIn, SessionPort, SessionUser } from '../../../machines/session/index.ts'

export const START = Date.UTC(2026, 10, 22, 12, 0, 0)

/** A user whose access token expires `lifetimeMs` after `issuedAt`. */
export const makeUser = (
  overrides: Partial<SessionUser> = {},
  issuedAt = START,
  lifetimeMs = 600_000,
): SessionUser => ({
  subject: 'user-1',
  accessToken: `token-${issuedAt}`,
  idToken: 'id-token-1',
  expiresAt: Math.floor((issuedAt + lifetimeMs) / 1000),
  email: 'ala@example.com',
  ...overrides,
})

export type Deferred<T> = { resolve: (value: T) => void; reject: (error: unknown) => void }

/** A port whose every protocol call waits until the test answers it, and which records what was asked. */
export const createFakeSessionPort = (
  options: { stored?: SessionUser | null; now?: () => number; deferLoad?: boolean } = {},
) => {
  const calls = {
    startSignIn: [] as string[],
    completeSignIn: [] as string[],
    renewSilently: 0,
    signOut: [] as Array<string | null>,
    removeUser: 0,
  }
  const pending = {
    loadUser: [] as Array<Deferred<SessionUser | null>>,
    startSignIn: [] as Array<Deferred<void>>,
    completeSignIn: [] as Array<Deferred<CompletedSignIn>>,
    renewSilently: [] as Array<Deferred<SessionUser | null>>,
    signOut: [] as Array<Deferred<void>>,
  }
  const endedListeners = new Set<() => void>()
  const defer = <T>(queue: Array<Deferred<T>>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ resolve, reject })
    })
  const port: SessionPort = {
    now: options.now ?? (() => Date.now()),
    loadUser: () =>
      options.deferLoad === true ? defer(pending.loadUser) : Promise.resolve(options.stored ?? null),
    startSignIn(returnTo) {
      calls.startSignIn.push(returnTo)
      return defer(pending.startSignIn)
    },
    completeSignIn(url) {
      calls.completeSignIn.push(url)
      return defer(pending.completeSignIn)
    },
    renewSilently() {
      calls.renewSilently += 1
      return defer(pending.renewSilently)
    },
    signOut(idTokenHint) {
      calls.signOut.push(idTokenHint)
      return defer(pending.signOut)
    },
    async removeUser() {
      calls.removeUser += 1
    },
    onEndedAtProvider(listener) {
      endedListeners.add(listener)
      return () => endedListeners.delete(listener)
    },
  }
  // The latest call is the live one: a call whose state was left (its actor stopped) is never answered.
  const answer = <T>(queue: Array<Deferred<T>>, value: T) => {
    const next = queue.splice(0).at(-1)
    if (next === undefined) throw new Error('no pending call to answer')
    next.resolve(value)
  }
  const fail = <T>(queue: Array<Deferred<T>>, error: unknown) => {
    const next = queue.splice(0).at(-1)
    if (next === undefined) throw new Error('no pending call to fail')
    next.reject(error)
  }
  return {
    port,
    calls,
    pending,
    answer,
    fail,
    endAtProvider: () => {
      for (const listener of endedListeners) listener()
    },
    watching: () => endedListeners.size,
  }
}

/** Errors shaped exactly as oidc-client-ts throws them (see session.errors.test.ts for the real classes). */
export const timeoutError = () =>
  Object.assign(new Error('IFrame timed out without a response'), { name: 'ErrorTimeout' })
export const providerError = (error: string) =>
  Object.assign(new Error(error), { name: 'ErrorResponse', error, error_description: null })
