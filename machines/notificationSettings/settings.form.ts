import type {
  NotificationChannel,
  NotificationSettings,
  NotificationType,
  Reminder,
} from '../../schemas/notifications.ts'
import type { FieldError } from '../dialogs/shared/dialog.validation.ts'

/** The two reminders of the settings. */
export type ReminderKey = 'spendingReminder' | 'draftsDigest'

export const REMINDERS: ReadonlyArray<ReminderKey> = ['spendingReminder', 'draftsDigest']

/** ISO weekdays, Monday first (SPEC §9: the week starts on Monday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const

export const CHANNELS: ReadonlyArray<NotificationChannel> = ['InApp', 'Email', 'Push']

export const NOTIFICATION_TYPES: ReadonlyArray<NotificationType> = [
  'Welcome',
  'SubscriptionExpiresSoon',
  'TransactionsSynchronized',
  'DraftsDue',
  'SpendingReminder',
]

/** The form's fields that can carry a message. */
export type SettingsField = 'timeZone' | `${ReminderKey}Time` | `${ReminderKey}Days`

export type SettingsErrors = Partial<Record<SettingsField, FieldError>>

export type CheckedSettings =
  | { readonly ok: true; readonly value: NotificationSettings }
  | { readonly ok: false; readonly errors: SettingsErrors }

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/u

export const DEFAULT_TIME_ZONE = 'Europe/Warsaw'

/**
 * The pure check of the whole form: a time zone the browser knows (or the one already saved), a time `HH:MM`, and
 * at least one day for a reminder that is on. Every message at once.
 */
export const checkSettings = (
  fields: NotificationSettings,
  timeZones: ReadonlyArray<string>,
): CheckedSettings => {
  const errors: SettingsErrors = {}
  if (fields.timeZone === '') errors.timeZone = { key: 'validation.required' }
  else if (timeZones.length > 0 && !timeZones.includes(fields.timeZone))
    errors.timeZone = { key: 'notificationSettings.errors.timeZone' }
  for (const key of REMINDERS) {
    const reminder = fields[key]
    if (reminder.time === '') errors[`${key}Time`] = { key: 'validation.required' }
    else if (!TIME.test(reminder.time)) errors[`${key}Time`] = { key: 'notificationSettings.errors.time' }
    if (reminder.enabled && reminder.days.length === 0)
      errors[`${key}Days`] = { key: 'notificationSettings.errors.days' }
  }
  return Object.keys(errors).length === 0 ? { ok: true, value: fields } : { ok: false, errors }
}

/** A reminder with one weekday switched; days stay sorted Monday first, each once. */
export const withDay = (reminder: Reminder, day: number, on: boolean): Reminder => ({
  ...reminder,
  days: WEEKDAYS.filter((weekday) => (weekday === day ? on : reminder.days.includes(weekday))),
})

/** One type's channels with one switched, in the order of CHANNELS. */
export const withChannel = (
  channels: ReadonlyArray<NotificationChannel>,
  channel: NotificationChannel,
  on: boolean,
): ReadonlyArray<NotificationChannel> =>
  CHANNELS.filter((each) => (each === channel ? on : channels.includes(each)))
