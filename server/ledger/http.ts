import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import {
  editNeed,
  type Membership,
  type OwnerOnlyAction,
  ownerNeed,
  refusalOf,
} from '../../domain/permissions.ts'
import type { BudgetCommand } from '../../schemas/budgetCommands.ts'
import type { BudgetError } from '../../schemas/budgetErrors.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { type RouteReply, respond } from '../http/route.ts'
import { accessRefused, badIfMatch, budgetNotFound, domainRefusal } from './problems.ts'
import { type CommandMeta, type Ledger, type WriteRequest, write } from './service.ts'
import { type StreamHead, streamHead } from './store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    readonly ledger: Ledger
  }
}

export const etag = (version: number) => `"${version}"`

/** The signed-in caller; the identity hook has refused anonymous /api calls before any ledger route runs. */
export const callerId = (request: FastifyRequest): string => {
  const user = request.user
  if (user === null) throw new ProblemError(makeProblem(404, 'not_found', 'Sign in to reach budgets.'))
  return user.id
}

/** `If-Match: "12"` → 12; absent or `*` → no precondition. */
export const ifMatchOf = (request: FastifyRequest): number | undefined => {
  const header = request.headers['if-match']
  if (header === undefined || header.trim() === '*') return undefined
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/u.exec(header)
  if (match?.[1] === undefined) throw badIfMatch()
  return Number(match[1])
}

/** The client's command id (`Idempotency-Key`, or `X-Command-Id`): a retry with it is answered, not re-applied. */
export const commandKeyOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers['idempotency-key'] ?? request.headers['x-command-id']
  const key = Array.isArray(header) ? header[0] : header
  if (key === undefined) return undefined
  if (!/^[\x21-\x7e]{1,100}$/u.test(key)) {
    throw new ProblemError(
      makeProblem(400, 'bad_request', 'Idempotency-Key must be 1 to 100 visible ASCII characters.'),
    )
  }
  return key
}

/**
 * What a keyed request asked, for telling a retry from another request sent with the same key: its method, path
 * and query, and its body as parsed (a retry sends the same bytes, so the same keys in the same order).
 */
export const requestDigest = (request: FastifyRequest): string =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url')

/** Version and role of a budget the caller belongs to, or 404. */
export const readableHead = async (request: FastifyRequest, budgetId: string): Promise<StreamHead> => {
  const head = await streamHead(request.server.ledger.db, budgetId, callerId(request))
  if (head === undefined || head.deleted) throw budgetNotFound()
  return head
}

/**
 * The one check of a member's role and access for routes that do not write through `service.ts#write` (which
 * checks every command it decides itself): 'edit' for any change, 'owner' with the owner's action named. Refuses
 * with 403 `read_only` / `owner_only` (docs/sharing.md; every operation × role in tests/server/roleMatrix.test.ts).
 */
export function requireAccess(member: Membership, level: 'edit'): void
export function requireAccess(member: Membership, level: 'owner', action: OwnerOnlyAction): void
export function requireAccess(member: Membership, level: 'edit' | 'owner', action?: OwnerOnlyAction): void {
  const refusal = refusalOf(member, level === 'owner' && action !== undefined ? ownerNeed(action) : editNeed)
  if (refusal !== undefined) throw accessRefused(refusal)
}

/** A budget the caller belongs to and may change as asked (`requireAccess`), or 404 / 403. */
export const writableHead = async (
  request: FastifyRequest,
  budgetId: string,
  ...need: [level: 'edit'] | [level: 'owner', action: OwnerOnlyAction]
): Promise<StreamHead> => {
  const head = await readableHead(request, budgetId)
  if (need[0] === 'edit') requireAccess(head, 'edit')
  else requireAccess(head, 'owner', need[1])
  return head
}

/** Answers a read with the budget version as its ETag. */
export const readReply = (body: unknown, version: number): RouteReply =>
  respond(200, body, { etag: etag(version) })

export interface CommandRoute {
  readonly status: number
  readonly unchangedStatus?: number
  readonly commands: (meta: (index: number) => CommandMeta) => readonly BudgetCommand[]
  readonly answer: WriteRequest['answer']
  readonly batch?: boolean
  readonly create?: WriteRequest['create']
  readonly minted?: WriteRequest['minted']
}

/** Runs a write for the caller and answers with the new version as ETag (the body is checked by its schema). */
export const runCommand = async (
  request: FastifyRequest,
  budgetId: string,
  route: CommandRoute,
): Promise<RouteReply> => {
  const commandId = commandKeyOf(request)
  const result = await write(request.server.ledger, {
    budgetId,
    userId: callerId(request),
    ifMatch: ifMatchOf(request),
    commandId,
    digest: commandId === undefined ? undefined : requestDigest(request),
    ...route,
  })
  return respond(result.status, result.body, { etag: etag(result.version) })
}

/**
 * The object an update addresses, or the domain's refusal for it: an update that changes nothing decides no
 * command, so nothing else has checked that the object exists (it answered 500 "missing after its command").
 */
export const addressed = <T>(value: T | undefined, missing: () => BudgetError): T => {
  if (value === undefined) throw domainRefusal(missing())
  return value
}

/** A lookup in the state after a command that must find what the command just made. */
export const found = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} missing after its command`)
  return value
}
