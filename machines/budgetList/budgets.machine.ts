import { type AnyActorRef, assign, enqueueActions, setup } from 'xstate'
import type { BudgetId } from '../../schemas/ids.ts'
import { TOASTS_SYSTEM_ID } from '../app/app.ids.ts'
import {
  type BudgetCommandRequest,
  budgetErrorMessageKey,
  type CommandApplied,
  type CommandRefused,
} from '../openBudget/budget.protocol.ts'
import { type ApiErrorLike, toastFromApiError } from '../toasts/toasts.errors.ts'
import type { ToastShow } from '../toasts/toasts.machine.ts'
import { listBudgets, writeBudget } from './budgets.actors.ts'
import type { BudgetSummary, BudgetsPort, ListOutcome, WriteOutcome } from './budgets.port.ts'
import { applyWrite, type BudgetWrite, planWrite } from './budgets.write.ts'

/** Success toasts of writes whose result is not otherwise visible (the view navigates or nothing in it changes). */
export const RESET_DONE_MESSAGE_KEY = 'budgets.toast.reset'
export const DELETE_DONE_MESSAGE_KEY = 'budgets.toast.deleted'

export type BudgetsInput = {
  readonly port: BudgetsPort
  /** Where toasts go; without it, the actor system's 'toasts' actor. */
  readonly toasts?: AnyActorRef
}

/** The request being written: what goes over HTTP and who hears the answer. */
export type WriteInFlight = { readonly write: BudgetWrite; readonly replyTo: AnyActorRef | null }

export type BudgetsContext = {
  readonly port: BudgetsPort
  readonly toasts: AnyActorRef | null
  /** The caller's budgets, as the server listed them and the writes since changed them. */
  readonly budgets: ReadonlyArray<BudgetSummary>
  readonly loadError: ApiErrorLike | null
  /** The budget RenameBudget / ChangeCurrency / ResetBudget / DeleteBudget drafts apply to (drafts name none). */
  readonly target: BudgetId | null
  readonly inFlight: WriteInFlight | null
  /** The budget the last successful create made (the view opens it). */
  readonly created: BudgetId | null
}

export type BudgetsEvent =
  | BudgetCommandRequest
  | { type: 'budgets.target'; budgetId: BudgetId | null }
  | { type: 'budgets.retry' }

const toastsOf = (context: BudgetsContext, system: { get: (id: string) => AnyActorRef | undefined }) =>
  context.toasts ?? system.get(TOASTS_SYSTEM_ID) ?? null

export const budgetsMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as BudgetsContext,
    events: {} as BudgetsEvent,
    input: {} as BudgetsInput,
  },
  actors: { listBudgets, writeBudget },
  guards: {
    listSucceeded: (_, params: { outcome: ListOutcome }) => params.outcome.ok,
    requestIsPlanned: ({ context, event }) =>
      event.type === 'budget.command' && planWrite(event.commands, context.target, context.budgets).ok,
    writeWas: (_, params: { outcome: WriteOutcome; expected: WriteOutcome['outcome'] }) =>
      params.outcome.outcome === params.expected,
  },
  actions: {
    acceptList: assign((_, params: { outcome: ListOutcome }) =>
      params.outcome.ok ? { budgets: params.outcome.budgets, loadError: null } : {},
    ),
    rememberLoadError: assign({
      loadError: (_, params: { outcome: ListOutcome }) => (params.outcome.ok ? null : params.outcome.error),
    }),
    setTarget: assign({
      target: ({ context, event }) => (event.type === 'budgets.target' ? event.budgetId : context.target),
    }),
    startWrite: assign({
      inFlight: ({ context, event }) => {
        if (event.type !== 'budget.command') return null
        const planned = planWrite(event.commands, context.target, context.budgets)
        return planned.ok ? { write: planned.write, replyTo: event.replyTo ?? null } : null
      },
    }),
    refuseRequest: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'budget.command' || !event.replyTo) return
      const planned = planWrite(event.commands, context.target, context.budgets)
      if (planned.ok) return
      enqueue.sendTo(event.replyTo, {
        type: 'budget.commandRefused',
        refusal: planned.refusal,
      } satisfies CommandRefused)
    }),
    refuseNotReady: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'budget.command' || !event.replyTo) return
      enqueue.sendTo(event.replyTo, {
        type: 'budget.commandRefused',
        refusal: { kind: 'notReady' },
      } satisfies CommandRefused)
    }),
    applyWritten: enqueueActions(({ context, enqueue, system }, params: { outcome: WriteOutcome }) => {
      const { inFlight } = context
      if (inFlight === null || params.outcome.outcome !== 'done') return
      const answer = params.outcome.budget
      enqueue.assign({
        budgets: applyWrite(context.budgets, inFlight.write, answer),
        created: inFlight.write.kind === 'create' && answer !== null ? answer.id : context.created,
        inFlight: null,
      })
      if (inFlight.replyTo)
        enqueue.sendTo(inFlight.replyTo, {
          type: 'budget.commandApplied',
          commandIds: [],
        } satisfies CommandApplied)
      const toasts = toastsOf(context, system)
      const messageKey =
        inFlight.write.kind === 'reset'
          ? RESET_DONE_MESSAGE_KEY
          : inFlight.write.kind === 'delete'
            ? DELETE_DONE_MESSAGE_KEY
            : null
      if (toasts && messageKey !== null)
        enqueue.sendTo(toasts, { type: 'toast.show', kind: 'success', messageKey } satisfies ToastShow)
    }),
    answerRefusal: enqueueActions(({ context, enqueue, system }, params: { outcome: WriteOutcome }) => {
      const { inFlight } = context
      if (inFlight === null || params.outcome.outcome !== 'refused') return
      enqueue.assign({ inFlight: null })
      // A dialog shows the refusal itself; without one asking, the toast tells.
      if (inFlight.replyTo)
        enqueue.sendTo(inFlight.replyTo, {
          type: 'budget.commandRefused',
          refusal: { kind: 'domain', error: params.outcome.error },
        } satisfies CommandRefused)
      else {
        const toasts = toastsOf(context, system)
        if (toasts)
          enqueue.sendTo(toasts, {
            type: 'toast.show',
            kind: 'error',
            messageKey: budgetErrorMessageKey(params.outcome.error),
          } satisfies ToastShow)
      }
    }),
    answerFailure: enqueueActions(({ context, enqueue, system }, params: { outcome: WriteOutcome }) => {
      const { inFlight } = context
      if (inFlight === null || params.outcome.outcome !== 'failed') return
      enqueue.assign({ inFlight: null })
      const toasts = toastsOf(context, system)
      if (toasts) enqueue.sendTo(toasts, { type: 'toast.show', ...toastFromApiError(params.outcome.error) })
      // The dialog stays open so the user can try again (nothing is known to have changed).
      if (inFlight.replyTo)
        enqueue.sendTo(inFlight.replyTo, {
          type: 'budget.commandRefused',
          refusal: { kind: 'failed' },
        } satisfies CommandRefused)
    }),
  },
}).createMachine({
  id: 'budgets',
  context: ({ input }) => ({
    port: input.port,
    toasts: input.toasts ?? null,
    budgets: [],
    loadError: null,
    target: null,
    inFlight: null,
    created: null,
  }),
  initial: 'loading',
  on: { 'budgets.target': { actions: 'setTarget' } },
  states: {
    // Reading the caller's budgets; nothing can be written before the list is known.
    loading: {
      invoke: {
        id: 'list',
        src: 'listBudgets',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          {
            guard: { type: 'listSucceeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: { type: 'acceptList', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'loadFailed',
            actions: { type: 'rememberLoadError', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
      },
      on: { 'budget.command': { actions: 'refuseNotReady' } },
    },
    // The list could not be read; the view offers a retry.
    loadFailed: {
      on: {
        'budgets.retry': { target: 'loading' },
        'budget.command': { actions: 'refuseNotReady' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        // The list is shown; one write at a time.
        idle: {
          on: {
            'budget.command': [
              { guard: 'requestIsPlanned', target: 'writing', actions: 'startWrite' },
              { actions: 'refuseRequest' },
            ],
          },
        },
        // One write is on the wire; its asker hears back when the server answers.
        writing: {
          invoke: {
            id: 'write',
            src: 'writeBudget',
            input: ({ context }) => ({
              port: context.port,
              // Entered only through startWrite, which sets the write.
              write: (context.inFlight as WriteInFlight).write,
            }),
            onDone: [
              {
                guard: {
                  type: 'writeWas',
                  params: ({ event }) => ({ outcome: event.output, expected: 'done' as const }),
                },
                target: 'idle',
                actions: { type: 'applyWritten', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                guard: {
                  type: 'writeWas',
                  params: ({ event }) => ({ outcome: event.output, expected: 'refused' as const }),
                },
                target: 'idle',
                actions: { type: 'answerRefusal', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                target: 'idle',
                actions: { type: 'answerFailure', params: ({ event }) => ({ outcome: event.output }) },
              },
            ],
          },
          on: { 'budget.command': { actions: 'refuseNotReady' } },
        },
      },
    },
  },
})
