import { assign, fromPromise, setup } from 'xstate'
import type { PeriodKey } from '../../schemas/money.ts'
import type { Granularity } from '../../schemas/statistics.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import type { StatisticsReport } from './statistics.choice.ts'
import { rangeOf } from './statistics.figures.ts'
import { figuresRequest, NO_FILTER, type StatisticsFilter, sameFilter } from './statistics.filter.ts'
import type {
  FiguresOutcome,
  FiguresPeriod,
  FiguresRequest,
  NetWorthOutcome,
  NetWorthPeriod,
  StatisticsPort,
} from './statistics.port.ts'

export type StatisticsInput = {
  readonly port: StatisticsPort
  readonly budgetId: string
  /** The month shown first (the address's, else the current month). */
  readonly period: PeriodKey
  readonly granularity: Granularity
  readonly report: StatisticsReport
  /** What narrows the figures from the start (e.g. the address's); none by default. */
  readonly filter?: StatisticsFilter
}

export type StatisticsContext = StatisticsInput & {
  readonly filter: StatisticsFilter
  /** Month figures over the range the granularity and period need (machines/statistics/statistics.figures.ts rangeOf). */
  readonly months: ReadonlyArray<FiguresPeriod>
  /** Net worth month by month over the same range (the NetWorth report reads it instead of the figures). */
  readonly netWorth: ReadonlyArray<NetWorthPeriod>
  readonly failure: ApiErrorLike | null
}

export type StatisticsEvent =
  /** Miesiąc / Rok. */
  | { type: 'statistics.granularity'; granularity: Granularity }
  /** Another month (or, for a year, any month of that year). */
  | { type: 'statistics.period'; period: PeriodKey }
  /** Another report (issue 31 §1): net worth has its own read; the others share the figures. */
  | { type: 'statistics.report'; report: StatisticsReport }
  /** Accounts, categories, payee, dates (statistics.filter.ts); a different one reads again. */
  | { type: 'statistics.filter'; filter: StatisticsFilter }
  /** After a failed read. */
  | { type: 'statistics.retry' }

const FAILED: ApiErrorLike = { statusText: 'failed' }
/** What a read whose dates leave no month of the range gets without asking: every figure 0. */
const NOTHING: FiguresOutcome = { ok: true, figures: { periods: [] } }

type Read<Request> = { readonly port: StatisticsPort; readonly request: Request }

/** The figures' read: the filter's dates narrow the months read (null: no month left, nothing to ask). */
const figuresReadOf = ({ context }: { context: StatisticsContext }): Read<FiguresRequest | null> => ({
  port: context.port,
  request: figuresRequest(context),
})

/** Net worth is a balance at each month's end: the filter's accounts count, its days and categories do not. */
const netWorthReadOf = ({ context }: { context: StatisticsContext }): Read<FiguresRequest> => {
  const { from, to } = rangeOf(context.granularity, context.period)
  return {
    port: context.port,
    request: { budgetId: context.budgetId, fromPeriod: from, toPeriod: to, filter: context.filter },
  }
}

export const statisticsMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as StatisticsContext,
    events: {} as StatisticsEvent,
    input: {} as StatisticsInput,
  },
  actors: {
    readFigures: fromPromise<FiguresOutcome, Read<FiguresRequest | null>>(({ input, signal }) =>
      input.request === null ? Promise.resolve(NOTHING) : input.port.readFigures(input.request, signal),
    ),
    readNetWorth: fromPromise<NetWorthOutcome, Read<FiguresRequest>>(({ input, signal }) =>
      input.port.readNetWorth(input.request, signal),
    ),
  },
  guards: {
    figuresRead: (_, params: { outcome: FiguresOutcome }) => params.outcome.ok,
    netWorthRead: (_, params: { outcome: NetWorthOutcome }) => params.outcome.ok,
    showsNetWorth: ({ context }) => context.report === 'NetWorth',
    isNetWorth: (_, params: { report: StatisticsReport }) => params.report === 'NetWorth',
    sameFilter: ({ context }, params: { filter: StatisticsFilter }) =>
      sameFilter(context.filter, params.filter),
  },
  actions: {
    chooseGranularity: assign((_, params: { granularity: Granularity }) => ({
      granularity: params.granularity,
    })),
    choosePeriod: assign((_, params: { period: PeriodKey }) => ({ period: params.period })),
    chooseReport: assign((_, params: { report: StatisticsReport }) => ({ report: params.report })),
    chooseFilter: assign((_, params: { filter: StatisticsFilter }) => ({ filter: params.filter })),
    takeFigures: assign((_, params: { outcome: FiguresOutcome }) =>
      params.outcome.ok ? { months: params.outcome.figures.periods, failure: null } : {},
    ),
    takeNetWorth: assign((_, params: { outcome: NetWorthOutcome }) =>
      params.outcome.ok ? { netWorth: params.outcome.periods, failure: null } : {},
    ),
    rememberFailure: assign((_, params: { outcome: FiguresOutcome | NetWorthOutcome | null }) => ({
      failure: params.outcome === null || params.outcome.ok ? FAILED : params.outcome.error,
    })),
  },
}).createMachine({
  id: 'statistics',
  context: ({ input }) => ({
    ...input,
    filter: input.filter ?? NO_FILTER,
    months: [],
    netWorth: [],
    failure: null,
  }),
  initial: 'start',
  // A new choice reads again; what was shown stays until the new figures come (no flicker to empty).
  on: {
    'statistics.granularity': [
      {
        guard: 'showsNetWorth',
        target: '.loadingNetWorth',
        actions: { type: 'chooseGranularity', params: ({ event }) => ({ granularity: event.granularity }) },
      },
      {
        target: '.loading',
        actions: { type: 'chooseGranularity', params: ({ event }) => ({ granularity: event.granularity }) },
      },
    ],
    'statistics.period': [
      {
        guard: 'showsNetWorth',
        target: '.loadingNetWorth',
        actions: { type: 'choosePeriod', params: ({ event }) => ({ period: event.period }) },
      },
      {
        target: '.loading',
        actions: { type: 'choosePeriod', params: ({ event }) => ({ period: event.period }) },
      },
    ],
    // The figure reports share one read: moving between them reads nothing; net worth and back read again.
    'statistics.report': [
      {
        guard: { type: 'isNetWorth', params: ({ event }) => ({ report: event.report }) },
        target: '.loadingNetWorth',
        actions: { type: 'chooseReport', params: ({ event }) => ({ report: event.report }) },
      },
      {
        guard: 'showsNetWorth',
        target: '.loading',
        actions: { type: 'chooseReport', params: ({ event }) => ({ report: event.report }) },
      },
      { actions: { type: 'chooseReport', params: ({ event }) => ({ report: event.report }) } },
    ],
    // The same filter again (a saved one re-applied) keeps the figures shown.
    'statistics.filter': [
      { guard: { type: 'sameFilter', params: ({ event }) => ({ filter: event.filter }) } },
      {
        guard: 'showsNetWorth',
        target: '.loadingNetWorth',
        actions: { type: 'chooseFilter', params: ({ event }) => ({ filter: event.filter }) },
      },
      {
        target: '.loading',
        actions: { type: 'chooseFilter', params: ({ event }) => ({ filter: event.filter }) },
      },
    ],
  },
  states: {
    start: {
      always: [{ guard: 'showsNetWorth', target: 'loadingNetWorth' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        src: 'readFigures',
        input: figuresReadOf,
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
    loadingNetWorth: {
      invoke: {
        src: 'readNetWorth',
        input: netWorthReadOf,
        onDone: [
          {
            guard: { type: 'netWorthRead', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: { type: 'takeNetWorth', params: ({ event }) => ({ outcome: event.output }) },
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
      on: { 'statistics.retry': { target: 'start' } },
    },
  },
})
