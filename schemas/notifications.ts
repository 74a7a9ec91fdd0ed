import * as Schema from 'effect/Schema'
import { UtcInstant } from './user.ts'

// The notification centre, reminders and their channels (issue 29 §2). User-level, not budget streams: one user's
// notifications and settings, kept in their own tables and written by jobs of the job queue.

/**
 * SPEC §3 notification types, then the two reminders: `DraftsDue` (a digest of due drafts of recurring
 * transactions) and `SpendingReminder` ("enter today's spending").
 */
export const NotificationType = Schema.Literals([
  'Welcome',
  'SubscriptionExpiresSoon',
  'TransactionsSynchronized',
  'DraftsDue',
  'SpendingReminder',
])
export type NotificationType = typeof NotificationType.Type

export const NotificationChannel = Schema.Literals(['InApp', 'Email', 'Push'])
export type NotificationChannel = typeof NotificationChannel.Type

export const NotificationId = Schema.String.pipe(
  Schema.check(Schema.isNonEmpty(), Schema.isMaxLength(128)),
  Schema.brand('NotificationId'),
)
export type NotificationId = typeof NotificationId.Type

/**
 * One entry. The UI words it from `type` and `params` (i18n `notifications.<type>.title`/`.body`, amounts in minor
 * units with `currency`), and `link` is the app path it opens (desktop form; the app maps it to the phone's
 * equivalent, src/router/equivalentAddress.ts).
 */
export const Notification = Schema.Struct({
  id: NotificationId,
  type: NotificationType,
  createdAt: UtcInstant,
  readAt: Schema.NullOr(UtcInstant),
  params: Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number])),
  link: Schema.NullOr(Schema.String),
}).annotate({ identifier: 'Notification' })
export type Notification = typeof Notification.Type

/** `GET /api/notifications?before=<id>&limit=N`: newest first, with the unread count of all of them. */
export const NotificationPage = Schema.Struct({
  items: Schema.Array(Notification),
  unread: Schema.Int,
  /** The `before` of the next page; null on the last. */
  next: Schema.NullOr(NotificationId),
}).annotate({ identifier: 'NotificationPage' })
export type NotificationPage = typeof NotificationPage.Type

/** Local time of day, 24-hour `HH:MM`. */
export const TimeOfDay = Schema.String.check(Schema.isPattern(/^(?:[01]\d|2[0-3]):[0-5]\d$/u))
/** ISO weekday: 1 Monday … 7 Sunday. */
export const Weekday = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 7 }))

export const Reminder = Schema.Struct({
  enabled: Schema.Boolean,
  time: TimeOfDay,
  days: Schema.Array(Weekday),
})
export type Reminder = typeof Reminder.Type

/**
 * `GET`/`PUT /api/notification-settings`: the user's time zone (IANA, default Europe/Warsaw), the two reminders and
 * the channels chosen per type. Defaults: spending reminder off at 20:00 every day; drafts digest on at 08:00
 * every day; every type in the app, DraftsDue and SubscriptionExpiresSoon also by e-mail.
 */
export const NotificationSettings = Schema.Struct({
  timeZone: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(64)),
  spendingReminder: Reminder,
  draftsDigest: Reminder,
  channels: Schema.Struct({
    Welcome: Schema.Array(NotificationChannel),
    SubscriptionExpiresSoon: Schema.Array(NotificationChannel),
    TransactionsSynchronized: Schema.Array(NotificationChannel),
    DraftsDue: Schema.Array(NotificationChannel),
    SpendingReminder: Schema.Array(NotificationChannel),
  }),
}).annotate({ identifier: 'NotificationSettings' })
export type NotificationSettings = typeof NotificationSettings.Type

/** `GET /api/push/public-key`: the server's VAPID public key (base64url), for `PushManager.subscribe`. */
export const PushPublicKey = Schema.Struct({ publicKey: Schema.String }).annotate({
  identifier: 'PushPublicKey',
})

/** `POST /api/push/subscriptions` (a browser's `PushSubscription.toJSON()`); `DELETE` with `{endpoint}`. */
export const PushSubscriptionInput = Schema.Struct({
  endpoint: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(2048)),
  keys: Schema.Struct({
    p256dh: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(256)),
    auth: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(256)),
  }),
}).annotate({ identifier: 'PushSubscriptionInput' })
export type PushSubscriptionInput = typeof PushSubscriptionInput.Type

/** The answer of `POST /api/notifications/{id}/read` and `…/read-all`: the bell's new count. */
export const UnreadCount = Schema.Struct({ unread: Schema.Int }).annotate({ identifier: 'UnreadCount' })
export type UnreadCount = typeof UnreadCount.Type

/** `DELETE /api/push/subscriptions` body, and the answer of both push-subscription routes. */
export const PushEndpoint = Schema.Struct({ endpoint: PushSubscriptionInput.fields.endpoint }).annotate({
  identifier: 'PushEndpoint',
})
export type PushEndpoint = typeof PushEndpoint.Type
