export type { SendBatchInput, SendBatchOutput } from './analytics.actors.ts'
export { sendBatch } from './analytics.actors.ts'
export type {
  AnalyticsBatch,
  AnalyticsEvent,
  AnalyticsEventName,
  AnalyticsPort,
  AnalyticsProps,
} from './analytics.events.ts'
export { ANALYTICS_EVENT_NAMES, MAX_BATCH_SIZE } from './analytics.events.ts'
export type {
  AnalyticsContext,
  AnalyticsInput,
  AnalyticsMachineEvent,
  AnalyticsTrack,
  QueuedAnalyticsEvent,
} from './analytics.machine.ts'
export {
  analyticsMachine,
  DRAIN_INTERVAL_MS,
  MAX_QUEUED_EVENTS,
} from './analytics.machine.ts'
export { selectIsSendingAnalytics, selectQueuedAnalytics } from './analytics.selectors.ts'
