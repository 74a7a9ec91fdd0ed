import { assign, type DoneActorEvent, setup } from 'xstate'
import type { Transaction } from '../../../schemas/budget.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { DeleteConfirmProps } from '../deleteConfirm/deleteConfirm.form.ts'
import { deleteConfirmMachine } from '../deleteConfirm/deleteConfirm.machine.ts'
import type { DialogEnv } from '../shared/dialog.env.ts'
import type { FormDialogInput, FormDialogOutput } from '../shared/formDialog.machine.ts'
import type { TransferCategoryProps } from '../transferCategory/transferCategory.form.ts'
import { transferCategoryMachine } from '../transferCategory/transferCategory.machine.ts'
import { type BudgetSource, watchBudget } from './transactionEditor.actors.ts'
import type { TransactionEditorProps } from './transactionEditor.form.ts'
import {
  type BudgetSeen,
  isGone,
  openingOf,
  type TransactionEditorRequest,
} from './transactionEditor.lifecycle.ts'
import { transactionFormMachine } from './transactionForm.machine.ts'

/** The form's and the delete confirm's ends, as the editor hears them (their ids are 'form' and 'deleteConfirm'). */
type FormDone = DoneActorEvent<FormDialogOutput, 'form'>
type DeleteDone = DoneActorEvent<FormDialogOutput, 'deleteConfirm'>
type TransferCategoryDone = DoneActorEvent<FormDialogOutput, 'transferCategory'>
type DeleteConfirmInput = FormDialogInput<DeleteConfirmProps>
type TransferCategoryInput = FormDialogInput<TransferCategoryProps>

export type TransactionEditorEvent =
  | BudgetSeen
  /** Close the editor as it stands (the loading, missing and transfer screens; the form cancels itself). */
  | { type: 'dialog.cancel' }
  /** Ask SPEC's confirm before deleting the transaction. */
  | { type: 'delete.ask' }
  /**
   * Change the category of a transfer across the budget's edge (issue 32 §2); `categoryId` is the one it carries
   * now, as the view reads it from the budget.
   */
  | { type: 'category.change'; categoryId: CategoryId | null }
  | FormDone
  | DeleteDone
  | TransferCategoryDone

export type TransactionEditorInput = DialogEnv & {
  /** The open budget, read for the transaction, its load state, payees and accounts. */
  readonly source: BudgetSource
  readonly request: TransactionEditorRequest
}

export type TransactionEditorContext = {
  readonly env: DialogEnv
  readonly source: BudgetSource
  readonly request: TransactionEditorRequest
  /** The form's props, read once when it opens: from then on the form keeps its own copy of the fields. */
  readonly props: TransactionEditorProps | null
  /** The transaction as the budget holds it now (edit and transfer); null when adding. */
  readonly transaction: Transaction | null
}

const seenTransaction = ({ event }: { event: TransactionEditorEvent }): Transaction | null =>
  event.type === 'editor.budgetChanged' ? event.transaction : null

const openingFor = (context: TransactionEditorContext, event: TransactionEditorEvent) =>
  event.type === 'editor.budgetChanged' ? openingOf(context.request, event) : null

// Unreachable: `editing` is entered only through openForm, which sets the props.
const blankProps = (request: TransactionEditorRequest): TransactionEditorProps => ({
  mode: 'add',
  today: request.today,
  payees: [],
})

/** SPEC's confirm deletes the transaction the editor was opened for. */
const deleteInput = (context: TransactionEditorContext): DeleteConfirmInput => {
  const { transactionId } = context.request
  return {
    ...context.env,
    props: {
      kind: 'commands',
      commands: transactionId === undefined ? [] : [{ _tag: 'DeleteTransaction', transactionId }],
    },
  }
}

/** The category dialog edits the transfer side the editor shows, starting from the category it carries now. */
const transferCategoryInput = (
  context: TransactionEditorContext,
  event: TransactionEditorEvent,
): TransferCategoryInput => ({
  ...context.env,
  props: {
    transaction: context.transaction,
    categoryId: event.type === 'category.change' ? event.categoryId : null,
  },
})

/**
 * The editor's lifecycle: it waits for the budget's transactions, then opens the form (add or edit), a transfer's
 * read-only side, or says the transaction is missing; it closes when the form ends, when the transaction is deleted
 * (here, after SPEC's confirm, or by someone else) or when the person closes it.
 */
export const transactionEditorMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as TransactionEditorContext,
    events: {} as TransactionEditorEvent,
    input: {} as TransactionEditorInput,
    children: {} as {
      form: 'transactionForm'
      deleteConfirm: 'deleteConfirm'
      transferCategory: 'transferCategory'
    },
  },
  actors: {
    watchBudget,
    transactionForm: transactionFormMachine,
    deleteConfirm: deleteConfirmMachine,
    transferCategory: transferCategoryMachine,
  },
  guards: {
    opensForm: ({ context, event }) => openingFor(context, event)?.kind === 'form',
    opensTransfer: ({ context, event }) => openingFor(context, event)?.kind === 'transfer',
    isMissing: ({ context, event }) => openingFor(context, event)?.kind === 'missing',
    isGone: ({ context, event }) => event.type === 'editor.budgetChanged' && isGone(context.request, event),
    isEditing: ({ context }) => context.props?.mode === 'edit',
    // A confirm that ends applied sent its delete (a cancelled one sent nothing).
    deleteWasApplied: ({ event }) =>
      event.type === 'xstate.done.actor.deleteConfirm' && event.output.commandIds.length > 0,
  },
  actions: {
    openForm: assign(({ context, event }) => {
      const opening = openingFor(context, event)
      return opening?.kind === 'form' ? { props: opening.props, transaction: seenTransaction({ event }) } : {}
    }),
    rememberTransaction: assign({ transaction: seenTransaction }),
  },
}).createMachine({
  id: 'transactionEditor',
  context: ({ input }) => {
    const { source, request, ...env } = input
    return { env, source, request, props: null, transaction: null }
  },
  invoke: {
    src: 'watchBudget',
    input: ({ context }) => ({ source: context.source, transactionId: context.request.transactionId }),
  },
  initial: 'waiting',
  states: {
    // The budget opens from its summary; the editor waits until its transactions are in.
    waiting: {
      on: {
        'editor.budgetChanged': [
          { guard: 'opensForm', target: 'editing', actions: 'openForm' },
          { guard: 'opensTransfer', target: 'transfer', actions: 'rememberTransaction' },
          { guard: 'isMissing', target: 'missing' },
        ],
        'dialog.cancel': { target: 'closed' },
      },
    },
    // The asked-for transaction is not in the budget (a stale link); it may still arrive.
    missing: {
      on: {
        'editor.budgetChanged': [
          { guard: 'opensForm', target: 'editing', actions: 'openForm' },
          { guard: 'opensTransfer', target: 'transfer', actions: 'rememberTransaction' },
        ],
        'dialog.cancel': { target: 'closed' },
      },
    },
    // The form (its own actor, 'form'); an edited transaction can be deleted from here.
    editing: {
      invoke: {
        id: 'form',
        src: 'transactionForm',
        input: ({ context }) => ({ ...context.env, props: context.props ?? blankProps(context.request) }),
        onDone: { target: 'closed' },
      },
      on: {
        'editor.budgetChanged': [{ guard: 'isGone', target: 'closed' }, { actions: 'rememberTransaction' }],
      },
      initial: 'filling',
      states: {
        // The person fills the form.
        filling: { on: { 'delete.ask': { guard: 'isEditing', target: 'confirmingDelete' } } },
        // SPEC's confirm over the form; a reconciled transaction's refusal shows in it.
        confirmingDelete: {
          invoke: {
            id: 'deleteConfirm',
            src: 'deleteConfirm',
            input: ({ context }) => deleteInput(context),
            onDone: [
              { guard: 'deleteWasApplied', target: '#transactionEditor.closed' },
              { target: 'filling' },
            ],
          },
        },
      },
    },
    // A transfer's side is shown read-only (the transfer dialog edits it); it can still be deleted.
    transfer: {
      on: {
        'editor.budgetChanged': [{ guard: 'isGone', target: 'closed' }, { actions: 'rememberTransaction' }],
        'dialog.cancel': { target: 'closed' },
      },
      initial: 'viewing',
      states: {
        // The person reads the transfer's side.
        viewing: {
          on: {
            'delete.ask': { target: 'confirmingDelete' },
            'category.change': { target: 'changingCategory' },
          },
        },
        // A transfer across the budget's edge: its category is chosen again over the transfer's side.
        changingCategory: {
          invoke: {
            id: 'transferCategory',
            src: 'transferCategory',
            input: ({ context, event }) => transferCategoryInput(context, event),
            onDone: { target: 'viewing' },
          },
        },
        // SPEC's confirm over the transfer's side.
        confirmingDelete: {
          invoke: {
            id: 'deleteConfirm',
            src: 'deleteConfirm',
            input: ({ context }) => deleteInput(context),
            onDone: [
              { guard: 'deleteWasApplied', target: '#transactionEditor.closed' },
              { target: 'viewing' },
            ],
          },
        },
      },
    },
    // Saved, deleted, gone or closed: the view closes the editor.
    closed: { type: 'final' },
  },
})
