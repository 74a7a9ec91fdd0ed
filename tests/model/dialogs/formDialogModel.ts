import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, createMachine, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import type {
  createFormDialogMachine,
  FieldChange,
  FormDialogEvent,
  FormDialogInput,
} from '../../../machines/dialogs/shared/index.ts'
import type { BudgetCommandRequest, CommandReply } from '../../../machines/openBudget/index.ts'
import { CommandId } from '../../../schemas/ids.ts'
import { CurrencyCode } from '../../../schemas/money.ts'
import { createTransitionRecorder } from '../chartCoverage.ts'
import { modelTour, type Walk } from '../graphTour.ts'
import { isReply, startStandInBudget } from './standInBudget.ts'

type DialogMachine<F extends object, P, V> = ReturnType<typeof createFormDialogMachine<F, P, V>>

type Harness<F extends object, P, V> = {
  readonly dialog: ReturnType<typeof createActor<DialogMachine<F, P, V>>>
  readonly requests: BudgetCommandRequest[]
}

type Fixture<F extends object, P, V> = {
  readonly samples: ReadonlyArray<FormDialogEvent<F>>
  readonly exec: (event: FormDialogEvent<F>, harness: Harness<F, P, V>) => void
}

const REPLIES = {
  applied: { type: 'budget.commandApplied', commandIds: [CommandId.make('cmd-1')] },
  refused: {
    type: 'budget.commandRefused',
    refusal: { kind: 'domain', error: { _tag: 'BudgetNotFound', code: 'budget-not-found' } },
  },
  notReady: { type: 'budget.commandRefused', refusal: { kind: 'notReady' } },
} satisfies Record<string, CommandReply>

/** The budget answers the request the dialog just sent, as the open-budget actor does. */
const answerLastRequest = <F extends object, P, V>(
  event: FormDialogEvent<F>,
  { requests }: Harness<F, P, V>,
) => {
  const request = requests.at(-1)
  if (!request?.replyTo) throw new Error('the dialog replied to nothing: no request is waiting')
  request.replyTo.send(event)
}

/**
 * Model-based test of one form dialog: the graph of its chart over the given field changes, replayed as a
 * transition tour against a real actor whose budget is a recorder answering like the open budget; then
 * every transition of the chart must have been walked.
 */
export const describeFormDialogModel = <F extends object, P, V>(
  name: string,
  machine: DialogMachine<F, P, V>,
  props: P,
  changes: ReadonlyArray<FieldChange<F>>,
) => {
  type Snapshot = SnapshotFrom<DialogMachine<F, P, V>>
  const fixtures = {
    'form.change': { samples: changes, exec: (event, { dialog }) => dialog.send(event) },
    'dialog.submit': {
      samples: [{ type: 'dialog.submit' }],
      exec: (event, { dialog }) => dialog.send(event),
    },
    'dialog.cancel': {
      samples: [{ type: 'dialog.cancel' }],
      exec: (event, { dialog }) => dialog.send(event),
    },
    'discard.confirm': {
      samples: [{ type: 'discard.confirm' }],
      exec: (event, { dialog }) => dialog.send(event),
    },
    'discard.keep': {
      samples: [{ type: 'discard.keep' }],
      exec: (event, { dialog }) => dialog.send(event),
    },
    'budget.commandApplied': { samples: [REPLIES.applied], exec: answerLastRequest },
    'budget.commandRefused': { samples: [REPLIES.refused, REPLIES.notReady], exec: answerLastRequest },
  } satisfies Record<FormDialogEvent<F>['type'], Fixture<F, P, V>>

  const recorder = createTransitionRecorder()
  const serializeState = (snapshot: Snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      fields: snapshot.context.fields,
      errors: Object.keys(snapshot.context.errors).sort(),
      refusal: snapshot.context.refusal?.kind ?? null,
      applied: snapshot.context.commandIds.length,
    })

  const inputWith = (budget: AnyActorRef): FormDialogInput<P> => ({
    budget,
    currency: CurrencyCode.make('PLN'),
    locale: 'pl-PL',
    newId: () => 'new-id',
    props,
  })

  const startHarness = (): Harness<F, P, V> => {
    const { budget, requests } = startStandInBudget()
    const dialog = createActor(machine, { input: inputWith(budget), inspect: recorder.inspect }).start()
    return { dialog, requests }
  }

  const replay = (walk: Walk<Snapshot, FormDialogEvent<F>>) => {
    const harness = startHarness()
    let submits = 0
    for (const [index, step] of walk.steps.entries()) {
      const fixture: Fixture<F, P, V> = fixtures[step.event.type]
      fixture.exec(step.event, harness)
      const snapshot = harness.dialog.getSnapshot()
      expect(serializeState(snapshot), `step ${index}: ${JSON.stringify(step.event)}`).toBe(
        serializeState(step.state),
      )
      if (snapshot.value === 'submitting') submits += 1
      // Exactly one request per entry into submitting, never one without it.
      expect(harness.requests).toHaveLength(submits)
    }
    harness.dialog.stop()
  }

  describe(`${name} dialog model`, () => {
    it('replays every edge of its graph against a real actor', () => {
      const model = new TestModel(machine, {
        input: inputWith(createActor(createMachine({})).start()),
        events: Object.values(fixtures).flatMap(
          (fixture): ReadonlyArray<FormDialogEvent<F>> => fixture.samples,
        ),
        // A closed dialog is stopped: nothing reaches it (else every event from a final state is an edge the tour
        // walks, and xstate warns of an event sent to a stopped actor). Replies only answer a waiting request; the
        // user acts only when no request is waiting.
        // The discard question takes only its two answers, and they mean nothing elsewhere.
        filterEvents: (snapshot, event) =>
          snapshot.status === 'active' &&
          (snapshot.value === 'submitting') === isReply(event.type) &&
          (snapshot.value === 'confirmingDiscard') === event.type.startsWith('discard.'),
        serializeState,
      })
      const { walks } = modelTour(model, serializeState)
      for (const walk of walks) replay(walk)
    })

    it('walked every transition of the chart', () => {
      expect(recorder.missingFrom(machine)).toEqual([])
    })
  })
}
