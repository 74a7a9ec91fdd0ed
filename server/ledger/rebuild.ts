import { replay } from '../../domain/evolve.ts'
import { writeWholeState } from './projection.ts'
import { readEvents } from './store.ts'
import { amount, type LedgerDb } from './tables.ts'

/**
 * Rebuilds one budget's read models from its events, under the stream lock (writers wait), in one transaction:
 * a failure leaves the old read models in place.
 */
export const rebuildBudget = async (db: LedgerDb, budgetId: string): Promise<{ events: number }> =>
  db.transaction().execute(async (trx) => {
    const head = await trx
      .selectFrom('budgets')
      .select('version')
      .where('id', '=', budgetId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const events = await readEvents(trx, budgetId, 0)
    if (events.length !== amount(head.version)) {
      throw new Error(`budget ${budgetId}: version ${head.version} but ${events.length} events`)
    }
    await writeWholeState(trx, budgetId, replay(events.map((stored) => stored.event)))
    // A stored state is derived data too: the next write after the rebuild stores a fresh one.
    await trx.deleteFrom('budget_snapshot_parts').where('budget_id', '=', budgetId).execute()
    await trx.deleteFrom('budget_snapshots').where('budget_id', '=', budgetId).execute()
    return { events: events.length }
  })

/** Rebuilds every budget (or the listed ones); reports each as it finishes. */
export const rebuildAll = async (
  db: LedgerDb,
  only: readonly string[] = [],
  report: (budgetId: string, events: number, ms: number) => void = () => {},
): Promise<number> => {
  const ids =
    only.length > 0
      ? only
      : (await db.selectFrom('budgets').select('id').orderBy('id').execute()).map((row) => row.id)
  for (const id of ids) {
    const started = performance.now()
    const { events } = await rebuildBudget(db, id)
    report(id, events, performance.now() - started)
  }
  return ids.length
}
