import { type AccessRefusal, ownerOnlyActions } from '../../domain/permissions.ts'
import type { BudgetError } from '../../schemas/budgetErrors.ts'
import { type Problem, problemTypeUri } from '../../schemas/problem.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'

// The ledger's refusals. Domain errors keep their stable wire code (`splits-do-not-sum-to-value`) and their
// fields (e.g. `messageKey`, `value`, `splitsTotal`) as RFC 9457 extension members.

const problemWith = (
  status: number,
  code: string,
  title: string,
  detail: string,
  extra: object = {},
): Problem =>
  // The house's ProblemCode list covers the HTTP layer's own codes; the ledger adds the budget domain's codes
  // (schemas/budgetErrors.ts), which clients branch on the same way. The document has the Problem shape.
  ({ type: problemTypeUri(code as Problem['code']), title, status, detail, code, ...extra }) as Problem

export const budgetNotFound = (): ProblemError =>
  new ProblemError(makeProblem(404, 'not_found', 'There is no such budget, or you are not a member of it.'))

export const staleVersion = (current: number): ProblemError => {
  // RFC 9457 extension member: the version to read again.
  const problem = {
    ...makeProblem(
      412,
      'precondition_failed',
      `The budget changed since you read it (it is now at version ${current}); read it again.`,
    ),
    currentVersion: current,
  }
  return new ProblemError(problem, { etag: `"${current}"` })
}

export const domainRefusal = (error: BudgetError, index?: number): ProblemError => {
  const { _tag, code, ...fields } = error
  return new ProblemError(
    problemWith(422, code, 'Refused by the budget rules', `The budget refused the command: ${_tag}.`, {
      ...fields,
      ...(index === undefined ? {} : { itemIndex: index }),
    }),
  )
}

export const badIfMatch = (): ProblemError =>
  new ProblemError(
    makeProblem(400, 'bad_request', 'If-Match must be an ETag this server sent ("<version>").'),
  )

export const idempotencyKeyReused = (): ProblemError =>
  new ProblemError(
    makeProblem(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was used for another request; send a new key for a new request.',
    ),
  )

/**
 * A member whose role or access does not allow the operation (docs/sharing.md): 403 `read_only`, or `owner_only`
 * with the owner's action named (`action`, for the app to phrase).
 */
export const accessRefused = (refusal: AccessRefusal): ProblemError => {
  if (refusal.code === 'read_only')
    return new ProblemError(makeProblem(403, 'read_only', 'Your access to this budget is read-only.'))
  // RFC 9457 extension member: which of the owner's actions was refused.
  const problem = {
    ...makeProblem(403, 'owner_only', `Only the budget's owner may ${ownerOnlyActions[refusal.action]}.`),
    action: refusal.action,
  }
  return new ProblemError(problem)
}
