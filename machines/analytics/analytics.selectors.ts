import type { SnapshotFrom } from 'xstate'
import type { AnalyticsEvent } from './analytics.events.ts'
import type { analyticsMachine } from './analytics.machine.ts'

type AnalyticsSnapshot = SnapshotFrom<typeof analyticsMachine>

const queuedCache = new WeakMap<object, ReadonlyArray<AnalyticsEvent>>()

/** Events waiting to be sent, oldest first; the same array while the queue is unchanged. */
export const selectQueuedAnalytics = (snapshot: AnalyticsSnapshot): ReadonlyArray<AnalyticsEvent> => {
  const queue = snapshot.context.queue
  const cached = queuedCache.get(queue)
  if (cached) return cached
  const events = queue.map((item) => item.event)
  queuedCache.set(queue, events)
  return events
}

export const selectIsSendingAnalytics = (snapshot: AnalyticsSnapshot): boolean => snapshot.matches('sending')
