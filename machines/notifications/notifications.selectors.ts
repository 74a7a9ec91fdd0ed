import type { SnapshotFrom } from 'xstate'
import type { Notification } from '../../schemas/notifications.ts'
import type { notificationsMachine } from './notifications.machine.ts'

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>

const NONE: ReadonlyArray<Notification> = []

export const selectUnreadCount = (snapshot: NotificationsSnapshot): number => snapshot.context.unread

/** Newest first; empty until the first page arrived. */
export const selectNotifications = (snapshot: NotificationsSnapshot): ReadonlyArray<Notification> =>
  snapshot.context.items ?? NONE

/** What the list shows: its first read under way, that read failed, or the entries (maybe none). */
export type ListStatus = 'loading' | 'failed' | 'ready'

export const selectListStatus = (snapshot: NotificationsSnapshot): ListStatus => {
  if (snapshot.context.items !== null) return 'ready'
  return snapshot.context.failed ? 'failed' : 'loading'
}

/** The last read failed while entries are shown: they may be out of date. */
export const selectIsStale = (snapshot: NotificationsSnapshot): boolean =>
  snapshot.context.failed && snapshot.context.items !== null

export const selectIsReading = (snapshot: NotificationsSnapshot): boolean =>
  snapshot.matches({ signedIn: { newest: 'reading' } })

export const selectCanMarkAllRead = (snapshot: NotificationsSnapshot): boolean =>
  snapshot.can({ type: 'notifications.markAllRead' })

export const selectCanLoadMore = (snapshot: NotificationsSnapshot): boolean =>
  snapshot.can({ type: 'notifications.loadMore' })

export const selectIsLoadingMore = (snapshot: NotificationsSnapshot): boolean =>
  snapshot.matches({ signedIn: { older: 'reading' } })

/** A user is signed in: the bell is shown. */
export const selectIsActive = (snapshot: NotificationsSnapshot): boolean => snapshot.matches('signedIn')
