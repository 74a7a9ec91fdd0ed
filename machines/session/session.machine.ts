import { assign, emit, setup } from 'xstate'
import {
  completeSignIn,
  loadStoredUser,
  type Outcome,
  renewSilently,
  signOut,
  startSignIn,
  watchProviderSession,
} from './session.actors.ts'
import type { AuthErrorCode } from './session.errors.ts'
import type { CompletedSignIn, SessionPort, SessionUser } from './session.port.ts'

/** SPEC §9: the expiring notice (and with it the silent renewal) comes 60 s before expiry. */
export const EXPIRING_NOTICE_MS = 60_000
/** SPEC §4, §9: a timed-out silent renewal is retried after 5 s. */
export const RENEW_RETRY_MS = 5_000
/** setTimeout overflows above 2^31 − 1 ms (~24.8 days) and would fire at once; sessions last 14 days. */
const MAX_TIMER_MS = 2 ** 31 - 1

export type SessionContext = {
  readonly port: SessionPort
  readonly user: SessionUser | null
  /** The address the pending sign-in started from; /callback returns there. */
  readonly returnTo: string | null
  /** The last blocking authentication failure (SPEC §8), shown with a way forward until dismissed. */
  readonly error: AuthErrorCode | null
  /** The last silent renewal failure that was not a timeout; the token still works until it expires. */
  readonly renewError: AuthErrorCode | null
}

export type SessionEvent =
  | { type: 'session.signIn'; returnTo: string }
  | { type: 'session.callback'; url: string }
  | { type: 'session.signOut' }
  | { type: 'session.endedAtProvider' }
  | { type: 'session.dismissError' }

/** SPEC §4 "silent-renew error event", for listeners such as a toast (`actor.on('session.renewFailed', …)`). */
export type SessionEmitted = { type: 'session.renewFailed'; code: AuthErrorCode }

export type SessionInput = { readonly port: SessionPort }

const isExpired = (user: SessionUser, now: number): boolean =>
  user.expiresAt !== null && user.expiresAt * 1000 <= now

const msUntil = (user: SessionUser | null, now: number, before: number): number => {
  if (user === null || user.expiresAt === null) return MAX_TIMER_MS
  return Math.min(MAX_TIMER_MS, Math.max(0, user.expiresAt * 1000 - before - now))
}

/** The code a failed outcome leaves for the user; anonymous results are not failures (SPEC §8). */
const errorOf = (outcome: Outcome<unknown>): AuthErrorCode | null => {
  if (outcome.ok || outcome.failure.kind === 'anonymous') return null
  return outcome.failure.code
}

export const sessionMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: { loadStoredUser, startSignIn, completeSignIn, renewSilently, signOut, watchProviderSession },
  delays: {
    untilExpiring: ({ context }) => msUntil(context.user, context.port.now(), EXPIRING_NOTICE_MS),
    untilExpired: ({ context }) => msUntil(context.user, context.port.now(), 0),
    renewRetry: RENEW_RETRY_MS,
  },
  guards: {
    isUsableUser: ({ context }, params: { user: SessionUser | null }) =>
      params.user !== null && !isExpired(params.user, context.port.now()),
    isStoredUser: (_, params: { user: SessionUser | null }) => params.user !== null,
    /** SPEC §5: on renewal the subject must not change (a changed one is login_required). */
    isSameSubject: ({ context }, params: { outcome: Outcome<SessionUser | null> }) =>
      params.outcome.ok &&
      params.outcome.value !== null &&
      params.outcome.value.subject === context.user?.subject,
    isTimeout: (_, params: { outcome: Outcome<unknown> }) =>
      !params.outcome.ok && params.outcome.failure.kind === 'timeout',
    /** Nobody signed in at the provider, a different subject, or no user at all: sign-in is needed. */
    isAnonymous: (_, params: { outcome: Outcome<SessionUser | null> }) =>
      params.outcome.ok || params.outcome.failure.kind === 'anonymous',
    succeeded: (_, params: { outcome: Outcome<unknown> }) => params.outcome.ok,
  },
  actions: {
    rememberUser: assign((_, params: { user: SessionUser | null }) => ({
      user: params.user,
      renewError: null,
    })),
    rememberSignIn: assign((_, params: { signIn: CompletedSignIn | null }) =>
      params.signIn === null
        ? {}
        : { user: params.signIn.user, returnTo: params.signIn.returnTo, error: null, renewError: null },
    ),
    rememberReturnTo: assign((_, params: { returnTo: string }) => ({
      returnTo: params.returnTo,
      error: null,
    })),
    forgetUser: assign({ user: null, renewError: null }),
    removeStoredUser: ({ context }) => {
      // Best effort: an unwritable store cannot be helped, and the user is already forgotten in memory.
      context.port.removeUser().catch(() => undefined)
    },
    setError: assign((_, params: { error: AuthErrorCode | null }) => ({ error: params.error })),
    setRenewError: assign((_, params: { error: AuthErrorCode }) => ({ renewError: params.error })),
    emitRenewFailed: emit((_, params: { error: AuthErrorCode }) => ({
      type: 'session.renewFailed' as const,
      code: params.error,
    })),
    dismissError: assign({ error: null }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ port: input.port, user: null, returnTo: null, error: null, renewError: null }),
  initial: 'restoring',
  states: {
    // Reading the stored user (cookie or local storage) at start; guards wait for this.
    restoring: {
      // The provider's answer arrives while the stored user is still being read (/callback is a fresh page load).
      on: { 'session.callback': { target: 'completing' } },
      invoke: {
        id: 'loadStoredUser',
        src: 'loadStoredUser',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          {
            guard: { type: 'isUsableUser', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn',
            actions: { type: 'rememberUser', params: ({ event }) => ({ user: event.output }) },
          },
          {
            guard: { type: 'isStoredUser', params: ({ event }) => ({ user: event.output }) },
            target: 'resuming',
            actions: { type: 'rememberUser', params: ({ event }) => ({ user: event.output }) },
          },
          { target: 'signedOut' },
        ],
      },
    },
    // A stored user whose token expired while the app was closed: one quiet renewal before asking to sign in.
    resuming: {
      invoke: {
        id: 'resume',
        src: 'renewSilently',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          {
            guard: { type: 'isSameSubject', params: ({ event }) => ({ outcome: event.output }) },
            target: 'signedIn',
            actions: {
              type: 'rememberUser',
              params: ({ event }) => ({ user: event.output.ok ? event.output.value : null }),
            },
          },
          { target: 'signedOut', actions: ['forgetUser', 'removeStoredUser'] },
        ],
      },
    },
    // Nobody is signed in; guards start a sign-in from here. `error` may hold why the last attempt failed.
    signedOut: {
      on: {
        'session.callback': { target: 'completing' },
        'session.signIn': {
          target: 'redirecting',
          actions: { type: 'rememberReturnTo', params: ({ event }) => ({ returnTo: event.returnTo }) },
        },
        'session.dismissError': { actions: 'dismissError' },
      },
    },
    // The page is leaving for the provider; it only ends here if that failed or the browser came back.
    redirecting: {
      invoke: {
        id: 'startSignIn',
        src: 'startSignIn',
        input: ({ context }) => ({ port: context.port, returnTo: context.returnTo ?? '/' }),
        onDone: {
          target: 'signedOut',
          actions: { type: 'setError', params: ({ event }) => ({ error: errorOf(event.output) }) },
        },
      },
    },
    // /callback: exchanging the authorization code (with the PKCE verifier) for tokens; checks SPEC §5.
    // A second delivery of the same response (e.g. React's development double effect) is not handled here.
    completing: {
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        input: ({ context, event }) => ({
          port: context.port,
          url: event.type === 'session.callback' ? event.url : '',
        }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'signedIn',
            actions: {
              type: 'rememberSignIn',
              params: ({ event }) => ({ signIn: event.output.ok ? event.output.value : null }),
            },
          },
          {
            target: 'signedOut',
            actions: [
              'forgetUser',
              { type: 'setError', params: ({ event }) => ({ error: errorOf(event.output) }) },
            ],
          },
        ],
      },
    },
    // A user with an unexpired token; the token is renewed silently before it expires.
    signedIn: {
      invoke: {
        id: 'watchProviderSession',
        src: 'watchProviderSession',
        input: ({ context }) => ({ port: context.port }),
      },
      after: {
        // SPEC §4: the user counts as expired once expires_at has passed.
        untilExpired: {
          target: 'signedOut',
          actions: [
            'forgetUser',
            'removeStoredUser',
            { type: 'setError', params: { error: 'sessionExpired' } },
          ],
        },
      },
      on: {
        // A new sign-in's answer (e.g. after a 401 sent the user to the provider with a token still stored).
        'session.callback': { target: 'completing' },
        'session.signOut': { target: 'signingOut' },
        'session.endedAtProvider': { target: 'signedOut', actions: ['forgetUser', 'removeStoredUser'] },
        // SPEC §4: a 401 from the API starts a fresh sign-in even though a token is held.
        'session.signIn': {
          target: 'redirecting',
          actions: { type: 'rememberReturnTo', params: ({ event }) => ({ returnTo: event.returnTo }) },
        },
      },
      initial: 'active',
      states: {
        // Waiting for the expiring notice, 60 s before expiry.
        active: {
          after: { untilExpiring: { target: 'renewing' } },
        },
        // The silent renewal (refresh token or hidden frame) is running; the old token still works.
        renewing: {
          invoke: {
            id: 'renew',
            src: 'renewSilently',
            input: ({ context }) => ({ port: context.port }),
            onDone: [
              {
                guard: { type: 'isSameSubject', params: ({ event }) => ({ outcome: event.output }) },
                // Re-entered so the expiry timer and the session watch restart for the new token.
                target: '#session.signedIn',
                reenter: true,
                actions: {
                  type: 'rememberUser',
                  params: ({ event }) => ({ user: event.output.ok ? event.output.value : null }),
                },
              },
              {
                guard: { type: 'isTimeout', params: ({ event }) => ({ outcome: event.output }) },
                target: 'retryWait',
              },
              {
                guard: { type: 'isAnonymous', params: ({ event }) => ({ outcome: event.output }) },
                target: '#session.signedOut',
                actions: ['forgetUser', 'removeStoredUser'],
              },
              {
                target: 'renewFailed',
                actions: [
                  {
                    type: 'setRenewError',
                    params: ({ event }) => ({ error: errorOf(event.output) ?? 'unknown' }),
                  },
                  {
                    type: 'emitRenewFailed',
                    params: ({ event }) => ({ error: errorOf(event.output) ?? 'unknown' }),
                  },
                ],
              },
            ],
          },
        },
        // A timed-out renewal waits 5 s and tries again (SPEC §4).
        retryWait: {
          after: { renewRetry: { target: 'renewing' } },
        },
        // Renewal failed for another reason: the current token is used until it expires, then sign-in is needed.
        renewFailed: {},
      },
    },
    // Removing the stored user and leaving for the provider's end-session page.
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ port: context.port, idTokenHint: context.user?.idToken ?? null }),
        onDone: {
          target: 'signedOut',
          actions: [
            'forgetUser',
            { type: 'setError', params: ({ event }) => ({ error: errorOf(event.output) }) },
          ],
        },
      },
    },
  },
})
