import { fromSnapshot, SNAPSHOT_FORMAT, toSnapshot } from '../../domain/snapshot.ts'
import type { BudgetState } from '../../domain/state.ts'
import type { BudgetStateSnapshot } from '../../schemas/budget-snapshot.ts'
import type { CachedState } from './cache.ts'
import { amount, type LedgerDb } from './tables.ts'

/** A stored state is worth refreshing once this many events came after it. */
export const SNAPSHOT_EVERY = 5_000

/** The newest stored state at or below `version` in this evolve's format, or undefined. */
export const readSnapshot = async (
  db: LedgerDb,
  budgetId: string,
  version: number,
): Promise<{ readonly version: number; readonly state: BudgetState } | undefined> => {
  const row = await db
    .selectFrom('budget_snapshots')
    .select(['version', 'data'])
    .where('budget_id', '=', budgetId)
    .where('format', '=', SNAPSHOT_FORMAT)
    .where('version', '<=', version)
    .executeTakeFirst()
  if (row === undefined) return undefined
  // Written by this server from a typed state (toSnapshot); decoding it again would cost what it saves.
  const snapshot = JSON.parse(row.data) as BudgetStateSnapshot
  return { version: amount(row.version), state: fromSnapshot(snapshot) }
}

/** Stores the state at `version` unless a newer one is stored already. */
export const saveSnapshot = async (
  db: LedgerDb,
  budgetId: string,
  version: number,
  state: BudgetState,
): Promise<void> => {
  await db
    .insertInto('budget_snapshots')
    .values({
      budget_id: budgetId,
      version,
      format: SNAPSHOT_FORMAT,
      data: JSON.stringify(toSnapshot(state)),
    })
    .onConflict((conflict) =>
      conflict
        .column('budget_id')
        .doUpdateSet((eb) => ({
          version: eb.ref('excluded.version'),
          format: eb.ref('excluded.format'),
          data: eb.ref('excluded.data'),
          saved_at: eb.fn('now'),
        }))
        .where((eb) =>
          eb.or([
            eb('budget_snapshots.version', '<', eb.ref('excluded.version')),
            eb('budget_snapshots.format', '!=', eb.ref('excluded.format')),
          ]),
        ),
    )
    .execute()
}

/** Decides when a budget's state is stored again and keeps the saves off the write path. */
export interface SnapshotKeeper {
  /** After a committed write: saves in the background once enough events came since the last save. */
  consider(budgetId: string, version: number, state: BudgetState): void
  /** At shutdown: stores every complete cached state newer than its last save, so a restart folds nothing. */
  saveAll(states: Iterable<readonly [string, CachedState]>): Promise<void>
  /** Waits for saves in flight (before the database closes). */
  settle(): Promise<void>
}

export const createSnapshotKeeper = (
  db: LedgerDb,
  failed: (error: unknown) => void,
  every = SNAPSHOT_EVERY,
): SnapshotKeeper => {
  // Versions saved (or being saved) in this process; after a restart the first write past `every` saves again.
  const saved = new Map<string, number>()
  const inFlight = new Set<Promise<void>>()
  const save = (budgetId: string, version: number, state: BudgetState) => {
    saved.set(budgetId, version)
    const saving = saveSnapshot(db, budgetId, version, state)
      .catch(failed)
      .finally(() => inFlight.delete(saving))
    inFlight.add(saving)
  }
  return {
    consider(budgetId, version, state) {
      const last = saved.get(budgetId) ?? 0
      // Spaced out as the budget grows: a bulk import of a million writes a few dozen snapshots, not two hundred.
      if (version - last >= Math.max(every, Math.floor(last / 2))) save(budgetId, version, state)
    },
    saveAll: async (states) => {
      for (const [budgetId, cached] of states) {
        if (cached.complete && cached.version > (saved.get(budgetId) ?? 0))
          save(budgetId, cached.version, cached.state)
      }
      await Promise.all(inFlight)
    },
    settle: async () => {
      await Promise.all(inFlight)
    },
  }
}
