import type { AnalyticsEvent as AnalyticsEventSchema } from '../../schemas/analytics.ts'
import { analyticsEventNames, maxAnalyticsBatchSize } from '../../schemas/analyticsNames.ts'

/** SPEC §7 "Analytics events sent"; the list lives in schemas/ so the server accepts the same names. */
export const ANALYTICS_EVENT_NAMES = analyticsEventNames

export type AnalyticsEventName = (typeof analyticsEventNames)[number]

/** One event as it leaves the app (the shape the server's schema decodes). */
export type AnalyticsEvent = AnalyticsEventSchema

export type AnalyticsProps = NonNullable<AnalyticsEvent['props']>

/** One drained slice of the queue; the platform wraps it into the request body. */
export type AnalyticsBatch = ReadonlyArray<AnalyticsEvent>

/** The server refuses larger batches, so one request never carries more. */
export const MAX_BATCH_SIZE = maxAnalyticsBatchSize

/** What the analytics machine needs from the outside world; AppPlatform satisfies it. */
export type AnalyticsPort = {
  now(): number
  sendAnalytics(batch: AnalyticsBatch, signal: AbortSignal): Promise<void>
}
