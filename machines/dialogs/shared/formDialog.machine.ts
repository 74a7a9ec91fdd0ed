import { type AnyActorRef, assign, enqueueActions, setup } from 'xstate'
import type { CommandId } from '../../../schemas/ids.ts'
import type { AnalyticsTrack } from '../../analytics/analytics.machine.ts'
import { ANALYTICS_SYSTEM_ID } from '../../app/app.ids.ts'
import type {
  BudgetCommandRequest,
  CommandDraft,
  CommandRefusal,
  CommandReply,
} from '../../openBudget/budget.protocol.ts'
import type { DialogEnv } from './dialog.env.ts'
import type { Checked, FieldErrors, FormEnv } from './dialog.validation.ts'

/** One `form.change` per field, typed by that field's value. */
export type FieldChange<F> = { type: 'form.change'; field: keyof F & string; value: F[keyof F & string] }

/** Typed per field for views: `const change = fieldChange<AssignMoneyFields>(); send(change('amount', text))`. */
export const fieldChange =
  <F>() =>
  <K extends keyof F & string>(field: K, value: F[K]): FieldChange<F> => ({
    type: 'form.change',
    field,
    value,
  })

/** The answers to "discard the unsaved changes?", asked when a changed form is cancelled. */
export type DiscardEvent = { type: 'discard.confirm' } | { type: 'discard.keep' }

export type FormDialogEvent<F> =
  | FieldChange<F>
  | { type: 'dialog.submit' }
  | { type: 'dialog.cancel' }
  | DiscardEvent
  | CommandReply

export type FormDialogInput<P> = DialogEnv & { readonly props: P }

export type FormDialogContext<F, P> = {
  readonly env: DialogEnv
  readonly props: P
  readonly fields: F
  /** The fields as the form opened: cancelling asks first when they differ (`isDirty`). */
  readonly initialFields: F
  /** Shown after a submit attempt; a field's error clears when the user changes it. */
  readonly errors: FieldErrors<F>
  /** Why the budget refused the commands (domain rule or not loaded). */
  readonly refusal: CommandRefusal | null
  readonly commandIds: ReadonlyArray<CommandId>
}

export type FormDialogOutput = { readonly commandIds: ReadonlyArray<CommandId> }

/** What makes one dialog flow: its fields, its pure check, the commands it builds, what it reports. */
export type FormDialogSpec<F, P, V> = {
  readonly id: string
  readonly initialFields: (props: P, env: FormEnv) => F
  readonly check: (fields: F, props: P, env: FormEnv) => Checked<V, F>
  readonly build: (value: V, props: P, newId: () => string) => ReadonlyArray<CommandDraft>
  readonly analytics?: (value: V, props: P) => AnalyticsTrack | null
  /** The form can be submitted unchanged (an edit form): then it closes without sending anything. */
  readonly closesUnchanged?: boolean
}

const passed = <V, F>(checked: Checked<V, F>): V | null => (checked.ok ? checked.value : null)

/** An edit a dialog adds to the shared chart besides `form.change` (an action of its setup, maybe guarded). */
export type FormDialogEdit = { readonly actions: string; readonly guard?: string }

type EditBack<E> = { readonly [K in keyof E]: E[K] & { readonly target: 'editing' } }

const CANCEL = { target: 'cancelling' } as const

/** Plain form values (text, numbers, ids, lists of them) compared by content: the `isDirty` of every form. */
export const fieldsDiffer = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return false
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return true
  if (Array.isArray(a) !== Array.isArray(b)) return true
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const key of keys)
    if (fieldsDiffer((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return true
  return false
}

/**
 * The states of the chart every form dialog shares, for a machine whose setup names its actions (changeField,
 * showErrors, clearRefusal, requestCommands, rememberApplied, rememberRefusal, trackSuccess) and guards
 * (fieldsAreValid, isDirty — see `fieldsDiffer` — and any of `unchanged`). A dialog with edits beyond `form.change` (the transaction editor's splits)
 * passes them: they edit while editing, and from failed they edit and go back to editing.
 */
export const formDialogStates = <
  const E extends Record<string, FormDialogEdit>,
  const U extends ReadonlyArray<{ readonly guard: string; readonly target: 'done' }>,
>(options: {
  readonly edits: E
  /** Tried before the check's outcome: an edit form submitted unchanged closes. */
  readonly unchanged: U
}) => {
  // The same edits, each going back to editing; fromEntries loses the keys' types, which the mapped type restores.
  const editsBack = Object.fromEntries(
    Object.entries(options.edits).map(([type, edit]) => [type, { ...edit, target: 'editing' }]),
  ) as EditBack<E>
  return {
    // The user fills the form.
    editing: {
      on: {
        'form.change': { actions: 'changeField' },
        ...options.edits,
        'dialog.submit': { target: 'validating' },
        'dialog.cancel': CANCEL,
      },
    },
    // Pure check of every field; errors show all at once. An unchanged edit form just closes.
    validating: {
      entry: 'showErrors',
      always: [
        ...options.unchanged,
        { guard: 'fieldsAreValid', target: 'submitting' },
        { target: 'editing' },
      ],
    },
    // The commands went to the budget; it answers at once (applied optimistically, or refused by the domain).
    submitting: {
      entry: 'requestCommands',
      on: {
        'budget.commandApplied': { target: 'done', actions: ['rememberApplied', 'trackSuccess'] },
        'budget.commandRefused': { target: 'failed', actions: 'rememberRefusal' },
      },
    },
    // The budget refused; the reason shows until the user changes something or tries again.
    failed: {
      exit: 'clearRefusal',
      on: {
        'form.change': { target: 'editing', actions: 'changeField' },
        ...editsBack,
        'dialog.submit': { target: 'validating' },
        'dialog.cancel': CANCEL,
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
    // Applied; the view closes the dialog.
    done: { type: 'final' },
    // Closed without a change.
    cancelled: { type: 'final' },
  } as const
}

/**
 * The chart every form dialog shares: editing → validating → submitting → done, or back to editing with field
 * errors, or to failed with the budget's refusal; cancel from anywhere the user can act (asking first when the
 * fields were changed).
 */
export const createFormDialogMachine = <F extends object, P, V>(spec: FormDialogSpec<F, P, V>) => {
  type Context = FormDialogContext<F, P>
  type Event = FormDialogEvent<F>
  const commandsOf = (context: Context): ReadonlyArray<CommandDraft> => {
    const value = passed(spec.check(context.fields, context.props, context.env))
    return value === null ? [] : spec.build(value, context.props, context.env.newId)
  }
  return setup({
    // XState's type-only slots (its documented idiom): these objects are never read at runtime.
    types: {
      context: {} as Context,
      events: {} as Event,
      input: {} as FormDialogInput<P>,
      output: {} as FormDialogOutput,
    },
    guards: {
      fieldsAreValid: ({ context }) => spec.check(context.fields, context.props, context.env).ok,
      isDirty: ({ context }) => fieldsDiffer(context.fields, context.initialFields),
      // Valid, and nothing to send: an edit form submitted unchanged.
      closesUnchanged: ({ context }) =>
        spec.check(context.fields, context.props, context.env).ok && commandsOf(context).length === 0,
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
      requestCommands: enqueueActions(({ context, enqueue, self }) => {
        const request: BudgetCommandRequest = {
          type: 'budget.command',
          commands: commandsOf(context),
          replyTo: self,
        }
        enqueue.sendTo(context.env.budget, request)
      }),
      rememberApplied: assign({
        commandIds: ({ event }) => (event.type === 'budget.commandApplied' ? event.commandIds : []),
      }),
      rememberRefusal: assign({
        refusal: ({ event }) => (event.type === 'budget.commandRefused' ? event.refusal : null),
      }),
      trackSuccess: enqueueActions(({ context, enqueue, system }) => {
        const value = passed(spec.check(context.fields, context.props, context.env))
        const track = value === null || !spec.analytics ? null : spec.analytics(value, context.props)
        const analytics: AnyActorRef | undefined = context.env.analytics ?? system.get(ANALYTICS_SYSTEM_ID)
        if (track && analytics) enqueue.sendTo(analytics, track)
      }),
    },
  }).createMachine({
    id: spec.id,
    context: ({ input }) => {
      const { props, ...env } = input
      const fields = spec.initialFields(props, env)
      return { env, props, fields, initialFields: fields, errors: {}, refusal: null, commandIds: [] }
    },
    initial: 'editing',
    output: ({ context }) => ({ commandIds: context.commandIds }),
    states: formDialogStates({
      edits: {},
      unchanged: spec.closesUnchanged ? [{ guard: 'closesUnchanged', target: 'done' }] : [],
    }),
  })
}
