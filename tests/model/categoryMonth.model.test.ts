import { describe, expect, it } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type CategoryMonthEvent,
  type CategoryMonthInput,
  type CategoryMonthOutcome,
  categoryMonthMachine,
  selectCategoryMonthFailed,
  selectCategoryMonthRows,
} from '../../machines/openBudget/categoryMonth.machine.ts'
import {
  groceriesOutflow,
  ids,
  NOVEMBER,
  type ScriptedRead,
  scriptedMonthReads,
} from '../unit/machines/budget.fakes.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

type MonthSnapshot = SnapshotFrom<typeof categoryMonthMachine>

/** Besides the budget's versions the chart reacts to its read's answer or failure. */
type ModelEvent =
  | CategoryMonthEvent
  | { type: 'xstate.done.actor.readMonth'; output: CategoryMonthOutcome }
  | { type: 'xstate.error.actor.readMonth'; error: unknown }
type EventOf<K extends ModelEvent['type']> = Extract<ModelEvent, { type: K }>

type Harness = {
  readonly actor: ReturnType<typeof createActor<typeof categoryMonthMachine>>
  readonly reads: ScriptedRead[]
}
type Fixtures = {
  [K in ModelEvent['type']]: {
    readonly samples: ReadonlyArray<EventOf<K>>
    readonly exec: (event: EventOf<K>, harness: Harness) => Promise<void>
  }
}

const BIEDRONKA = groceriesOutflow('t1', '2026-11-03', -1_000)

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Answers the read on the wire (the newest: a new version aborts the older one). */
const settleLatest = async ({ reads }: Harness, outcome: CategoryMonthOutcome | Error) => {
  const read = reads.at(-1)
  if (read === undefined || read.signal.aborted || read.settled) throw new Error('no read on the wire')
  read.settle(outcome)
  await flush()
}

/** A new event or actor output does not compile until it has an entry here. */
const FIXTURES = {
  'budget.versionChanged': {
    // The budget's version only grows; 7 is the one the actor started at (ignored), 8 and 9 are newer.
    samples: [7, 8, 9].map((version) => ({ type: 'budget.versionChanged', version }) as const),
    exec: async (event, { actor }) => {
      actor.send(event)
      await flush()
    },
  },
  'xstate.done.actor.readMonth': {
    samples: [
      { type: 'xstate.done.actor.readMonth', output: { ok: true, transactions: [BIEDRONKA] } },
      { type: 'xstate.done.actor.readMonth', output: { ok: false, error: { status: 503 } } },
    ],
    exec: (event, harness) => settleLatest(harness, event.output),
  },
  'xstate.error.actor.readMonth': {
    samples: [{ type: 'xstate.error.actor.readMonth', error: new Error('network') }],
    exec: (_, harness) => settleLatest(harness, new Error('network')),
  },
} satisfies Fixtures

const execute = <K extends ModelEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: Fixtures[K] = FIXTURES[type]
  return fixture.exec(event, harness)
}

/** Answers come only while a read is on the wire; versions go up to 9, so the graph stays finite. */
const isReplayable = (snapshot: MonthSnapshot, event: ModelEvent): boolean =>
  event.type === 'budget.versionChanged'
    ? event.version >= snapshot.context.version
    : snapshot.matches('reading')

const serializeState = (snapshot: MonthSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    version: snapshot.context.version,
    rows: selectCategoryMonthRows(snapshot)?.length ?? null,
    failed: selectCategoryMonthFailed(snapshot),
  })

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const { read, reads } = scriptedMonthReads()
  const input: CategoryMonthInput = { read, categoryId: ids.groceries, periodKey: NOVEMBER, version: 7 }
  return { actor: createActor(categoryMonthMachine, { input, inspect: recorder.inspect }).start(), reads }
}

const replay = (walk: Walk<MonthSnapshot, ModelEvent>) =>
  replayWalk(walk, {
    start: startHarness,
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot, _step, harness) => {
      // Exactly one read is on the wire while reading, none otherwise; every older one was aborted.
      const live = harness.reads.filter((read) => !read.signal.aborted && !read.settled)
      expect(live.length).toBe(snapshot.matches('reading') ? 1 : 0)
    },
  })

describe('category month actor model', () => {
  it('replays every edge of the graph against a real actor and a scripted read', async () => {
    // The model drives the chart with the read's outcomes too, which are not in the machine's public event union.
    const logic = categoryMonthMachine as unknown as ActorLogic<MonthSnapshot, ModelEvent, CategoryMonthInput>
    const model = new TestModel(logic, {
      input: {
        read: () => new Promise(() => {}),
        categoryId: ids.groceries,
        periodKey: NOVEMBER,
        version: 7,
      },
      events: Object.values(FIXTURES).flatMap((fixture): ReadonlyArray<ModelEvent> => fixture.samples),
      filterEvents: isReplayable,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThanOrEqual(6)
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(categoryMonthMachine)).toEqual([])
  })
})
