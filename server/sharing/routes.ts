import * as Schema from 'effect/Schema'
import type { FastifyRequest } from 'fastify'
import type { Transaction } from 'kysely'
import { BudgetId, InvitationId, UserId } from '../../schemas/ids.ts'
import { BudgetParams } from '../../schemas/ledgerApi.ts'
import { Problem } from '../../schemas/problem.ts'
import {
  AcceptedInvitation,
  Collaboration,
  CollaborationList,
  CollaborationParams,
  CreatedInvitation,
  CreateInvitationBody,
  InvitationParams,
  InvitationPreview,
  PendingInvitationList,
  PresenceList,
  TokenParams,
  UpdateCollaborationBody,
} from '../../schemas/sharing.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { type AnyRoute, defineRoute } from '../http/route.ts'
import { normalizeEmail } from '../identity/users.ts'
import { callerId, readableHead, readReply } from '../ledger/http.ts'
import { timeOrderedUuid } from '../ledger/uuidv7.ts'
import { dbOf, ownerOnly, requireOwner } from './access.ts'
import { invitationMessage } from './mail.ts'
import {
  listMemberRows,
  lockBudget,
  type MemberRow,
  presentMembers,
  removeMember,
  type SharingTables,
  userIdIs,
} from './store.ts'
import {
  expiryOf,
  hashToken,
  type InvitationState,
  invitationState,
  invitationUrl,
  mintToken,
} from './tokens.ts'

const tags = ['sharing']
const refusal = (description: string) => ({ description, schema: Problem })
const noContent = (description: string) => ({ description, schema: Schema.Undefined })

const problem = (status: number, code: Problem['code'], detail: string) =>
  new ProblemError(makeProblem(status, code, detail))

const collaborationOf = (member: MemberRow): typeof Collaboration.Type => ({
  userId: UserId.make(member.userId),
  email: member.email,
  displayName: member.displayName ?? member.email,
  role: member.role,
  access: member.access,
  since: member.joinedAt.toISOString(),
  lastActiveAt: member.lastActiveAt?.toISOString() ?? null,
  invitedBy: member.invitedBy === null ? null : UserId.make(member.invitedBy),
})

const collaborations = async (request: FastifyRequest, budgetId: string) =>
  (await listMemberRows(dbOf(request), budgetId)).map(collaborationOf)

const nameOf = (user: { email: string | null; displayName: string | null } | undefined) =>
  user === undefined ? null : (user.displayName ?? user.email)

const now = (request: FastifyRequest) => request.server.ledger.clock()

const notMember = () => problem(404, 'not_found', 'There is no such member of this budget.')
const alreadyMember = () => problem(409, 'already_member', 'That person is already a member of this budget.')

const goneProblems: Record<Exclude<InvitationState, 'pending'>, ProblemError> = {
  revoked: problem(410, 'invitation_revoked', 'The budget’s owner has withdrawn this invitation.'),
  used: problem(410, 'invitation_used', 'This invitation has already been used by someone else.'),
  used_by_you: problem(410, 'invitation_used_by_you', 'You have already accepted this invitation.'),
  expired: problem(410, 'invitation_expired', 'This invitation has expired; ask for a new one.'),
}
const invitationNotFound = () =>
  problem(404, 'invitation_not_found', 'There is no such invitation; check the link.')
const gone = refusal(
  'The link can no longer be used: `invitation_used`, `invitation_used_by_you`, `invitation_expired` or `invitation_revoked`.',
)
const unknownLink = refusal('No invitation has this link (`invitation_not_found`).')

/** No user has this id: an anonymous caller's stand-in, so the membership join below finds nothing. */
const nobody = '00000000-0000-0000-0000-000000000000'

/**
 * The invitation a link names, on a budget that still exists, with its state for the caller (signed in or not: the
 * preview answers anonymous callers too). `used_by_you` only while the caller is still a member: after a removal
 * the link is simply used.
 */
const invitationByToken = async (request: FastifyRequest, token: string) => {
  const caller = request.user?.id ?? nobody
  const row = await dbOf(request)
    .selectFrom('budget_invitations as i')
    .innerJoin('budgets as b', 'b.id', 'i.budget_id')
    .leftJoin('users as u', (join) => join.on(userIdIs('i.invited_by')))
    .leftJoin('budget_members as m', (join) =>
      join.onRef('m.budget_id', '=', 'i.budget_id').on('m.user_id', '=', caller),
    )
    .select([
      'i.budget_id as budgetId',
      'i.role as role',
      'i.access as access',
      'i.invited_by as invitedBy',
      'i.expires_at as expiresAt',
      'i.accepted_by as acceptedBy',
      'i.revoked_at as revokedAt',
      'b.name as budgetName',
      'b.deleted as deleted',
      'u.email as inviterEmail',
      'u.display_name as inviterName',
      'm.user_id as memberId',
    ])
    .where('i.token_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (row === undefined || row.deleted) throw invitationNotFound()
  const seen = invitationState(row, caller, now(request))
  const state: InvitationState = seen === 'used_by_you' && row.memberId === null ? 'used' : seen
  return { row, state }
}

/**
 * Locks the budget's members (as every change of them does) and checks that `userId` is one of its guests: a
 * non-member is 404, the Owner is refused as `ownerRefused` says.
 */
const lockGuest = async (
  trx: Transaction<SharingTables>,
  budgetId: string,
  userId: string,
  ownerRefused: () => ProblemError,
) => {
  await lockBudget(trx, budgetId)
  const target = await trx
    .selectFrom('budget_members')
    .select('role')
    .where('budget_id', '=', budgetId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (target === undefined) throw notMember()
  if (target.role === 'Owner') throw ownerRefused()
}

const inviteOthers = 'invite people'

export const sharingRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/invitations',
    operationId: 'createInvitation',
    summary:
      'Invite someone by e-mail: a single-use link valid for 7 days, mailed and answered once (owner only)',
    tags,
    params: BudgetParams,
    body: CreateInvitationBody,
    responses: {
      201: {
        description: 'The invitation with its secret link (shown this once).',
        schema: CreatedInvitation,
      },
      403: refusal('Only the owner invites (`owner_only`).'),
      409: refusal('The address belongs to a member already (`already_member`).'),
    },
    handler: async ({ params, body, request, respond }) => {
      const { budgetId } = params
      await requireOwner(request, budgetId, inviteOthers)
      const db = dbOf(request)
      const email = normalizeEmail(body.email)
      const member = await db
        .selectFrom('budget_members as m')
        .innerJoin('users as u', (join) => join.on(userIdIs('m.user_id')))
        .select('m.user_id')
        .where('m.budget_id', '=', budgetId)
        .where('u.email', '=', email)
        .executeTakeFirst()
      if (member !== undefined) throw alreadyMember()
      const token = mintToken()
      const createdAt = now(request)
      const expiresAt = expiryOf(createdAt)
      const id = timeOrderedUuid(createdAt.getTime())
      const inviterId = callerId(request)
      await db
        .insertInto('budget_invitations')
        .values({
          budget_id: budgetId,
          id,
          token_hash: hashToken(token),
          email,
          role: body.role,
          access: body.access,
          invited_by: inviterId,
          created_at: createdAt,
          expires_at: expiresAt,
        })
        .execute()
      const url = invitationUrl(request.server.identity.config.publicOrigin, token)
      const [inviter, budget] = await Promise.all([
        db
          .selectFrom('users')
          .select(['email', 'display_name as displayName', 'locale'])
          .where('id', '=', inviterId)
          .executeTakeFirst(),
        db.selectFrom('budgets').select('name').where('id', '=', budgetId).executeTakeFirstOrThrow(),
      ])
      try {
        await request.server.sharing.sendMail(
          invitationMessage({
            to: email,
            inviter: nameOf(inviter) ?? '',
            budgetName: budget.name,
            access: body.access,
            url,
            locale: inviter?.locale ?? null,
          }),
        )
      } catch (error) {
        // The owner has the link to hand over; a mail that did not leave is no reason to refuse.
        request.log.error({ err: error, budgetId }, 'the invitation mail could not be sent')
      }
      return respond(201, {
        id: InvitationId.make(id),
        token,
        url,
        expiresAt: expiresAt.toISOString(),
      })
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/invitations',
    operationId: 'listInvitations',
    summary: 'The pending invitations (not accepted, revoked or expired), oldest first (owner only)',
    tags,
    params: BudgetParams,
    responses: {
      200: { description: 'The pending invitations.', schema: PendingInvitationList },
      403: refusal('Only the owner sees invitations (`owner_only`).'),
    },
    handler: async ({ params, request, respond }) => {
      await requireOwner(request, params.budgetId, 'see the invitations')
      const rows = await dbOf(request)
        .selectFrom('budget_invitations')
        .selectAll()
        .where('budget_id', '=', params.budgetId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now(request))
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return respond(
        200,
        rows.map((row) => ({
          id: InvitationId.make(row.id),
          email: row.email,
          role: row.role,
          access: row.access,
          invitedBy: UserId.make(row.invited_by),
          createdAt: row.created_at.toISOString(),
          expiresAt: row.expires_at.toISOString(),
        })),
      )
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId/invitations/:invitationId',
    operationId: 'revokeInvitation',
    summary: 'Withdraw an invitation: its link answers 410 invitation_revoked from now on (owner only)',
    tags,
    params: InvitationParams,
    responses: {
      204: noContent('Revoked (or already used or revoked: nothing to withdraw).'),
      403: refusal('Only the owner revokes invitations (`owner_only`).'),
    },
    handler: async ({ params, request, respond }) => {
      await requireOwner(request, params.budgetId, 'revoke invitations')
      const db = dbOf(request)
      const known = await db
        .selectFrom('budget_invitations')
        .select('id')
        .where('budget_id', '=', params.budgetId)
        .where('id', '=', params.invitationId)
        .executeTakeFirst()
      if (known === undefined) throw problem(404, 'not_found', 'There is no such invitation to this budget.')
      await db
        .updateTable('budget_invitations')
        .set({ revoked_at: now(request) })
        .where('budget_id', '=', params.budgetId)
        .where('id', '=', params.invitationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute()
      return respond(204, undefined)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/invitations/:token',
    operationId: 'getInvitation',
    summary:
      'What a link invites to: the budget’s name, who invited, the access (anyone holding the link, signed in or not)',
    tags,
    params: TokenParams,
    responses: {
      200: { description: 'The invitation.', schema: InvitationPreview },
      404: unknownLink,
      410: gone,
    },
    handler: async ({ params, request, respond }) => {
      const { row, state } = await invitationByToken(request, params.token)
      if (state !== 'pending') throw goneProblems[state]
      return respond(200, {
        budgetId: BudgetId.make(row.budgetId),
        budgetName: row.budgetName,
        invitedByName: row.inviterName ?? row.inviterEmail,
        role: row.role,
        access: row.access,
        expiresAt: row.expiresAt.toISOString(),
        alreadyMember: row.memberId !== null,
      })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/invitations/:token/accept',
    operationId: 'acceptInvitation',
    summary:
      'Join the budget a link invites to; the link is used up (whoever accepts it while signed in joins)',
    tags,
    params: TokenParams,
    responses: {
      200: { description: 'Joined.', schema: AcceptedInvitation },
      404: unknownLink,
      409: refusal('The caller is a member of the budget already (`already_member`); the link stays unused.'),
      410: gone,
    },
    handler: async ({ params, request, respond }) => {
      const { row, state } = await invitationByToken(request, params.token)
      if (state !== 'pending') throw goneProblems[state]
      if (row.memberId !== null) throw alreadyMember()
      const userId = callerId(request)
      const at = now(request)
      const tokenHash = hashToken(params.token)
      await dbOf(request)
        .transaction()
        .execute(async (trx) => {
          // The claim is one conditional update: of two accepts at once, PostgreSQL lets the second wait for the
          // first's row lock and then finds the link used; only one membership can follow.
          const claimed = await trx
            .updateTable('budget_invitations')
            .set({ accepted_at: at, accepted_by: userId })
            .where('token_hash', '=', tokenHash)
            .where('accepted_at', 'is', null)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', at)
            .returning(['budget_id', 'role', 'access', 'invited_by'])
            .executeTakeFirst()
          if (claimed === undefined) {
            const current = await trx
              .selectFrom('budget_invitations')
              .select(['expires_at as expiresAt', 'accepted_by as acceptedBy', 'revoked_at as revokedAt'])
              .where('token_hash', '=', tokenHash)
              .executeTakeFirstOrThrow()
            const later = invitationState(current, userId, at)
            throw later === 'pending' ? goneProblems.used : goneProblems[later]
          }
          const joined = await trx
            .insertInto('budget_members')
            .values({
              budget_id: claimed.budget_id,
              user_id: userId,
              role: claimed.role,
              access: claimed.access,
              joined_at: at,
              invited_by: claimed.invited_by,
            })
            .onConflict((conflict) => conflict.columns(['budget_id', 'user_id']).doNothing())
            .returning('user_id')
            .executeTakeFirst()
          // Joined through another link meanwhile: this one stays unused (the transaction rolls back).
          if (joined === undefined) throw alreadyMember()
          await request.server.ledger.notifier.membersChanged(trx, claimed.budget_id)
        })
      return respond(200, { budgetId: BudgetId.make(row.budgetId) })
    },
  }),
  ...(['budget-collaborations', 'users'] as const).map((resource) =>
    defineRoute({
      method: 'GET',
      path: `/api/budget/:budgetId/${resource}`,
      operationId: resource === 'users' ? 'listBudgetUsers' : 'listBudgetCollaborations',
      summary: 'The members of a budget (not pending invitations), in the order they joined',
      tags,
      params: BudgetParams,
      responses: { 200: { description: 'The members.', schema: CollaborationList } },
      handler: async ({ params, request }) => {
        // The budget's version as ETag, as every resource of a budget answers (its If-Match for a next write).
        const head = await readableHead(request, params.budgetId)
        return readReply(await collaborations(request, params.budgetId), head.version)
      },
    }),
  ),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId/budget-collaborations/:userId',
    operationId: 'removeBudgetCollaboration',
    summary:
      'End a membership: the owner removes a guest, a guest leaves; their open event streams end at once',
    tags,
    params: CollaborationParams,
    responses: {
      204: noContent('The membership has ended.'),
      403: refusal('Only the owner removes others (`owner_only`).'),
      409: refusal('The owner cannot leave or be removed; hand the budget over first (`sole_owner`).'),
    },
    handler: async ({ params, request, respond }) => {
      const { budgetId, userId } = params
      const head = await readableHead(request, budgetId)
      const self = userId === callerId(request)
      if (!self && head.role !== 'Owner') {
        await requireOwner(request, budgetId, 'remove members')
      }
      const { notifier } = request.server.ledger
      await dbOf(request)
        .transaction()
        .execute(async (trx) => {
          await lockGuest(trx, budgetId, userId, () =>
            problem(409, 'sole_owner', 'The budget’s owner cannot leave it; hand the budget over first.'),
          )
          await removeMember(trx, budgetId, userId)
          await notifier.membersChanged(trx, budgetId)
        })
      return respond(204, undefined)
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/budget/:budgetId/budget-collaborations/:userId',
    operationId: 'updateBudgetCollaboration',
    summary: 'Change a guest’s access (Edit or Read; owner only)',
    tags,
    params: CollaborationParams,
    body: UpdateCollaborationBody,
    responses: {
      200: { description: 'The member as changed.', schema: Collaboration },
      403: refusal('Only the owner changes access (`owner_only`).'),
      409: refusal('The owner always edits (`owner_access`).'),
    },
    handler: async ({ params, body, request, respond }) => {
      const { budgetId, userId } = params
      await requireOwner(request, budgetId, 'change members’ access')
      const db = dbOf(request)
      await db.transaction().execute(async (trx) => {
        await lockGuest(trx, budgetId, userId, () =>
          problem(409, 'owner_access', 'The budget’s owner always edits; their access cannot change.'),
        )
        await trx
          .updateTable('budget_members')
          .set({ access: body.access })
          .where('budget_id', '=', budgetId)
          .where('user_id', '=', userId)
          .execute()
        // The guest's open page learns its new access live (server/ledger/live.ts).
        await request.server.ledger.notifier.membersChanged(trx, budgetId)
      })
      const member = (await collaborations(request, budgetId)).find((row) => row.userId === userId)
      if (member === undefined) throw notMember()
      return respond(200, member)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/budget-collaborations/:userId/ownership',
    operationId: 'handOverBudget',
    summary: 'Hand the budget over: the member becomes its Owner, the caller a Guest who edits (owner only)',
    tags,
    params: CollaborationParams,
    responses: {
      200: { description: 'The members after the handover.', schema: CollaborationList },
      403: refusal('Only the owner hands the budget over (`owner_only`).'),
    },
    handler: async ({ params, request, respond }) => {
      const { budgetId, userId } = params
      await requireOwner(request, budgetId, 'hand the budget over')
      const ownerId = callerId(request)
      await dbOf(request)
        .transaction()
        .execute(async (trx) => {
          await lockBudget(trx, budgetId)
          const members = await trx
            .selectFrom('budget_members')
            .select(['user_id', 'role'])
            .where('budget_id', '=', budgetId)
            .execute()
          if (!members.some((member) => member.user_id === userId)) throw notMember()
          // A handover that raced another: the caller is no longer the owner.
          if (!members.some((member) => member.user_id === ownerId && member.role === 'Owner'))
            throw ownerOnly('hand the budget over')
          if (userId === ownerId) return
          await trx
            .updateTable('budget_members')
            .set({ role: 'Guest', access: 'Edit' })
            .where('budget_id', '=', budgetId)
            .where('user_id', '=', ownerId)
            .execute()
          await trx
            .updateTable('budget_members')
            .set({ role: 'Owner', access: 'Edit' })
            .where('budget_id', '=', budgetId)
            .where('user_id', '=', userId)
            .execute()
          await request.server.ledger.notifier.membersChanged(trx, budgetId)
        })
      return respond(200, await collaborations(request, budgetId))
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/presence',
    operationId: 'listPresence',
    summary: 'Other members who have the budget open now (an event stream seen in the last 45 s)',
    tags,
    params: BudgetParams,
    responses: { 200: { description: 'The members present.', schema: PresenceList } },
    handler: async ({ params, request, respond }) => {
      await readableHead(request, params.budgetId)
      const present = await presentMembers(dbOf(request), params.budgetId, callerId(request), now(request))
      return respond(
        200,
        present.map((member) => ({ userId: UserId.make(member.userId), displayName: nameOf(member) })),
      )
    },
  }),
]
