import { replay } from '../../domain/evolve.ts'
import type { BudgetState } from '../../domain/state.ts'
import { statementBatch } from '../db/statementBatch.ts'
import { READ_MODEL_FORMAT, writeWholeState } from './projection.ts'
import { readEvents } from './store.ts'
import { amount, type LedgerDb } from './tables.ts'

/**
 * Replays a budget's events and writes its read models whole, in the caller's transaction, which holds the stream
 * lock at `version`. Answers the replayed state.
 */
export const rebuildWithin = async (
  trx: LedgerDb,
  budgetId: string,
  version: number,
): Promise<BudgetState> => {
  const events = await readEvents(trx, budgetId, 0)
  if (events.length !== version) {
    throw new Error(`budget ${budgetId}: version ${version} but ${events.length} events`)
  }
  const state = replay(events.map((stored) => stored.data))
  const out = statementBatch(trx)
  await writeWholeState(out, budgetId, state)
  await out.change(
    out.db
      .updateTable('budgets')
      .set({
        read_model_format: READ_MODEL_FORMAT,
        transaction_count: state.transactionCount,
        draft_horizon_days: state.draftHorizonDays,
      })
      .where('id', '=', budgetId),
    'budgets',
  )
  await out.flush()
  return state
}

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
    const version = amount(head.version)
    await rebuildWithin(trx, budgetId, version)
    return { events: version }
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
