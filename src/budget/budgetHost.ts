import type { BudgetHost } from '../../machines/app/index.ts'

/**
 * How the app actor opens a budget, without the budget's code in the first screen's JavaScript: the machine and its
 * port (ledger engine, HTTP client, state decoder) and the early summary read (HTTP client only) load when a route
 * first opens a budget.
 */
export const budgetHost: BudgetHost = {
  load: () => import('./budgetCode.ts').then((module) => module.budgetCode()),
  readSummary: (budgetId, signal) =>
    import('./summaryAhead.ts').then((module) => module.readSummary(budgetId, signal)),
}
