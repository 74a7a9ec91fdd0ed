import * as Schema from 'effect/Schema'
import { sql } from 'kysely'
import {
  type Notification,
  NotificationId,
  type NotificationPage,
  NotificationSettings,
  type NotificationType,
} from '../../schemas/notifications.ts'
import { timeOrderedUuid } from '../ledger/uuidv7.ts'
import type { NotificationDb, Notification as StoredNotification } from './tables.ts'

const everyDay = [1, 2, 3, 4, 5, 6, 7]

/** schemas/notifications.ts: spending reminder off at 20:00, drafts digest on at 08:00, e-mail for two types. */
export const defaultSettings: NotificationSettings = {
  timeZone: 'Europe/Warsaw',
  spendingReminder: { enabled: false, time: '20:00', days: everyDay },
  draftsDigest: { enabled: true, time: '08:00', days: everyDay },
  channels: {
    Welcome: ['InApp'],
    SubscriptionExpiresSoon: ['InApp', 'Email'],
    TransactionsSynchronized: ['InApp'],
    DraftsDue: ['InApp', 'Email'],
    SpendingReminder: ['InApp'],
  },
}

const decodeSettings = Schema.decodeUnknownOption(NotificationSettings)

export interface StoredSettings {
  readonly settings: NotificationSettings
  /** When the user last saved them; null while the defaults apply. */
  readonly updatedAt: Date | null
}

export const readSettings = async (db: NotificationDb, userId: string): Promise<StoredSettings> => {
  const row = await db
    .selectFrom('notification_settings')
    .select(['settings', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (row === undefined) return { settings: defaultSettings, updatedAt: null }
  return { settings: settingsOrDefaults(row.settings), updatedAt: row.updated_at }
}

/** Stored settings as the schema has them (a row of an older shape falls back to the defaults). */
export const settingsOrDefaults = (stored: unknown): NotificationSettings => {
  const decoded = decodeSettings(stored)
  return decoded._tag === 'Some' ? decoded.value : defaultSettings
}

/** Days once each, in week order; channels once each. */
export const normalizeSettings = (settings: NotificationSettings): NotificationSettings => {
  const days = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b)
  const unique = <T>(values: readonly T[]) => [...new Set(values)]
  return {
    timeZone: settings.timeZone,
    spendingReminder: { ...settings.spendingReminder, days: days(settings.spendingReminder.days) },
    draftsDigest: { ...settings.draftsDigest, days: days(settings.draftsDigest.days) },
    channels: {
      Welcome: unique(settings.channels.Welcome),
      SubscriptionExpiresSoon: unique(settings.channels.SubscriptionExpiresSoon),
      TransactionsSynchronized: unique(settings.channels.TransactionsSynchronized),
      DraftsDue: unique(settings.channels.DraftsDue),
      SpendingReminder: unique(settings.channels.SpendingReminder),
    },
  }
}

export const writeSettings = async (
  db: NotificationDb,
  userId: string,
  settings: NotificationSettings,
  now: Date,
): Promise<void> => {
  const json = JSON.stringify(settings)
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, settings: json, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ settings: json, updated_at: now }))
    .execute()
}

export interface NewNotification {
  readonly userId: string
  readonly type: NotificationType
  /** What it is about (a budget, an import, the subscription); with `period`, its identity. */
  readonly subject: string
  /** Which occurrence (a local date, an end date, "once"). */
  readonly period: string
  readonly params: Readonly<Record<string, string | number>>
  readonly link: string | null
}

/**
 * Writes the notification unless that (user, type, subject, period) exists: the row the unique key lets in is the
 * one delivery; undefined when another writer (instance, retry) was first.
 */
export const insertNotification = async (
  db: NotificationDb,
  notification: NewNotification,
  now: Date,
  /** Kept in the list but not counted as unread (the user turned the in-app channel off for its type). */
  alreadyRead = false,
): Promise<StoredNotification | undefined> =>
  db
    .insertInto('notifications')
    .values({
      user_id: notification.userId,
      id: timeOrderedUuid(now.getTime()),
      type: notification.type,
      subject: notification.subject,
      period: notification.period,
      params: JSON.stringify(notification.params),
      link: notification.link,
      created_at: now,
      read_at: alreadyRead ? now : null,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'type', 'subject', 'period']).doNothing())
    .returningAll()
    .executeTakeFirst()

const notificationOf = (row: StoredNotification): Notification => ({
  id: NotificationId.make(row.id),
  type: row.type,
  createdAt: row.created_at.toISOString(),
  readAt: row.read_at?.toISOString() ?? null,
  params: row.params,
  link: row.link,
})

export const unreadCount = async (db: NotificationDb, userId: string): Promise<number> => {
  const row = await db
    .selectFrom('notifications')
    .select(sql<string>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export const listNotifications = async (
  db: NotificationDb,
  userId: string,
  before: string | undefined,
  limit: number,
): Promise<NotificationPage> => {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId)
  if (before !== undefined) query = query.where('id', '<', before)
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute()
  const unread = await unreadCount(db, userId)
  const items = rows.slice(0, limit).map(notificationOf)
  const last = items.at(-1)
  return {
    items,
    unread,
    next: rows.length > limit && last !== undefined ? last.id : null,
  }
}

/** Marks one read (keeping the first reading time); false when the user has no such notification. */
export const markRead = async (
  db: NotificationDb,
  userId: string,
  id: string,
  now: Date,
): Promise<boolean> => {
  const found = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, ${now})` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst()
  return found.numUpdatedRows > 0n
}

export const markAllRead = async (db: NotificationDb, userId: string, now: Date): Promise<void> => {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute()
}
