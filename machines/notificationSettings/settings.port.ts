import type { NotificationSettings } from '../../schemas/notifications.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'

/** The settings as the server keeps them, or why they could not be read or written; never thrown. */
export type SettingsOutcome =
  | { readonly ok: true; readonly settings: NotificationSettings }
  | { readonly ok: false; readonly error: ApiErrorLike }

/** GET/PUT /api/notification-settings over the app's HTTP client (src/ports/notificationSettingsPort.ts). */
export type NotificationSettingsPort = {
  load(signal: AbortSignal): Promise<SettingsOutcome>
  save(settings: NotificationSettings, signal: AbortSignal): Promise<SettingsOutcome>
}
