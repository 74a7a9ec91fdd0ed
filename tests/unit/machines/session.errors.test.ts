import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts'
import { describe, expect, it } from 'vitest'
import { ANONYMOUS_RESULTS, type AuthFailure, classifyAuthError } from '../../../machines/session/index.ts'

// The real library's error classes and messages (SPEC §8), so a renamed class or message fails here.
describe('classifyAuthError', () => {
  const cases: ReadonlyArray<readonly [string, unknown, AuthFailure]> = [
    ['Network timed out', new ErrorTimeout('Network timed out'), { kind: 'timeout', code: 'networkTimeout' }],
    [
      'IFrame timed out without a response',
      new ErrorTimeout('IFrame timed out without a response'),
      { kind: 'timeout', code: 'frameTimeout' },
    ],
    ['No state in response', new Error('No state in response'), { kind: 'error', code: 'noState' }],
    [
      'No matching state found in storage',
      new Error('No matching state found in storage'),
      { kind: 'error', code: 'stateNotFound' },
    ],
    ['State does not match', new Error('State does not match'), { kind: 'error', code: 'stateMismatch' }],
    [
      'authority mismatch',
      new Error('authority mismatch on settings vs. signin state'),
      { kind: 'error', code: 'stateMismatch' },
    ],
    [
      'client_id mismatch',
      new Error('client_id mismatch on settings vs. signin state'),
      { kind: 'error', code: 'stateMismatch' },
    ],
    [
      'ID Token is missing a subject claim',
      new Error('ID Token is missing a subject claim'),
      { kind: 'error', code: 'missingSubject' },
    ],
    ['Popup blocked by user', new Error('Popup blocked by user'), { kind: 'error', code: 'popupBlocked' }],
    ['Popup closed', new Error('Popup closed'), { kind: 'error', code: 'popupClosed' }],
    ['Popup closed by user', new Error('Popup closed by user'), { kind: 'error', code: 'popupClosed' }],
    ['Redirect aborted', new Error('Redirect aborted'), { kind: 'error', code: 'redirectAborted' }],
    [
      'wrong content type',
      new Error('Invalid response Content-Type: text/html, from URL: https://id.example/token'),
      { kind: 'error', code: 'invalidResponse' },
    ],
    [
      'non-JSON body',
      new SyntaxError('Unexpected token < in JSON at position 0'),
      { kind: 'error', code: 'invalidResponse' },
    ],
    ['offline', new TypeError('Failed to fetch'), { kind: 'error', code: 'network' }],
    [
      'changed subject on renewal',
      new Error('sub in id_token does not match current sub'),
      { kind: 'anonymous', result: 'login_required' },
    ],
    ['access denied', new ErrorResponse({ error: 'access_denied' }), { kind: 'error', code: 'accessDenied' }],
    [
      'other provider error',
      new ErrorResponse({ error: 'invalid_grant' }),
      { kind: 'error', code: 'providerError' },
    ],
    ['not an error at all', 'boom', { kind: 'error', code: 'unknown' }],
    ['unrecognised error', new Error('something else'), { kind: 'error', code: 'unknown' }],
  ]

  it.each(cases)('%s', (_label, error, expected) => {
    expect(classifyAuthError(error)).toEqual(expected)
  })

  it.each(ANONYMOUS_RESULTS)('%s is an anonymous-session result, not a failure', (result) => {
    expect(classifyAuthError(new ErrorResponse({ error: result }))).toEqual({ kind: 'anonymous', result })
  })
})
