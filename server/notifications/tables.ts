import type { ColumnType, Kysely, Selectable } from 'kysely'
import type { NotificationType } from '../../schemas/notifications.ts'
import type { Tables } from '../db/tables.ts'
import type { IdentityTables } from '../identity/tables.ts'
import type { BudgetMembersRow, BudgetsRow } from '../ledger/tables.ts'

// Row shapes of migration 0018_notifications.

type Timestamp = ColumnType<Date, Date, Date>
type JsonOf<T> = ColumnType<T, string, string>

export interface NotificationsRow {
  user_id: string
  id: string
  /** Only this code writes the column, always from a NotificationType. */
  type: NotificationType
  subject: string
  period: string
  params: JsonOf<Record<string, string | number>>
  link: string | null
  created_at: Timestamp
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface NotificationSettingsRow {
  user_id: string
  settings: JsonOf<unknown>
  updated_at: Timestamp
}

export interface PushSubscriptionsRow {
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  created_at: Timestamp
}

export interface PushKeysRow {
  id: string
  public_key: string
  private_key: string
  created_at: Timestamp
}

export type NotificationTables = Tables &
  IdentityTables & {
    notifications: NotificationsRow
    notification_settings: NotificationSettingsRow
    push_subscriptions: PushSubscriptionsRow
    push_keys: PushKeysRow
    budgets: BudgetsRow
    budget_members: BudgetMembersRow
  }

/** A notification as read back. */
export type Notification = Selectable<NotificationsRow>

export type NotificationDb = Kysely<NotificationTables>

/** The notifications' view of the app's database handle (the same pool; migration 0018 made the tables). */
export const notificationDb = (db: Kysely<Tables>): NotificationDb => db as unknown as NotificationDb
