import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type BudgetInput,
  type BudgetMachineEvent,
  budgetMachine,
  type LoadOutcome,
  SEND_RETRY_MS,
  type SendCommandOutput,
  selectHasPendingWrites,
} from '../../machines/openBudget/index.ts'
import { toastsMachine } from '../../machines/toasts/index.ts'
import { CommandId, TransactionId } from '../../schemas/ids.ts'
import { Instant } from '../../schemas/money.ts'
import {
  BUDGET,
  createFakeLedger,
  type FakeLedger,
  ids,
  ME,
  NOVEMBER,
  pln,
} from '../unit/machines/budget.fakes.ts'
import { createTransitionRecorder } from './chartCoverage.ts'
import { modelTour, type Walk } from './graphTour.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

/** Besides its own events the chart reacts to its reads, its writes and its retry timer. */
type ModelEvent =
  | BudgetMachineEvent
  | { type: 'xstate.done.actor.load'; output: LoadOutcome }
  | { type: 'xstate.done.actor.reload'; output: LoadOutcome }
  | { type: 'xstate.done.actor.complete'; output: LoadOutcome }
  | { type: 'xstate.done.actor.send'; output: SendCommandOutput }
  | { type: 'xstate.after.sendRetry.budget.ready.waitingToRetry' }

type EventOf<K extends ModelEvent['type']> = Extract<ModelEvent, { type: K }>
type Harness = {
  readonly ledger: FakeLedger
  readonly budget: ReturnType<typeof createActor<typeof budgetMachine>>
}
type Fixtures = {
  [K in ModelEvent['type']]: {
    readonly samples: ReadonlyArray<EventOf<K>>
    readonly exec: (event: EventOf<K>, harness: Harness) => Promise<void>
  }
}

// The model decides on its own ledger's seeded state; every command it stamps gets the same id, so the
// scripted send outputs can name it.
const modelLedger = createFakeLedger()
const MODEL_COMMAND_ID = CommandId.make('cmd')
const modelPort = { ...modelLedger.port, newId: () => MODEL_COMMAND_ID }
const SEEDED: LoadOutcome = { ok: true, state: modelLedger.state, version: modelLedger.log.length }
const SUMMARY: LoadOutcome = { ...SEEDED, partial: true } as LoadOutcome
const UNREADABLE: LoadOutcome = {
  ok: false,
  error: { status: 503, statusText: 'Service Unavailable', data: 'x' },
}
const OTHERS_MOVE = {
  _tag: 'MoveMoney',
  periodKey: NOVEMBER,
  fromCategoryId: null,
  toCategoryId: ids.rent,
  value: pln(100),
} as const
const othersEvent = (seq: number) => {
  const event = {
    _tag: 'MoneyMoved',
    commandId: CommandId.make('other'),
    periodKey: NOVEMBER,
    at: Instant.make('2026-11-20T09:00:00.000Z'),
    by: ME,
    fromCategoryId: null,
    toCategoryId: ids.rent,
    amount: pln(100),
  } as const
  return { seq, commandId: CommandId.make('other'), event }
}
const NEXT_SEQ = SEEDED.ok ? SEEDED.version + 1 : 0

const flush = () => vi.advanceTimersByTimeAsync(0)

const sendOutcome = (outcome: SendCommandOutput['result']): EventOf<'xstate.done.actor.send'> => ({
  type: 'xstate.done.actor.send',
  output: { commandId: MODEL_COMMAND_ID, result: outcome },
})

/** How each outcome is produced by the scripted server for the request on the wire. */
const SEND_OUTCOMES = {
  accepted: (ledger) => {
    ledger.control.ignoreIfMatch = true
  },
  refused: (ledger) => {
    ledger.control.refuse = { _tag: 'BudgetNotFound', code: 'budget-not-found' }
  },
  stale: (ledger) => {
    ledger.writeAsOther(OTHERS_MOVE)
  },
  offline: (ledger) => {
    ledger.control.offline = true
  },
  failed: (ledger) => {
    ledger.control.failNext = true
  },
} satisfies Record<SendCommandOutput['result']['outcome'], (ledger: FakeLedger) => void>

const resetServer = (ledger: FakeLedger) => {
  ledger.control.ignoreIfMatch = false
  ledger.control.refuse = null
  ledger.control.offline = false
  ledger.control.failNext = false
}

const releaseLoad = async (outcome: LoadOutcome, { ledger }: Harness) => {
  ledger.control.loadFails = !outcome.ok
  ledger.control.summaryFirst = outcome.ok && outcome.partial === true
  ledger.releaseLoad()
  await flush()
  ledger.control.summaryFirst = false
}

/** A new event or actor output does not compile until it has an entry here. */
const FIXTURES = {
  'budget.command': {
    samples: [
      {
        type: 'budget.command',
        commands: [{ _tag: 'SetAssigned', periodKey: NOVEMBER, categoryId: ids.groceries, value: pln(100) }],
      },
      {
        type: 'budget.command',
        commands: [{ _tag: 'SetAssigned', periodKey: NOVEMBER, categoryId: ids.salary, value: pln(100) }],
      },
      // Decided on transactions: waits for them when the actor holds a summary (refused then: there is none).
      {
        type: 'budget.command',
        commands: [{ _tag: 'DeleteTransaction', transactionId: TransactionId.make('tx-none') }],
      },
    ],
    exec: async (event, { budget }) => {
      budget.send(event)
      await flush()
    },
  },
  'budget.eventsReceived': {
    samples: [
      { type: 'budget.eventsReceived', events: [othersEvent(NEXT_SEQ)] },
      { type: 'budget.eventsReceived', events: [othersEvent(NEXT_SEQ + 2)] },
    ],
    exec: async (event, { ledger, budget }) => {
      const gap = event.events.some((item) => item.seq > NEXT_SEQ)
      if (gap) ledger.writeAsOther(OTHERS_MOVE)
      ledger.writeAsOther(OTHERS_MOVE)
      const seen = budget.getSnapshot().context.version
      ledger.push(gap ? ledger.log.slice(-1) : ledger.log.filter((item) => item.seq > seen))
      await flush()
    },
  },
  'budget.streamUnreadable': {
    samples: [{ type: 'budget.streamUnreadable' }],
    exec: async (_event, { ledger }) => {
      // A newer server's event: the app cannot fold it, the server's state has it.
      ledger.writeAsOther(OTHERS_MOVE)
      ledger.pushUnreadable()
      await flush()
    },
  },
  'budget.accessRead': {
    samples: [{ type: 'budget.accessRead', access: { role: 'Guest', access: 'Read' } }],
    exec: async (event, { ledger }) => {
      // The owner turned the access to Read; the app hears it on its next read (here: the stream came back).
      ledger.control.access = event.access
      ledger.releaseAccess()
      await flush()
    },
  },
  'budget.streamReconnected': {
    samples: [{ type: 'budget.streamReconnected' }],
    exec: async (_event, { ledger }) => {
      ledger.reconnect()
      await flush()
    },
  },
  'budget.membersChanged': {
    samples: [{ type: 'budget.membersChanged' }],
    exec: async (_event, { ledger }) => {
      ledger.membersChanged()
      await flush()
    },
  },
  'budget.streamGone': {
    samples: [{ type: 'budget.streamGone' }],
    exec: async (_event, { ledger }) => {
      // A 404 that did not last (the budget is still the caller's): the re-read brings the stream back.
      ledger.writeAsOther(OTHERS_MOVE)
      ledger.streamGone()
      await flush()
    },
  },
  'budget.needTransactions': {
    samples: [{ type: 'budget.needTransactions' }],
    exec: async (event, { budget }) => {
      budget.send(event)
      await flush()
    },
  },
  'budget.watchCategoryMonth': {
    samples: [
      { type: 'budget.watchCategoryMonth', categoryId: ids.groceries, periodKey: NOVEMBER },
      { type: 'budget.watchCategoryMonth', categoryId: ids.rent, periodKey: NOVEMBER },
    ],
    exec: async (event, { budget }) => {
      budget.send(event)
      await flush()
    },
  },
  'budget.unwatchCategoryMonth': {
    samples: [{ type: 'budget.unwatchCategoryMonth' }],
    exec: async (event, { budget }) => {
      budget.send(event)
      await flush()
    },
  },
  'budget.periodShown': {
    samples: [{ type: 'budget.periodShown', periodKey: NOVEMBER }],
    exec: async (event, { budget }) => {
      budget.send(event)
      await flush()
    },
  },
  'budget.retry': {
    samples: [{ type: 'budget.retry' }],
    exec: async (event, { budget }) => {
      budget.send(event)
      await flush()
    },
  },
  'budget.reload': {
    samples: [{ type: 'budget.reload' }],
    exec: async (event, { budget }) => {
      budget.send(event)
      await flush()
    },
  },
  'xstate.done.actor.load': {
    samples: [
      { type: 'xstate.done.actor.load', output: SEEDED },
      { type: 'xstate.done.actor.load', output: SUMMARY },
      { type: 'xstate.done.actor.load', output: UNREADABLE },
    ],
    exec: (event, harness) => releaseLoad(event.output, harness),
  },
  'xstate.done.actor.complete': {
    samples: [
      { type: 'xstate.done.actor.complete', output: SEEDED },
      { type: 'xstate.done.actor.complete', output: UNREADABLE },
    ],
    exec: (event, harness) => releaseLoad(event.output, harness),
  },
  'xstate.done.actor.reload': {
    samples: [
      { type: 'xstate.done.actor.reload', output: SEEDED },
      { type: 'xstate.done.actor.reload', output: UNREADABLE },
    ],
    exec: (event, harness) => releaseLoad(event.output, harness),
  },
  'xstate.done.actor.send': {
    samples: [
      sendOutcome({ outcome: 'accepted', events: [], version: SEEDED.ok ? SEEDED.version : 0 }),
      sendOutcome({ outcome: 'refused', error: { _tag: 'BudgetNotFound', code: 'budget-not-found' } }),
      sendOutcome({ outcome: 'stale' }),
      sendOutcome({ outcome: 'offline' }),
      sendOutcome({ outcome: 'failed', error: {} }),
    ],
    exec: async (event, { ledger }) => {
      SEND_OUTCOMES[event.output.result.outcome](ledger)
      ledger.releaseNext()
      await flush()
      resetServer(ledger)
    },
  },
  'xstate.after.sendRetry.budget.ready.waitingToRetry': {
    samples: [{ type: 'xstate.after.sendRetry.budget.ready.waitingToRetry' }],
    exec: async () => {
      await vi.advanceTimersByTimeAsync(SEND_RETRY_MS)
    },
  },
} satisfies Fixtures

const execute = <K extends ModelEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: Fixtures[K] = FIXTURES[type]
  return fixture.exec(event, harness)
}

/** Where each event can happen in the real world (and the pending and waiting queues bounded to one write). */
const isReplayable = (snapshot: BudgetSnapshot, event: ModelEvent): boolean => {
  const at = (state: Parameters<BudgetSnapshot['matches']>[0]) => snapshot.matches(state)
  const quiet = at({ ready: 'idle' }) || at({ ready: 'waitingToRetry' })
  switch (event.type) {
    case 'budget.command':
      return snapshot.context.pending.length === 0 && snapshot.context.deferred.length === 0
    case 'budget.needTransactions':
      // Not while a write is on the wire: reading the transactions would cut that request off.
      return !at({ ready: 'sending' })
    case 'budget.accessRead':
      // Read once per walk (the access does not change back and forth here); only a live stream reconnects.
      return quiet && snapshot.context.access === 'unknown'
    case 'budget.streamReconnected':
    case 'budget.membersChanged':
      return quiet
    case 'budget.eventsReceived':
    case 'budget.streamUnreadable':
    case 'budget.streamGone':
    case 'budget.reload':
      // Not while a write is on the wire: the scripted server answers that one request.
      return quiet
    case 'budget.watchCategoryMonth':
    case 'budget.unwatchCategoryMonth':
    case 'budget.periodShown':
      // An inspector or the month view may come and go at any time; once per walk keeps the graph small.
      return quiet
    case 'budget.retry':
      return at('loadFailed')
    case 'xstate.done.actor.load':
      return at('loading')
    case 'xstate.done.actor.reload':
      return at('resyncing')
    case 'xstate.done.actor.complete':
      return at('completing')
    case 'xstate.done.actor.send':
      return at({ ready: 'sending' })
    case 'xstate.after.sendRetry.budget.ready.waitingToRetry':
      return at({ ready: 'waitingToRetry' })
  }
}

const serializeState = (snapshot: BudgetSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    pending: snapshot.context.pending.length,
    loadError: snapshot.context.loadError !== null,
    complete: snapshot.context.complete,
    wanted: snapshot.context.transactionsWanted,
    deferred: snapshot.context.deferred.length,
    watching: snapshot.context.categoryMonth?.getSnapshot().context.categoryId ?? null,
    shown: snapshot.context.shownPeriod,
    access: snapshot.context.access === 'unknown' ? 'unknown' : 'read',
  })

const recorder = createTransitionRecorder()

const startHarness = (): Harness => {
  const ledger = createFakeLedger()
  ledger.control.hold = true
  ledger.control.holdLoads = true
  ledger.control.autoPush = false
  ledger.control.holdAccess = true
  const toasts = createActor(toastsMachine).start()
  const budget = createActor(budgetMachine, {
    input: { budgetId: BUDGET, userId: ME, port: ledger.port, toasts },
    inspect: recorder.inspect,
  }).start()
  return { ledger, budget }
}

const replay = async (walk: Walk<BudgetSnapshot, ModelEvent>) => {
  const harness = startHarness()
  await flush()
  try {
    for (const [index, step] of walk.steps.entries()) {
      await execute(step.event.type, step.event, harness)
      const snapshot = harness.budget.getSnapshot()
      expect(serializeState(snapshot), `step ${index}: ${JSON.stringify(step.event.type)}`).toBe(
        serializeState(step.state),
      )
      // A request is on the wire exactly while the chart says it is sending.
      expect(harness.ledger.heldCount).toBe(snapshot.matches({ ready: 'sending' }) ? 1 : 0)
      // What the user sees is the confirmed state plus exactly the pending writes.
      expect(selectHasPendingWrites(snapshot)).toBe(snapshot.context.pending.length > 0)
    }
  } finally {
    harness.budget.stop()
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('open-budget actor model', () => {
  it('replays every edge of the graph against a real actor and a scripted ledger server', async () => {
    // The model drives the chart with actor outputs and its timer too, which are not in the machine's
    // public event union; the logic accepts any event at runtime.
    const logic = budgetMachine as unknown as ActorLogic<BudgetSnapshot, ModelEvent, BudgetInput>
    const model = new TestModel(logic, {
      input: { budgetId: BUDGET, userId: ME, port: modelPort },
      events: Object.values(FIXTURES).flatMap((fixture): ReadonlyArray<ModelEvent> => fixture.samples),
      filterEvents: isReplayable,
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) await replay(walk)
    expect(states).toBeGreaterThanOrEqual(8)
  })

  it('walked every transition of the chart at least once', () => {
    expect(recorder.missingFrom(budgetMachine)).toEqual([])
  })
})
