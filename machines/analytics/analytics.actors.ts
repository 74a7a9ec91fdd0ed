import { fromPromise } from 'xstate'
import type { AnalyticsBatch, AnalyticsPort } from './analytics.events.ts'

export type SendBatchInput = { readonly port: AnalyticsPort; readonly batch: AnalyticsBatch }
/** A failed send is an expected outcome (offline, 5xx), so it comes back as a value. */
export type SendBatchOutput = { readonly outcome: 'sent' } | { readonly outcome: 'failed' }

export const sendBatch = fromPromise<SendBatchOutput, SendBatchInput>(async ({ input, signal }) => {
  try {
    await input.port.sendAnalytics(input.batch, signal)
    return { outcome: 'sent' }
  } catch {
    return { outcome: 'failed' }
  }
})
