import { browserStorage } from '../../platform/storage.ts'

const LAST_BUDGET_KEY = 'koperta.lastBudget'

/** The budget view calls this when a budget opens; the home route opens it again next time. */
export const rememberLastBudget = (budgetId: string): void => browserStorage.set(LAST_BUDGET_KEY, budgetId)

export const lastBudget = (): string | null => browserStorage.get(LAST_BUDGET_KEY)
