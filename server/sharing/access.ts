import type { FastifyRequest } from 'fastify'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { callerId, readableHead } from '../ledger/http.ts'
import type { StreamHead } from '../ledger/store.ts'
import { type SharingDb, sharingDb } from './store.ts'

// Who may manage a budget's members (docs/sharing.md): its Owner. Shared with other routes that are the owner's only.

export const ownerOnly = (what: string): ProblemError =>
  new ProblemError(makeProblem(403, 'owner_only', `Only the budget's owner may ${what}.`))

export const readOnly = (): ProblemError =>
  new ProblemError(makeProblem(403, 'read_only', 'Your access to this budget is read-only.'))

export const dbOf = (request: FastifyRequest): SharingDb => sharingDb(request.server.database.db)

/** The caller's access to a budget they belong to (an Owner always edits). */
export const accessOf = async (request: FastifyRequest, budgetId: string): Promise<'Edit' | 'Read'> => {
  const row = await dbOf(request)
    .selectFrom('budget_members')
    .select('access')
    .where('budget_id', '=', budgetId)
    .where('user_id', '=', callerId(request))
    .executeTakeFirst()
  return row?.access ?? 'Read'
}

/**
 * The budget's head when the caller is its Owner. A non-member meets 404; any Guest 403 `owner_only`.
 */
export const requireOwner = async (
  request: FastifyRequest,
  budgetId: string,
  what: string,
): Promise<StreamHead> => {
  const head = await readableHead(request, budgetId)
  if (head.role === 'Owner') return head
  // What only the owner may do is refused as such to every guest, read-only or not (docs/sharing.md's matrix).
  throw ownerOnly(what)
}
