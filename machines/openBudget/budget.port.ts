import type { BudgetState } from '../../domain/state.ts'
import type { BudgetCommand } from '../../schemas/budgetCommands.ts'
import type { BudgetError } from '../../schemas/budgetErrors.ts'
import type { BudgetId, CategoryId, CommandId } from '../../schemas/ids.ts'
import type { StoredEvent } from '../../schemas/ledgerApi.ts'
import type { PeriodKey } from '../../schemas/money.ts'
import type { PresencePort } from '../presence/presence.port.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import type { CategoryMonthOutcome } from './categoryMonth.machine.ts'
import type { AheadAnswer } from './summaryAhead.machine.ts'

/** One stored event as the server numbers it; `commandId` lets the actor recognise its own writes on the stream. */
export type SequencedEvent = {
  readonly seq: StoredEvent['seq']
  readonly commandId: StoredEvent['commandId'] | null
  readonly event: StoredEvent['data']
}

/** The budget as read: its domain state (e.g. replayed from `GET …/events?after=0`) and its version (ETag). */
export type LoadOutcome =
  | {
      readonly ok: true
      readonly state: BudgetState
      readonly version: number
      /** A summary: everything but the transactions (the full state follows; see `loadSummary`). */
      readonly partial?: true
    }
  | { readonly ok: false; readonly error: ApiErrorLike }

/** Every answer a write can get. Expected failures are values; the port never throws for them. */
export type SendOutcome =
  /** 2xx: the events the server appended (possibly already seen on the stream) and the new version. */
  | { readonly outcome: 'accepted'; readonly events: ReadonlyArray<SequencedEvent>; readonly version: number }
  /** 422: the domain refused the command on the server's (newer) state. */
  | { readonly outcome: 'refused'; readonly error: BudgetError }
  /** 412: our If-Match was stale; nothing was written. */
  | { readonly outcome: 'stale' }
  /** No answer (offline, timeout): safe to resend, the command id makes it idempotent. */
  | { readonly outcome: 'offline' }
  /** Any other answer (404, 5xx): the write is given up and rolled back with SPEC §8's toast. */
  | { readonly outcome: 'failed'; readonly error: ApiErrorLike }

/** The caller's place in the budget, as `GET /api/budget` lists it. */
export type BudgetAccessInfo = { readonly role: 'Owner' | 'Guest'; readonly access: 'Edit' | 'Read' }

/** `access: null`: the budget is no longer among the caller's (removed, or deleted). */
export type AccessOutcome =
  | { readonly ok: true; readonly access: BudgetAccessInfo | null }
  | { readonly ok: false }

export type SendOptions = { readonly ifMatch: number; readonly commandId: CommandId }

/**
 * What the open-budget actor needs from the outside world. The view layer implements it with the ky client:
 * `send` maps a command to its REST route (with `If-Match` and the command id), `subscribe` wraps the SSE stream.
 */
export type BudgetPort = {
  /** Milliseconds since the epoch; stamps each command's `at`. */
  now(): number
  /** A fresh unique id (crypto.randomUUID in the browser); used for command ids. */
  newId(): string
  load(budgetId: BudgetId, signal: AbortSignal): Promise<LoadOutcome>
  /**
   * Optional first read of a big budget: the state without its transactions (answered with `partial: true`), so the
   * month shows at once while `load` brings the rest. A port may answer the full state here too. `ahead` is the
   * answer of the read started while the app loaded (summaryAhead.machine.ts): decoded instead of read again.
   */
  loadSummary?(budgetId: BudgetId, signal: AbortSignal, ahead?: AheadAnswer): Promise<LoadOutcome>
  /**
   * Optional: one category's transactions in one month, for an inspector while the budget holds only its summary
   * (categoryMonth.machine.ts). Without it the budget watches no category month.
   */
  readCategoryMonth?(
    budgetId: BudgetId,
    categoryId: CategoryId,
    periodKey: PeriodKey,
    signal: AbortSignal,
  ): Promise<CategoryMonthOutcome>
  /**
   * Optional: the caller's role and access in the budget. Read when the budget opens, when its stream reconnects and
   * when a write is refused for access (403 `read_only` / `owner_only`). Without it the budget counts as editable.
   */
  readAccess?(budgetId: BudgetId, signal: AbortSignal): Promise<AccessOutcome>
  /** Optional: who else has the budget open (machines/presence). Without it nobody is shown. */
  readonly presence?: PresencePort
  send(
    budgetId: BudgetId,
    command: BudgetCommand,
    options: SendOptions,
    signal: AbortSignal,
  ): Promise<SendOutcome>
  /**
   * Delivers events with seq > afterSeq, in order, as they happen; returns the unsubscribe. When the stream brings
   * something this app cannot read (an event type from a newer server), the subscription ends and `onUnreadable` is
   * called once: the state is then re-read, since the server folds what the app cannot. `onReconnect` is called each
   * time the stream opens again after a drop (access and presence may have changed meanwhile). When the stream is
   * answered 404 (the caller is no longer a member, or the budget is gone) the subscription ends and `onGone` is
   * called once. `onMembersChanged` is called when the server says the budget's members changed (an access change,
   * a handover, someone joined or left) while the caller stays a member.
   */
  subscribe(
    budgetId: BudgetId,
    afterSeq: number,
    onEvents: (events: ReadonlyArray<SequencedEvent>) => void,
    onUnreadable: () => void,
    onReconnect?: () => void,
    onGone?: () => void,
    onMembersChanged?: () => void,
  ): () => void
}
