import { describe, expect, it } from 'vitest'
import { type ActorLogic, createActor, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import type { FieldChange } from '../../../machines/dialogs/shared/index.ts'
import {
  closeLoanMachine,
  createLoanFormMachine,
  type LoanFormEvent,
  type LoanFormInput,
  type LoansPort,
  type LoanWrite,
  type LoanWriteOutcome,
  loanActivityMachine,
  loanPaymentMachine,
  selectWhatIf,
} from '../../../machines/loans/index.ts'
import {
  buildNewLoan,
  checkNewLoan,
  type NewLoanFields,
  newLoanFieldOf,
  newLoanFields,
} from '../../../machines/loans/loan.forms.ts'
import { LoanId } from '../../../schemas/ids.ts'
import type { Loan } from '../../../schemas/loans.ts'
import { CurrencyCode, IsoDate, Minor } from '../../../schemas/money.ts'
import { createTransitionRecorder } from '../chartCoverage.ts'
import { modelTour, replayWalk, type Walk } from '../graphTour.ts'

// Issue 32's loan dialogs on their shared chart (machines/loans/loanForm.machine.ts): each walked over its graph
// against a real actor whose loans port is scripted — written, refused with a code (shown beside its field), failed,
// offline, or a bug below the port — and every transition of each chart walked at least once.

const LOAN: Loan = {
  id: LoanId.make('loan-1'),
  name: 'Hipoteka',
  principal: Minor.make(30_000_000),
  annualRate: '3.3',
  installments: 360,
  paymentType: 'Constant',
  firstPaymentDate: IsoDate.make('2027-01-05'),
  bankAccountId: null,
  categoryId: null,
  state: 'Active',
  activities: [],
}

/** What the server may answer a write with. */
const OUTCOMES = {
  written: { ok: true, loan: LOAN },
  refused: { ok: false, status: 422, code: 'loan-rate-out-of-range' },
  failed: { ok: false, status: 500, code: 'internal_error' },
  offline: { ok: false, status: null, code: null },
} satisfies Record<string, LoanWriteOutcome>

type LoanFormMachine<F extends object, P, V> = ReturnType<typeof createLoanFormMachine<F, P, V>>

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const describeLoanFormModel = <F extends object, P, V>(
  name: string,
  machine: LoanFormMachine<F, P, V>,
  props: P,
  changes: ReadonlyArray<FieldChange<F>>,
  check?: (snapshot: SnapshotFrom<LoanFormMachine<F, P, V>>) => void,
  /** Transitions the form's fields cannot reach (a form with nothing to type is never invalid nor changed). */
  unreachable: ReadonlyArray<string> = [],
) => {
  type M = LoanFormMachine<F, P, V>
  type Snapshot = SnapshotFrom<M>
  type Harness = {
    readonly actor: ReturnType<typeof createActor<M>>
    readonly writes: LoanWrite[]
    readonly pending: Array<(outcome: LoanWriteOutcome | Error) => void>
  }
  const done = `xstate.done.actor.0.${machine.id}.submitting`
  const error = `xstate.error.actor.0.${machine.id}.submitting`
  type ModelEvent =
    | LoanFormEvent<F>
    | { type: typeof done; output: LoanWriteOutcome }
    | { type: typeof error; error: Error }
  type Fixture = {
    readonly samples: ReadonlyArray<ModelEvent>
    readonly exec: (event: ModelEvent, harness: Harness) => Promise<void>
  }
  const send = async (event: ModelEvent, { actor }: Harness) => {
    // The user's events; the port's answers are sent by resolving the request below.
    ;(actor.send as (event: ModelEvent) => void)(event)
    await settle()
  }
  const answer = async (event: ModelEvent, { pending }: Harness) => {
    const resolve = pending.shift()
    if (resolve === undefined) throw new Error('no write waiting for an answer')
    resolve('output' in event ? event.output : 'error' in event ? event.error : new Error('no answer'))
    await settle()
  }
  const fixtures: Record<ModelEvent['type'], Fixture> = {
    'form.change': { samples: changes, exec: send },
    'dialog.submit': { samples: [{ type: 'dialog.submit' }], exec: send },
    'dialog.cancel': { samples: [{ type: 'dialog.cancel' }], exec: send },
    'discard.confirm': { samples: [{ type: 'discard.confirm' }], exec: send },
    'discard.keep': { samples: [{ type: 'discard.keep' }], exec: send },
    [done]: { samples: Object.values(OUTCOMES).map((output) => ({ type: done, output })), exec: answer },
    [error]: { samples: [{ type: error, error: new Error('bug below the port') }], exec: answer },
  }

  const scriptedPort = (wire: Pick<Harness, 'writes' | 'pending'>): LoansPort => ({
    write: (_budgetId, write) =>
      new Promise((resolve, reject) => {
        wire.writes.push(write)
        wire.pending.push((outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)))
      }),
  })
  const inputWith = (port: LoansPort): LoanFormInput<P> => ({
    port,
    budgetId: 'budget-1',
    currency: CurrencyCode.make('PLN'),
    locale: 'pl',
    props,
  })
  const serializeState = (snapshot: Snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      fields: snapshot.context.fields,
      errors: snapshot.context.errors,
      refusal: snapshot.context.refusal?.kind ?? null,
      loan: snapshot.context.loan?.id ?? null,
    })
  const recorder = createTransitionRecorder()

  const replay = (walk: Walk<Snapshot, ModelEvent>) =>
    replayWalk(walk, {
      start: () => {
        const wire: Pick<Harness, 'writes' | 'pending'> = { writes: [], pending: [] }
        const actor = createActor(machine, {
          input: inputWith(scriptedPort(wire)),
          inspect: recorder.inspect,
        })
        const harness: Harness = { actor: actor.start(), ...wire }
        return harness
      },
      execute: (event, harness) => {
        const fixture = fixtures[event.type]
        if (fixture === undefined) throw new Error(`no fixture for ${event.type}`)
        return fixture.exec(event, harness)
      },
      serializeState,
      afterStep: (snapshot, step, harness, before) => {
        // Exactly one write per entry into submitting, of what the form says; nothing typed is ever lost.
        const entered = snapshot.value === 'submitting' && before.value !== 'submitting'
        if (entered) expect(harness.pending).toHaveLength(1)
        if (step.event.type !== 'form.change') expect(snapshot.context.fields).toEqual(before.context.fields)
        // A refusal with a code is shown beside a field, as the domain's message.
        if (snapshot.value === 'failed' && snapshot.context.refusal === null)
          expect(Object.values(snapshot.context.errors)).toContainEqual({
            key: 'budget.errors.loan-rate-out-of-range',
          })
        check?.(snapshot)
      },
    })

  describe(`${name} dialog model`, () => {
    it('replays every edge of its graph against a real actor and a scripted loans port', async () => {
      const logic = machine as unknown as ActorLogic<Snapshot, ModelEvent, LoanFormInput<P>>
      const model = new TestModel(logic, {
        input: inputWith(scriptedPort({ writes: [], pending: [] })),
        events: Object.values(fixtures).flatMap((fixture) => fixture.samples),
        // A closed dialog is stopped; answers come only while a write waits; the discard question takes only its
        // two answers, and they mean nothing elsewhere.
        filterEvents: (snapshot, event) =>
          snapshot.status === 'active' &&
          (snapshot.value === 'submitting') === event.type.startsWith('xstate.') &&
          (snapshot.value === 'confirmingDiscard') === event.type.startsWith('discard.'),
        serializeState,
      })
      const { walks } = modelTour(model, serializeState)
      for (const walk of walks) await replay(walk)
    }, 60_000)

    it('walked every transition of the chart', () => {
      expect(recorder.missingFrom(machine)).toEqual(unreachable)
    })
  })
}

// The new-loan form starts filled but for its name: the walks then reach every answer of the server.
const filledNewLoan = createLoanFormMachine({
  id: 'newLoan',
  initialFields: (): NewLoanFields => ({
    ...newLoanFields(),
    principal: '300000',
    annualRate: '3,3',
    years: '30',
    firstPaymentDate: '05.01.2027',
  }),
  check: checkNewLoan,
  build: buildNewLoan,
  fieldOf: newLoanFieldOf,
})

describeLoanFormModel('new loan', filledNewLoan, { categoryGroupName: 'Kredyty' }, [
  { type: 'form.change', field: 'name', value: '' },
  { type: 'form.change', field: 'name', value: 'Hipoteka' },
] satisfies ReadonlyArray<FieldChange<NewLoanFields>>)

describeLoanFormModel(
  'overpayment',
  loanActivityMachine,
  { loan: LOAN, type: 'PrincipalChange', installment: 1, lastInstallment: 360, todayText: '27.11.2026' },
  [
    { type: 'form.change', field: 'value', value: '' },
    { type: 'form.change', field: 'value', value: '20000' },
  ],
  // The what-if follows the typed amount, before anything is written.
  (snapshot) => {
    const whatIf = selectWhatIf(snapshot)
    if (snapshot.context.fields.value === '') expect(whatIf).toBeNull()
    else expect(whatIf?.ok && whatIf.effect.installmentsSaved > 0).toBe(true)
  },
)

describeLoanFormModel(
  'pay an installment',
  loanPaymentMachine,
  { loan: LOAN, installment: 1, lastInstallment: 360, dateText: '05.01.2027', bankAccountId: '' },
  [{ type: 'form.change', field: 'fromBankAccountId', value: 'account-1' }],
)

// Closing has nothing to type: its form is always valid and never changed, so it never shows errors nor asks
// whether to discard changes.
describeLoanFormModel('close a loan', closeLoanMachine, { loan: LOAN }, [], undefined, [
  'closeLoan.editing --form.change--> (self)',
  'closeLoan.failed --form.change--> closeLoan.editing',
  'closeLoan.confirmingDiscard --discard.confirm--> closeLoan.cancelled',
  'closeLoan.confirmingDiscard --discard.keep--> closeLoan.editing',
  'closeLoan.validating --(always)--> closeLoan.editing',
  'closeLoan.cancelling --(always) ["isDirty"]--> closeLoan.confirmingDiscard',
])
