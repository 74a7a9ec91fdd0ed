import type { BudgetHost } from '../../machines/app/index.ts'
import type { LoadApi } from '../api/loadApi.ts'

/**
 * How the app actor opens a budget, without the budget's code in the first screen's JavaScript: the machine and its
 * port (ledger engine, HTTP client, state decoder) and the early summary read (HTTP client only) load when a route
 * first opens a budget.
 */
export const createBudgetHost = (loadApi: LoadApi): BudgetHost => ({
  load: () =>
    Promise.all([import('./budgetCode.ts'), loadApi()]).then(([module, api]) => module.budgetCode(api)),
  readSummary: (budgetId, signal) =>
    Promise.all([import('./summaryAhead.ts'), loadApi()]).then(([module, api]) =>
      module.readSummary(api, budgetId, signal),
    ),
})
