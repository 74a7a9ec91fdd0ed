import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  type BudgetSeen,
  type TransactionEditorEvent,
  type TransactionEditorInput,
  type TransactionEditorRequest,
  transactionEditorMachine,
} from '../../../machines/dialogs/transactionEditor/index.ts'
import type { BudgetCommandRequest, CommandReply } from '../../../machines/openBudget/index.ts'
import { CommandId, TransactionId, TransferId } from '../../../schemas/ids.ts'
import { CurrencyCode, IsoDate } from '../../../schemas/money.ts'
import { createFakeLedger, groceriesOutflow, ids, startBudget } from '../../unit/machines/budget.fakes.ts'
import { createTransitionRecorder } from '../chartCoverage.ts'
import { modelTour, type Walk } from '../graphTour.ts'
import { startStandInBudget } from './standInBudget.ts'

type Snapshot = SnapshotFrom<typeof transactionEditorMachine>
type Editor = ReturnType<typeof createActor<typeof transactionEditorMachine>>
type Harness = { readonly editor: Editor; readonly requests: BudgetCommandRequest[] }
type EventOf<K extends TransactionEditorEvent['type']> = Extract<TransactionEditorEvent, { type: K }>
type Fixtures = {
  [K in TransactionEditorEvent['type']]: {
    readonly samples: ReadonlyArray<EventOf<K>>
    readonly exec: (event: EventOf<K>, harness: Harness) => void
  }
}

const TRANSACTION_ID = TransactionId.make('tx-1')
const plain = groceriesOutflow(TRANSACTION_ID, '2026-11-20', -4_500)
const transferSide = { ...plain, splits: [], transferId: TransferId.make('transfer-1') }
const seen = (loadState: BudgetSeen['loadState'], transaction: BudgetSeen['transaction']): BudgetSeen => ({
  type: 'editor.budgetChanged',
  loadState,
  transaction,
  payees: [],
  onlyActiveAccount: ids.checking,
  incomeDestination: null,
  trackingAccounts: [],
})
const APPLIED = [CommandId.make('cmd-1')]
const APPLIED_REPLY = { type: 'budget.commandApplied', commandIds: APPLIED } satisfies CommandReply

/** The budget answers the request a child of the editor just sent, as the open-budget actor does. */
const answerApplied = ({ requests }: Harness) => {
  const request = requests.at(-1)
  if (!request?.replyTo) throw new Error('no request is waiting for an answer')
  request.replyTo.send(APPLIED_REPLY)
}

const send = (event: TransactionEditorEvent, { editor }: Harness) => editor.send(event)

/**
 * A new editor event does not compile until it has an entry here. The children's ends are not sent: the harness
 * drives the real child (the form, the delete confirm) until it ends that way.
 */
const FIXTURES = {
  'editor.budgetChanged': {
    samples: [
      seen('loading', null),
      seen('ready', plain),
      seen('ready', transferSide),
      seen('ready', null),
      seen('error', null),
    ],
    exec: send,
  },
  'dialog.cancel': { samples: [{ type: 'dialog.cancel' }], exec: send },
  'delete.ask': { samples: [{ type: 'delete.ask' }], exec: send },
  'xstate.done.actor.form': {
    samples: [
      { type: 'xstate.done.actor.form', actorId: 'form', output: { commandIds: APPLIED } },
      { type: 'xstate.done.actor.form', actorId: 'form', output: { commandIds: [] } },
    ],
    exec: (event, harness) => {
      const form = harness.editor.getSnapshot().children.form
      if (form === undefined) throw new Error('the form is not open')
      if (event.output.commandIds.length === 0) {
        form.send({ type: 'dialog.cancel' })
        return
      }
      // An added transaction needs its amount; an edited one is valid as it stands.
      if (form.getSnapshot().context.props.mode === 'add')
        form.send({ type: 'form.change', field: 'amount', value: '100' })
      form.send({ type: 'dialog.submit' })
      answerApplied(harness)
    },
  },
  'xstate.done.actor.deleteConfirm': {
    samples: [
      { type: 'xstate.done.actor.deleteConfirm', actorId: 'deleteConfirm', output: { commandIds: APPLIED } },
      { type: 'xstate.done.actor.deleteConfirm', actorId: 'deleteConfirm', output: { commandIds: [] } },
    ],
    exec: (event, harness) => {
      const confirm = harness.editor.getSnapshot().children.deleteConfirm
      if (confirm === undefined) throw new Error('the delete confirm is not open')
      if (event.output.commandIds.length === 0) {
        confirm.send({ type: 'dialog.cancel' })
        return
      }
      confirm.send({ type: 'dialog.submit' })
      answerApplied(harness)
    },
  },
  'category.change': { samples: [{ type: 'category.change', categoryId: ids.groceries }], exec: send },
  'xstate.done.actor.transferCategory': {
    samples: [
      {
        type: 'xstate.done.actor.transferCategory',
        actorId: 'transferCategory',
        output: { commandIds: APPLIED },
      },
      { type: 'xstate.done.actor.transferCategory', actorId: 'transferCategory', output: { commandIds: [] } },
    ],
    exec: (event, harness) => {
      const dialog = harness.editor.getSnapshot().children.transferCategory
      if (dialog === undefined) throw new Error('the category dialog is not open')
      if (event.output.commandIds.length === 0) {
        dialog.send({ type: 'dialog.cancel' })
        return
      }
      dialog.send({ type: 'form.change', field: 'categoryId', value: ids.rent })
      dialog.send({ type: 'dialog.submit' })
      answerApplied(harness)
    },
  },
} satisfies Fixtures

const execute = <K extends TransactionEditorEvent['type']>(type: K, event: EventOf<K>, harness: Harness) => {
  const fixture: Fixtures[K] = FIXTURES[type]
  fixture.exec(event, harness)
}

const serializeState = (snapshot: Snapshot) => {
  const { props, transaction } = snapshot.context
  return JSON.stringify({
    value: snapshot.value,
    props: props?.mode ?? null,
    transaction: transaction === null ? null : transaction.transferId === null ? 'plain' : 'transfer',
  })
}

/** The budget's facts come from the fixtures: the watcher is silent. */
const silentWatcher = transactionEditorMachine.provide({
  actors: { watchBudget: fromCallback(() => undefined) },
})

const requestToEdit: TransactionEditorRequest = {
  transactionId: TRANSACTION_ID,
  today: IsoDate.make('2026-11-21'),
  reconciliationLabel: 'Korekta',
}
const requestToAdd: TransactionEditorRequest = {
  bankAccountId: ids.checking,
  categoryId: ids.groceries,
  today: IsoDate.make('2026-11-21'),
  reconciliationLabel: 'Korekta',
}

describe('transaction editor lifecycle model', () => {
  const recorder = createTransitionRecorder()
  // Only the (silenced) watcher reads it.
  const { budget: source } = startBudget(createFakeLedger())

  const inputWith = (
    budget: TransactionEditorInput['budget'],
    request: TransactionEditorRequest,
  ): TransactionEditorInput => ({
    budget,
    source,
    request,
    currency: CurrencyCode.make('PLN'),
    locale: 'pl-PL',
    newId: () => 'new-id',
  })

  const replay = (walk: Walk<Snapshot, TransactionEditorEvent>, request: TransactionEditorRequest) => {
    const { budget, requests } = startStandInBudget()
    const harness: Harness = {
      editor: createActor(silentWatcher, {
        input: inputWith(budget, request),
        inspect: recorder.inspect,
      }).start(),
      requests,
    }
    for (const [index, step] of walk.steps.entries()) {
      const before = requests.length
      execute(step.event.type, step.event, harness)
      const snapshot = harness.editor.getSnapshot()
      expect(serializeState(snapshot), `step ${index}: ${JSON.stringify(step.event)}`).toBe(
        serializeState(step.state),
      )
      // Only a child's end sends anything: a saved form or a confirmed delete, one request each.
      const applied =
        (step.event.type === 'xstate.done.actor.form' ||
          step.event.type === 'xstate.done.actor.deleteConfirm' ||
          step.event.type === 'xstate.done.actor.transferCategory') &&
        step.event.output.commandIds.length > 0
      expect(requests.length - before).toBe(applied ? 1 : 0)
      if (step.event.type === 'xstate.done.actor.deleteConfirm' && applied)
        expect(requests.at(-1)?.commands).toEqual([
          { _tag: 'DeleteTransaction', transactionId: TRANSACTION_ID },
        ])
      // A crossing transfer's new category: one split naming it, on the side the editor shows.
      if (step.event.type === 'xstate.done.actor.transferCategory' && applied)
        expect(requests.at(-1)?.commands).toEqual([
          {
            _tag: 'EditTransaction',
            transactionId: TRANSACTION_ID,
            splits: [{ categoryId: ids.rent, value: transferSide.value }],
          },
        ])
    }
    harness.editor.stop()
  }

  const tour = (request: TransactionEditorRequest) => {
    const model = new TestModel(silentWatcher, {
      input: inputWith(startStandInBudget().budget, request),
      events: Object.values(FIXTURES).flatMap(
        (fixture): ReadonlyArray<TransactionEditorEvent> => fixture.samples,
      ),
      filterEvents: (snapshot, event) => {
        // A closed editor is stopped; a child ends only while it runs.
        if (snapshot.status === 'done') return false
        if (event.type === 'xstate.done.actor.form') return snapshot.matches('editing')
        if (event.type === 'xstate.done.actor.transferCategory')
          return snapshot.matches({ transfer: 'changingCategory' })
        if (event.type === 'xstate.done.actor.deleteConfirm')
          return (
            snapshot.matches({ editing: 'confirmingDelete' }) ||
            snapshot.matches({ transfer: 'confirmingDelete' })
          )
        return true
      },
      serializeState,
    })
    const { walks, states } = modelTour(model, serializeState)
    for (const walk of walks) replay(walk, request)
    return states
  }

  it('replays every edge of its graph when editing a transaction (plain, transfer, missing, deleted)', () => {
    expect(tour(requestToEdit)).toBeGreaterThan(8)
  })

  it('replays every edge of its graph when adding a transaction', () => {
    expect(tour(requestToAdd)).toBeGreaterThan(2)
  })

  it('walked every transition of the chart', () => {
    expect(recorder.missingFrom(transactionEditorMachine)).toEqual([])
  })
})
