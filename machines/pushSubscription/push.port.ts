import type { ApiErrorLike } from '../toasts/toasts.errors.ts'

/** Where this browser stands with Web Push for the signed-in user. */
export type PushStatus = 'unsupported' | 'denied' | 'available' | 'subscribed'

/** What asking for push gave: subscribed, refused by the person or the browser, or a failure on the way. */
export type EnableOutcome =
  | { readonly outcome: 'subscribed' }
  | { readonly outcome: 'denied' }
  | { readonly outcome: 'dismissed' }
  | { readonly outcome: 'unsupported' }
  | { readonly outcome: 'failed'; readonly error: ApiErrorLike }

/**
 * The browser's side of Web Push (permission, the service worker's PushManager) and the server's (its VAPID key,
 * POST /api/push/subscriptions); src/ports/pushPort.ts implements it. Never throws.
 */
export type PushPort = {
  status(signal: AbortSignal): Promise<PushStatus>
  enable(signal: AbortSignal): Promise<EnableOutcome>
}
