import type { NotificationId, NotificationPage } from '../../schemas/notifications.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'

/** A page of the centre, or why it could not be read (offline, 5xx); the port never throws for these. */
export type PageOutcome =
  | { readonly ok: true; readonly page: NotificationPage }
  | { readonly ok: false; readonly error: ApiErrorLike }

/**
 * What the notification centre needs from the outside world; src/ports/notificationsPort.ts implements it over the
 * app's HTTP client (GET /api/notifications, POST …/{id}/read, POST …/read-all) and the window's focus.
 */
export type NotificationsPort = {
  /** Reports that the app was opened (PUT /api/user-profile/visit): the first one brings the Welcome notification. */
  recordVisit(signal: AbortSignal): Promise<void>
  /** The newest page (`before` null) or the one after `before`. */
  readPage(before: NotificationId | null, signal: AbortSignal): Promise<PageOutcome>
  /** Whether the server recorded it. */
  markRead(id: NotificationId, signal: AbortSignal): Promise<boolean>
  markAllRead(signal: AbortSignal): Promise<boolean>
  /** Calls back when the person comes back to the app (the window regains focus or becomes visible). */
  onWake(listener: () => void): () => void
}
