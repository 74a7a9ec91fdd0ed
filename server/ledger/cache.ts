import type { BudgetState } from '../../domain/state.ts'

/**
 * Budget summaries (domain/summary.ts: states without their transactions) kept in this process, each valid for
 * exactly one stream version. Every use compares the version with the one just read from the database, so
 * several server instances never serve each other's stale state: a writer behind the stored version folds the
 * missing events in, or reads the summary again.
 */
export interface CachedState {
  readonly version: number
  readonly state: BudgetState
}

export interface StateCache {
  get(budgetId: string): CachedState | undefined
  put(budgetId: string, entry: CachedState): void
  drop(budgetId: string): void
}

export const createStateCache = (maxBudgets = 32): StateCache => {
  const entries = new Map<string, CachedState>()
  return {
    get: (budgetId) => {
      const entry = entries.get(budgetId)
      if (entry !== undefined) {
        // Re-insert: Map order is the least-recently-used order.
        entries.delete(budgetId)
        entries.set(budgetId, entry)
      }
      return entry
    },
    put: (budgetId, entry) => {
      const current = entries.get(budgetId)
      // Never replace a newer state.
      if (current !== undefined && current.version > entry.version) return
      entries.delete(budgetId)
      entries.set(budgetId, entry)
      while (entries.size > maxBudgets) {
        const oldest = entries.keys().next().value
        if (oldest === undefined) break
        entries.delete(oldest)
      }
    },
    drop: (budgetId) => {
      entries.delete(budgetId)
    },
  }
}
