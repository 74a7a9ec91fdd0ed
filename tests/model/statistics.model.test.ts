import { describe, expect, it } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type FiguresOutcome,
  type FiguresRequest,
  type NetWorthOutcome,
  NO_FILTER,
  type StatisticsEvent,
  type StatisticsFilter,
  type StatisticsInput,
  type StatisticsPort,
  selectIsRefreshing,
  selectMonths,
  selectNetWorth,
  selectStatus,
  statisticsMachine,
} from '../../machines/statistics/index.ts'
import { rangeOf } from '../../machines/statistics/statistics.figures.ts'
import { narrowRange } from '../../machines/statistics/statistics.filter.ts'
import { BankAccountId } from '../../schemas/ids.ts'
import { IsoDate, Minor, PeriodKey } from '../../schemas/money.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

// The statistics screen's chart against a real actor and a scripted API: every edge walked, and after each step the
// request on the wire covers what the chosen granularity and period need; figures shown stay while new ones load.

type StatisticsSnapshot = SnapshotFrom<typeof statisticsMachine>
type ModelEvent =
  | StatisticsEvent
  | { type: 'xstate.done.actor.0.statistics.loading'; output: FiguresOutcome }
  | { type: 'xstate.error.actor.0.statistics.loading'; error: Error }
  | { type: 'xstate.done.actor.0.statistics.loadingNetWorth'; output: NetWorthOutcome }
  | { type: 'xstate.error.actor.0.statistics.loadingNetWorth'; error: Error }
type EventOf<K extends ModelEvent['type']> = Extract<ModelEvent, { type: K }>

const BUDGET = 'budget-1'
const START = PeriodKey.make('202611')
const OTHER = PeriodKey.make('202602')

/** One account from 10 December 2025: it narrows every range the walks read, and empties none. */
const FILTER: StatisticsFilter = {
  ...NO_FILTER,
  accountIds: [BankAccountId.make('account-1')],
  fromDate: IsoDate.make('2025-12-10'),
}

const FIGURES: FiguresOutcome = {
  ok: true,
  figures: {
    periods: [
      {
        key: '202611',
        income: Minor.make(100),
        spending: Minor.make(-40),
        categories: [],
        spendingClasses: [],
      },
    ],
  },
}
const FAILED: FiguresOutcome = { ok: false, error: { status: 503, statusText: 'Service Unavailable' } }
const NET_WORTH: NetWorthOutcome = {
  ok: true,
  periods: [{ key: PeriodKey.make('202611'), netWorth: Minor.make(500), accounts: [] }],
}
const NET_WORTH_FAILED: NetWorthOutcome = {
  ok: false,
  error: { status: 503, statusText: 'Service Unavailable' },
}

type Outcome = FiguresOutcome | NetWorthOutcome
type Read = 'figures' | 'netWorth'
type Call = { readonly request: FiguresRequest; readonly resolve: (outcome: Outcome | Error) => void }
type Harness = {
  actor: ReturnType<typeof createActor<typeof statisticsMachine>>
  calls: Call[]
  asked: Array<{ read: Read; request: FiguresRequest }>
}
type EventFixture<K extends ModelEvent['type']> = {
  samples: ReadonlyArray<EventOf<K>>
  exec: (event: EventOf<K>, harness: Harness) => Promise<void>
}
type EventFixtures = { [K in ModelEvent['type']]: EventFixture<K> }

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const send = async (event: StatisticsEvent, { actor }: Harness) => {
  actor.send(event)
  await settle()
}
const answer = async (outcome: Outcome | Error, { calls }: Harness) => {
  const call = calls.splice(0).at(-1)
  if (call === undefined) throw new Error('no request to answer')
  call.resolve(outcome)
  await settle()
}

const EVENT_FIXTURES = {
  'statistics.granularity': {
    samples: [
      { type: 'statistics.granularity', granularity: 'Year' },
      { type: 'statistics.granularity', granularity: 'Month' },
    ],
    exec: send,
  },
  'statistics.period': { samples: [{ type: 'statistics.period', period: OTHER }], exec: send },
  'statistics.report': {
    samples: [
      { type: 'statistics.report', report: 'Trends' },
      { type: 'statistics.report', report: 'Spending' },
      { type: 'statistics.report', report: 'NetWorth' },
    ],
    exec: send,
  },
  'statistics.filter': {
    samples: [FILTER, NO_FILTER].map((filter) => ({ type: 'statistics.filter', filter })),
    exec: send,
  },
  'statistics.retry': { samples: [{ type: 'statistics.retry' }], exec: send },
  'xstate.done.actor.0.statistics.loading': {
    samples: [FIGURES, FAILED].map((output) => ({ type: 'xstate.done.actor.0.statistics.loading', output })),
    exec: (event, harness) => answer(event.output, harness),
  },
  'xstate.error.actor.0.statistics.loading': {
    samples: [{ type: 'xstate.error.actor.0.statistics.loading', error: new Error('offline') }],
    exec: (event, harness) => answer(event.error, harness),
  },
  'xstate.done.actor.0.statistics.loadingNetWorth': {
    samples: [NET_WORTH, NET_WORTH_FAILED].map((output) => ({
      type: 'xstate.done.actor.0.statistics.loadingNetWorth',
      output,
    })),
    exec: (event, harness) => answer(event.output, harness),
  },
  'xstate.error.actor.0.statistics.loadingNetWorth': {
    samples: [{ type: 'xstate.error.actor.0.statistics.loadingNetWorth', error: new Error('offline') }],
    exec: (event, harness) => answer(event.error, harness),
  },
} satisfies EventFixtures

const execute = <K extends ModelEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: EventFixtures[K] = EVENT_FIXTURES[type]
  return fixture.exec(event, harness)
}

// A thrown Error stands for a bug below the port (it never throws for expected failures): the chart survives it.
const scripted =
  <T extends Outcome>(
    read: Read,
    harness: Pick<Harness, 'calls' | 'asked'>,
    isIt: (outcome: Outcome) => outcome is T,
  ) =>
  (request: FiguresRequest) =>
    new Promise<T>((resolve, reject) => {
      harness.asked.push({ read, request })
      harness.calls.push({
        request,
        resolve: (outcome) => {
          if (outcome instanceof Error) reject(outcome)
          else if (isIt(outcome)) resolve(outcome)
          else reject(new Error(`a ${read} read got the other read's answer`))
        },
      })
    })
const isFigures = (outcome: Outcome): outcome is FiguresOutcome => !outcome.ok || 'figures' in outcome
const isNetWorth = (outcome: Outcome): outcome is NetWorthOutcome => !outcome.ok || 'periods' in outcome
const scriptedPort = (harness: Pick<Harness, 'calls' | 'asked'>): StatisticsPort => ({
  readFigures: scripted('figures', harness, isFigures),
  readNetWorth: scripted('netWorth', harness, isNetWorth),
})

const serializeState = (snapshot: StatisticsSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    granularity: snapshot.context.granularity,
    period: snapshot.context.period,
    report: snapshot.context.report,
    filter: snapshot.context.filter,
    shown: snapshot.context.months.length > 0,
    netWorth: snapshot.context.netWorth.length > 0,
  })

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const wire: Pick<Harness, 'calls' | 'asked'> = { calls: [], asked: [] }
  const actor = createActor(statisticsMachine, {
    input: {
      port: scriptedPort(wire),
      budgetId: BUDGET,
      period: START,
      granularity: 'Month',
      report: 'Spending',
    },
    inspect: recorder.inspect,
  }).start()
  return { actor, ...wire }
}

const replay = (walk: Walk<StatisticsSnapshot, ModelEvent>) =>
  replayWalk(walk, {
    start: startHarness,
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot, _step, harness, before) => {
      // A read asks for the months the chosen report needs, of this budget, from the read that report uses, with
      // the filter; the filter's dates narrow the figures' months (a balance at a month's end has no days to narrow).
      const netWorth = snapshot.context.report === 'NetWorth'
      if (snapshot.matches('loading') || snapshot.matches('loadingNetWorth')) {
        expect(snapshot.matches('loadingNetWorth')).toBe(netWorth)
        const { filter } = snapshot.context
        const full = rangeOf(snapshot.context.granularity, snapshot.context.period)
        const range = netWorth ? full : narrowRange(full, filter)
        expect(range).not.toBeNull()
        expect(harness.asked.at(-1)).toEqual({
          read: netWorth ? 'netWorth' : 'figures',
          request: { budgetId: BUDGET, fromPeriod: range?.from, toPeriod: range?.to, filter },
        })
      }
      // Figures shown stay on screen while the next ones load (no flash to "loading").
      if (snapshot.matches('loading') && selectMonths(before).length > 0) {
        expect(selectMonths(snapshot)).toEqual(selectMonths(before))
        expect(selectStatus(snapshot)).toBe('ready')
        expect(selectIsRefreshing(snapshot)).toBe(true)
      }
      if (snapshot.matches('loadingNetWorth') && selectNetWorth(before).length > 0) {
        expect(selectNetWorth(snapshot)).toEqual(selectNetWorth(before))
        expect(selectIsRefreshing(snapshot)).toBe(true)
      }
      if (snapshot.matches('failed')) expect(selectStatus(snapshot)).toBe('failed')
    },
  })

describe('statistics screen model', () => {
  it('replays every edge of the graph against a real actor and a scripted API', async () => {
    const logic = statisticsMachine as unknown as ActorLogic<StatisticsSnapshot, ModelEvent, StatisticsInput>
    const model = new TestModel(logic, {
      input: {
        port: scriptedPort({ calls: [], asked: [] }),
        budgetId: BUDGET,
        period: START,
        granularity: 'Month',
        report: 'Spending',
      },
      events: Object.values(EVENT_FIXTURES).flatMap((fixture): ReadonlyArray<ModelEvent> => fixture.samples),
      filterEvents: (snapshot, event) =>
        event.type.startsWith('xstate.done.actor.0.statistics.loadingNetWorth') ||
        event.type.startsWith('xstate.error.actor.0.statistics.loadingNetWorth')
          ? snapshot.matches('loadingNetWorth')
          : event.type.startsWith('xstate.')
            ? snapshot.matches('loading')
            : true,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThanOrEqual(12)
  }, 60_000)

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(statisticsMachine)).toEqual([])
  })
})
