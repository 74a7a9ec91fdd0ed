import * as Schema from 'effect/Schema'
import ky, { HTTPError, type Options } from 'ky'
import type { ApiErrorLike } from '../../machines/toasts/toasts.errors.ts'
import type { ApiSession } from '../auth/apiSession.ts'

/** SPEC §9 data defaults: 3 retries with exponential backoff capped at 30 s. */
export const RETRY_LIMIT = 3
export const RETRY_BACKOFF_LIMIT_MS = 30_000

type RequestOptions = Pick<Options, 'signal' | 'retry' | 'headers'> & {
  /** Error statuses whose body is still a valid answer of this endpoint (e.g. /health's 503). */
  readonly answerStatuses?: ReadonlyArray<number>
}

const toKyOptions = ({ answerStatuses = [], ...options }: RequestOptions): Options => ({
  ...options,
  throwHttpErrors: (status) => status >= 400 && !answerStatuses.includes(status),
})

type Decoder = Schema.ConstraintDecoder<unknown>

/** A bank file may be large and its import long: an upload waits far longer than a read. */
export const UPLOAD_TIMEOUT_MS = 120_000

/**
 * An upload's failure: the status (0 when no answer came: offline, timed out) and the body as read (the problem
 * document for 4xx). ky's HTTPError plays this part for the other requests.
 */
export class UploadError extends Error {
  override name = 'UploadError'
  readonly status: number
  readonly data: unknown
  readonly statusText: string
  constructor(status: number, data: unknown, statusText = '') {
    super(`upload failed: ${status}`)
    this.status = status
    this.data = data
    this.statusText = statusText
  }
}

export type UploadOptions = {
  readonly signal?: AbortSignal
  /** Bytes of the body sent so far (the browser reports them while the file goes up). */
  readonly onUploadProgress?: (progress: { readonly loaded: number; readonly total: number }) => void
}

const bodyOf = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * The one HTTP choke point of the web app: every request carries the session's bearer token, any 401 starts a
 * fresh sign-in that returns the user to where they were (SPEC §4, §8), idempotent requests are retried, and
 * every JSON answer is decoded by its Effect Schema, so no view ever trusts an unchecked shape.
 * Relative paths resolve against the page's origin. One per page, created over the session's port
 * (src/api/loadApi.ts).
 */
export const createApiClient = (session: ApiSession) => {
  const http = ky.create({
    timeout: 10_000,
    retry: {
      limit: RETRY_LIMIT,
      // Only requests that may safely run twice (POST and PATCH are not retried).
      methods: ['get', 'put', 'delete', 'head', 'options'],
      // ky's default: 0.3 s · 2^(attempt − 1), here never above 30 s.
      backoffLimit: RETRY_BACKOFF_LIMIT_MS,
    },
    headers: { accept: 'application/json' },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = session.accessToken()
          if (token !== null && !request.headers.has('authorization')) {
            request.headers.set('authorization', `Bearer ${token}`)
          }
        },
      ],
      afterResponse: [
        ({ response }) => {
          if (response.status === 401) session.onUnauthorized()
        },
      ],
    },
  })

  /** Sends one request and decodes its JSON answer; rejects with ky's HTTPError or Effect's SchemaError. */
  const sendJson = async <S extends Decoder>(
    method: 'get' | 'put' | 'post' | 'patch' | 'delete',
    path: string,
    schema: S,
    options: RequestOptions,
    json?: unknown,
  ): Promise<S['Type']> => {
    const body: unknown = await http(path, {
      ...toKyOptions(options),
      method,
      ...(json === undefined ? {} : { json }),
    }).json()
    return Schema.decodeUnknownPromise(schema)(body)
  }

  /** GET a JSON resource and decode it. */
  const getJson = <S extends Decoder>(path: string, schema: S, options: RequestOptions = {}) =>
    sendJson('get', path, schema, options)

  /** PUT a JSON body and decode the answer. */
  const putJson = <S extends Decoder>(path: string, json: unknown, schema: S, options: RequestOptions = {}) =>
    sendJson('put', path, schema, options, json)

  /** POST a JSON body and decode the answer (not retried: a POST may not be safe to repeat). */
  const postJson = <S extends Decoder>(
    path: string,
    json: unknown,
    schema: S,
    options: RequestOptions = {},
  ) => sendJson('post', path, schema, options, json)

  /** PATCH a JSON body and decode the answer (not retried, like POST). */
  const patchJson = <S extends Decoder>(
    path: string,
    json: unknown,
    schema: S,
    options: RequestOptions = {},
  ) => sendJson('patch', path, schema, options, json)

  /** DELETE a resource and decode the answer. */
  const deleteJson = <S extends Decoder>(path: string, schema: S, options: RequestOptions = {}) =>
    sendJson('delete', path, schema, options)

  /** POST a JSON body to an endpoint whose answer carries no body the caller needs (e.g. 202 Accepted). */
  const postJsonWithoutAnswer = async (
    path: string,
    json: unknown,
    options: RequestOptions = {},
  ): Promise<void> => {
    await http.post(path, { ...toKyOptions(options), json })
  }

  /** DELETE a resource whose answer has no body (204 No Content). */
  const deleteWithoutAnswer = async (path: string, options: RequestOptions = {}): Promise<void> => {
    await http.delete(path, toKyOptions(options))
  }

  /**
   * POST a form with a file (multipart/form-data) and decode the answer. Not retried; no timeout: a big budget file
   * takes a while to send and to write.
   */
  const postForm = async <S extends Decoder>(
    path: string,
    form: FormData,
    schema: S,
    options: RequestOptions = {},
  ): Promise<S['Type']> => {
    const body: unknown = await http
      .post(path, { ...toKyOptions(options), body: form, timeout: false, retry: 0 })
      .json()
    return Schema.decodeUnknownPromise(schema)(body)
  }

  /** POST a JSON body and take the answer as a file to save: its contents and the name the server gave it. */
  const postForFile = async (
    path: string,
    json: unknown,
    options: RequestOptions = {},
  ): Promise<{ readonly contents: Blob; readonly fileName: string | null }> => {
    const response = await http.post(path, { ...toKyOptions(options), json, timeout: 60_000 })
    return {
      contents: await response.blob(),
      fileName: fileNameOf(response.headers.get('content-disposition')),
    }
  }

  /**
   * POSTs a multipart form (a file) and decodes the JSON answer, reporting the upload's progress. XMLHttpRequest
   * because fetch reports no upload progress over HTTP/1.1; the same token and 401 handling as every request, not
   * retried (an import may not be safe to repeat). Rejects with UploadError, or Effect's SchemaError.
   */
  const upload = <S extends Decoder>(
    path: string,
    form: FormData,
    schema: S,
    options: UploadOptions = {},
  ): Promise<S['Type']> =>
    new Promise<unknown>((resolve, reject) => {
      const request = new XMLHttpRequest()
      const { signal, onUploadProgress } = options
      if (signal?.aborted) {
        reject(signal.reason)
        return
      }
      request.open('POST', path)
      request.timeout = UPLOAD_TIMEOUT_MS
      request.setRequestHeader('accept', 'application/json')
      const token = session.accessToken()
      if (token !== null) request.setRequestHeader('authorization', `Bearer ${token}`)
      if (onUploadProgress !== undefined)
        request.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable) onUploadProgress({ loaded: event.loaded, total: event.total })
        })
      const abort = () => request.abort()
      signal?.addEventListener('abort', abort, { once: true })
      const settle = () => signal?.removeEventListener('abort', abort)
      request.addEventListener('load', () => {
        settle()
        if (request.status === 401) session.onUnauthorized()
        const body = bodyOf(request.responseText)
        if (request.status >= 400) reject(new UploadError(request.status, body, request.statusText))
        else resolve(body)
      })
      const failed = () => {
        settle()
        reject(new UploadError(0, null, 'network'))
      }
      request.addEventListener('error', failed)
      request.addEventListener('timeout', failed)
      request.addEventListener('abort', () => {
        settle()
        reject(signal?.reason ?? new UploadError(0, null, 'aborted'))
      })
      request.send(form)
    }).then((body) => Schema.decodeUnknownPromise(schema)(body))

  /** Opens a long-lived response (an event stream) with the same token and 401 handling, no timeout, no retry. */
  const openStream = (path: string, options: Pick<Options, 'signal' | 'headers'>): Promise<Response> =>
    http.get(path, { ...options, timeout: false, retry: 0 })

  return {
    getJson,
    putJson,
    postJson,
    patchJson,
    deleteJson,
    postJsonWithoutAnswer,
    deleteWithoutAnswer,
    postForm,
    postForFile,
    upload,
    openStream,
    /** Whether a token is at hand (a reconnect waits longer without one). */
    signedIn: () => session.accessToken() !== null,
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` in UTF-8 first), or null. */
export const fileNameOf = (header: string | null): string | null => {
  if (header === null) return null
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/iu.exec(header)?.[1]
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended.trim())
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename\s*=\s*"([^"]*)"/iu.exec(header)?.[1] ?? null
}

/** ky has already read an error's body into `data` (JSON, or text for other types such as problem+json). */
export const errorBody = (error: HTTPError): unknown => {
  if (typeof error.data !== 'string') return error.data
  try {
    return JSON.parse(error.data)
  } catch {
    return error.data
  }
}

/** What a failed request tells the toast machine (SPEC §8): status, text, and the problem document if any. */
export const apiErrorOf = (error: unknown): ApiErrorLike =>
  error instanceof HTTPError
    ? { status: error.response.status, statusText: error.response.statusText, data: errorBody(error) }
    : error instanceof UploadError && error.status > 0
      ? { status: error.status, statusText: error.statusText, data: error.data }
      : { statusText: error instanceof Error ? error.message : String(error) }
