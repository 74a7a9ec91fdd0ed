import { createActor, createMachine } from 'xstate'
import type { AnalyticsTrack } from '../../../../machines/analytics/index.ts'
import type { FormEnv } from '../../../../machines/dialogs/shared/index.ts'
import type { BudgetCommandRequest } from '../../../../machines/openBudget/index.ts'
import { CurrencyCode } from '../../../../schemas/money.ts'

export const PL: FormEnv = { currency: CurrencyCode.make('PLN'), locale: 'pl-PL' }
export const EN: FormEnv = { currency: CurrencyCode.make('PLN'), locale: 'en-US' }
export const NBSP = '\u00a0'

/** Ids 'id-1', 'id-2', … in order, so built commands compare exactly. */
export const sequentialIds = () => {
  let next = 0
  return () => {
    next += 1
    return `id-${next}`
  }
}

/** Collects `analytics.track` events the way the analytics queue receives them. */
export const startAnalyticsRecorder = () => {
  const tracked: AnalyticsTrack[] = []
  const actor = createActor(
    createMachine({
      on: {
        'analytics.track': {
          // The recorder only receives analytics.track (the guard above), so the event is that shape.
          actions: ({ event }) => tracked.push(event as AnalyticsTrack),
        },
      },
    }),
  ).start()
  return { actor, tracked }
}

/** A budget stand-in that only records requests; the test answers them as the budget would. */
export const startRequestRecorder = () => {
  const requests: BudgetCommandRequest[] = []
  const actor = createActor(
    createMachine({
      on: {
        'budget.command': {
          // Only budget.command arrives here (the key above).
          actions: ({ event }) => requests.push(event as BudgetCommandRequest),
        },
      },
    }),
  ).start()
  return { actor, requests }
}
