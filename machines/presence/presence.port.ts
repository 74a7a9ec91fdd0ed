import type { BudgetId, UserId } from '../../schemas/ids.ts'

/** Another member with the budget open now (`GET /api/budget/{id}/presence`); the caller is never listed. */
export type PresentMember = { readonly userId: UserId; readonly displayName: string | null }

export type PresenceOutcome =
  | { readonly ok: true; readonly members: ReadonlyArray<PresentMember> }
  | { readonly ok: false }

/** What the presence actor needs from the outside world: the route and whether the page is on screen. */
export type PresencePort = {
  read(budgetId: BudgetId, signal: AbortSignal): Promise<PresenceOutcome>
  isVisible(): boolean
  /** Calls back on every change of the page's visibility; returns the unsubscribe. */
  watchVisibility(onChange: (visible: boolean) => void): () => void
}
