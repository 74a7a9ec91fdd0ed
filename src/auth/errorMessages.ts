import type { AuthErrorCode } from '../../machines/session/index.ts'

/**
 * SPEC §8 authentication failures → what the person reads (i18n keys under `auth.errors`). Every message is
 * shown with "Sign in again" (start a fresh sign-in) and "Close"; the codes are listed in docs/routes.md.
 */
export const AUTH_ERROR_MESSAGE_KEYS = {
  networkTimeout: 'auth.errors.networkTimeout',
  frameTimeout: 'auth.errors.frameTimeout',
  noState: 'auth.errors.noState',
  stateNotFound: 'auth.errors.stateNotFound',
  stateMismatch: 'auth.errors.stateMismatch',
  missingSubject: 'auth.errors.missingSubject',
  popupBlocked: 'auth.errors.popupBlocked',
  popupClosed: 'auth.errors.popupClosed',
  redirectAborted: 'auth.errors.redirectAborted',
  invalidResponse: 'auth.errors.invalidResponse',
  network: 'auth.errors.network',
  providerError: 'auth.errors.providerError',
  accessDenied: 'auth.errors.accessDenied',
  sessionExpired: 'auth.errors.sessionExpired',
  unknown: 'auth.errors.unknown',
} as const satisfies Record<AuthErrorCode, string>
