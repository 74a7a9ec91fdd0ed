import type { Device } from '../../layouts/navigation.ts'

const id = (budgetId: string) => encodeURIComponent(budgetId)

/** The budget itself (the router sends it on to the current month). */
export const budgetHref = (budgetId: string): string => `/budget/${id(budgetId)}`

export const budgetSettingsHref = (budgetId: string): string => `/budget/${id(budgetId)}/settings`

/** Phones: the budget modal route; no id creates. */
export const budgetModalHref = (budgetId: string | null): string =>
  budgetId === null ? '/budget/edit' : `/budget/${id(budgetId)}/edit`

/** The budgets list of each route tree (phones may keep the current budget in the address). */
export const budgetsListHref = (device: Device, budgetId: string | null = null): string =>
  device === 'desktop' ? '/budgets' : budgetId === null ? '/budget/list' : `/budget/${id(budgetId)}/list`
