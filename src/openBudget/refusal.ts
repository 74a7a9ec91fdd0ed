import { HTTPError } from 'ky'
import { type BudgetError, budgetErrorFromProblem } from '../../schemas/budgetErrors.ts'
import { errorBody } from '../api/client.ts'

/**
 * A 422 carrying one of the domain's refusals (the budget rules said no), or undefined. Its own module: the budgets
 * list (the first screen) uses it without loading the open budget's port.
 */
export const domainRefusalOf = (error: unknown): BudgetError | undefined =>
  error instanceof HTTPError && error.response.status === 422
    ? budgetErrorFromProblem(errorBody(error))
    : undefined
