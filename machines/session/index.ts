export type { CompleteSignInInput, Outcome, SignOutInput, StartSignInInput } from './session.actors.ts'
export type { AnonymousResult, AuthErrorCode, AuthFailure } from './session.errors.ts'
export { ANONYMOUS_RESULTS, AUTH_ERROR_CODES, classifyAuthError } from './session.errors.ts'
export type { SessionContext, SessionEmitted, SessionEvent, SessionInput } from './session.machine.ts'
export { EXPIRING_NOTICE_MS, RENEW_RETRY_MS, sessionMachine } from './session.machine.ts'
export type { CompletedSignIn, SessionPort, SessionUser } from './session.port.ts'
export type { SessionStatus } from './session.selectors.ts'
export {
  selectAccessToken,
  selectAuthError,
  selectCanSignIn,
  selectIsCompletingSignIn,
  selectIsSignedIn,
  selectIsSigningOut,
  selectRenewError,
  selectReturnTo,
  selectSessionStatus,
  selectSubject,
  selectUserEmail,
} from './session.selectors.ts'
