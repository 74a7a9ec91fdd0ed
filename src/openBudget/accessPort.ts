import type { BudgetPort } from '../../machines/openBudget/index.ts'
import type { PresencePort } from '../../machines/presence/index.ts'
import { BudgetList } from '../../schemas/ledgerApi.ts'
import { PresenceList } from '../../schemas/sharing.ts'
import type { ApiClient } from '../api/client.ts'

/** The caller's role and access in one budget, from the list of their budgets (`GET /api/budget`). */
export const readAccess =
  (api: ApiClient): NonNullable<BudgetPort['readAccess']> =>
  async (budgetId, signal) => {
    try {
      const budgets = await api.getJson('/api/budget', BudgetList, { signal })
      const found = budgets.find((budget) => budget.id === budgetId)
      return { ok: true, access: found === undefined ? null : { role: found.role, access: found.access } }
    } catch {
      return { ok: false }
    }
  }

/** Who else has the budget open (`GET /api/budget/{id}/presence`), and whether this page is on screen. */
export const createPresencePort = (api: ApiClient): PresencePort => ({
  async read(budgetId, signal) {
    try {
      const members = await api.getJson(
        `/api/budget/${encodeURIComponent(budgetId)}/presence`,
        PresenceList,
        { signal },
      )
      return { ok: true, members }
    } catch {
      return { ok: false }
    }
  },
  isVisible: () => document.visibilityState === 'visible',
  watchVisibility(onChange) {
    const listener = () => onChange(document.visibilityState === 'visible')
    document.addEventListener('visibilitychange', listener)
    return () => document.removeEventListener('visibilitychange', listener)
  },
})
