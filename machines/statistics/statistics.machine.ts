import { assign, fromPromise, setup } from 'xstate'
import type { PeriodKey } from '../../schemas/money.ts'
import type { Granularity } from '../../schemas/statistics.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import type { StatisticsReport } from './statistics.choice.ts'
import { rangeOf } from './statistics.figures.ts'
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
}

export type StatisticsContext = StatisticsInput & {
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
  /** After a failed read. */
  | { type: 'statistics.retry' }

const FAILED: ApiErrorLike = { statusText: 'failed' }

type Read = { readonly port: StatisticsPort; readonly request: FiguresRequest }

const readOf = ({ context }: { context: StatisticsContext }): Read => {
  const { from, to } = rangeOf(context.granularity, context.period)
  return { port: context.port, request: { budgetId: context.budgetId, fromPeriod: from, toPeriod: to } }
}

export const statisticsMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as StatisticsContext,
    events: {} as StatisticsEvent,
    input: {} as StatisticsInput,
  },
  actors: {
    readFigures: fromPromise<FiguresOutcome, Read>(({ input, signal }) =>
      input.port.readFigures(input.request, signal),
    ),
    readNetWorth: fromPromise<NetWorthOutcome, Read>(({ input, signal }) =>
      input.port.readNetWorth(input.request, signal),
    ),
  },
  guards: {
    figuresRead: (_, params: { outcome: FiguresOutcome }) => params.outcome.ok,
    netWorthRead: (_, params: { outcome: NetWorthOutcome }) => params.outcome.ok,
    showsNetWorth: ({ context }) => context.report === 'NetWorth',
    isNetWorth: (_, params: { report: StatisticsReport }) => params.report === 'NetWorth',
  },
  actions: {
    chooseGranularity: assign((_, params: { granularity: Granularity }) => ({
      granularity: params.granularity,
    })),
    choosePeriod: assign((_, params: { period: PeriodKey }) => ({ period: params.period })),
    chooseReport: assign((_, params: { report: StatisticsReport }) => ({ report: params.report })),
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
  context: ({ input }) => ({ ...input, months: [], netWorth: [], failure: null }),
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
  },
  states: {
    start: {
      always: [{ guard: 'showsNetWorth', target: 'loadingNetWorth' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        src: 'readFigures',
        input: readOf,
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
        input: readOf,
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
