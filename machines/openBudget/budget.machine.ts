import { type ActorRefFrom, type AnyActorRef, assign, enqueueActions, sendTo, setup } from 'xstate'
import { type BudgetState, initialState } from '../../domain/state.ts'
import type { BudgetCommand } from '../../schemas/budgetCommands.ts'
import type { BudgetError } from '../../schemas/budgetErrors.ts'
import type { BudgetId, CategoryId, CommandId, UserId } from '../../schemas/ids.ts'
import type { Instant, PeriodKey } from '../../schemas/money.ts'
import { SUMMARY_AHEAD_SYSTEM_ID, TOASTS_SYSTEM_ID } from '../app/app.ids.ts'
import type { PresenceEvent } from '../presence/presence.machine.ts'
import { presenceMachine } from '../presence/presence.machine.ts'
import type { PresencePort } from '../presence/presence.port.ts'
import { type ApiErrorLike, accessRefusalOf, toastFromApiError } from '../toasts/toasts.errors.ts'
import type { ToastShow } from '../toasts/toasts.machine.ts'
import {
  type AccessRead,
  type AccessRefresh,
  accessReader,
  budgetEvents,
  type EventsReceived,
  loadBudget,
  type MembersChanged,
  type SendCommandOutput,
  type StreamGone,
  type StreamReconnected,
  type StreamUnreadable,
  sendCommand,
} from './budget.actors.ts'
import { type CommandMeta, hasGap } from './budget.commands.ts'
import {
  classifyRequest,
  foldLoaded,
  foldServerEvents,
  rollBack,
  type WriteAnswer,
  waitsForTransactions,
} from './budget.folds.ts'
import type { BudgetAccessInfo, BudgetPort, LoadOutcome, SequencedEvent } from './budget.port.ts'
import { type BudgetCommandRequest, budgetErrorMessageKey, type CommandRefused } from './budget.protocol.ts'
import { categoryMonthMachine } from './categoryMonth.machine.ts'
import type { SummaryAheadRef } from './summaryAhead.machine.ts'

/** An offline write is retried (same command id, so idempotent) after this pause. */
export const SEND_RETRY_MS = 2000

export const STALE_VERSION_MESSAGE_KEY = 'budget.staleReloaded'

/** System id of the open budget's presence reader (machines/presence): the header reads who else is here. */
export const PRESENCE_SYSTEM_ID = 'presence'

/**
 * The caller's place in the budget: not read yet (or the port cannot tell), a member with a role and access, or no
 * longer a member (removed, or the budget was deleted).
 */
export type KnownAccess = 'unknown' | BudgetAccessInfo | 'removed'

/** A port without presence shows nobody: it never polls. */
const NO_PRESENCE: PresencePort = {
  read: async () => ({ ok: true, members: [] }),
  isVisible: () => false,
  watchVisibility: () => () => {},
}

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
  /**
   * Whether `confirmed` holds every transaction. A big budget opens from its summary (domain/summary.ts): the month
   * and the assignment commands work on it; the transactions are read when something needs them.
   */
  readonly complete: boolean
  /** Someone needs the transactions (a list is on screen, or a fold needed them): read them when next ready. */
  readonly transactionsWanted: boolean
  /** Requests that need the transactions, waiting for them (answered once they are in). */
  readonly deferred: ReadonlyArray<BudgetCommandRequest>
  /** The category month an inspector shows from the server's pages (a child; it hears of every new version). */
  readonly categoryMonth: CategoryMonthRef | null
  /** The month the month view shows, so the phone's structure routes close back to it. */
  readonly shownPeriod: PeriodKey | null
  /** What the caller may do here (selectors/access.ts derives canEdit / isOwner from it). */
  readonly access: KnownAccess
}

export type CategoryMonthRef = ActorRefFrom<typeof categoryMonthMachine>

export type BudgetMachineEvent =
  | BudgetCommandRequest
  | EventsReceived
  | StreamUnreadable
  | StreamReconnected
  | MembersChanged
  | StreamGone
  | AccessRead
  | { type: 'budget.retry' }
  | { type: 'budget.reload' }
  /** A view that lists transactions (or a fold that needs them) asks for the full state. */
  | { type: 'budget.needTransactions' }
  /** An inspector shows one category's month while the transactions are not loaded: read it page by page. */
  | { type: 'budget.watchCategoryMonth'; categoryId: CategoryId; periodKey: PeriodKey }
  | { type: 'budget.unwatchCategoryMonth' }
  /** The month view shows this month. */
  | { type: 'budget.periodShown'; periodKey: PeriodKey }

/** Stamps one draft: who, when and a fresh command id. */
const metaFor = (context: BudgetContext) => (): CommandMeta => ({
  // The port promises unique ids; the brand only marks them as command ids.
  commandId: context.port.newId() as CommandId,
  // toISOString always yields an ISO 8601 instant.
  at: new Date(context.port.now()).toISOString() as Instant,
  userId: context.userId,
})

const NOT_READY = {
  type: 'budget.commandRefused',
  refusal: { kind: 'notReady' },
} as const satisfies CommandRefused

const refusalToast = (error: BudgetError): ToastShow => ({
  type: 'toast.show',
  kind: 'error',
  messageKey: budgetErrorMessageKey(error),
})

/** 404: the budget is not the caller's (any more), or does not exist. */
const isMissing = (error: ApiErrorLike): boolean => error.status === 404

const budgetSetup = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as BudgetContext,
    events: {} as BudgetMachineEvent,
    input: {} as BudgetInput,
  },
  actors: {
    loadBudget,
    sendCommand,
    budgetEvents,
    accessReader,
    presence: presenceMachine,
    categoryMonth: categoryMonthMachine,
  },
  delays: { sendRetry: SEND_RETRY_MS },
  guards: {
    loadSucceeded: (_, params: { outcome: LoadOutcome }) => params.outcome.ok,
    hasPending: ({ context }) => context.pending.length > 0,
    missesWantedTransactions: ({ context }) => context.transactionsWanted && !context.complete,
    requestWaitsForTransactions: ({ context, event }) =>
      event.type === 'budget.command' && waitsForTransactions(context, event),
    streamHasGap: ({ context, event }) =>
      event.type === 'budget.eventsReceived' && hasGap(context.version, event.events),
    watchesOtherMonth: ({ context, event }) =>
      event.type === 'budget.watchCategoryMonth' &&
      context.port.readCategoryMonth !== undefined &&
      (context.categoryMonth === null ||
        context.categoryMonth.getSnapshot().context.categoryId !== event.categoryId ||
        context.categoryMonth.getSnapshot().context.periodKey !== event.periodKey),
    sendWas: (_, params: { output: SendCommandOutput; outcome: SendCommandOutput['result']['outcome'] }) =>
      params.output.result.outcome === params.outcome,
  },
  actions: {
    acceptLoaded: enqueueActions(({ context, enqueue, system }, params: { outcome: LoadOutcome }) => {
      if (!params.outcome.ok) return
      const { update, dropped } = foldLoaded(context, params.outcome)
      enqueue.assign({ ...update, loadError: null })
      if (context.categoryMonth !== null && update.version !== context.version)
        enqueue.sendTo(context.categoryMonth, { type: 'budget.versionChanged', version: update.version })
      const toasts = context.toasts ?? system.get(TOASTS_SYSTEM_ID)
      if (toasts) for (const error of dropped) enqueue.sendTo(toasts, refusalToast(error))
    }),
    rememberLoadError: assign({
      loadError: (_, params: { outcome: LoadOutcome }) => (params.outcome.ok ? null : params.outcome.error),
    }),
    /** Decides the request once: applied (shown, queued) or refused; the asker hears which. */
    takeRequest: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'budget.command') return
      const verdict = classifyRequest(context, event, metaFor(context))
      if (verdict.kind === 'waits') return
      if (verdict.kind === 'applied') enqueue.assign(verdict.update)
      if (event.replyTo) enqueue.sendTo(event.replyTo, verdict.reply)
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
        const verdict = classifyRequest(current, request, metaFor(context))
        if (verdict.kind === 'waits') continue
        if (verdict.kind === 'applied') current = { ...current, ...verdict.update }
        if (request.replyTo) enqueue.sendTo(request.replyTo, verdict.reply)
      }
      enqueue.assign({ pending: current.pending, state: current.state, deferred: [] })
    }),
    refuseDeferred: enqueueActions(({ context, enqueue }) => {
      for (const request of context.deferred) if (request.replyTo) enqueue.sendTo(request.replyTo, NOT_READY)
      enqueue.assign({ deferred: [] })
    }),
    refuseNotReady: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'budget.command' && event.replyTo) enqueue.sendTo(event.replyTo, NOT_READY)
    }),
    /** Server events, from the stream or a write's answer, folded into the confirmed state. */
    foldServer: enqueueActions(
      (
        { context, enqueue, system },
        params: { events: ReadonlyArray<SequencedEvent>; answer?: WriteAnswer | undefined },
      ) => {
        const { update, dropped, needsTransactions } = foldServerEvents(context, params.events, params.answer)
        if (needsTransactions) enqueue.raise({ type: 'budget.needTransactions' })
        if (update === null) return
        enqueue.assign(update)
        if (context.categoryMonth !== null && update.version !== context.version)
          enqueue.sendTo(context.categoryMonth, { type: 'budget.versionChanged', version: update.version })
        const toasts = context.toasts ?? system.get(TOASTS_SYSTEM_ID)
        if (toasts) for (const error of dropped) enqueue.sendTo(toasts, refusalToast(error))
      },
    ),
    rollBackSent: assign(({ context }, params: { output: SendCommandOutput }) =>
      rollBack(context, params.output.commandId),
    ),
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
    watchCategoryMonth: enqueueActions(({ context, event, enqueue }) => {
      const read = context.port.readCategoryMonth
      if (event.type !== 'budget.watchCategoryMonth' || read === undefined) return
      if (context.categoryMonth !== null) enqueue.stopChild(context.categoryMonth)
      const { budgetId, version } = context
      const { categoryId, periodKey } = event
      enqueue.assign({
        categoryMonth: ({ spawn }) =>
          spawn('categoryMonth', {
            id: 'categoryMonth',
            input: {
              read: (signal) => read(budgetId, categoryId, periodKey, signal),
              categoryId,
              periodKey,
              version,
            },
          }),
      })
    }),
    unwatchCategoryMonth: enqueueActions(({ context, enqueue }) => {
      if (context.categoryMonth === null) return
      enqueue.stopChild(context.categoryMonth)
      enqueue.assign({ categoryMonth: null })
    }),
    notePeriodShown: assign({
      shownPeriod: ({ context, event }) =>
        event.type === 'budget.periodShown' ? event.periodKey : context.shownPeriod,
    }),
    acceptAccess: assign({
      access: ({ context, event }): KnownAccess =>
        event.type === 'budget.accessRead' ? (event.access ?? 'removed') : context.access,
    }),
    refreshAccess: sendTo('access', { type: 'access.refresh' } satisfies AccessRefresh),
    refreshPresence: sendTo('presence', { type: 'presence.refresh' } satisfies PresenceEvent),
    /**
     * A 403 read_only / owner_only, or a 404 (no longer a member, budget deleted): the access changed under us; read
     * it so the screens turn read-only, or say the budget is gone, at once.
     */
    refreshAccessIfRefused: enqueueActions(({ enqueue }, params: { output: SendCommandOutput }) => {
      const { result } = params.output
      if (
        result.outcome === 'failed' &&
        (accessRefusalOf(result.error) !== undefined || isMissing(result.error))
      )
        enqueue.sendTo('access', { type: 'access.refresh' } satisfies AccessRefresh)
    }),
    /** A read answered 404: the list of the caller's budgets tells whether this one is still among them. */
    refreshAccessIfMissing: enqueueActions(({ context, enqueue }) => {
      if (context.loadError !== null && isMissing(context.loadError))
        enqueue.sendTo('access', { type: 'access.refresh' } satisfies AccessRefresh)
    }),
    toastStale: enqueueActions(({ context, enqueue, system }) => {
      const toasts = context.toasts ?? system.get(TOASTS_SYSTEM_ID)
      const toast: ToastShow = { type: 'toast.show', kind: 'info', messageKey: STALE_VERSION_MESSAGE_KEY }
      if (toasts) enqueue.sendTo(toasts, toast)
    }),
  },
})

/**
 * One read of the budget (the chart reads in three states): on success the read becomes the confirmed state and
 * `andThen` runs; on failure the error is kept for the view and `orElse` runs.
 */
const readBudget = (
  id: string,
  summary: (context: BudgetContext) => boolean,
  more: { andThen?: 'takeDeferred'; orElse?: 'refuseDeferred'; ahead?: true } = {},
) =>
  ({
    id,
    src: 'loadBudget',
    input: ({ context, self }: { context: BudgetContext; self: AnyActorRef }) => ({
      port: context.port,
      budgetId: context.budgetId,
      summary: summary(context),
      // Only the first read takes the early one (a retry reads anew).
      ahead: more.ahead === true && context.loadError === null ? aheadFor(self, context.budgetId) : undefined,
    }),
    onDone: [
      {
        guard: {
          type: 'loadSucceeded',
          params: ({ event }: { event: { output: LoadOutcome } }) => ({ outcome: event.output }),
        },
        target: '#budget.ready',
        actions: [
          {
            type: 'acceptLoaded',
            params: ({ event }: { event: { output: LoadOutcome } }) => ({ outcome: event.output }),
          },
          ...(more.andThen === undefined ? [] : [more.andThen]),
        ],
      },
      {
        target: '#budget.loadFailed',
        actions: [
          {
            type: 'rememberLoadError',
            params: ({ event }: { event: { output: LoadOutcome } }) => ({ outcome: event.output }),
          },
          ...(more.orElse === undefined ? [] : [more.orElse]),
        ],
      },
    ],
  }) as const

/** The summary read ahead for this budget, when the app started one (summaryAhead.machine.ts). */
const aheadFor = (self: AnyActorRef, budgetId: BudgetId): SummaryAheadRef | undefined => {
  const ahead: SummaryAheadRef | undefined = self.system.get(SUMMARY_AHEAD_SYSTEM_ID)
  return ahead?.getSnapshot().context.budgetId === budgetId ? ahead : undefined
}

/** How a loaded budget takes a request, in every state that shows it. */
const takesRequests = {
  'budget.command': [
    { guard: 'requestWaitsForTransactions', target: '#budget.completing', actions: 'deferRequest' },
    { actions: 'takeRequest' },
  ],
} as const

export const budgetMachine = budgetSetup.createMachine({
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
    complete: false,
    transactionsWanted: false,
    deferred: [],
    categoryMonth: null,
    shownPeriod: null,
    access: 'unknown',
  }),
  // Who may do what, and who else is here, for as long as the budget is open (whatever its reads are doing).
  invoke: [
    {
      id: 'access',
      src: 'accessReader',
      input: ({ context }) => ({ port: context.port, budgetId: context.budgetId }),
    },
    {
      id: 'presence',
      systemId: PRESENCE_SYSTEM_ID,
      src: 'presence',
      input: ({ context }) => ({ budgetId: context.budgetId, port: context.port.presence ?? NO_PRESENCE }),
    },
  ],
  on: {
    'budget.accessRead': { actions: 'acceptAccess' },
    'budget.needTransactions': { actions: 'wantTransactions' },
    'budget.watchCategoryMonth': { guard: 'watchesOtherMonth', actions: 'watchCategoryMonth' },
    'budget.unwatchCategoryMonth': { actions: 'unwatchCategoryMonth' },
    'budget.periodShown': { actions: 'notePeriodShown' },
  },
  initial: 'loading',
  states: {
    // Nothing to show yet; commands cannot be decided without a state. A port with summaries answers one here.
    loading: {
      invoke: readBudget('load', () => true, { ahead: true }),
      on: { 'budget.command': { actions: 'refuseNotReady' } },
    },
    // The summary is shown and takes writes (kept pending); the transactions someone asked for are on their way.
    // Waiting requests are decided on the full state, then everything pending is sent.
    completing: {
      invoke: readBudget('complete', () => false, { andThen: 'takeDeferred', orElse: 'refuseDeferred' }),
      on: takesRequests,
    },
    // The budget could not be read (offline, gone, no access); the view offers a retry.
    loadFailed: {
      entry: 'refreshAccessIfMissing',
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
        ...takesRequests,
        'budget.eventsReceived': [
          { guard: 'streamHasGap', target: 'resyncing' },
          { actions: { type: 'foldServer', params: ({ event }) => ({ events: event.events }) } },
        ],
        'budget.reload': { target: 'resyncing' },
        // The stream brought an event this app's version cannot read: the server's state has it folded.
        'budget.streamUnreadable': { target: 'resyncing' },
        // Back after a drop: the owner may have changed the access, and others may have come or gone.
        'budget.streamReconnected': { actions: ['refreshAccess', 'refreshPresence'] },
        // The owner changed someone's access, handed over, or someone joined or left (server/sharing/README.md).
        'budget.membersChanged': { actions: ['refreshAccess', 'refreshPresence'] },
        // The stream was answered 404 (removed, left on another device, budget deleted): read the budget again; a
        // 404 there reads the access, and a budget no longer the caller's is shown as gone.
        'budget.streamGone': { target: 'resyncing' },
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
                actions: {
                  type: 'foldServer',
                  params: ({ event }) => {
                    const { commandId, result } = event.output
                    // The guard let only an accepted answer through.
                    return result.outcome === 'accepted'
                      ? { events: result.events, answer: { commandId, version: result.version } }
                      : { events: [] }
                  },
                },
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
                  { type: 'refreshAccessIfRefused', params: ({ event }) => ({ output: event.output }) },
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
      invoke: readBudget('reload', (context) => !context.complete),
      on: takesRequests,
    },
  },
})
