export type { ReadPageInput, WriteAnswer, WriteRequest } from './notifications.actors.ts'
export { readPage, recordVisit, wakeListener, writer } from './notifications.actors.ts'
export type { NotificationsContext, NotificationsEvent, NotificationsInput } from './notifications.machine.ts'
export { mergeNewest, notificationsMachine, POLL_INTERVAL_MS } from './notifications.machine.ts'
export type { NotificationsPort, PageOutcome } from './notifications.port.ts'
export type { ListStatus } from './notifications.selectors.ts'
export {
  selectCanLoadMore,
  selectCanMarkAllRead,
  selectIsActive,
  selectIsLoadingMore,
  selectIsReading,
  selectIsStale,
  selectListStatus,
  selectNotifications,
  selectUnreadCount,
} from './notifications.selectors.ts'
