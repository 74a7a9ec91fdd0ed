import * as Schema from 'effect/Schema'
import { getJson } from '../api/client.ts'

// Kept apart from the budget port (and its domain code) so the budget route's loader can start the read as soon as
// the route matches, before the view's code has arrived.

export const stateUrl = (budgetId: string, part: 'full' | 'summary') =>
  `/api/budget/${encodeURIComponent(budgetId)}/state${part === 'summary' ? '?part=summary' : ''}`

/** An early read is for the view being opened now; one left over (the view never asked) is not trusted later. */
const AHEAD_FOR_MS = 10_000

let ahead: { readonly budgetId: string; readonly body: Promise<unknown>; readonly at: number } | null = null
let openBudgetId: string | null = null

/** The open-budget actor now shows this budget (or none): it follows the live stream, so no early read is needed. */
export const markBudgetOpen = (budgetId: string | null): void => {
  openBudgetId = budgetId
}

/**
 * Starts reading a budget's summary while the budget's view is still loading, unless that budget is open already.
 * The open-budget actor's first summary read takes this answer (`takeSummaryAhead`).
 */
export const readSummaryAhead = (budgetId: string): void => {
  if (budgetId === openBudgetId || ahead?.budgetId === budgetId) return
  const body = getJson(stateUrl(budgetId, 'summary'), Schema.Unknown)
  // A failure is reported by the read that takes it.
  body.catch(() => undefined)
  ahead = { budgetId, body, at: Date.now() }
}

export const takeSummaryAhead = (budgetId: string): Promise<unknown> | null => {
  const taken = ahead?.budgetId === budgetId && Date.now() - ahead.at < AHEAD_FOR_MS ? ahead.body : null
  ahead = null
  return taken
}
