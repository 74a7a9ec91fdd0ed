import type { ToastContent } from './toast.content.ts'

export type ApiErrorLike = {
  readonly status?: number
  readonly statusText?: string
  readonly data?: unknown
  readonly details?: ReadonlyArray<string>
}

/** Shown when the server answered without a body to explain itself (SPEC §8). */
export const API_SERVER_ERROR_MESSAGE = '500 API Server Error'

/**
 * SPEC §8 toast defaults for a failed API call: details joined by line breaks; else
 * '500 API Server Error' when the answer has no data; else status plus status text.
 */
export const toastFromApiError = (error: ApiErrorLike): ToastContent & { kind: 'error' } => {
  if (error.details !== undefined && error.details.length > 0) {
    return { kind: 'error', message: error.details.join('\n') }
  }
  if (error.data === undefined || error.data === null || error.data === '') {
    return { kind: 'error', message: API_SERVER_ERROR_MESSAGE }
  }
  const status = error.status === undefined ? '' : String(error.status)
  return { kind: 'error', message: `${status} ${error.statusText ?? ''}`.trim() }
}
