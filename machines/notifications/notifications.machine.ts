import { assign, sendTo, setup } from 'xstate'
import type { UserId } from '../../schemas/ids.ts'
import type { Notification, NotificationId, NotificationPage } from '../../schemas/notifications.ts'
import {
  readPage,
  recordVisit,
  type WriteAnswer,
  type WriteRequest,
  wakeListener,
  writer,
} from './notifications.actors.ts'
import type { NotificationsPort, PageOutcome } from './notifications.port.ts'

/** How often the unread count is read again while the app is open (and on every return to the window). */
export const POLL_INTERVAL_MS = 60_000

export type NotificationsInput = { readonly port: NotificationsPort }

export type NotificationsContext = {
  readonly port: NotificationsPort
  readonly userId: UserId | null
  /** Newest first; null until the first page arrived. */
  readonly items: ReadonlyArray<Notification> | null
  readonly unread: number
  /** The `before` of the next older page; null when everything is loaded. */
  readonly next: NotificationId | null
  /** The last read failed (offline, 5xx); what was shown stays. */
  readonly failed: boolean
}

export type NotificationsEvent =
  /** The session has a user (sent by the shell whenever the signed-in user is known). */
  | { type: 'notifications.signedIn'; userId: UserId }
  | { type: 'notifications.signedOut' }
  /** Read the newest page now (the centre was opened, the window came back). */
  | { type: 'notifications.refresh' }
  | { type: 'notifications.loadMore' }
  | { type: 'notifications.markRead'; id: NotificationId }
  | { type: 'notifications.markAllRead' }
  | WriteAnswer

const EMPTY = { userId: null, items: null, unread: 0, next: null, failed: false } as const

/**
 * The newest page replaces what it covers; older entries loaded before ("load more") stay below it, so a poll does
 * not shorten the list the person scrolled through.
 */
export const mergeNewest = (
  page: NotificationPage,
  shown: ReadonlyArray<Notification> | null,
  shownNext: NotificationId | null,
): { readonly items: ReadonlyArray<Notification>; readonly next: NotificationId | null } => {
  const oldest = page.items.at(-1)
  if (shown === null || oldest === undefined || page.next === null)
    return { items: page.items, next: page.next }
  const fresh = new Set(page.items.map((item) => item.id))
  const older = shown.filter((item) => !fresh.has(item.id) && item.createdAt <= oldest.createdAt)
  return older.length === 0
    ? { items: page.items, next: page.next }
    : { items: [...page.items, ...older], next: shownNext }
}

const markedRead = (item: Notification, at: string): Notification =>
  item.readAt === null ? { ...item, readAt: at } : item

export const notificationsMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
  },
  actors: { readPage, recordVisit, wakeListener, writer },
  delays: { pollInterval: POLL_INTERVAL_MS },
  guards: {
    isOtherUser: ({ context, event }) =>
      event.type === 'notifications.signedIn' && context.userId !== null && context.userId !== event.userId,
    pageRead: (_, params: { outcome: PageOutcome }) => params.outcome.ok,
    hasOlder: ({ context }) => context.next !== null,
    isUnread: ({ context }, params: { id: NotificationId }) =>
      context.items?.some((item) => item.id === params.id && item.readAt === null) ?? false,
    hasUnread: ({ context }) => context.unread > 0,
  },
  actions: {
    forget: assign(() => EMPTY),
    rememberUser: assign({
      userId: ({ context, event }) =>
        event.type === 'notifications.signedIn' ? event.userId : context.userId,
    }),
    applyNewest: assign(({ context }, params: { outcome: PageOutcome }) => {
      if (!params.outcome.ok) return {}
      const { items, next } = mergeNewest(params.outcome.page, context.items, context.next)
      return { items, next, unread: params.outcome.page.unread, failed: false }
    }),
    applyOlder: assign(({ context }, params: { outcome: PageOutcome }) => {
      if (!params.outcome.ok) return {}
      const known = new Set(context.items?.map((item) => item.id))
      const older = params.outcome.page.items.filter((item) => !known.has(item.id))
      return {
        items: [...(context.items ?? []), ...older],
        next: params.outcome.page.next,
        unread: params.outcome.page.unread,
        failed: false,
      }
    }),
    noteFailure: assign({ failed: true }),
    // Shown at once; the server's answer (and the read after it) settles the truth.
    markReadLocally: assign(({ context }, params: { id: NotificationId; at: string }) => ({
      items:
        context.items?.map((item) => (item.id === params.id ? markedRead(item, params.at) : item)) ?? null,
      unread: Math.max(0, context.unread - 1),
    })),
    markAllLocally: assign(({ context }, params: { at: string }) => ({
      items: context.items?.map((item) => markedRead(item, params.at)) ?? null,
      unread: 0,
    })),
    askWriter: sendTo('writer', (_, request: WriteRequest) => request),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ port: input.port, ...EMPTY }),
  initial: 'signedOut',
  states: {
    // No user: nothing is read (a request would start a sign-in).
    signedOut: {
      entry: 'forget',
      on: { 'notifications.signedIn': { target: 'signedIn', actions: 'rememberUser' } },
    },
    // A user is signed in: the newest page is read now, every minute and on each return to the window.
    signedIn: {
      invoke: [
        { src: 'wakeListener', input: ({ context }) => ({ port: context.port }) },
        { src: 'writer', id: 'writer', input: ({ context }) => ({ port: context.port }) },
      ],
      on: {
        'notifications.signedOut': { target: 'signedOut' },
        'notifications.signedIn': {
          guard: 'isOtherUser',
          target: 'signedIn',
          reenter: true,
          actions: ['forget', 'rememberUser'],
        },
        'notifications.markRead': {
          guard: { type: 'isUnread', params: ({ event }) => ({ id: event.id }) },
          actions: [
            {
              type: 'markReadLocally',
              params: ({ event }) => ({ id: event.id, at: new Date().toISOString() }),
            },
            { type: 'askWriter', params: ({ event }) => ({ type: 'write.read', id: event.id }) },
          ],
        },
        'notifications.markAllRead': {
          guard: 'hasUnread',
          actions: [
            { type: 'markAllLocally', params: () => ({ at: new Date().toISOString() }) },
            { type: 'askWriter', params: { type: 'write.allRead' } },
          ],
        },
      },
      type: 'parallel',
      states: {
        // The newest page and the unread count.
        newest: {
          initial: 'visiting',
          states: {
            // The session's visit is recorded first, so a first sign-in's Welcome is there to read.
            visiting: {
              invoke: {
                src: 'recordVisit',
                input: ({ context }) => ({ port: context.port }),
                onDone: { target: 'reading' },
                onError: { target: 'reading' },
              },
            },
            // A read of the newest page is under way.
            reading: {
              invoke: {
                src: 'readPage',
                input: ({ context }) => ({ port: context.port, before: null }),
                onDone: [
                  {
                    guard: { type: 'pageRead', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'waiting',
                    actions: { type: 'applyNewest', params: ({ event }) => ({ outcome: event.output }) },
                  },
                  { target: 'waiting', actions: 'noteFailure' },
                ],
                onError: { target: 'waiting', actions: 'noteFailure' },
              },
            },
            // Until the next poll, or sooner when asked.
            waiting: {
              after: { pollInterval: { target: 'reading' } },
              on: {
                'notifications.refresh': { target: 'reading' },
                'notifications.written': { target: 'reading' },
              },
            },
          },
        },
        // Older pages, read when the person scrolls to the end of the list.
        older: {
          initial: 'idle',
          states: {
            // Nothing older being read.
            idle: {
              on: { 'notifications.loadMore': { guard: 'hasOlder', target: 'reading' } },
            },
            // The page after the last one shown is on its way.
            reading: {
              invoke: {
                src: 'readPage',
                input: ({ context }) => ({ port: context.port, before: context.next }),
                onDone: [
                  {
                    guard: { type: 'pageRead', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'idle',
                    actions: { type: 'applyOlder', params: ({ event }) => ({ outcome: event.output }) },
                  },
                  { target: 'idle', actions: 'noteFailure' },
                ],
                onError: { target: 'idle', actions: 'noteFailure' },
              },
            },
          },
        },
      },
    },
  },
})
