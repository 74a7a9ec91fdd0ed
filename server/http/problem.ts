import type { FastifyReply } from 'fastify'
import {
  type FieldError,
  type Problem,
  type ProblemCode,
  problemContentType,
  problemTypeUri,
} from '../../schemas/problem.ts'

const titles: Record<ProblemCode, string> = {
  bad_request: 'Bad request',
  invalid_json: 'Malformed JSON',
  validation_failed: 'Invalid request',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  not_acceptable: 'Not acceptable',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  bad_url: 'Malformed URL',
  uri_too_long: 'URI too long',
  request_timeout: 'Request timeout',
  header_too_large: 'Request header fields too large',
  internal_error: 'Internal server error',
  database_unavailable: 'Database unavailable',
  app_not_built: 'Web app not built',
  unauthorized: 'Unauthorized',
  user_disabled: 'Account disabled',
  personal_token_not_allowed: 'Not allowed with a personal access token',
  precondition_failed: 'Precondition failed',
  rate_limited: 'Too many requests',
  idempotency_key_reused: 'Idempotency key reused',
  unreadable_file: 'Unreadable file',
  budget_not_empty: 'Budget not empty',
  read_only: 'Read-only access',
  owner_only: 'Only the owner',
  invitation_not_found: 'No such invitation',
  invitation_used: 'Invitation already used',
  invitation_used_by_you: 'Invitation already accepted',
  invitation_expired: 'Invitation expired',
  invitation_revoked: 'Invitation revoked',
  already_member: 'Already a member',
  sole_owner: 'The budget needs its owner',
  owner_access: "The owner's access cannot change",
}

export const makeProblem = (
  status: number,
  code: ProblemCode,
  detail: string,
  errors?: readonly FieldError[],
): Problem => ({
  type: problemTypeUri(code),
  title: titles[code],
  status,
  detail,
  code,
  ...(errors === undefined ? {} : { errors }),
})

/**
 * A refusal a handler throws on purpose; the error handler sends its problem document as is.
 * (Thrown rather than returned so hooks and nested helpers can refuse too.)
 */
export class ProblemError extends Error {
  override readonly name = 'ProblemError'
  readonly problem: Problem
  readonly headers: Readonly<Record<string, string>>
  constructor(problem: Problem, headers: Readonly<Record<string, string>> = {}) {
    super(problem.detail)
    this.problem = problem
    this.headers = headers
  }
}

export const isProblemError = (error: unknown): error is ProblemError => error instanceof ProblemError

export const sendProblem = (
  reply: FastifyReply,
  problem: Problem,
  headers: Readonly<Record<string, string>> = {},
) => reply.code(problem.status).headers(headers).type(problemContentType).send(problem)
