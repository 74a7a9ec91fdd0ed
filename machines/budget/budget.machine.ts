import * as Result from 'effect/Result'
import { type AnyActorRef, assign, enqueueActions, setup } from 'xstate'
import { type BudgetState, initialState } from '../../domain/state.ts'
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
  loadBudgetFirst,
  type SendCommandOutput,
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
}

export type BudgetMachineEvent =
  | BudgetCommandRequest
  | EventsReceived
  | { type: 'budget.retry' }
  | { type: 'budget.reload' }

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
  actors: { loadBudget, loadBudgetFirst, sendCommand, budgetEvents },
  delays: { sendRetry: SEND_RETRY_MS },
  guards: {
    loadSucceeded: (_, params: { outcome: LoadOutcome }) => params.outcome.ok,
    loadGaveSummary: (_, params: { outcome: LoadOutcome }) =>
      params.outcome.ok && params.outcome.partial === true,
    hasPending: ({ context }) => context.pending.length > 0,
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
      })
      const toasts = context.toasts ?? system.get(TOASTS_SYSTEM_ID)
      if (toasts) for (const error of rebased.dropped) enqueue.sendTo(toasts, refusalToast(error))
    }),
    rememberLoadError: assign({
      loadError: (_, params: { outcome: LoadOutcome }) => (params.outcome.ok ? null : params.outcome.error),
    }),
    applyRequest: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'budget.command') return
      const commands = stampAll(context, event)
      const next = applyAll(context.state, commands)
      if (Result.isFailure(next)) return
      enqueue.assign({ pending: [...context.pending, ...commands], state: next.success })
      if (event.replyTo)
        enqueue.sendTo(event.replyTo, {
          type: 'budget.commandApplied',
          commandIds: commands.map((command) => command.commandId),
        } satisfies CommandApplied)
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
      const folded = foldEvents(context.confirmed, context.version, event.events)
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
      const folded = foldEvents(context.confirmed, context.version, result.events)
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
        version: Math.max(folded.version, folded.gap ? context.version : result.version),
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
  }),
  initial: 'loading',
  states: {
    // Nothing to show yet; commands cannot be decided without a state.
    loading: {
      invoke: {
        id: 'load',
        src: 'loadBudgetFirst',
        input: ({ context }) => ({ port: context.port, budgetId: context.budgetId }),
        onDone: [
          {
            guard: { type: 'loadGaveSummary', params: ({ event }) => ({ outcome: event.output }) },
            target: 'completing',
            actions: { type: 'acceptLoaded', params: ({ event }) => ({ outcome: event.output }) },
          },
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
    // The month shows from the summary and takes the user's writes (kept pending); the full state (transactions)
    // is on its way and the pending writes are re-decided on it, then sent.
    completing: {
      invoke: {
        id: 'complete',
        src: 'loadBudget',
        input: ({ context }) => ({ port: context.port, budgetId: context.budgetId }),
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
          { guard: 'requestIsAccepted', actions: 'applyRequest' },
          { actions: 'refuseRequest' },
        ],
        'budget.eventsReceived': [
          { guard: 'streamHasGap', target: 'resyncing' },
          { actions: 'foldIncoming' },
        ],
        'budget.reload': { target: 'resyncing' },
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
    // A stale version or a gap in the stream: re-read, keep showing the state, re-apply pending writes on top.
    resyncing: {
      invoke: {
        id: 'reload',
        src: 'loadBudget',
        input: ({ context }) => ({ port: context.port, budgetId: context.budgetId }),
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
          { guard: 'requestIsAccepted', actions: 'applyRequest' },
          { actions: 'refuseRequest' },
        ],
      },
    },
  },
})
