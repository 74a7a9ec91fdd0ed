import type { SnapshotFrom } from 'xstate'
import type { AuthErrorCode } from './session.errors.ts'
import type { sessionMachine } from './session.machine.ts'

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** What a guard needs to know: still deciding, signed in, or not. */
export type SessionStatus = 'pending' | 'signedIn' | 'signedOut' | 'redirecting'

export const selectSessionStatus = (snapshot: SessionSnapshot): SessionStatus => {
  if (snapshot.matches('signedIn')) return 'signedIn'
  if (snapshot.matches('signedOut')) return 'signedOut'
  if (snapshot.matches('redirecting')) return 'redirecting'
  return 'pending'
}

export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.matches('signedIn')

export const selectAccessToken = (snapshot: SessionSnapshot): string | null =>
  snapshot.matches('signedIn') ? (snapshot.context.user?.accessToken ?? null) : null

export const selectSubject = (snapshot: SessionSnapshot): string | null =>
  snapshot.context.user?.subject ?? null

export const selectUserEmail = (snapshot: SessionSnapshot): string | null =>
  snapshot.context.user?.email ?? null

export const selectAuthError = (snapshot: SessionSnapshot): AuthErrorCode | null => snapshot.context.error

export const selectRenewError = (snapshot: SessionSnapshot): AuthErrorCode | null =>
  snapshot.context.renewError

/** Where a finished /callback sends the user (null: the app root). */
export const selectReturnTo = (snapshot: SessionSnapshot): string | null => snapshot.context.returnTo

export const selectIsCompletingSignIn = (snapshot: SessionSnapshot): boolean => snapshot.matches('completing')

export const selectIsSigningOut = (snapshot: SessionSnapshot): boolean => snapshot.matches('signingOut')

export const selectCanSignIn = (snapshot: SessionSnapshot): boolean =>
  snapshot.can({ type: 'session.signIn', returnTo: '/' })
