import type { ToastContent } from './toast.content.ts'

export type ApiErrorLike = {
  readonly status?: number
  readonly statusText?: string
  readonly data?: unknown
  readonly details?: ReadonlyArray<string>
}

/** Shown when the server answered without a body to explain itself (SPEC §8). */
export const API_SERVER_ERROR_MESSAGE = '500 API Server Error'

/** The refusals of a member whose access does not allow a write (issue 30; 403 problem documents). */
export const ACCESS_REFUSAL_MESSAGE_KEYS = {
  read_only: 'access.refused.readOnly',
  owner_only: 'access.refused.ownerOnly',
} as const

export type AccessRefusalCode = keyof typeof ACCESS_REFUSAL_MESSAGE_KEYS

/** The problem document's `code`, when the answer carried one. */
export const problemCodeOf = (error: ApiErrorLike): string | undefined => {
  const { data } = error
  return typeof data === 'object' && data !== null && 'code' in data && typeof data.code === 'string'
    ? data.code
    : undefined
}

/** `read_only` or `owner_only` when the server refused the write for the caller's access. */
export const accessRefusalOf = (error: ApiErrorLike): AccessRefusalCode | undefined => {
  const code = problemCodeOf(error)
  return code === 'read_only' || code === 'owner_only' ? code : undefined
}

/**
 * An access refusal says why in the person's language; otherwise SPEC §8 toast defaults for a failed API call: details joined by line breaks; else
 * '500 API Server Error' when the answer has no data; else status plus status text.
 */
export const toastFromApiError = (error: ApiErrorLike): ToastContent & { kind: 'error' } => {
  const refusal = accessRefusalOf(error)
  if (refusal !== undefined) return { kind: 'error', messageKey: ACCESS_REFUSAL_MESSAGE_KEYS[refusal] }
  if (error.details !== undefined && error.details.length > 0) {
    return { kind: 'error', message: error.details.join('\n') }
  }
  if (error.data === undefined || error.data === null || error.data === '') {
    return { kind: 'error', message: API_SERVER_ERROR_MESSAGE }
  }
  const status = error.status === undefined ? '' : String(error.status)
  return { kind: 'error', message: `${status} ${error.statusText ?? ''}`.trim() }
}
