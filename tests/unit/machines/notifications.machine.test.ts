import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  type NotificationsPort,
  notificationsMachine,
  type PageOutcome,
  POLL_INTERVAL_MS,
  selectCanLoadMore,
  selectCanMarkAllRead,
  selectIsActive,
  selectListStatus,
  selectNotifications,
  selectUnreadCount,
} from '../../../machines/notifications/index.ts'
import type { UserId } from '../../../schemas/ids.ts'
import type { Notification, NotificationId } from '../../../schemas/notifications.ts'

const entry = (id: string, createdAt: string, read = false): Notification => ({
  id: id as NotificationId,
  type: 'Welcome',
  createdAt,
  readAt: read ? createdAt : null,
  params: {},
  link: '/budgets',
})

const FIRST = entry('n2', '2026-11-26T10:00:00.000Z')
const OLDER = entry('n1', '2026-11-25T10:00:00.000Z', true)

/** A port answering from a script; records what the centre asked. */
const fakePort = (pages: Array<PageOutcome>) => {
  const asked = { visits: 0, reads: [] as Array<string | null>, marked: [] as string[], allRead: 0 }
  let wake = () => {}
  const port: NotificationsPort = {
    recordVisit: async () => {
      asked.visits += 1
    },
    readPage: async (before) => {
      asked.reads.push(before)
      return pages.shift() ?? { ok: false, error: { status: 503 } }
    },
    markRead: async (id) => {
      asked.marked.push(id)
      return true
    },
    markAllRead: async () => {
      asked.allRead += 1
      return true
    },
    onWake: (listener) => {
      wake = listener
      return () => {
        wake = () => {}
      }
    },
  }
  return { port, asked, wake: () => wake() }
}

const page = (items: Notification[], unread: number, next: string | null = null): PageOutcome => ({
  ok: true,
  page: { items, unread, next: next as NotificationId | null },
})

const USER = 'user-1' as UserId

describe('notification centre', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reads nothing while signed out, and the visit before the first page once signed in', async () => {
    const fake = fakePort([page([FIRST], 1)])
    const centre = createActor(notificationsMachine, { input: { port: fake.port } }).start()
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2)
    expect(fake.asked.reads).toEqual([])
    expect(selectIsActive(centre.getSnapshot())).toBe(false)

    centre.send({ type: 'notifications.signedIn', userId: USER })
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.asked.visits).toBe(1)
    expect(selectUnreadCount(centre.getSnapshot())).toBe(1)
    expect(selectNotifications(centre.getSnapshot())).toEqual([FIRST])
    expect(selectListStatus(centre.getSnapshot())).toBe('ready')
  })

  it('polls every minute and on a return to the window, keeping what it showed when a read fails', async () => {
    const fake = fakePort([page([FIRST], 1), { ok: false, error: { status: 503 } }, page([FIRST], 0)])
    const centre = createActor(notificationsMachine, { input: { port: fake.port } }).start()
    centre.send({ type: 'notifications.signedIn', userId: USER })
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS)
    expect(fake.asked.reads).toHaveLength(2)
    expect(selectNotifications(centre.getSnapshot())).toEqual([FIRST])
    expect(selectUnreadCount(centre.getSnapshot())).toBe(1)
    fake.wake()
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.asked.reads).toHaveLength(3)
    expect(selectUnreadCount(centre.getSnapshot())).toBe(0)
  })

  it('shows the failure of a first read, and tries again when asked', async () => {
    const fake = fakePort([{ ok: false, error: { status: 0 } }, page([], 0)])
    const centre = createActor(notificationsMachine, { input: { port: fake.port } }).start()
    centre.send({ type: 'notifications.signedIn', userId: USER })
    await vi.advanceTimersByTimeAsync(0)
    expect(selectListStatus(centre.getSnapshot())).toBe('failed')
    centre.send({ type: 'notifications.refresh' })
    await vi.advanceTimersByTimeAsync(0)
    expect(selectListStatus(centre.getSnapshot())).toBe('ready')
    expect(selectNotifications(centre.getSnapshot())).toEqual([])
  })

  it('marks one or all read at once and records it on the server', async () => {
    const fake = fakePort([page([FIRST, OLDER], 1), page([FIRST, OLDER], 0)])
    const centre = createActor(notificationsMachine, { input: { port: fake.port } }).start()
    centre.send({ type: 'notifications.signedIn', userId: USER })
    await vi.advanceTimersByTimeAsync(0)
    expect(selectCanMarkAllRead(centre.getSnapshot())).toBe(true)
    centre.send({ type: 'notifications.markRead', id: FIRST.id })
    expect(selectUnreadCount(centre.getSnapshot())).toBe(0)
    expect(selectNotifications(centre.getSnapshot())[0]?.readAt).not.toBeNull()
    // An entry already read is not sent again.
    centre.send({ type: 'notifications.markRead', id: OLDER.id })
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.asked.marked).toEqual([FIRST.id])
    expect(selectCanMarkAllRead(centre.getSnapshot())).toBe(false)
  })

  it('loads older pages and keeps them when the newest page is read again', async () => {
    const fake = fakePort([page([FIRST], 1, 'n2'), page([OLDER], 1), page([FIRST], 1, 'n2')])
    const centre = createActor(notificationsMachine, { input: { port: fake.port } }).start()
    centre.send({ type: 'notifications.signedIn', userId: USER })
    await vi.advanceTimersByTimeAsync(0)
    expect(selectCanLoadMore(centre.getSnapshot())).toBe(true)
    centre.send({ type: 'notifications.loadMore' })
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.asked.reads).toEqual([null, 'n2'])
    expect(selectNotifications(centre.getSnapshot())).toEqual([FIRST, OLDER])
    expect(selectCanLoadMore(centre.getSnapshot())).toBe(false)
    centre.send({ type: 'notifications.refresh' })
    await vi.advanceTimersByTimeAsync(0)
    expect(selectNotifications(centre.getSnapshot())).toEqual([FIRST, OLDER])
  })

  it('forgets everything on sign-out and starts afresh for another user', async () => {
    const fake = fakePort([page([FIRST], 1), page([], 0)])
    const centre = createActor(notificationsMachine, { input: { port: fake.port } }).start()
    centre.send({ type: 'notifications.signedIn', userId: USER })
    await vi.advanceTimersByTimeAsync(0)
    centre.send({ type: 'notifications.signedIn', userId: 'user-2' as UserId })
    expect(selectListStatus(centre.getSnapshot())).toBe('loading')
    await vi.advanceTimersByTimeAsync(0)
    expect(selectUnreadCount(centre.getSnapshot())).toBe(0)
    centre.send({ type: 'notifications.signedOut' })
    expect(selectIsActive(centre.getSnapshot())).toBe(false)
    expect(selectNotifications(centre.getSnapshot())).toEqual([])
  })
})
