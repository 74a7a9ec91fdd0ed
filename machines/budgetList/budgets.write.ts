import { starterOfCommands } from '../../domain/starterSet.ts'
import { budgetError } from '../../schemas/budgetErrors.ts'
import type { BudgetId } from '../../schemas/ids.ts'
import type { StarterGroup } from '../../schemas/ledgerApi.ts'
import type { CurrencyCode, IsoDate } from '../../schemas/money.ts'
import type { CommandDraft, CommandRefusal } from '../openBudget/budget.protocol.ts'
import type { BudgetInfo, BudgetSummary } from './budgets.port.ts'

/** One HTTP write the list makes for a `budget.command` request. */
export type BudgetWrite =
  | {
      readonly kind: 'create'
      readonly key: string
      readonly name: string
      readonly currency: CurrencyCode
      /** The groups and categories the budget starts with (the CreateCategory… drafts after CreateBudget). */
      readonly starter?: ReadonlyArray<StarterGroup>
    }
  | {
      readonly kind: 'update'
      readonly budgetId: BudgetId
      readonly name?: string
      readonly currency?: CurrencyCode
    }
  | { readonly kind: 'delete'; readonly budgetId: BudgetId }
  | { readonly kind: 'reset'; readonly budgetId: BudgetId; readonly date: IsoDate }

export type Planned =
  | { readonly ok: true; readonly write: BudgetWrite }
  | { readonly ok: false; readonly refusal: CommandRefusal }

const notFound: Planned = { ok: false, refusal: { kind: 'domain', error: budgetError('BudgetNotFound', {}) } }
/** A request the list does not handle (a command for an open budget): nothing can be done here. */
const unsupported: Planned = { ok: false, refusal: { kind: 'notReady' } }

/**
 * Which write a request means: one CreateBudget (its budgetId is the idempotency key; the server names the
 * budget), RenameBudget and/or ChangeCurrency (one PUT), one DeleteBudget or one ResetBudget — the last three for
 * the target budget, which must be one of the caller's.
 */
export const planWrite = (
  commands: ReadonlyArray<CommandDraft>,
  target: BudgetId | null,
  budgets: ReadonlyArray<BudgetSummary>,
): Planned => {
  const [first] = commands
  if (first === undefined) return unsupported
  if (first._tag === 'CreateBudget') {
    const starter = starterOfCommands(commands.slice(1))
    if (starter === undefined) return unsupported
    const write = { kind: 'create', key: first.budgetId, name: first.name, currency: first.currency } as const
    return { ok: true, write: starter.length === 0 ? write : { ...write, starter } }
  }
  if (target === null || !budgets.some((budget) => budget.id === target)) return notFound
  if (commands.length === 1 && first._tag === 'DeleteBudget')
    return { ok: true, write: { kind: 'delete', budgetId: target } }
  if (commands.length === 1 && first._tag === 'ResetBudget')
    return { ok: true, write: { kind: 'reset', budgetId: target, date: first.date } }
  let update: { budgetId: BudgetId; name?: string; currency?: CurrencyCode } = { budgetId: target }
  for (const command of commands) {
    if (command._tag === 'RenameBudget' && update.name === undefined)
      update = { ...update, name: command.name }
    else if (command._tag === 'ChangeCurrency' && update.currency === undefined)
      update = { ...update, currency: command.currency }
    else return unsupported
  }
  return { ok: true, write: { kind: 'update', ...update } }
}

/** The list after a write the server accepted. */
export const applyWrite = (
  budgets: ReadonlyArray<BudgetSummary>,
  write: BudgetWrite,
  answer: BudgetInfo | null,
): ReadonlyArray<BudgetSummary> => {
  switch (write.kind) {
    case 'create':
      return answer === null || budgets.some((budget) => budget.id === answer.id)
        ? budgets
        : [...budgets, { ...answer, role: 'Owner', access: 'Edit' }]
    case 'delete':
      return budgets.filter((budget) => budget.id !== write.budgetId)
    case 'update':
    case 'reset':
      return answer === null
        ? budgets
        : budgets.map((budget) =>
            budget.id === write.budgetId
              ? { ...budget, name: answer.name, currency: answer.currency }
              : budget,
          )
  }
}
