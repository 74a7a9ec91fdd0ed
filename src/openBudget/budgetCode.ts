import type { BudgetCode } from '../../machines/app/index.ts'
import { budgetMachine } from '../../machines/openBudget/index.ts'
import type { ApiClient } from '../api/client.ts'
import { createBudgetPort } from '../ports/budgetPort.ts'
import { createPresencePort, readAccess } from './accessPort.ts'
import './texts.ts'

/** What the app actor loads when a route first opens a budget (one chunk with the view's budget code). */
export const budgetCode = (api: ApiClient): BudgetCode => ({
  machine: budgetMachine,
  port: { ...createBudgetPort(api), readAccess: readAccess(api), presence: createPresencePort(api) },
})
