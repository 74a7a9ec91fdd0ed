import type { AnyActorRef } from 'xstate'
import type { BudgetCommand } from '../../schemas/budgetCommands.ts'
import type { BudgetError } from '../../schemas/budgetErrors.ts'
import type { CommandId } from '../../schemas/ids.ts'

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A command as a dialog or view builds it; the budget actor stamps who, when and the command id. */
export type CommandDraft = DistributiveOmit<BudgetCommand, 'commandId' | 'at' | 'userId'>

/**
 * Ask the open budget to apply commands (in order, all or none). With `replyTo` the asker hears back at once:
 * applied (shown optimistically, now queued for the server) or refused (nothing changed).
 */
export type BudgetCommandRequest = {
  type: 'budget.command'
  commands: ReadonlyArray<CommandDraft>
  replyTo?: AnyActorRef
}

/**
 * Why a request changed nothing: a domain refusal, the budget is not loaded yet, or the server could not be
 * reached or failed (the toast says why; the dialog stays open to try again).
 */
export type CommandRefusal =
  | { readonly kind: 'domain'; readonly error: BudgetError }
  | { readonly kind: 'notReady' }
  | { readonly kind: 'failed' }

export type CommandApplied = { type: 'budget.commandApplied'; commandIds: ReadonlyArray<CommandId> }
export type CommandRefused = { type: 'budget.commandRefused'; refusal: CommandRefusal }
export type CommandReply = CommandApplied | CommandRefused

/** i18n key for a refusal: the domain's own key where it has one (splits), else `budget.errors.<code>`. */
export const refusalMessageKey = (refusal: CommandRefusal): string => {
  if (refusal.kind === 'notReady') return 'budget.errors.not-ready'
  if (refusal.kind === 'failed') return 'budget.errors.write-failed'
  return budgetErrorMessageKey(refusal.error)
}

export const budgetErrorMessageKey = (error: BudgetError): string =>
  'messageKey' in error ? error.messageKey : `budget.errors.${error.code}`
