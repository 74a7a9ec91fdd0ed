import type { BudgetAccess, BudgetRole } from '../../schemas/budget.ts'
import type { BudgetId, InvitationId, UserId } from '../../schemas/ids.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'

/** A member of a budget as the members list shows it (`GET /api/budget/{id}/budget-collaborations`). */
export type Member = {
  readonly userId: UserId
  readonly email: string | null
  readonly displayName: string | null
  readonly role: BudgetRole
  readonly access: BudgetAccess
  readonly since: string
  readonly lastActiveAt: string | null
}

/** An invitation not yet accepted, revoked or expired (`GET /api/budget/{id}/invitations`). */
export type PendingInvitation = {
  readonly id: InvitationId
  readonly email: string
  readonly access: BudgetAccess
  readonly createdAt: string
  readonly expiresAt: string
}

/** A fresh invitation: the link to hand over (shown once) and when it stops working. */
export type CreatedInvitation = {
  readonly id: InvitationId
  /** Where the link was mailed. */
  readonly email: string
  readonly url: string
  readonly expiresAt: string
}

/** What the person about to accept sees (`GET /api/invitations/{token}`). */
export type InvitationPreview = {
  readonly budgetId: BudgetId
  readonly budgetName: string
  readonly invitedByName: string | null
  readonly access: BudgetAccess
  readonly expiresAt: string
  readonly alreadyMember: boolean
}

/**
 * Why a request failed: the problem document's `code` (`invitation_used`, `already_member`, `sole_owner`,
 * `owner_only`, `read_only`…) when the server gave one, else null (offline, 5xx).
 */
export type Failure = { readonly ok: false; readonly code: string | null; readonly error: ApiErrorLike }
export type Outcome<T> = ({ readonly ok: true } & T) | Failure

/** A change to the members or invitations of a budget; each is one request. */
export type SharingWrite =
  | { readonly kind: 'invite'; readonly email: string; readonly access: BudgetAccess }
  | { readonly kind: 'revoke'; readonly invitationId: InvitationId }
  | { readonly kind: 'remove'; readonly userId: UserId }
  | { readonly kind: 'leave'; readonly userId: UserId }
  | { readonly kind: 'access'; readonly userId: UserId; readonly access: BudgetAccess }
  | { readonly kind: 'handOver'; readonly userId: UserId }

/**
 * What the sharing screens need from the server; the view layer implements it over the app's HTTP client.
 * Expected failures are values: the port never throws for them.
 */
export type SharingPort = {
  /** Members, and (for the owner, who alone may list them) the pending invitations; null for a guest. */
  list(
    budgetId: BudgetId,
    withInvitations: boolean,
    signal: AbortSignal,
  ): Promise<
    Outcome<{
      readonly members: ReadonlyArray<Member>
      readonly invitations: ReadonlyArray<PendingInvitation> | null
    }>
  >
  /** One write; an invite answers the link it made. */
  write(
    budgetId: BudgetId,
    write: SharingWrite,
    signal: AbortSignal,
  ): Promise<Outcome<{ readonly created: CreatedInvitation | null }>>
  preview(token: string, signal: AbortSignal): Promise<Outcome<{ readonly preview: InvitationPreview }>>
  accept(token: string, signal: AbortSignal): Promise<Outcome<{ readonly budgetId: BudgetId }>>
}
