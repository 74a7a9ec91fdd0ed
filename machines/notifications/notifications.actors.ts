import { type EventObject, fromCallback, fromPromise } from 'xstate'
import type { NotificationId } from '../../schemas/notifications.ts'
import type { NotificationsPort, PageOutcome } from './notifications.port.ts'

export type ReadPageInput = { readonly port: NotificationsPort; readonly before: NotificationId | null }

/** One page of the centre; a failure is a value (the next poll tries again). */
export const readPage = fromPromise<PageOutcome, ReadPageInput>(({ input, signal }) =>
  input.port.readPage(input.before, signal),
)

/** The visit of this session; its failure changes nothing the centre shows. */
export const recordVisit = fromPromise<void, { readonly port: NotificationsPort }>(({ input, signal }) =>
  input.port.recordVisit(signal).catch(() => undefined),
)

/** Tells the centre to read again whenever the person comes back to the app. */
export const wakeListener = fromCallback<EventObject, { readonly port: NotificationsPort }>(
  ({ input, sendBack }) => input.port.onWake(() => sendBack({ type: 'notifications.refresh' })),
)

/** What the writer is asked to record. */
export type WriteRequest = { type: 'write.read'; id: NotificationId } | { type: 'write.allRead' }

/** Its answer: recorded or not (either way the centre reads the truth again). */
export type WriteAnswer = { type: 'notifications.written'; ok: boolean }

/**
 * Records reads on the server, one after another in the order asked, so "mark all" never overtakes a single mark.
 * The centre shows them at once (optimistically) and reads the server's state again after each answer.
 */
export const writer = fromCallback<WriteRequest, { readonly port: NotificationsPort }>(
  ({ input, sendBack, receive }) => {
    const controller = new AbortController()
    let queue: Promise<void> = Promise.resolve()
    receive((request) => {
      queue = queue.then(async () => {
        if (controller.signal.aborted) return
        const ok =
          request.type === 'write.read'
            ? await input.port.markRead(request.id, controller.signal)
            : await input.port.markAllRead(controller.signal)
        if (!controller.signal.aborted) sendBack({ type: 'notifications.written', ok } satisfies WriteAnswer)
      })
    })
    return () => controller.abort()
  },
)
