import {
  type NotificationId,
  NotificationPage,
  NotificationSettings,
  PushPublicKey,
  type PushSubscriptionInput,
} from '../../schemas/notifications.ts'
import type { LoadApi } from './loadApi.ts'

// The notification centre's and the reminders' HTTP calls (issue 29 §2, schemas/notifications.ts). Every answer is
// decoded by its schema in the one client; failures reject (the ports turn them into values).

/** How many entries the centre reads at a time. */
export const NOTIFICATION_PAGE_SIZE = 20

const withSignal = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal })

/** `GET /api/notifications?before&limit`: newest first, with the unread count of all of them. */
export const readNotifications = async (
  loadApi: LoadApi,
  before: NotificationId | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ limit: String(NOTIFICATION_PAGE_SIZE) })
  if (before !== null) query.set('before', before)
  return (await loadApi()).getJson(`/api/notifications?${query}`, NotificationPage, withSignal(signal))
}

/** `POST /api/notifications/{id}/read`. */
export const markNotificationRead = async (loadApi: LoadApi, id: NotificationId, signal?: AbortSignal) =>
  (await loadApi()).postJsonWithoutAnswer(
    `/api/notifications/${encodeURIComponent(id)}/read`,
    {},
    withSignal(signal),
  )

/** `POST /api/notifications/read-all`. */
export const markAllNotificationsRead = async (loadApi: LoadApi, signal?: AbortSignal) =>
  (await loadApi()).postJsonWithoutAnswer('/api/notifications/read-all', {}, withSignal(signal))

/** `GET /api/notification-settings`. */
export const readNotificationSettings = async (loadApi: LoadApi, signal?: AbortSignal) =>
  (await loadApi()).getJson('/api/notification-settings', NotificationSettings, withSignal(signal))

/** `PUT /api/notification-settings`: the whole settings; the answer is what the server kept. */
export const saveNotificationSettings = async (
  loadApi: LoadApi,
  settings: NotificationSettings,
  signal?: AbortSignal,
) =>
  (await loadApi()).putJson(
    '/api/notification-settings',
    settings,
    NotificationSettings,
    // A PUT of the whole settings is safe to send again, but a refused one (400/422) is final.
    { ...withSignal(signal), retry: { limit: 2, statusCodes: [408, 502, 503, 504] } },
  )

/** `GET /api/push/public-key`: the server's VAPID public key (base64url). */
export const readPushPublicKey = async (loadApi: LoadApi, signal?: AbortSignal) =>
  (await loadApi()).getJson('/api/push/public-key', PushPublicKey, withSignal(signal))

/** `POST /api/push/subscriptions`: this browser's subscription (`PushSubscription.toJSON()`). */
export const registerPushSubscription = async (
  loadApi: LoadApi,
  subscription: PushSubscriptionInput,
  signal?: AbortSignal,
) => (await loadApi()).postJsonWithoutAnswer('/api/push/subscriptions', subscription, withSignal(signal))
