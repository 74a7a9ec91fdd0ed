import * as Schema from 'effect/Schema'

import { analyticsEventNames, maxAnalyticsBatchSize } from './analyticsNames.ts'

export { analyticsEventNames, maxAnalyticsBatchSize }
// No identifier: a refusal then lists the accepted names instead of naming the type.
export const AnalyticsEventName = Schema.Literals(analyticsEventNames)
export type AnalyticsEventName = typeof AnalyticsEventName.Type

/** An ISO 8601 instant with an explicit offset, e.g. 2026-11-22T01:39:09.123Z. */
export const IsoInstant = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/u, {
    expected: 'an ISO 8601 date-time with offset, like 2026-11-22T01:39:09Z',
  }),
  Schema.makeFilter((value: string) => Number.isFinite(Date.parse(value)), {
    expected: 'an existing date and time',
  }),
).annotate({ identifier: 'IsoInstant' })

/** Flat, small properties only (e.g. `bankId` of import_csv_started): analytics never carry documents. */
export const AnalyticsProps = Schema.Record(
  Schema.String.check(Schema.isMaxLength(64)),
  Schema.Union([Schema.String.check(Schema.isMaxLength(256)), Schema.Finite, Schema.Boolean, Schema.Null]),
).annotate({ identifier: 'AnalyticsProps' })

export const AnalyticsEvent = Schema.Struct({
  name: AnalyticsEventName,
  occurredAt: IsoInstant,
  props: Schema.optionalKey(AnalyticsProps),
}).annotate({ identifier: 'AnalyticsEvent' })
export type AnalyticsEvent = typeof AnalyticsEvent.Type

/** `POST /api/analytics` body: one drained queue, 1–100 events. */
export const AnalyticsBatch = Schema.Struct({
  events: Schema.Array(AnalyticsEvent).check(
    Schema.isMinLength(1),
    Schema.isMaxLength(maxAnalyticsBatchSize),
  ),
}).annotate({ identifier: 'AnalyticsBatch' })
export type AnalyticsBatch = typeof AnalyticsBatch.Type

export const AnalyticsAccepted = Schema.Struct({
  accepted: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
}).annotate({ identifier: 'AnalyticsAccepted' })
export type AnalyticsAccepted = typeof AnalyticsAccepted.Type
