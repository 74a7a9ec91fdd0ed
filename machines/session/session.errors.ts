/**
 * SPEC §8: every authentication failure becomes one stable code; src/ maps each code to a localized
 * message with a way forward. Classified by shape (name, error, message), so no protocol library is imported.
 */
export const AUTH_ERROR_CODES = [
  'networkTimeout',
  'frameTimeout',
  'noState',
  'stateNotFound',
  'stateMismatch',
  'missingSubject',
  'popupBlocked',
  'popupClosed',
  'redirectAborted',
  'invalidResponse',
  'network',
  'providerError',
  'accessDenied',
  'sessionExpired',
  'unknown',
] as const
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number]

/** SPEC §8: these provider answers mean "nobody is signed in there", not a failure. */
export const ANONYMOUS_RESULTS = [
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
] as const
export type AnonymousResult = (typeof ANONYMOUS_RESULTS)[number]

export type AuthFailure =
  | { readonly kind: 'anonymous'; readonly result: AnonymousResult }
  | { readonly kind: 'timeout'; readonly code: 'networkTimeout' | 'frameTimeout' }
  | { readonly kind: 'error'; readonly code: AuthErrorCode }

const MESSAGE_CODES: ReadonlyArray<readonly [RegExp, AuthErrorCode]> = [
  [/^No state in response/u, 'noState'],
  [/^No matching state found in storage/u, 'stateNotFound'],
  [
    /^State does not match|mismatch on settings vs\. signin state|^No (client_id|authority) on state/u,
    'stateMismatch',
  ],
  [/^ID Token is missing a subject claim/u, 'missingSubject'],
  [/^Popup blocked by user/u, 'popupBlocked'],
  [/^Popup closed/u, 'popupClosed'],
  [/^Redirect aborted/u, 'redirectAborted'],
  // oidc-client-ts's JsonService: a wrong content type or a body that is not JSON.
  [/^Invalid response Content-Type|is not valid JSON|Unexpected token|JSON\.parse/u, 'invalidResponse'],
  [/^Failed to fetch|NetworkError|Load failed|fetch failed/u, 'network'],
]

const isAnonymousResult = (value: unknown): value is AnonymousResult =>
  ANONYMOUS_RESULTS.some((result) => result === value)

const field = (error: object, key: string): unknown => (key in error ? Reflect.get(error, key) : undefined)

export const classifyAuthError = (error: unknown): AuthFailure => {
  if (typeof error !== 'object' || error === null) return { kind: 'error', code: 'unknown' }
  const name = field(error, 'name')
  const message = String(field(error, 'message') ?? '')
  if (name === 'ErrorTimeout' || message === 'Network timed out' || message.startsWith('IFrame timed out')) {
    return { kind: 'timeout', code: message.startsWith('IFrame') ? 'frameTimeout' : 'networkTimeout' }
  }
  const protocolError = field(error, 'error')
  if (name === 'ErrorResponse' || typeof protocolError === 'string') {
    if (isAnonymousResult(protocolError)) return { kind: 'anonymous', result: protocolError }
    if (protocolError === 'access_denied') return { kind: 'error', code: 'accessDenied' }
    if (typeof protocolError === 'string' && protocolError !== '')
      return { kind: 'error', code: 'providerError' }
  }
  // SPEC §5: a changed subject on renewal is login_required.
  if (/sub in id_token does not match current sub/u.test(message)) {
    return { kind: 'anonymous', result: 'login_required' }
  }
  for (const [pattern, code] of MESSAGE_CODES) if (pattern.test(message)) return { kind: 'error', code }
  return { kind: 'error', code: 'unknown' }
}
