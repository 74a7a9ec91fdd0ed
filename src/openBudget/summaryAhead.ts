import * as Schema from 'effect/Schema'
import type { BudgetId } from '../../schemas/ids.ts'
import type { ApiClient } from '../api/client.ts'

// Kept apart from the budget port (and its domain code) so the app actor can start the read as soon as a route
// opens a budget, before the view's code has arrived (machines/openBudget/summaryAhead.machine.ts holds the answer).

export const stateUrl = (budgetId: string, part: 'full' | 'summary') =>
  `/api/budget/${encodeURIComponent(budgetId)}/state${part === 'summary' ? '?part=summary' : ''}`

/** The budget's summary as the server sends it; the open budget's port decodes it. */
export const readSummary = (api: ApiClient, budgetId: BudgetId, signal: AbortSignal): Promise<unknown> =>
  api.getJson(stateUrl(budgetId, 'summary'), Schema.Unknown, { signal })
