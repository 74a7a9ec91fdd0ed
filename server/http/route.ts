import * as Result from 'effect/Result'
import * as Schema from 'effect/Schema'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Problem } from '../../schemas/problem.ts'
import { fieldErrorsFromIssue } from './issues.ts'
import type { UploadSpec } from './multipart.ts'
import { makeProblem, ProblemError } from './problem.ts'

/** A contract schema: no services needed to decode or encode it. */
export type ContractSchema = Schema.ConstraintCodec<unknown, unknown, never, never>

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface ResponseSpec<S extends ContractSchema = ContractSchema> {
  readonly description: string
  readonly schema: S
  /** Defaults to application/json (application/problem+json for the Problem schema). */
  readonly contentType?: string
  /**
   * The handler builds this answer from typed domain values whose encoded form is the value itself (branded
   * strings and integers, no transformations), so the encoding walk is skipped: it costs seconds on a budget state
   * of 100 000 transactions. The schema still documents the answer.
   */
  readonly encodesAsIs?: true
}

export type ResponseSpecs = Readonly<Record<number, ResponseSpec>>

/** A handler's answer, made by `respond`: one declared status and a body of that status's type. */
export interface RouteReply {
  readonly status: number
  readonly body: unknown
  readonly headers?: Readonly<Record<string, string>>
}

export type Respond<Responses extends ResponseSpecs> = <Status extends keyof Responses & number>(
  status: Status,
  body: Responses[Status]['schema']['Type'],
  headers?: Readonly<Record<string, string>>,
) => RouteReply

type Decoded<S> = S extends ContractSchema ? S['Type'] : undefined

export interface RouteInput<Params, Query, Body, Responses extends ResponseSpecs> {
  readonly params: Decoded<Params>
  readonly query: Decoded<Query>
  readonly body: Decoded<Body>
  readonly request: FastifyRequest
  readonly reply: FastifyReply
  readonly respond: Respond<Responses>
}

export interface RouteSpec<
  Params extends ContractSchema | undefined,
  Query extends ContractSchema | undefined,
  Body extends ContractSchema | undefined,
  Responses extends ResponseSpecs,
> {
  readonly method: HttpMethod
  /** Fastify path syntax (`/api/budget/:budgetId`); OpenAPI gets `{budgetId}`. */
  readonly path: string
  readonly operationId: string
  readonly summary: string
  readonly tags: readonly string[]
  readonly params?: Params
  readonly query?: Query
  /** A JSON request body. */
  readonly body?: Body
  /** The body may be left out: an absent one is decoded as `{}` (every field of the body then optional). */
  readonly optionalBody?: boolean
  /** A file upload (multipart/form-data) instead: the handler reads it with `readUpload(request, upload)`. */
  readonly upload?: UploadSpec
  /** Bytes; the app-wide limit applies when absent. */
  readonly bodyLimit?: number
  /**
   * Also a page of the web app: a browser navigation (Accept prefers text/html) gets the app shell,
   * every other client gets this route's JSON.
   */
  readonly alsoAppPage?: boolean
  readonly responses: Responses
  readonly handler: (input: RouteInput<Params, Query, Body, Responses>) => Promise<RouteReply>
}

interface ErasedRouteInput {
  readonly params: unknown
  readonly query: unknown
  readonly body: unknown
  readonly request: FastifyRequest
  readonly reply: FastifyReply
  readonly respond: (status: number, body: unknown, headers?: Readonly<Record<string, string>>) => RouteReply
}

/** The type-erased view the registrar and the OpenAPI generator work with. */
export interface AnyRoute {
  readonly method: HttpMethod
  readonly path: string
  readonly operationId: string
  readonly summary: string
  readonly tags: readonly string[]
  readonly params?: ContractSchema | undefined
  readonly query?: ContractSchema | undefined
  readonly body?: ContractSchema | undefined
  readonly optionalBody?: boolean | undefined
  readonly upload?: UploadSpec | undefined
  readonly bodyLimit?: number | undefined
  readonly alsoAppPage?: boolean | undefined
  readonly responses: ResponseSpecs
  readonly handler: (input: ErasedRouteInput) => Promise<RouteReply>
}

/**
 * Declares a route once: its schemas decode the request, type the handler, encode the response
 * and produce the OpenAPI operation.
 */
export const defineRoute = <
  Responses extends ResponseSpecs,
  Params extends ContractSchema | undefined = undefined,
  Query extends ContractSchema | undefined = undefined,
  Body extends ContractSchema | undefined = undefined,
>(
  spec: RouteSpec<Params, Query, Body, Responses>,
): AnyRoute =>
  // The erased handler receives exactly what the typed one was declared with: the registrar decodes
  // every part with the same schemas before calling it.
  spec as unknown as AnyRoute

export type RequestPart = 'params' | 'query' | 'body'

/** Decodes one part of the request, or throws a 400 problem listing every offending field. */
export const decodeRequestPart = (
  part: RequestPart,
  schema: ContractSchema | undefined,
  input: unknown,
): unknown => {
  if (schema === undefined) return undefined
  // Valid input takes effect's fast path (stop at the first issue): with `errors: 'all'` every struct ran the
  // generator-based parser, ~2 ms and 3 MB of garbage per 2 000-item bulk body. Only a refused request is decoded
  // again to list every offending field.
  const decoded = Schema.decodeUnknownResult(schema)(input)
  if (Result.isSuccess(decoded)) return decoded.success
  const result = Schema.decodeUnknownResult(schema)(input, { errors: 'all' })
  if (Result.isSuccess(result)) return result.success
  const errors = fieldErrorsFromIssue(result.failure.issue, `/${part}`)
  const fields = [...new Set(errors.map((error) => error.path))].join(', ')
  throw new ProblemError(
    makeProblem(400, 'validation_failed', `The request ${part} is invalid: ${fields}.`, errors),
  )
}

/** Encodes a handler's answer with its declared schema; a mismatch is a server bug (500), never sent. */
export const encodeResponse = (route: AnyRoute, status: number, body: unknown): unknown => {
  const spec = route.responses[status]
  if (spec === undefined) {
    throw new Error(`${route.operationId} answered ${status}, which it does not declare`)
  }
  return spec.encodesAsIs === true ? body : Schema.encodeUnknownSync(spec.schema)(body)
}

const jsonTextTag: unique symbol = Symbol('jsonText')

/**
 * An answer already serialized as JSON (assembled from what the database built), as one text or as pieces whose
 * concatenation is the JSON: sent as it is.
 */
export interface JsonText {
  readonly [jsonTextTag]: string | readonly string[]
}

/** For `encodesAsIs` answers too large to hold as objects: the route's schema still documents the shape. */
export const jsonText = (text: string | readonly string[]): JsonText => ({ [jsonTextTag]: text })

/** The text (or pieces) of a pre-serialized answer, else undefined. */
export const textOfJson = (body: unknown): string | readonly string[] | undefined =>
  typeof body === 'object' && body !== null && jsonTextTag in body
    ? (body as JsonText)[jsonTextTag]
    : undefined

const settledTag: unique symbol = Symbol('settledAnswer')

/**
 * An answer that never changes once made (a month view at one budget version): serialized once and compressed once
 * per coding, however often it is asked for. On a warm read, compressing the month view again cost more than the
 * rest of the request.
 */
export interface SettledAnswer {
  readonly [settledTag]: { readonly text: string; readonly compressed: Map<string, Buffer> }
}

const settledAnswers = new WeakMap<object, SettledAnswer>()

/** The settled answer for `value`, which must never change (memoized per object). */
export const settledAnswer = (value: object): SettledAnswer => {
  const known = settledAnswers.get(value)
  if (known !== undefined) return known
  const answer: SettledAnswer = { [settledTag]: { text: JSON.stringify(value), compressed: new Map() } }
  settledAnswers.set(value, answer)
  return answer
}

/** The parts of a settled answer, else undefined. */
export const partsOfSettled = (body: unknown): SettledAnswer[typeof settledTag] | undefined =>
  typeof body === 'object' && body !== null && settledTag in body
    ? (body as SettledAnswer)[settledTag]
    : undefined

export const respond = (
  status: number,
  body: unknown,
  headers?: Readonly<Record<string, string>>,
): RouteReply => (headers === undefined ? { status, body } : { status, body, headers })

export const responseContentType = (spec: ResponseSpec): string =>
  spec.contentType ?? (spec.schema === Problem ? 'application/problem+json' : 'application/json')
