import { assign, fromPromise, setup } from 'xstate'
import type { PeriodKey } from '../../schemas/money.ts'
import type { Granularity, StatisticsPeriod } from '../../schemas/statistics.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import { figuresRequest, NO_FILTER, type StatisticsFilter, sameFilter } from './statistics.filter.ts'
import type { FiguresOutcome, FiguresRequest, StatisticsPort } from './statistics.port.ts'

export type StatisticsInput = {
  readonly port: StatisticsPort
  readonly budgetId: string
  /** The month shown first (the budget's current month). */
  readonly period: PeriodKey
  /** What narrows the figures from the start (e.g. the address's); none by default. */
  readonly filter?: StatisticsFilter
}

export type StatisticsContext = StatisticsInput & {
  readonly filter: StatisticsFilter
  readonly granularity: Granularity
  /** Month figures over the range the granularity and period need (machines/statistics/statistics.figures.ts rangeOf). */
  readonly months: ReadonlyArray<StatisticsPeriod>
  readonly failure: ApiErrorLike | null
}

export type StatisticsEvent =
  /** Miesiąc / Rok. */
  | { type: 'statistics.granularity'; granularity: Granularity }
  /** Another month (or, for a year, any month of that year). */
  | { type: 'statistics.period'; period: PeriodKey }
  /** Accounts, categories, payee, dates (statistics.filter.ts); a different one reads again. */
  | { type: 'statistics.filter'; filter: StatisticsFilter }
  /** After a failed read. */
  | { type: 'statistics.retry' }

const FAILED: ApiErrorLike = { statusText: 'failed' }
/** What a read whose dates leave no month of the range gets without asking: every figure 0. */
const NOTHING: FiguresOutcome = { ok: true, figures: { periods: [] } }

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
      { readonly port: StatisticsPort; readonly request: FiguresRequest | null }
    >(({ input, signal }) =>
      input.request === null ? Promise.resolve(NOTHING) : input.port.readFigures(input.request, signal),
    ),
  },
  guards: {
    figuresRead: (_, params: { outcome: FiguresOutcome }) => params.outcome.ok,
    sameFilter: ({ context }, params: { filter: StatisticsFilter }) =>
      sameFilter(context.filter, params.filter),
  },
  actions: {
    chooseGranularity: assign((_, params: { granularity: Granularity }) => ({
      granularity: params.granularity,
    })),
    choosePeriod: assign((_, params: { period: PeriodKey }) => ({ period: params.period })),
    chooseFilter: assign((_, params: { filter: StatisticsFilter }) => ({ filter: params.filter })),
    takeFigures: assign((_, params: { outcome: FiguresOutcome }) =>
      params.outcome.ok ? { months: params.outcome.figures.periods, failure: null } : {},
    ),
    rememberFailure: assign((_, params: { outcome: FiguresOutcome | null }) => ({
      failure: params.outcome === null || params.outcome.ok ? FAILED : params.outcome.error,
    })),
  },
}).createMachine({
  id: 'statistics',
  context: ({ input }) => ({
    ...input,
    filter: input.filter ?? NO_FILTER,
    granularity: 'Month',
    months: [],
    failure: null,
  }),
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
    // The same filter again (a saved one re-applied) keeps the figures shown.
    'statistics.filter': [
      { guard: { type: 'sameFilter', params: ({ event }) => ({ filter: event.filter }) } },
      {
        target: '.loading',
        actions: { type: 'chooseFilter', params: ({ event }) => ({ filter: event.filter }) },
      },
    ],
  },
  states: {
    loading: {
      invoke: {
        src: 'readFigures',
        // The filter's dates narrow the months read (and travel along, for the days inside them).
        input: ({ context }) => ({ port: context.port, request: figuresRequest(context) }),
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
