import * as Result from 'effect/Result'
import { decide } from '../../domain/decide.ts'
import { evolve } from '../../domain/evolve.ts'
import type { BudgetState } from '../../domain/state.ts'
import { foldsIntoSummary } from '../../domain/summary.ts'
import type { BudgetCommand } from '../../schemas/budgetCommands.ts'
import type { BudgetError } from '../../schemas/budgetErrors.ts'
import type { CommandId, UserId } from '../../schemas/ids.ts'
import type { Instant } from '../../schemas/money.ts'
import type { SequencedEvent } from './budget.port.ts'
import type { CommandDraft } from './budget.protocol.ts'

export type CommandMeta = { readonly commandId: CommandId; readonly at: Instant; readonly userId: UserId }

export const stamp = (draft: CommandDraft, meta: CommandMeta): BudgetCommand => ({ ...draft, ...meta })

/** Runs the domain locally, as the server will: the new state, or the refusal (the state is untouched). */
export const applyCommand = (
  state: BudgetState,
  command: BudgetCommand,
): Result.Result<BudgetState, BudgetError> =>
  Result.map(decide(command, state), (events) => events.reduce(evolve, state))

/** Applies several commands in order, all or none. */
export const applyAll = (
  state: BudgetState,
  commands: ReadonlyArray<BudgetCommand>,
): Result.Result<BudgetState, BudgetError> => {
  let current = state
  for (const command of commands) {
    const next = applyCommand(current, command)
    if (Result.isFailure(next)) return next
    current = next.success
  }
  return Result.succeed(current)
}

/**
 * The optimistic state: the confirmed one with every still-pending command re-decided on top. A pending command
 * that no longer fits (a collaborator changed the budget underneath it) is dropped and reported.
 */
export const rebase = (
  confirmed: BudgetState,
  pending: ReadonlyArray<BudgetCommand>,
): {
  readonly state: BudgetState
  readonly kept: ReadonlyArray<BudgetCommand>
  readonly dropped: ReadonlyArray<BudgetError>
} => {
  let state = confirmed
  const kept: BudgetCommand[] = []
  const dropped: BudgetError[] = []
  for (const command of pending) {
    const next = applyCommand(state, command)
    if (Result.isFailure(next)) {
      dropped.push(next.failure)
    } else {
      state = next.success
      kept.push(command)
    }
  }
  return { state, kept, dropped }
}

/**
 * Folds server events into the confirmed state: already seen ones (seq ≤ version) are skipped, the next ones
 * applied in order. Returns the command ids they confirm. A gap (an event beyond version + 1) stops the fold; so
 * does, when the state is a summary, an event that needs transactions the summary lacks (`needsTransactions`).
 */
export const foldEvents = (
  confirmed: BudgetState,
  version: number,
  events: ReadonlyArray<SequencedEvent>,
  isSummary = false,
): {
  readonly state: BudgetState
  readonly version: number
  readonly confirmedCommandIds: ReadonlySet<CommandId>
  readonly gap: boolean
  readonly needsTransactions: boolean
} => {
  let state = confirmed
  let current = version
  const confirmedCommandIds = new Set<CommandId>()
  const stop = (stopped: { gap: boolean; needsTransactions: boolean }) => ({
    state,
    version: current,
    confirmedCommandIds,
    ...stopped,
  })
  for (const item of [...events].sort((a, b) => a.seq - b.seq)) {
    if (item.seq <= current) continue
    if (item.seq !== current + 1) return stop({ gap: true, needsTransactions: false })
    if (isSummary && !foldsIntoSummary(state, item.event))
      return stop({ gap: false, needsTransactions: true })
    state = evolve(state, item.event)
    current = item.seq
    if (item.commandId !== null) confirmedCommandIds.add(item.commandId)
  }
  return stop({ gap: false, needsTransactions: false })
}

export const hasGap = (version: number, events: ReadonlyArray<SequencedEvent>): boolean => {
  let current = version
  for (const item of [...events].sort((a, b) => a.seq - b.seq)) {
    if (item.seq <= current) continue
    if (item.seq !== current + 1) return true
    current = item.seq
  }
  return false
}
