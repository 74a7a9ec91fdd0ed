import type { ActivityPage } from '../../schemas/activity.ts'
import type { UserId } from '../../schemas/ids.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'

/** A member as the feed names them: the display name (the e-mail until one is set), null when unknown. */
export type ActivityMember = { readonly userId: UserId; readonly name: string | null }

/** What the feed asks for: whose entries (null: everyone's) and from where (`before` null: the newest). */
export type PageRequest = {
  readonly budgetId: string
  readonly actor: UserId | null
  readonly before: number | null
}

/** A page of the feed, or why it could not be read; the port never throws for these. */
export type PageOutcome =
  | { readonly ok: true; readonly page: ActivityPage }
  | { readonly ok: false; readonly error: ApiErrorLike }

/**
 * GET /api/budget/{id}/activity and the members' names (GET …/budget-collaborations), over the app's HTTP client
 * (src/ports/activityPort.ts). Names that cannot be read leave the entries unnamed rather than the feed empty.
 */
export type ActivityPort = {
  readPage(request: PageRequest, signal: AbortSignal): Promise<PageOutcome>
  readMembers(budgetId: string, signal: AbortSignal): Promise<ReadonlyArray<ActivityMember>>
}
