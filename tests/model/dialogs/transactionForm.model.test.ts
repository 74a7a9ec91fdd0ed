import { describe, expect, it } from 'vitest'
import { createActor, createMachine, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type TransactionFormEvent,
  type TransactionFormInput,
  transactionFormMachine,
} from '../../../machines/dialogs/transactionEditor/index.ts'
import type { BudgetCommandRequest } from '../../../machines/openBudget/index.ts'
import { CommandId } from '../../../schemas/ids.ts'
import { CurrencyCode, IsoDate } from '../../../schemas/money.ts'
import { ids } from '../../unit/machines/budget.fakes.ts'
import { createTransitionRecorder } from '../chartCoverage.ts'
import { modelTour, type Walk } from '../graphTour.ts'
import { isReply, startStandInBudget } from './standInBudget.ts'

type Snapshot = SnapshotFrom<typeof transactionFormMachine>
type Harness = {
  readonly dialog: ReturnType<typeof createActor<typeof transactionFormMachine>>
  readonly requests: BudgetCommandRequest[]
}
type EventOf<K extends TransactionFormEvent['type']> = Extract<TransactionFormEvent, { type: K }>
type Fixtures = {
  [K in TransactionFormEvent['type']]: {
    readonly samples: ReadonlyArray<EventOf<K>>
    readonly exec: (event: EventOf<K>, harness: Harness) => void
  }
}

const send = (event: TransactionFormEvent, { dialog }: Harness) => dialog.send(event)
const answer = (event: TransactionFormEvent, { requests }: Harness) => {
  const request = requests.at(-1)
  if (!request?.replyTo) throw new Error('no request is waiting for an answer')
  request.replyTo.send(event)
}

/** A new editor event does not compile until it has an entry here. */
const FIXTURES = {
  'form.change': {
    samples: [
      { type: 'form.change', field: 'amount', value: '100' },
      { type: 'form.change', field: 'direction', value: 'inflow' },
    ],
    exec: send,
  },
  'split.add': { samples: [{ type: 'split.add' }], exec: send },
  'split.remove': { samples: [{ type: 'split.remove', index: 1 }], exec: send },
  'split.setCategory': {
    samples: [
      { type: 'split.setCategory', index: 0, categoryId: ids.groceries },
      { type: 'split.setCategory', index: 1, categoryId: ids.rent },
    ],
    exec: send,
  },
  'split.setAmount': {
    samples: [
      { type: 'split.setAmount', index: 0, amount: '60' },
      { type: 'split.setAmount', index: 1, amount: '40' },
    ],
    exec: send,
  },
  'dialog.submit': { samples: [{ type: 'dialog.submit' }], exec: send },
  'dialog.cancel': { samples: [{ type: 'dialog.cancel' }], exec: send },
  'discard.confirm': { samples: [{ type: 'discard.confirm' }], exec: send },
  'discard.keep': { samples: [{ type: 'discard.keep' }], exec: send },
  'budget.commandApplied': {
    samples: [{ type: 'budget.commandApplied', commandIds: [CommandId.make('cmd-1')] }],
    exec: answer,
  },
  'budget.commandRefused': {
    samples: [
      {
        type: 'budget.commandRefused',
        refusal: {
          kind: 'domain',
          error: { _tag: 'AccountClosed', code: 'account-closed', bankAccountId: ids.checking },
        },
      },
    ],
    exec: answer,
  },
} satisfies Fixtures

const execute = <K extends TransactionFormEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: Fixtures[K] = FIXTURES[type]
  fixture.exec(event, harness)
}

const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    fields: snapshot.context.fields,
    errors: snapshot.context.errors,
    refusal: snapshot.context.refusal?.kind ?? null,
  })

const recorder = createTransitionRecorder()

const inputWith = (budget: TransactionFormInput['budget']): TransactionFormInput => ({
  budget,
  currency: CurrencyCode.make('PLN'),
  locale: 'pl-PL',
  newId: () => 'new-id',
  props: { mode: 'add', today: IsoDate.make('2026-11-21'), bankAccountId: ids.checking, payees: [] },
})

const startHarness = (): Harness => {
  const { budget, requests } = startStandInBudget()
  return {
    dialog: createActor(transactionFormMachine, {
      input: inputWith(budget),
      inspect: recorder.inspect,
    }).start(),
    requests,
  }
}

const replay = (walk: Walk<Snapshot, TransactionFormEvent>) => {
  const harness = startHarness()
  let submits = 0
  for (const [index, step] of walk.steps.entries()) {
    execute(step.event.type, step.event, harness)
    const snapshot = harness.dialog.getSnapshot()
    expect(serializeState(snapshot), `step ${index}: ${JSON.stringify(step.event)}`).toBe(
      serializeState(step.state),
    )
    if (snapshot.value === 'submitting') submits += 1
    expect(harness.requests).toHaveLength(submits)
  }
  harness.dialog.stop()
}

describe('transaction form model', () => {
  it('replays every edge of its graph (up to two splits) against a real actor', () => {
    const model = new TestModel(transactionFormMachine, {
      input: inputWith(createActor(createMachine({})).start()),
      events: Object.values(FIXTURES).flatMap(
        (fixture): ReadonlyArray<TransactionFormEvent> => fixture.samples,
      ),
      filterEvents: (snapshot, event) => {
        // A closed editor is stopped; nothing reaches it.
        if (snapshot.status === 'done') return false
        if ((snapshot.value === 'submitting') !== isReply(event.type)) return false
        // The discard question takes only its two answers, and they mean nothing elsewhere.
        if ((snapshot.value === 'confirmingDiscard') !== event.type.startsWith('discard.')) return false
        const splits = snapshot.context.fields.splits.length
        if (event.type === 'split.add') return splits < 2
        if ('index' in event) return event.index < splits
        return true
      },
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) replay(walk)
    expect(states).toBeGreaterThan(20)
  })

  it('walked every transition of the chart', () => {
    expect(recorder.missingFrom(transactionFormMachine)).toEqual([])
  })
})
