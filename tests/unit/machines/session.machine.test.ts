import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  type SessionEmitted,
  type SessionUser,
  selectAccessToken,
  selectAuthError,
  selectRenewError,
  selectReturnTo,
  selectSessionStatus,
  sessionMachine,
} from '../../../machines/session/index.ts'
import { createFakeSessionPort, makeUser, providerError, START, timeoutError } from './session.fakes.ts'

const LIFETIME_MS = 600_000
/** SPEC §9, written out so a changed constant fails here. */
const EXPIRING_NOTICE_MS = 60_000
const RENEW_RETRY_MS = 5_000

const start = (stored: SessionUser | null = null) => {
  const fake = createFakeSessionPort({ stored })
  const actor = createActor(sessionMachine, { input: { port: fake.port } }).start()
  const emitted: SessionEmitted[] = []
  actor.on('session.renewFailed', (event) => emitted.push(event))
  return { fake, actor, emitted }
}

/** Lets promise callbacks (actor results) run, without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers({ now: START })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('session machine: start', () => {
  it('is signed out when nothing is stored', async () => {
    const { actor } = start()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('pending')
    await settle()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut')
    expect(selectAuthError(actor.getSnapshot())).toBeNull()
  })

  it('restores an unexpired stored user and exposes its access token', async () => {
    const { actor } = start(makeUser())
    await settle()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedIn')
    expect(selectAccessToken(actor.getSnapshot())).toBe(`token-${START}`)
  })

  it('renews a stored user whose token expired while the app was closed, quietly signing out on failure', async () => {
    const expired = makeUser({}, START - 2 * LIFETIME_MS)
    const { actor, fake } = start(expired)
    await settle()
    expect(actor.getSnapshot().value).toBe('resuming')
    expect(selectAccessToken(actor.getSnapshot())).toBeNull()
    fake.fail(fake.pending.renewSilently, providerError('login_required'))
    await settle()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut')
    expect(selectAuthError(actor.getSnapshot())).toBeNull()
    expect(fake.calls.removeUser).toBe(1)
  })

  it('resumes an expired stored user when the renewal answers for the same subject', async () => {
    const { actor, fake } = start(makeUser({}, START - 2 * LIFETIME_MS))
    await settle()
    fake.answer(fake.pending.renewSilently, makeUser())
    await settle()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedIn')
  })
})

describe('session machine: sign-in', () => {
  it('leaves for the provider with the requested address and completes at /callback, returning there', async () => {
    const { actor, fake } = start()
    await settle()
    actor.send({ type: 'session.signIn', returnTo: '/budget/b1/period/202611?tab=x' })
    expect(selectSessionStatus(actor.getSnapshot())).toBe('redirecting')
    expect(fake.calls.startSignIn).toEqual(['/budget/b1/period/202611?tab=x'])

    // A fresh page load at /callback: the machine takes the answer even while restoring.
    const callbackPage = start()
    callbackPage.actor.send({ type: 'session.callback', url: 'http://localhost/callback?code=c&state=s' })
    callbackPage.actor.send({ type: 'session.callback', url: 'http://localhost/callback?code=c&state=s' })
    expect(callbackPage.fake.calls.completeSignIn).toHaveLength(1)
    callbackPage.fake.answer(callbackPage.fake.pending.completeSignIn, {
      user: makeUser(),
      returnTo: '/budget/b1/period/202611?tab=x',
    })
    await settle()
    expect(selectSessionStatus(callbackPage.actor.getSnapshot())).toBe('signedIn')
    expect(selectReturnTo(callbackPage.actor.getSnapshot())).toBe('/budget/b1/period/202611?tab=x')
  })

  it('reports a failed redirect start with its code and lets the user try again', async () => {
    const { actor, fake } = start()
    await settle()
    actor.send({ type: 'session.signIn', returnTo: '/' })
    fake.fail(fake.pending.startSignIn, new TypeError('Failed to fetch'))
    await settle()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut')
    expect(selectAuthError(actor.getSnapshot())).toBe('network')
    actor.send({ type: 'session.signIn', returnTo: '/' })
    expect(selectAuthError(actor.getSnapshot())).toBeNull()
    expect(fake.calls.startSignIn).toHaveLength(2)
  })

  it.each([
    ['No matching state found in storage', 'stateNotFound'],
    ['State does not match', 'stateMismatch'],
    ['ID Token is missing a subject claim', 'missingSubject'],
    ['No state in response', 'noState'],
  ] as const)('a callback failing with "%s" ends signed out with %s', async (message, code) => {
    const { actor, fake } = start()
    actor.send({ type: 'session.callback', url: 'http://localhost/callback' })
    fake.fail(fake.pending.completeSignIn, new Error(message))
    await settle()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut')
    expect(selectAuthError(actor.getSnapshot())).toBe(code)
    actor.send({ type: 'session.dismissError' })
    expect(selectAuthError(actor.getSnapshot())).toBeNull()
  })

  it('treats login_required at the callback as an anonymous result, not an error', async () => {
    const { actor, fake } = start()
    actor.send({ type: 'session.callback', url: 'http://localhost/callback?error=login_required' })
    fake.fail(fake.pending.completeSignIn, providerError('login_required'))
    await settle()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut')
    expect(selectAuthError(actor.getSnapshot())).toBeNull()
  })

  it('a 401 while signed in starts a fresh sign-in', async () => {
    const { actor, fake } = start(makeUser())
    await settle()
    actor.send({ type: 'session.signIn', returnTo: '/budgets' })
    expect(selectSessionStatus(actor.getSnapshot())).toBe('redirecting')
    expect(fake.calls.startSignIn).toEqual(['/budgets'])
  })
})

describe('session machine: silent renewal', () => {
  it('renews 60 s before expiry and keeps the new token', async () => {
    const { actor, fake } = start(makeUser())
    await settle()
    await vi.advanceTimersByTimeAsync(LIFETIME_MS - EXPIRING_NOTICE_MS - 1)
    expect(fake.calls.renewSilently).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.calls.renewSilently).toBe(1)
    expect(selectAccessToken(actor.getSnapshot())).toBe(`token-${START}`)
    const renewedAt = Date.now()
    fake.answer(fake.pending.renewSilently, makeUser({}, renewedAt))
    await settle()
    expect(selectAccessToken(actor.getSnapshot())).toBe(`token-${renewedAt}`)
    // The expiry timer restarted with the new token: nothing expires at the old expiry.
    await vi.advanceTimersByTimeAsync(EXPIRING_NOTICE_MS)
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedIn')
    expect(fake.calls.renewSilently).toBe(1)
  })

  it('retries a timed-out renewal after 5 s, without raising the error event', async () => {
    const { actor, fake, emitted } = start(makeUser())
    await settle()
    await vi.advanceTimersByTimeAsync(LIFETIME_MS - EXPIRING_NOTICE_MS)
    fake.fail(fake.pending.renewSilently, timeoutError())
    await settle()
    expect(actor.getSnapshot().matches({ signedIn: 'retryWait' })).toBe(true)
    await vi.advanceTimersByTimeAsync(RENEW_RETRY_MS - 1)
    expect(fake.calls.renewSilently).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.calls.renewSilently).toBe(2)
    expect(emitted).toEqual([])
  })

  it('raises the silent-renew error event for other failures and signs out once the token expires', async () => {
    const { actor, fake, emitted } = start(makeUser())
    await settle()
    await vi.advanceTimersByTimeAsync(LIFETIME_MS - EXPIRING_NOTICE_MS)
    fake.fail(fake.pending.renewSilently, new TypeError('Failed to fetch'))
    await settle()
    expect(emitted).toEqual([{ type: 'session.renewFailed', code: 'network' }])
    expect(selectRenewError(actor.getSnapshot())).toBe('network')
    // The old token still works until expires_at.
    expect(selectAccessToken(actor.getSnapshot())).toBe(`token-${START}`)
    await vi.advanceTimersByTimeAsync(EXPIRING_NOTICE_MS)
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut')
    expect(selectAuthError(actor.getSnapshot())).toBe('sessionExpired')
    expect(fake.calls.removeUser).toBe(1)
  })

  it.each(['login_required', 'consent_required', 'interaction_required', 'account_selection_required'])(
    'an anonymous %s on renewal signs out without an error',
    async (result) => {
      const { actor, fake, emitted } = start(makeUser())
      await settle()
      await vi.advanceTimersByTimeAsync(LIFETIME_MS - EXPIRING_NOTICE_MS)
      fake.fail(fake.pending.renewSilently, providerError(result))
      await settle()
      expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut')
      expect(selectAuthError(actor.getSnapshot())).toBeNull()
      expect(emitted).toEqual([])
    },
  )

  it('a different subject on renewal counts as login_required (SPEC §5)', async () => {
    const { actor, fake } = start(makeUser())
    await settle()
    await vi.advanceTimersByTimeAsync(LIFETIME_MS - EXPIRING_NOTICE_MS)
    fake.answer(fake.pending.renewSilently, makeUser({ subject: 'someone-else' }, Date.now()))
    await settle()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut')
    expect(selectAccessToken(actor.getSnapshot())).toBeNull()
    expect(fake.calls.removeUser).toBe(1)
  })
})

describe('session machine: sign-out', () => {
  it('signs out with the ID token as hint', async () => {
    const { actor, fake } = start(makeUser({ idToken: 'the-id-token' }))
    await settle()
    actor.send({ type: 'session.signOut' })
    expect(actor.getSnapshot().value).toBe('signingOut')
    expect(fake.calls.signOut).toEqual(['the-id-token'])
    fake.answer(fake.pending.signOut, undefined)
    await settle()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut')
  })

  it('reports a failed end-session redirect', async () => {
    const { actor, fake } = start(makeUser())
    await settle()
    actor.send({ type: 'session.signOut' })
    fake.fail(fake.pending.signOut, new Error('Redirect aborted'))
    await settle()
    expect(selectAuthError(actor.getSnapshot())).toBe('redirectAborted')
  })

  it('forgets the user when the provider reports the session ended elsewhere', async () => {
    const { actor, fake } = start(makeUser())
    await settle()
    expect(fake.watching()).toBe(1)
    fake.endAtProvider()
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signedOut')
    expect(fake.watching()).toBe(0)
    expect(fake.calls.removeUser).toBe(1)
  })
})
