import { fromSnapshot, SNAPSHOT_FORMAT, toSnapshot } from '../../domain/snapshot.ts'
import type { BudgetState } from '../../domain/state.ts'
import type { Transaction } from '../../schemas/budget.ts'
import type { BudgetStateSnapshot } from '../../schemas/budget-snapshot.ts'
import type { CachedState } from './cache.ts'
import { amount, type LedgerDb } from './tables.ts'

/** A stored state is worth refreshing once this many events came after it. */
export const SNAPSHOT_EVERY = 5_000
/**
 * A due state is stored once its budget has had no write for this long: a bulk import never pays for one, and the
 * save (hundreds of milliseconds at 100 000 transactions, blocking PGlite) lands when the budget went quiet.
 */
export const SNAPSHOT_IDLE_MS = 10_000
/** …or at the latest this long after it became due, under a write stream that never pauses. */
export const SNAPSHOT_MAX_WAIT_MS = 60_000
/** Transactions per stored part: each part is a value of a few megabytes at most. */
export const SNAPSHOT_PART_SIZE = 5_000

/** A stored row's JSON: the snapshot, its transactions in `parts` rows when `parts` > 0 (older rows: inline). */
type StoredSnapshot = BudgetStateSnapshot & { readonly parts?: number }

/** The newest stored state at or below `version` in this evolve's format, or undefined. */
export const readSnapshot = async (
  db: LedgerDb,
  budgetId: string,
  version: number,
): Promise<{ readonly version: number; readonly state: BudgetState } | undefined> => {
  // A second attempt covers a newer state replacing the parts between the two reads.
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await db
      .selectFrom('budget_snapshots')
      .select(['version', 'data'])
      .where('budget_id', '=', budgetId)
      .where('format', '=', SNAPSHOT_FORMAT)
      .where('version', '<=', version)
      .executeTakeFirst()
    if (row === undefined) return undefined
    const stored = amount(row.version)
    // Written by this server from a typed state (toSnapshot); decoding it again would cost what it saves.
    const { parts = 0, ...snapshot } = JSON.parse(row.data) as StoredSnapshot
    if (parts === 0) return { version: stored, state: fromSnapshot(snapshot) }
    const rows = await db
      .selectFrom('budget_snapshot_parts')
      .select('data')
      .where('budget_id', '=', budgetId)
      .where('version', '=', stored)
      .orderBy('part')
      .execute()
    if (rows.length !== parts) continue
    const transactions: Transaction[] = []
    for (const part of rows)
      for (const transaction of JSON.parse(part.data) as Transaction[]) transactions.push(transaction)
    return { version: stored, state: fromSnapshot({ ...snapshot, transactions }) }
  }
  return undefined
}

/** Stores the state at `version` unless a newer one is stored already; its transactions go in bounded parts. */
export const saveSnapshot = async (
  db: LedgerDb,
  budgetId: string,
  version: number,
  state: BudgetState,
  partSize = SNAPSHOT_PART_SIZE,
): Promise<void> => {
  const { transactions, ...rest } = toSnapshot(state)
  const parts = Math.ceil(transactions.length / partSize)
  await db.transaction().execute(async (trx) => {
    const written = await trx
      .insertInto('budget_snapshots')
      .values({
        budget_id: budgetId,
        version,
        format: SNAPSHOT_FORMAT,
        data: JSON.stringify({ ...rest, transactions: [], parts } satisfies StoredSnapshot),
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
      .returning('budget_id')
      .executeTakeFirst()
    if (written === undefined) return
    await trx.deleteFrom('budget_snapshot_parts').where('budget_id', '=', budgetId).execute()
    for (let part = 0; part < parts; part++) {
      const from = part * partSize
      await trx
        .insertInto('budget_snapshot_parts')
        .values({
          budget_id: budgetId,
          part,
          version,
          data: JSON.stringify(transactions.slice(from, from + partSize)),
        })
        .execute()
    }
  })
}

/** Decides when a budget's state is stored again and keeps the saves off the write path. */
export interface SnapshotKeeper {
  /**
   * After a committed write: once enough events came since the last save, saves in the background as soon as the
   * budget's writes pause (SNAPSHOT_IDLE_MS).
   */
  consider(budgetId: string, version: number, state: BudgetState): void
  /** At shutdown: stores every complete cached state newer than its last save, so a restart folds nothing. */
  saveAll(states: Iterable<readonly [string, CachedState]>): Promise<void>
  /** Saves what is due now, without waiting for a pause, and waits for saves in flight. */
  settle(): Promise<void>
}

export const createSnapshotKeeper = (
  db: LedgerDb,
  failed: (error: unknown) => void,
  every = SNAPSHOT_EVERY,
  idleMs = SNAPSHOT_IDLE_MS,
): SnapshotKeeper => {
  // Versions saved (or being saved) in this process; after a restart the first write past `every` saves again.
  const saved = new Map<string, number>()
  const inFlight = new Set<Promise<void>>()
  // Budgets with a save due, waiting for a pause in their writes.
  const waiting = new Map<
    string,
    { version: number; state: BudgetState; since: number; timer: ReturnType<typeof setTimeout> }
  >()
  const save = (budgetId: string, version: number, state: BudgetState) => {
    saved.set(budgetId, version)
    const saving = saveSnapshot(db, budgetId, version, state)
      .catch(failed)
      .finally(() => inFlight.delete(saving))
    inFlight.add(saving)
  }
  const fire = (budgetId: string) => {
    const due = waiting.get(budgetId)
    if (due === undefined) return
    clearTimeout(due.timer)
    waiting.delete(budgetId)
    save(budgetId, due.version, due.state)
  }
  return {
    consider(budgetId, version, state) {
      const last = saved.get(budgetId) ?? 0
      // Spaced out as the budget grows: a bulk import of a million writes a few dozen snapshots, not two hundred.
      if (version - last < Math.max(every, Math.floor(last / 2))) return
      const earlier = waiting.get(budgetId)
      if (earlier !== undefined) clearTimeout(earlier.timer)
      const since = earlier?.since ?? Date.now()
      const timer = setTimeout(() => fire(budgetId), idleMs)
      // A pending save never keeps the process alive; shutdown saves every cached state anyway.
      timer.unref()
      waiting.set(budgetId, { version, state, since, timer })
      if (Date.now() - since >= SNAPSHOT_MAX_WAIT_MS) fire(budgetId)
    },
    saveAll: async (states) => {
      for (const due of waiting.values()) clearTimeout(due.timer)
      waiting.clear()
      for (const [budgetId, cached] of states) {
        if (cached.complete && cached.version > (saved.get(budgetId) ?? 0))
          save(budgetId, cached.version, cached.state)
      }
      await Promise.all(inFlight)
    },
    settle: async () => {
      for (const budgetId of [...waiting.keys()]) fire(budgetId)
      await Promise.all(inFlight)
    },
  }
}
