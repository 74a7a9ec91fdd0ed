import { assign, fromPromise, setup } from 'xstate'
import type { Loan } from '../../schemas/loans.ts'
import type { Checked, FieldErrors, FormEnv } from '../dialogs/shared/dialog.validation.ts'
import type { DiscardEvent, FieldChange } from '../dialogs/shared/formDialog.machine.ts'
import { fieldsDiffer } from '../dialogs/shared/formDialog.machine.ts'
import type { CommandRefusal } from '../openBudget/budget.protocol.ts'
import type { LoansPort, LoanWrite, LoanWriteOutcome } from './loans.port.ts'

// The chart every loan dialog shares: the form-dialog chart (machines/dialogs/README.md), except that a valid form
// is one REST write (loans.port.ts) instead of a budget command — the server computes what the write creates (the
// loan's own account and category, a payment's transactions), so the browser has nothing to apply first.

export type LoanFormEvent<F> =
  | FieldChange<F>
  | { type: 'dialog.submit' }
  | { type: 'dialog.cancel' }
  | DiscardEvent

export type LoanFormEnv = FormEnv & { readonly port: LoansPort; readonly budgetId: string }

export type LoanFormInput<P> = LoanFormEnv & { readonly props: P }

export type LoanFormContext<F, P> = {
  readonly env: LoanFormEnv
  readonly props: P
  readonly fields: F
  readonly initialFields: F
  /** The check's errors, and a server refusal's (`budget.errors.<code>`) beside the field it is about. */
  readonly errors: FieldErrors<F>
  /** A refusal that names no field: the server failed or could not be reached (shown above the buttons). */
  readonly refusal: CommandRefusal | null
  /** The loan as the server answered it. */
  readonly loan: Loan | null
}

/** What makes one loan dialog: its fields, its pure check, the write it makes, where a refusal's message goes. */
export type LoanFormSpec<F, P, V> = {
  readonly id: string
  readonly initialFields: (props: P, env: FormEnv) => F
  readonly check: (fields: F, props: P, env: FormEnv) => Checked<V, F>
  readonly build: (value: V, props: P) => LoanWrite
  /**
   * The field a refusal's code is about (every 422 of the loan arithmetic is shown next to a field); null: none,
   * the refusal shows above the buttons.
   */
  readonly fieldOf: (code: string, props: P) => (keyof F & string) | null
}

type WriteInput = { readonly port: LoansPort; readonly budgetId: string; readonly write: LoanWrite | null }

/** A server refusal with a code of its own (422 loan-…, 400, 403) is the person's to fix; anything else failed. */
const isRefusal = (
  outcome: LoanWriteOutcome,
): outcome is Extract<LoanWriteOutcome, { ok: false }> & {
  readonly code: string
} => !outcome.ok && outcome.code !== null && outcome.status !== null && outcome.status < 500

export const createLoanFormMachine = <F extends object, P, V>(spec: LoanFormSpec<F, P, V>) => {
  type Context = LoanFormContext<F, P>
  const writeOf = (context: Context): LoanWrite | null => {
    const checked = spec.check(context.fields, context.props, context.env)
    return checked.ok ? spec.build(checked.value, context.props) : null
  }
  return setup({
    // XState's type-only slots (its documented idiom): these objects are never read at runtime.
    types: {
      context: {} as Context,
      events: {} as LoanFormEvent<F>,
      input: {} as LoanFormInput<P>,
    },
    actors: {
      writeLoan: fromPromise<LoanWriteOutcome, WriteInput>(({ input, signal }) =>
        input.write === null
          ? Promise.resolve({ ok: false, status: null, code: null })
          : input.port.write(input.budgetId, input.write, signal),
      ),
    },
    guards: {
      fieldsAreValid: ({ context }) => spec.check(context.fields, context.props, context.env).ok,
      isDirty: ({ context }) => fieldsDiffer(context.fields, context.initialFields),
      written: (_, params: { outcome: LoanWriteOutcome }) => params.outcome.ok,
      refused: (_, params: { outcome: LoanWriteOutcome }) => isRefusal(params.outcome),
    },
    actions: {
      changeField: assign(({ context, event }) => {
        if (event.type !== 'form.change') return {}
        const { [event.field]: _cleared, ...errors } = context.errors
        // Spreading a Partial<Record> minus one key keeps its type; TS widens the rest object.
        return { fields: { ...context.fields, [event.field]: event.value }, errors: errors as FieldErrors<F> }
      }),
      showErrors: assign({
        errors: ({ context }) => {
          const checked = spec.check(context.fields, context.props, context.env)
          return checked.ok ? {} : checked.errors
        },
      }),
      clearRefusal: assign({ refusal: null }),
      takeLoan: assign((_, params: { outcome: LoanWriteOutcome }) =>
        params.outcome.ok ? { loan: params.outcome.loan } : {},
      ),
      showRefusal: assign(({ context }, params: { outcome: LoanWriteOutcome }) => {
        if (!isRefusal(params.outcome)) return {}
        const field = spec.fieldOf(params.outcome.code, context.props)
        if (field === null) return { refusal: { kind: 'failed' } satisfies CommandRefusal }
        const errors: FieldErrors<F> = {
          ...context.errors,
          [field]: { key: `budget.errors.${params.outcome.code}` },
        }
        return { errors }
      }),
      rememberFailure: assign({ refusal: { kind: 'failed' } satisfies CommandRefusal }),
    },
  }).createMachine({
    id: spec.id,
    context: ({ input }) => {
      const { props, ...env } = input
      const fields = spec.initialFields(props, env)
      return { env, props, fields, initialFields: fields, errors: {}, refusal: null, loan: null }
    },
    initial: 'editing',
    states: {
      // The person fills the form.
      editing: {
        on: {
          'form.change': { actions: 'changeField' },
          'dialog.submit': { target: 'validating' },
          'dialog.cancel': { target: 'cancelling' },
        },
      },
      // Pure check of every field; errors show all at once.
      validating: {
        entry: 'showErrors',
        always: [{ guard: 'fieldsAreValid', target: 'submitting' }, { target: 'editing' }],
      },
      // The write is on the wire; the form stays as typed whatever the answer.
      submitting: {
        invoke: {
          src: 'writeLoan',
          input: ({ context }) => ({
            port: context.env.port,
            budgetId: context.env.budgetId,
            write: writeOf(context),
          }),
          onDone: [
            {
              guard: { type: 'written', params: ({ event }) => ({ outcome: event.output }) },
              target: 'done',
              actions: { type: 'takeLoan', params: ({ event }) => ({ outcome: event.output }) },
            },
            {
              guard: { type: 'refused', params: ({ event }) => ({ outcome: event.output }) },
              target: 'failed',
              actions: { type: 'showRefusal', params: ({ event }) => ({ outcome: event.output }) },
            },
            { target: 'failed', actions: 'rememberFailure' },
          ],
          onError: { target: 'failed', actions: 'rememberFailure' },
        },
      },
      // The server refused (the message stands next to its field) or failed; nothing typed is lost.
      failed: {
        exit: 'clearRefusal',
        on: {
          'form.change': { target: 'editing', actions: 'changeField' },
          'dialog.submit': { target: 'validating' },
          'dialog.cancel': { target: 'cancelling' },
        },
      },
      // Escape or Close: an untouched form closes at once, a changed one asks first.
      cancelling: {
        always: [{ guard: 'isDirty', target: 'confirmingDiscard' }, { target: 'cancelled' }],
      },
      // The person confirms losing the changes, or goes back to the form.
      confirmingDiscard: {
        on: {
          'discard.confirm': { target: 'cancelled' },
          'discard.keep': { target: 'editing' },
        },
      },
      // Written; the view closes the dialog.
      done: { type: 'final' },
      // Closed without a write.
      cancelled: { type: 'final' },
    },
  })
}
