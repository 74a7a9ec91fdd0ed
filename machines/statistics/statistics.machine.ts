import { assign, fromPromise, setup } from 'xstate'
import type { PeriodKey } from '../../schemas/money.ts'
import type { Granularity, StatisticsPeriod } from '../../schemas/statistics.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import type { StatisticsReport } from './statistics.choice.ts'
import { rangeOf } from './statistics.figures.ts'
import type { FiguresOutcome, FiguresRequest, StatisticsPort } from './statistics.port.ts'

export type StatisticsInput = {
  readonly port: StatisticsPort
  readonly budgetId: string
  /** The month shown first (the address's, else the current month). */
  readonly period: PeriodKey
  readonly granularity: Granularity
  readonly report: StatisticsReport
}

export type StatisticsContext = StatisticsInput & {
  /** Month figures over the range the granularity and period need (machines/statistics/statistics.figures.ts rangeOf). */
  readonly months: ReadonlyArray<StatisticsPeriod>
  readonly failure: ApiErrorLike | null
}

export type StatisticsEvent =
  /** Miesiąc / Rok. */
  | { type: 'statistics.granularity'; granularity: Granularity }
  /** Another month (or, for a year, any month of that year). */
  | { type: 'statistics.period'; period: PeriodKey }
  /** Another report (issue 31 §1). */
  | { type: 'statistics.report'; report: StatisticsReport }
  /** After a failed read. */
  | { type: 'statistics.retry' }

const FAILED: ApiErrorLike = { statusText: 'failed' }

export const statisticsMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as StatisticsContext,
    events: {} as StatisticsEvent,
    input: {} as StatisticsInput,
  },
  actors: {
    readFigures: fromPromise<
      FiguresOutcome,
      { readonly port: StatisticsPort; readonly request: FiguresRequest }
    >(({ input, signal }) => input.port.readFigures(input.request, signal)),
  },
  guards: {
    figuresRead: (_, params: { outcome: FiguresOutcome }) => params.outcome.ok,
  },
  actions: {
    chooseGranularity: assign((_, params: { granularity: Granularity }) => ({
      granularity: params.granularity,
    })),
    chooseReport: assign((_, params: { report: StatisticsReport }) => ({ report: params.report })),
    choosePeriod: assign((_, params: { period: PeriodKey }) => ({ period: params.period })),
    takeFigures: assign((_, params: { outcome: FiguresOutcome }) =>
      params.outcome.ok ? { months: params.outcome.figures.periods, failure: null } : {},
    ),
    rememberFailure: assign((_, params: { outcome: FiguresOutcome | null }) => ({
      failure: params.outcome === null || params.outcome.ok ? FAILED : params.outcome.error,
    })),
  },
}).createMachine({
  id: 'statistics',
  context: ({ input }) => ({ ...input, months: [], failure: null }),
  initial: 'loading',
  // A new choice reads again; what was shown stays until the new figures come (no flicker to empty).
  on: {
    'statistics.granularity': {
      target: '.loading',
      actions: { type: 'chooseGranularity', params: ({ event }) => ({ granularity: event.granularity }) },
    },
    'statistics.period': {
      target: '.loading',
      actions: { type: 'choosePeriod', params: ({ event }) => ({ period: event.period }) },
    },
    'statistics.report': {
      actions: { type: 'chooseReport', params: ({ event }) => ({ report: event.report }) },
    },
  },
  states: {
    loading: {
      invoke: {
        src: 'readFigures',
        input: ({ context }) => {
          const { from, to } = rangeOf(context.granularity, context.period)
          return {
            port: context.port,
            request: { budgetId: context.budgetId, fromPeriod: from, toPeriod: to },
          }
        },
        onDone: [
          {
            guard: { type: 'figuresRead', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: { type: 'takeFigures', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'failed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: { outcome: null } } },
      },
    },
    ready: {},
    failed: {
      on: { 'statistics.retry': { target: 'loading' } },
    },
  },
})
