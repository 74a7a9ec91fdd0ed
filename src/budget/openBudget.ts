import { type ActorRefFrom, type AnyActorRef, createActor } from 'xstate'
import { budgetMachine } from '../../machines/budget/index.ts'
import type { BudgetId, UserId } from '../../schemas/ids.ts'
import { createBudgetPort } from './budgetPort.ts'
import { markBudgetOpen } from './summaryAhead.ts'

export type BudgetRef = ActorRefFrom<typeof budgetMachine>

let current: { readonly key: string; readonly actor: BudgetRef } | null = null
const port = createBudgetPort()

/**
 * The one open budget: every view of the same budget (month, transactions, accounts, dialogs) shares its actor,
 * so moving between them neither re-reads nor drops pending writes; opening another budget (or another user)
 * stops the previous one and its event stream.
 */
export const openBudgetActor = (budgetId: BudgetId, userId: UserId, toasts: AnyActorRef): BudgetRef => {
  const key = `${userId}\u0000${budgetId}`
  if (current?.key === key) return current.actor
  current?.actor.stop()
  const actor = createActor(budgetMachine, { input: { budgetId, userId, port, toasts } })
  actor.start()
  current = { key, actor }
  markBudgetOpen(budgetId)
  return actor
}

/** Closes the open budget (its budget was deleted, or the user signed out). */
export const closeOpenBudget = () => {
  current?.actor.stop()
  current = null
  markBudgetOpen(null)
}
