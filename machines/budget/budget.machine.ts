import * as Result from 'effect/Result'
import { type AnyActorRef, assign, enqueueActions, setup } from 'xstate'
import { type BudgetState, initialState } from '../../domain/state.ts'
import { decidesOnTransactions } from '../../domain/summary.ts'
import type { BudgetCommand } from '../../schemas/budget-commands.ts'
import type { BudgetError } from '../../schemas/budget-errors.ts'
import type { BudgetId, CommandId, UserId } from '../../schemas/ids.ts'
import type { Instant } from '../../schemas/money.ts'
import { TOASTS_SYSTEM_ID } from '../app/app.ids.ts'
import { type ApiErrorLike, toastFromApiError } from '../toasts/toasts.errors.ts'
import type { ToastShow } from '../toasts/toasts.machine.ts'
import {
  budgetEvents,
  type EventsReceived,
  loadBudget,
  type SendCommandOutput,
  type StreamUnreadable,
  sendCommand,
} from './budget.actors.ts'
import { aliasesFor, type IdAliases, mergeAliases, withAliases } from './budget.aliases.ts'
import { applyAll, foldEvents, hasGap, rebase, stamp } from './budget.commands.ts'
import type { BudgetPort, LoadOutcome } from './budget.port.ts'
import {
  type BudgetCommandRequest,
  budgetErrorMessageKey,
  type CommandApplied,
  type CommandRefused,
} from './budget.protocol.ts'

/** An offline write is retried (same command id, so idempotent) after this pause. */
export const SEND_RETRY_MS = 2000

export const STALE_VERSION_MESSAGE_KEY = 'budget.staleReloaded'

export type BudgetInput = {
  readonly budgetId: BudgetId
  readonly userId: UserId
  readonly port: BudgetPort
  /** Where toasts go; without it, the actor system's 'toasts' actor (when the budget runs inside the app). */
  readonly toasts?: AnyActorRef
}

export type BudgetContext = {
  readonly budgetId: BudgetId
  readonly userId: UserId
  readonly port: BudgetPort
  readonly toasts: AnyActorRef | null
  /** What the server has confirmed, at `version` (the seq of its last event; the ETag). */
  readonly confirmed: BudgetState
  readonly version: number
  /** Own commands applied locally and not yet confirmed, oldest first; the head is the one on the wire. */
  readonly pending: ReadonlyArray<BudgetCommand>
  /** `confirmed` with `pending` folded on top: what the user sees. */
  readonly state: BudgetState
  readonly loadError: ApiErrorLike | null
  /** Ids the server gave entities this client created optimistically; later requests are translated. */
  readonly aliases: IdAliases
  /**
   * Whether `confirmed` holds every transaction. A big budget opens from its summary (domain/summary.ts): the month
   * and the assignment commands work on it; the transactions are read when something needs them.
   */
  readonly complete: boolean
  /** Someone needs the transactions (a list is on screen, or a fold needed them): read them when next ready. */
  readonly transactionsWanted: boolean
  /** Requests that need the transactions, waiting for them (answered once they are in). */
  readonly deferred: ReadonlyArray<BudgetCommandRequest>
}

export type BudgetMachineEvent =
  | BudgetCommandRequest
  | EventsReceived
  | StreamUnreadable
  | { type: 'budget.retry' }
  | { type: 'budget.reload' }
  /** A view that lists transactions (or a fold that needs them) asks for the full state. */
  | { type: 'budget.needTransactions' }

const PROBE_META = {
  // Deciding does not depend on the command id or time; the guard only asks whether the domain accepts.
  commandId: 'probe' as CommandId,
  at: '1970-01-01T00:00:00.000Z' as Instant,
}

const probe = (context: BudgetContext, request: BudgetCommandRequest) =>
  applyAll(
    context.state,
    request.commands.map((draft) =>
      stamp(withAliases(draft, context.aliases), { ...PROBE_META, userId: context.userId }),
    ),
  )

const stampAll = (context: BudgetContext, request: BudgetCommandRequest): BudgetCommand[] =>
  request.commands.map((draft) =>
    stamp(withAliases(draft, context.aliases), {
      // The port promises unique ids; the brand only marks them as command ids.
      commandId: context.port.newId() as CommandId,
      // toISOString always yields an ISO 8601 instant.
      at: new Date(context.port.now()).toISOString() as Instant,
      userId: context.userId,
    }),
  )

const needsTransactions = (context: BudgetContext, request: BudgetCommandRequest) =>
  !context.complete && request.commands.some(decidesOnTransactions)

/** Decides a request on the shown state: the context update and the reply, or only the refusal's reply. */
const take = (context: BudgetContext, request: BudgetCommandRequest) => {
  const commands = stampAll(context, request)
  const next = applyAll(context.state, commands)
  if (Result.isFailure(next))
    return {
      update: null,
      reply: {
        type: 'budget.commandRefused',
        refusal: { kind: 'domain', error: next.failure },
      } satisfies CommandRefused,
    }
  return {
    update: { pending: [...context.pending, ...commands], state: next.success },
    reply: {
      type: 'budget.commandApplied',
      commandIds: commands.map((command) => command.commandId),
    } satisfies CommandApplied,
  }
}

const refusalToast = (error: BudgetError): ToastShow => ({
  type: 'toast.show',
  kind: 'error',
  messageKey: budgetErrorMessageKey(error),
})

export const budgetMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as BudgetContext,
    events: {} as BudgetMachineEvent,
    input: {} as BudgetInput,
  },
  actors: { loadBudget, sendCommand, budgetEvents },
  delays: { sendRetry: SEND_RETRY_MS },
  guards: {
    loadSucceeded: (_, params: { outcome: LoadOutcome }) => params.outcome.ok,
    hasPending: ({ context }) => context.pending.length > 0,
    missesWantedTransactions: ({ context }) => context.transactionsWanted && !context.complete,
    requestNeedsTransactions: ({ context, event }) =>
      event.type === 'budget.command' && needsTransactions(context, event),
    requestIsAccepted: ({ context, event }) =>
      event.type === 'budget.command' && Result.isSuccess(probe(context, event)),
    streamHasGap: ({ context, event }) =>
      event.type === 'budget.eventsReceived' && hasGap(context.version, event.events),
    sendWas: (_, params: { output: SendCommandOutput; outcome: SendCommandOutput['result']['outcome'] }) =>
      params.output.result.outcome === params.outcome,
  },
  actions: {
    acceptLoaded: enqueueActions(({ context, enqueue, system }, params: { outcome: LoadOutcome }) => {
      if (!params.outcome.ok) return
      const rebased = rebase(params.outcome.state, context.pending)
      enqueue.assign({
        confirmed: params.outcome.state,
        version: params.outcome.version,
        pending: rebased.kept,
        state: rebased.state,
        loadError: null,
        complete: params.outcome.partial !== true,
      })
      const toasts = context.toasts ?? system.get(TOASTS_SYSTEM_ID)
      if (toasts) for (const error of rebased.dropped) enqueue.sendTo(toasts, refusalToast(error))
    }),
    rememberLoadError: assign({
      loadError: (_, params: { outcome: LoadOutcome }) => (params.outcome.ok ? null : params.outcome.error),
    }),
    applyRequest: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'budget.command') return
      const { update, reply } = take(context, event)
      if (update === null) return
      enqueue.assign(update)
      if (event.replyTo) enqueue.sendTo(event.replyTo, reply)
    }),
    wantTransactions: assign({ transactionsWanted: true }),
    deferRequest: assign({
      deferred: ({ context, event }) =>
        event.type === 'budget.command' ? [...context.deferred, event] : context.deferred,
    }),
    /** The transactions are in: each waiting request is decided now, in order, and answered. */
    takeDeferred: enqueueActions(({ context, enqueue }) => {
      let current = context
      for (const request of context.deferred) {
        const { update, reply } = take(current, request)
        if (update !== null) current = { ...current, ...update }
        if (request.replyTo) enqueue.sendTo(request.replyTo, reply)
      }
      enqueue.assign({ pending: current.pending, state: current.state, deferred: [] })
    }),
    refuseDeferred: enqueueActions(({ context, enqueue }) => {
      for (const request of context.deferred)
        if (request.replyTo)
          enqueue.sendTo(request.replyTo, {
            type: 'budget.commandRefused',
            refusal: { kind: 'notReady' },
          } satisfies CommandRefused)
      enqueue.assign({ deferred: [] })
    }),
    refuseRequest: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'budget.command' || !event.replyTo) return
      const outcome = probe(context, event)
      if (Result.isSuccess(outcome)) return
      enqueue.sendTo(event.replyTo, {
        type: 'budget.commandRefused',
        refusal: { kind: 'domain', error: outcome.failure },
      } satisfies CommandRefused)
    }),
    refuseNotReady: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'budget.command' || !event.replyTo) return
      enqueue.sendTo(event.replyTo, {
        type: 'budget.commandRefused',
        refusal: { kind: 'notReady' },
      } satisfies CommandRefused)
    }),
    foldIncoming: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'budget.eventsReceived') return
      const folded = foldEvents(context.confirmed, context.version, event.events, !context.complete)
      if (folded.needsTransactions) enqueue.raise({ type: 'budget.needTransactions' })
      if (folded.version === context.version) return
      let aliases = context.aliases
      for (const command of context.pending)
        if (folded.confirmedCommandIds.has(command.commandId))
          aliases = mergeAliases(aliases, aliasesFor(command, context.confirmed, event.events))
      const stillPending = context.pending
        .filter((command) => !folded.confirmedCommandIds.has(command.commandId))
        .map((command) => withAliases(command, aliases))
      const rebased = rebase(folded.state, stillPending)
      enqueue.assign({
        confirmed: folded.state,
        version: folded.version,
        pending: rebased.kept,
        state: rebased.state,
        aliases,
      })
      const toasts = context.toasts ?? system.get(TOASTS_SYSTEM_ID)
      if (toasts) for (const error of rebased.dropped) enqueue.sendTo(toasts, refusalToast(error))
    }),
    confirmSent: enqueueActions(({ context, enqueue }, params: { output: SendCommandOutput }) => {
      const { result, commandId } = params.output
      if (result.outcome !== 'accepted') return
      const folded = foldEvents(context.confirmed, context.version, result.events, !context.complete)
      if (folded.needsTransactions) enqueue.raise({ type: 'budget.needTransactions' })
      const sent = context.pending.find((command) => command.commandId === commandId)
      const aliases = sent
        ? mergeAliases(context.aliases, aliasesFor(sent, context.confirmed, result.events))
        : context.aliases
      const stillPending = context.pending
        .filter(
          (command) => command.commandId !== commandId && !folded.confirmedCommandIds.has(command.commandId),
        )
        .map((command) => withAliases(command, aliases))
      const rebased = rebase(folded.state, stillPending)
      enqueue.assign({
        confirmed: folded.state,
        version:
          folded.gap || folded.needsTransactions
            ? Math.max(folded.version, context.version)
            : Math.max(folded.version, result.version),
        pending: rebased.kept,
        state: rebased.state,
        aliases,
      })
    }),
    rollBackSent: assign(({ context }, params: { output: SendCommandOutput }) => {
      const rebased = rebase(
        context.confirmed,
        context.pending.filter((command) => command.commandId !== params.output.commandId),
      )
      return { pending: rebased.kept, state: rebased.state }
    }),
    toastSendFailure: enqueueActions(
      ({ context, enqueue, system }, params: { output: SendCommandOutput }) => {
        const toasts = context.toasts ?? system.get(TOASTS_SYSTEM_ID)
        if (!toasts) return
        const { result } = params.output
        if (result.outcome === 'refused') enqueue.sendTo(toasts, refusalToast(result.error))
        if (result.outcome === 'failed')
          enqueue.sendTo(toasts, {
            type: 'toast.show',
            ...toastFromApiError(result.error),
          } satisfies ToastShow)
      },
    ),
    toastStale: enqueueActions(({ context, enqueue, system }) => {
      const toasts = context.toasts ?? system.get(TOASTS_SYSTEM_ID)
      const toast: ToastShow = { type: 'toast.show', kind: 'info', messageKey: STALE_VERSION_MESSAGE_KEY }
      if (toasts) enqueue.sendTo(toasts, toast)
    }),
  },
}).createMachine({
  id: 'budget',
  context: ({ input }) => ({
    budgetId: input.budgetId,
    userId: input.userId,
    port: input.port,
    toasts: input.toasts ?? null,
    confirmed: initialState,
    version: 0,
    pending: [],
    state: initialState,
    loadError: null,
    aliases: new Map(),
    complete: false,
    transactionsWanted: false,
    deferred: [],
  }),
  on: { 'budget.needTransactions': { actions: 'wantTransactions' } },
  initial: 'loading',
  states: {
    // Nothing to show yet; commands cannot be decided without a state. A port with summaries answers one here.
    loading: {
      invoke: {
        id: 'load',
        src: 'loadBudget',
        input: ({ context }) => ({ port: context.port, budgetId: context.budgetId, summary: true }),
        onDone: [
          {
            guard: { type: 'loadSucceeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: { type: 'acceptLoaded', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'loadFailed',
            actions: { type: 'rememberLoadError', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
      },
      on: { 'budget.command': { actions: 'refuseNotReady' } },
    },
    // The summary is shown and takes writes (kept pending); the transactions someone asked for are on their way.
    // Waiting requests are decided on the full state, then everything pending is sent.
    completing: {
      invoke: {
        id: 'complete',
        src: 'loadBudget',
        input: ({ context }) => ({ port: context.port, budgetId: context.budgetId, summary: false }),
        onDone: [
          {
            guard: { type: 'loadSucceeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: [
              { type: 'acceptLoaded', params: ({ event }) => ({ outcome: event.output }) },
              'takeDeferred',
            ],
          },
          {
            target: 'loadFailed',
            actions: [
              { type: 'rememberLoadError', params: ({ event }) => ({ outcome: event.output }) },
              'refuseDeferred',
            ],
          },
        ],
      },
      on: {
        'budget.command': [
          { guard: 'requestNeedsTransactions', actions: 'deferRequest' },
          { guard: 'requestIsAccepted', actions: 'applyRequest' },
          { actions: 'refuseRequest' },
        ],
      },
    },
    // The budget could not be read (offline, gone, no access); the view offers a retry.
    loadFailed: {
      on: {
        'budget.retry': { target: 'loading' },
        'budget.command': { actions: 'refuseNotReady' },
      },
    },
    // The budget is shown; the live stream runs from `version` and the own-write queue drains.
    ready: {
      always: { guard: 'missesWantedTransactions', target: 'completing' },
      invoke: {
        id: 'events',
        src: 'budgetEvents',
        input: ({ context }) => ({
          port: context.port,
          budgetId: context.budgetId,
          afterSeq: context.version,
        }),
      },
      on: {
        'budget.command': [
          { guard: 'requestNeedsTransactions', target: 'completing', actions: 'deferRequest' },
          { guard: 'requestIsAccepted', actions: 'applyRequest' },
          { actions: 'refuseRequest' },
        ],
        'budget.eventsReceived': [
          { guard: 'streamHasGap', target: 'resyncing' },
          { actions: 'foldIncoming' },
        ],
        'budget.reload': { target: 'resyncing' },
        // The stream brought an event this app's version cannot read: the server's state has it folded.
        'budget.streamUnreadable': { target: 'resyncing' },
      },
      initial: 'idle',
      states: {
        // Nothing on the wire; the next pending command goes out at once.
        idle: {
          always: { guard: 'hasPending', target: 'sending' },
        },
        // The oldest pending command is on the wire with If-Match: version.
        sending: {
          invoke: {
            id: 'send',
            src: 'sendCommand',
            input: ({ context }) => ({
              port: context.port,
              budgetId: context.budgetId,
              // Entered only through hasPending; the head exists.
              command: context.pending[0] as BudgetCommand,
              version: context.version,
            }),
            onDone: [
              {
                guard: {
                  type: 'sendWas',
                  params: ({ event }) => ({ output: event.output, outcome: 'accepted' as const }),
                },
                target: 'idle',
                actions: { type: 'confirmSent', params: ({ event }) => ({ output: event.output }) },
              },
              {
                guard: {
                  type: 'sendWas',
                  params: ({ event }) => ({ output: event.output, outcome: 'stale' as const }),
                },
                target: '#budget.resyncing',
                actions: 'toastStale',
              },
              {
                guard: {
                  type: 'sendWas',
                  params: ({ event }) => ({ output: event.output, outcome: 'offline' as const }),
                },
                target: 'waitingToRetry',
              },
              {
                target: 'idle',
                actions: [
                  { type: 'rollBackSent', params: ({ event }) => ({ output: event.output }) },
                  { type: 'toastSendFailure', params: ({ event }) => ({ output: event.output }) },
                ],
              },
            ],
          },
        },
        // Offline: the write stays pending (and shown) until the pause is over.
        waitingToRetry: {
          after: { sendRetry: { target: 'sending' } },
        },
      },
    },
    // A stale version or a gap in the stream: re-read (the summary again while the transactions were not needed),
    // keep showing the state, re-apply pending writes on top.
    resyncing: {
      invoke: {
        id: 'reload',
        src: 'loadBudget',
        input: ({ context }) => ({
          port: context.port,
          budgetId: context.budgetId,
          summary: !context.complete,
        }),
        onDone: [
          {
            guard: { type: 'loadSucceeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: { type: 'acceptLoaded', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'loadFailed',
            actions: { type: 'rememberLoadError', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
      },
      on: {
        'budget.command': [
          { guard: 'requestNeedsTransactions', target: 'completing', actions: 'deferRequest' },
          { guard: 'requestIsAccepted', actions: 'applyRequest' },
          { actions: 'refuseRequest' },
        ],
      },
    },
  },
})
