import type { BudgetState } from '../../domain/state.ts'

/**
 * Budget states kept in this process, each valid for exactly one stream version. Every use compares the
 * version with the one just read from the database, so several server instances never serve each other's
 * stale state: a writer behind the stored version folds only the missing events in. `complete` is false for a
 * state built from the read models (no transactions): good for month views, not for deciding commands.
 */
export interface CachedState {
  readonly version: number
  readonly state: BudgetState
  readonly complete: boolean
}

export interface StateCache {
  get(budgetId: string): CachedState | undefined
  put(budgetId: string, entry: CachedState): void
  drop(budgetId: string): void
  /** Every budget held, with its state (for saving them at shutdown). */
  entries(): Iterable<readonly [string, CachedState]>
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
      // Never replace a newer state, nor a complete one with a partial one of the same version.
      if (
        current !== undefined &&
        (current.version > entry.version ||
          (current.version === entry.version && current.complete && !entry.complete))
      )
        return
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
    entries: () => [...entries],
  }
}
