import * as Result from 'effect/Result'
import type { BudgetState } from '../../domain/state.ts'
import { decidesOnTransactions } from '../../domain/summary.ts'
import type { BudgetCommand } from '../../schemas/budgetCommands.ts'
import type { BudgetError } from '../../schemas/budgetErrors.ts'
import type { CommandId } from '../../schemas/ids.ts'
import { applyAll, type CommandMeta, foldEvents, rebase, stamp } from './budget.commands.ts'
import type { LoadOutcome, SequencedEvent } from './budget.port.ts'
import type { BudgetCommandRequest, CommandReply } from './budget.protocol.ts'

// What the open-budget chart does to its context, as pure functions: the chart (budget.machine.ts) only says when.

/** The part of the context these folds read and write. */
export type LedgerView = {
  /** What the server has confirmed, at `version` (the seq of its last event; the ETag). */
  readonly confirmed: BudgetState
  readonly version: number
  /** Own commands applied locally and not yet confirmed, oldest first; the head is the one on the wire. */
  readonly pending: ReadonlyArray<BudgetCommand>
  /** `confirmed` with `pending` folded on top: what the user sees. */
  readonly state: BudgetState
  /** Whether `confirmed` holds every transaction (a summary does not; see domain/summary.ts). */
  readonly complete: boolean
}

type Update = Pick<LedgerView, 'confirmed' | 'version' | 'pending' | 'state'>

/** A request cannot be decided yet: it needs the transactions the summary lacks. */
export const waitsForTransactions = (view: LedgerView, request: BudgetCommandRequest): boolean =>
  !view.complete && request.commands.some(decidesOnTransactions)

/**
 * What a request does, decided once on the shown state: it waits for the transactions, or the domain refuses it
 * (nothing changes), or it is applied (the new pending list and state). `meta` stamps each draft.
 */
export type RequestVerdict =
  | { readonly kind: 'waits' }
  | { readonly kind: 'refused'; readonly error: BudgetError; readonly reply: CommandReply }
  | {
      readonly kind: 'applied'
      readonly update: Pick<LedgerView, 'pending' | 'state'>
      readonly reply: CommandReply
    }

export const classifyRequest = (
  view: LedgerView,
  request: BudgetCommandRequest,
  meta: () => CommandMeta,
): RequestVerdict => {
  if (waitsForTransactions(view, request)) return { kind: 'waits' }
  const commands = request.commands.map((draft) => stamp(draft, meta()))
  const next = applyAll(view.state, commands)
  if (Result.isFailure(next))
    return {
      kind: 'refused',
      error: next.failure,
      reply: { type: 'budget.commandRefused', refusal: { kind: 'domain', error: next.failure } },
    }
  return {
    kind: 'applied',
    update: { pending: [...view.pending, ...commands], state: next.success },
    reply: { type: 'budget.commandApplied', commandIds: commands.map((command) => command.commandId) },
  }
}

/** A fresh read: it becomes the confirmed state; pending writes are re-decided on it (some may no longer fit). */
export const foldLoaded = (
  view: LedgerView,
  loaded: Extract<LoadOutcome, { ok: true }>,
): {
  readonly update: Update & Pick<LedgerView, 'complete'>
  readonly dropped: ReadonlyArray<BudgetError>
} => {
  const rebased = rebase(loaded.state, view.pending)
  return {
    update: {
      confirmed: loaded.state,
      version: loaded.version,
      pending: rebased.kept,
      state: rebased.state,
      complete: loaded.partial !== true,
    },
    dropped: rebased.dropped,
  }
}

/** The server's answer to the write on the wire: its command id and the version it reached. */
export type WriteAnswer = { readonly commandId: CommandId; readonly version: number }

/**
 * Server events (from the stream, or a write's answer) folded into the confirmed state: own commands they confirm
 * leave `pending` (and so does the answered write), the rest are re-decided on top. `update` is null when nothing
 * changed. A summary that meets an event it cannot fold stops there and asks for the transactions.
 */
export const foldServerEvents = (
  view: LedgerView,
  events: ReadonlyArray<SequencedEvent>,
  answer?: WriteAnswer,
): {
  readonly update: Update | null
  readonly dropped: ReadonlyArray<BudgetError>
  readonly needsTransactions: boolean
} => {
  const folded = foldEvents(view.confirmed, view.version, events, !view.complete)
  if (answer === undefined && folded.version === view.version)
    return { update: null, dropped: [], needsTransactions: folded.needsTransactions }
  const stillPending = view.pending.filter(
    (command) =>
      command.commandId !== answer?.commandId && !folded.confirmedCommandIds.has(command.commandId),
  )
  const rebased = rebase(folded.state, stillPending)
  // A write's answer moves the version to what the server reached, unless the fold stopped short of it (a gap, or
  // a summary that needs the transactions): then the version stays where the fold got, and a re-read follows.
  const version =
    answer !== undefined && !folded.gap && !folded.needsTransactions
      ? Math.max(folded.version, answer.version)
      : folded.version
  return {
    update: { confirmed: folded.state, version, pending: rebased.kept, state: rebased.state },
    dropped: rebased.dropped,
    needsTransactions: folded.needsTransactions,
  }
}

/** The write on the wire was given up (refused, failed): it leaves `pending` and the shown state. */
export const rollBack = (view: LedgerView, commandId: CommandId): Pick<LedgerView, 'pending' | 'state'> => {
  const rebased = rebase(
    view.confirmed,
    view.pending.filter((command) => command.commandId !== commandId),
  )
  return { pending: rebased.kept, state: rebased.state }
}
