import * as Schema from 'effect/Schema'
import { BudgetAccess, BudgetRole, NewName } from './budget.ts'
import { BudgetId, InvitationId, UserId } from './ids.ts'
import { isSingleLineText } from './text.ts'
import { UtcInstant } from './user.ts'

// The HTTP contract of sharing a budget (issue 30 §4, docs/sharing.md): invitations, collaborations, presence,
// the activity feed and the display name. Routes: server/sharing/.

/** How long an invitation link stays valid. */
export const invitationLifetimeDays = 7

/**
 * An address as people type it (trimmed by the server): one `@`, no spaces, a domain with a dot in it and no empty
 * label (`marek@example` is a typo, not an address a mail can reach). The web app's invite form checks the same
 * pattern (machines/sharing/members.machine.ts) before asking.
 */
export const invitationEmailPattern = /^\s*[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+\s*$/u
/** At most 254 characters, as SMTP allows. */
export const invitationEmailMaxLength = 254
export const InvitationEmail = Schema.String.check(
  Schema.isMaxLength(invitationEmailMaxLength),
  Schema.isPattern(invitationEmailPattern, { message: 'an e-mail address' }),
)

export const CreateInvitationBody = Schema.Struct({
  email: InvitationEmail,
  role: Schema.Literal('Guest'),
  access: BudgetAccess,
})
/** The secret `token` is shown once (and mailed); `url` is the link to hand over. */
export const CreatedInvitation = Schema.Struct({
  id: InvitationId,
  token: Schema.String,
  url: Schema.String,
  expiresAt: UtcInstant,
})
/** A pending invitation (not accepted, revoked or expired). */
export const PendingInvitation = Schema.Struct({
  id: InvitationId,
  email: Schema.String,
  role: BudgetRole,
  access: BudgetAccess,
  invitedBy: UserId,
  createdAt: UtcInstant,
  expiresAt: UtcInstant,
})
export const PendingInvitationList = Schema.Array(PendingInvitation)
export const InvitationParams = Schema.Struct({ budgetId: BudgetId, invitationId: InvitationId })
/** The secret of a link: base64url, as minted (32 bytes → 43 characters); anything else is refused by shape. */
export const InvitationToken = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{20,100}$/u))
export const TokenParams = Schema.Struct({ token: InvitationToken })

/**
 * `GET /api/invitations/{token}` for the signed-in person about to accept: the budget's name and who invited them.
 * Used, expired and revoked links answer 410 with code `invitation_used` / `invitation_expired` /
 * `invitation_revoked` (`invitation_used_by_you` when the caller accepted it); unknown ones 404 `invitation_not_found`.
 */
export const InvitationPreview = Schema.Struct({
  budgetId: BudgetId,
  budgetName: Schema.String,
  invitedByName: Schema.NullOr(Schema.String),
  role: BudgetRole,
  access: BudgetAccess,
  expiresAt: UtcInstant,
  /** The caller already belongs to the budget (accepting would answer 409 `already_member`). */
  alreadyMember: Schema.Boolean,
})
export const AcceptedInvitation = Schema.Struct({ budgetId: BudgetId })

/** A member of a budget; `displayName` is their profile setting, or their e-mail until they set one. */
export const Collaboration = Schema.Struct({
  userId: UserId,
  email: Schema.NullOr(Schema.String),
  displayName: Schema.NullOr(Schema.String),
  role: BudgetRole,
  access: BudgetAccess,
  since: UtcInstant,
  lastActiveAt: Schema.NullOr(UtcInstant),
  invitedBy: Schema.NullOr(UserId),
})
export const CollaborationList = Schema.Array(Collaboration)
export const CollaborationParams = Schema.Struct({ budgetId: BudgetId, userId: UserId })
/** The owner changes a guest's access. */
export const UpdateCollaborationBody = Schema.Struct({ access: BudgetAccess })

/** Members with the budget open now (an open event stream), the caller excluded. */
export const PresentMember = Schema.Struct({ userId: UserId, displayName: Schema.NullOr(Schema.String) })
export const PresenceList = Schema.Array(PresentMember)

/** `PUT /api/user-profile`: the name other members see; `null` (or blank) goes back to the e-mail. */
export const DisplayName = NewName.check(Schema.isMaxLength(60), isSingleLineText)
export const UpdateProfileBody = Schema.Struct({ displayName: Schema.NullOr(DisplayName) })
