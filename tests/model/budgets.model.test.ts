import { describe, expect, it } from 'vitest'
import { type ActorLogic, type AnyActorRef, createActor, fromCallback, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type BudgetInfo,
  type BudgetSummary,
  type BudgetsEvent,
  type BudgetsInput,
  type BudgetsPort,
  budgetsMachine,
  type ListOutcome,
  selectBudgetsLoadState,
  selectIsWriting,
  type WriteOutcome,
} from '../../machines/budgetList/index.ts'
import { toastsMachine } from '../../machines/toasts/index.ts'
import { BudgetId, CategoryGroupId, CategoryId } from '../../schemas/ids.ts'
import { CurrencyCode, IsoDate } from '../../schemas/money.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from './graphTour.ts'

type BudgetsSnapshot = SnapshotFrom<typeof budgetsMachine>

/** Besides its own events the chart reacts to its list read and its writes. */
type ModelEvent =
  | BudgetsEvent
  | { type: 'xstate.done.actor.list'; output: ListOutcome }
  | { type: 'xstate.done.actor.write'; output: WriteOutcome }
type EventOf<K extends ModelEvent['type']> = Extract<ModelEvent, { type: K }>

type Pending<T> = Array<(answer: T) => void>
type Harness = {
  readonly actor: ReturnType<typeof createActor<typeof budgetsMachine>>
  readonly lists: Pending<ListOutcome>
  readonly writes: Pending<WriteOutcome>
  readonly replies: Array<{ type: string }>
  readonly asker: AnyActorRef
  requests: number
}
type Fixtures = {
  [K in ModelEvent['type']]: {
    readonly samples: ReadonlyArray<EventOf<K>>
    readonly exec: (event: EventOf<K>, harness: Harness) => Promise<void>
  }
}

const PLN = CurrencyCode.make('PLN')
const HOME = BudgetId.make('budget-home')
const HOLIDAY = BudgetId.make('budget-holiday')
const HOME_BUDGET: BudgetSummary = { id: HOME, name: 'Dom', currency: PLN, role: 'Owner', access: 'Edit' }
const CREATED: BudgetInfo = { id: HOLIDAY, name: 'Wakacje', currency: PLN }
const RENAMED: BudgetInfo = { id: HOME, name: 'Dom i ogród', currency: CurrencyCode.make('EUR') }

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The scripted API: every call waits until the model answers it with the outcome the step names. */
const scriptedPort = (lists: Pending<ListOutcome>, writes: Pending<WriteOutcome>): BudgetsPort => {
  const wait = <T>(queue: Pending<T>) => new Promise<T>((resolve) => queue.push(resolve))
  return {
    list: () => wait(lists),
    create: () => wait(writes),
    update: () => wait(writes),
    remove: () => wait(writes),
    reset: () => wait(writes),
  }
}

const answer = async <T>(queue: Pending<T>, outcome: T) => {
  const resolve = queue.shift()
  if (resolve === undefined) throw new Error('no request to answer')
  resolve(outcome)
  await flush()
}

const send = async (event: ModelEvent, { actor }: Harness) => {
  actor.send(event as BudgetsEvent)
  await flush()
}

/** A new event or actor output does not compile until it has an entry here. */
const FIXTURES = {
  'budget.command': {
    samples: [
      {
        type: 'budget.command',
        commands: [
          {
            _tag: 'CreateBudget',
            budgetId: BudgetId.make('draft-key'),
            name: 'Wakacje',
            currency: PLN,
            uncategorizedGroupId: CategoryGroupId.make('g'),
            uncategorizedCategoryId: CategoryId.make('c'),
            incomeCategoryId: CategoryId.make('i'),
          },
        ],
      },
      {
        type: 'budget.command',
        commands: [
          { _tag: 'RenameBudget', name: 'Dom i ogród' },
          { _tag: 'ChangeCurrency', currency: CurrencyCode.make('EUR') },
        ],
      },
      { type: 'budget.command', commands: [{ _tag: 'ResetBudget', date: IsoDate.make('2026-11-22') }] },
      { type: 'budget.command', commands: [{ _tag: 'DeleteBudget' }] },
      // Nothing the list handles: refused at once.
      { type: 'budget.command', commands: [{ _tag: 'DeleteBudget' }, { _tag: 'RenameBudget', name: 'x' }] },
    ],
    exec: async (event, harness) => {
      harness.requests += 1
      await send({ ...event, replyTo: harness.asker }, harness)
    },
  },
  'budgets.target': { samples: [{ type: 'budgets.target', budgetId: HOME }], exec: send },
  'budgets.retry': { samples: [{ type: 'budgets.retry' }], exec: send },
  'xstate.done.actor.list': {
    samples: [
      { type: 'xstate.done.actor.list', output: { ok: true, budgets: [HOME_BUDGET] } },
      {
        type: 'xstate.done.actor.list',
        output: { ok: false, error: { status: 503, statusText: 'Service Unavailable', data: 'x' } },
      },
    ],
    exec: (event, { lists }) => answer(lists, event.output),
  },
  'xstate.done.actor.write': {
    samples: [
      { type: 'xstate.done.actor.write', output: { outcome: 'done', budget: CREATED } },
      { type: 'xstate.done.actor.write', output: { outcome: 'done', budget: RENAMED } },
      { type: 'xstate.done.actor.write', output: { outcome: 'done', budget: null } },
      {
        type: 'xstate.done.actor.write',
        output: { outcome: 'refused', error: { _tag: 'CurrencyLocked', code: 'currency-locked' } },
      },
      { type: 'xstate.done.actor.write', output: { outcome: 'failed', error: { status: 500 } } },
    ],
    exec: (event, { writes }) => answer(writes, event.output),
  },
} satisfies Fixtures

const execute = <K extends ModelEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: Fixtures[K] = FIXTURES[type]
  return fixture.exec(event, harness)
}

/** What the server would answer for the write on the wire. */
const answersWrite = (snapshot: BudgetsSnapshot, output: WriteOutcome): boolean => {
  const kind = snapshot.context.inFlight?.write.kind
  if (output.outcome !== 'done') return kind !== 'create' || output.outcome === 'failed'
  if (kind === 'create') return output.budget?.id === HOLIDAY
  if (kind === 'delete') return output.budget === null
  return output.budget?.id === HOME
}

/** Where each event can happen in the real world (and at most two budgets, so the graph stays finite). */
const isReplayable = (snapshot: BudgetsSnapshot, event: ModelEvent): boolean => {
  switch (event.type) {
    case 'budget.command':
      return event.commands[0]?._tag !== 'CreateBudget' || snapshot.context.budgets.length < 2
    case 'budgets.target':
      return snapshot.context.target === null
    case 'budgets.retry':
      return snapshot.matches('loadFailed')
    case 'xstate.done.actor.list':
      return snapshot.matches('loading')
    case 'xstate.done.actor.write':
      return snapshot.matches({ ready: 'writing' }) && answersWrite(snapshot, event.output)
  }
}

const serializeState = (snapshot: BudgetsSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    budgets: snapshot.context.budgets.map((budget) => `${budget.id}:${budget.name}:${budget.currency}`),
    target: snapshot.context.target,
    writing: snapshot.context.inFlight?.write.kind ?? null,
    created: snapshot.context.created,
    loadError: snapshot.context.loadError !== null,
  })

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const lists: Pending<ListOutcome> = []
  const writes: Pending<WriteOutcome> = []
  const replies: Array<{ type: string }> = []
  const asker = createActor(
    fromCallback<{ type: string }>(({ receive }) => {
      receive((reply) => replies.push(reply))
    }),
  ).start()
  const toasts = createActor(toastsMachine).start()
  const actor = createActor(budgetsMachine, {
    input: { port: scriptedPort(lists, writes), toasts },
    inspect: recorder.inspect,
  }).start()
  return { actor, lists, writes, replies, asker, requests: 0 }
}

const replay = (walk: Walk<BudgetsSnapshot, ModelEvent>) =>
  replayWalk(walk, {
    start: async () => {
      const harness = startHarness()
      await flush()
      return harness
    },
    execute: (event, harness) => execute(event.type, event, harness),
    serializeState,
    afterStep: (snapshot, _step, harness) => {
      // A write is on the wire exactly while the chart says so; the list is read exactly while loading.
      expect(harness.writes.length).toBe(selectIsWriting(snapshot) ? 1 : 0)
      expect(harness.lists.length).toBe(selectBudgetsLoadState(snapshot) === 'loading' ? 1 : 0)
      // Every request is answered once, as soon as the server has (the one on the wire is still waiting).
      expect(harness.replies.length).toBe(harness.requests - (selectIsWriting(snapshot) ? 1 : 0))
    },
    stop: (harness) => harness.asker.stop(),
  })

describe('budgets-list actor model', () => {
  it('replays every edge of the graph against a real actor and a scripted API', async () => {
    // The model drives the chart with actor outputs too, which are not in the machine's public event union.
    const logic = budgetsMachine as unknown as ActorLogic<BudgetsSnapshot, ModelEvent, BudgetsInput>
    const model = new TestModel(logic, {
      input: { port: scriptedPort([], []) },
      events: Object.values(FIXTURES).flatMap((fixture): ReadonlyArray<ModelEvent> => fixture.samples),
      filterEvents: isReplayable,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThanOrEqual(10)
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(budgetsMachine)).toEqual([])
  })
})
