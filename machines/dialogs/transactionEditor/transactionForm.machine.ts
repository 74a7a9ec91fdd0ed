import { type AnyActorRef, assign, enqueueActions, setup } from 'xstate'
import type { CategoryId, CommandId } from '../../../schemas/ids.ts'
import type { AnalyticsTrack } from '../../analytics/analytics.machine.ts'
import { ANALYTICS_SYSTEM_ID } from '../../app/app.ids.ts'
import type {
  BudgetCommandRequest,
  CommandDraft,
  CommandRefusal,
  CommandReply,
} from '../../openBudget/budget.protocol.ts'
import type { DialogEnv } from '../shared/dialog.env.ts'
import { type DiscardEvent, fieldsDiffer, formDialogStates } from '../shared/formDialog.machine.ts'
import {
  buildTransaction,
  checkTransaction,
  initialTransactionFields,
  NO_ERRORS,
  type TransactionEditorProps,
  type TransactionErrors,
  type TransactionFields,
  withDirection,
} from './transactionEditor.form.ts'

type ScalarFields = Omit<TransactionFields, 'splits'>

export type TransactionFormEvent =
  | { type: 'form.change'; field: keyof ScalarFields; value: ScalarFields[keyof ScalarFields] }
  | { type: 'split.add' }
  | { type: 'split.remove'; index: number }
  | { type: 'split.setCategory'; index: number; categoryId: CategoryId | null }
  | { type: 'split.setAmount'; index: number; amount: string }
  | { type: 'dialog.submit' }
  | { type: 'dialog.cancel' }
  | DiscardEvent
  | CommandReply

export type TransactionFormInput = DialogEnv & { readonly props: TransactionEditorProps }

export type TransactionFormContext = {
  readonly env: DialogEnv
  readonly props: TransactionEditorProps
  readonly fields: TransactionFields
  /** The fields as the form opened: cancelling asks first when they differ. */
  readonly initialFields: TransactionFields
  readonly errors: TransactionErrors
  readonly refusal: CommandRefusal | null
  readonly commandIds: ReadonlyArray<CommandId>
}

const commandsOf = (context: TransactionFormContext): ReadonlyArray<CommandDraft> => {
  const checked = checkTransaction(context.fields, context.env, context.props.trackingAccountIds)
  return checked.ok ? buildTransaction(checked.value, context.props, context.env.newId) : []
}

const withSplit = (
  context: TransactionFormContext,
  index: number,
  change: Partial<TransactionFields['splits'][number]>,
): TransactionFormContext['fields'] => ({
  ...context.fields,
  splits: context.fields.splits.map((split, at) => (at === index ? { ...split, ...change } : split)),
})

/**
 * The editor's form (a child of the editor's lifecycle, transactionEditor.machine.ts): the shared form-dialog
 * chart's states, plus the split edits.
 */
export const transactionFormMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as TransactionFormContext,
    events: {} as TransactionFormEvent,
    input: {} as TransactionFormInput,
    output: {} as { readonly commandIds: ReadonlyArray<CommandId> },
  },
  guards: {
    fieldsAreValid: ({ context }) =>
      checkTransaction(context.fields, context.env, context.props.trackingAccountIds).ok,
    isDirty: ({ context }) => fieldsDiffer(context.fields, context.initialFields),
    hasSeveralSplits: ({ context }) => context.fields.splits.length > 1,
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {}
      const { [event.field]: _cleared, ...rest } = context.errors.fields
      const changed = { ...context.fields, [event.field]: event.value }
      return {
        fields:
          event.field === 'direction'
            ? withDirection(context.fields, changed.direction, context.props.incomeCategoryId)
            : changed,
        errors: { ...context.errors, fields: rest },
      }
    }),
    addSplit: assign({
      fields: ({ context }) => ({
        ...context.fields,
        splits: [...context.fields.splits, { categoryId: null, amount: '' }],
      }),
    }),
    removeSplit: assign(({ context, event }) => {
      if (event.type !== 'split.remove') return {}
      const splits = context.fields.splits.filter((_, at) => at !== event.index)
      if (splits.length > 1)
        return {
          fields: { ...context.fields, splits },
          errors: { ...context.errors, splits: context.errors.splits.filter((_, at) => at !== event.index) },
        }
      // One split takes the whole amount: its amount and the splits' sum are no longer the person's to fix (the
      // screen hides that field), so their errors go too.
      const { splits: _sum, ...fieldErrors } = context.errors.fields
      return { fields: { ...context.fields, splits }, errors: { fields: fieldErrors, splits: [] } }
    }),
    setSplitCategory: assign({
      fields: ({ context, event }) =>
        event.type === 'split.setCategory'
          ? withSplit(context, event.index, { categoryId: event.categoryId })
          : context.fields,
    }),
    setSplitAmount: assign({
      fields: ({ context, event }) =>
        event.type === 'split.setAmount'
          ? withSplit(context, event.index, { amount: event.amount })
          : context.fields,
    }),
    showErrors: assign({
      errors: ({ context }) => {
        const checked = checkTransaction(context.fields, context.env, context.props.trackingAccountIds)
        return checked.ok ? NO_ERRORS : checked.errors
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
      if (context.props.mode !== 'add') return
      const analytics: AnyActorRef | undefined = context.env.analytics ?? system.get(ANALYTICS_SYSTEM_ID)
      const track: AnalyticsTrack = {
        type: 'analytics.track',
        name: 'transaction_added',
        props: { splits: context.fields.splits.length, direction: context.fields.direction },
      }
      if (analytics) enqueue.sendTo(analytics, track)
    }),
  },
}).createMachine({
  id: 'transactionForm',
  context: ({ input }) => {
    const { props, ...env } = input
    const fields = initialTransactionFields(props, env)
    return {
      env,
      props,
      fields,
      initialFields: fields,
      errors: NO_ERRORS,
      refusal: null,
      commandIds: [],
    }
  },
  initial: 'editing',
  output: ({ context }) => ({ commandIds: context.commandIds }),
  // The shared form-dialog chart, with the split edits beside form.change.
  states: formDialogStates({
    // An edited transaction is sent even unchanged, as before the chart was shared.
    unchanged: [],
    edits: {
      'split.add': { actions: 'addSplit' },
      'split.remove': { guard: 'hasSeveralSplits', actions: 'removeSplit' },
      'split.setCategory': { actions: 'setSplitCategory' },
      'split.setAmount': { actions: 'setSplitAmount' },
    },
  }),
})
