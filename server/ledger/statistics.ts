import { sql } from 'kysely'
import type { LedgerDb } from './tables.ts'

// Planner statistics kept fresh as budgets grow. PostgreSQL's autovacuum analyzes a table some time after a bulk
// import and PGlite never does; meanwhile the planner believes a budget holds its first thousand rows and reads
// all of them where an index lookup per key was meant (seen: 211 818 rows hashed for 2 147 new ids).

/**
 * The first size at which statistics matter, and the growth between analyses: 4 096, 16 384, 65 536 … A table
 * never analyzed is planned from its real size; the lookups are index probes whatever the statistics say. Every
 * doubling from 1 024 cost a 10 000-transaction import four analyses (~70 ms on PGlite, where each blocks the server).
 */
const FIRST_STEP = 4_096
const GROWTH = 4

const stepOf = (count: number) => {
  let step = -1
  for (let size = FIRST_STEP; size <= count; size *= GROWTH) step += 1
  return step
}

/** Whether a budget's transactions crossed a step (4 096, 16 384, 65 536 …) going from `before` to `after`. */
export const crossesGrowthStep = (before: number, after: number): boolean =>
  after > before && stepOf(after) > stepOf(before)

export interface StatisticsKeeper {
  /** After a committed write: analyzes `transactions` in the background when the budget crossed a step. */
  grew(before: number, after: number): void
  /** Waits for an analysis in flight (shutdown). */
  settle(): Promise<void>
}

export const createStatisticsKeeper = (db: LedgerDb, failed: (error: unknown) => void): StatisticsKeeper => {
  let running: Promise<void> | undefined
  let again = false
  const analyze = async () => {
    do {
      again = false
      // Only the columns the planner weighs for our lookups and pages: the whole table's statistics (payee, memo
      // and the splits' jsonb sorted too) took 270 ms at 40 000 rows on PGlite, these ~95.
      await sql`analyze transactions (budget_id, id, bank_account_id, date, transfer_id)`.execute(db)
    } while (again)
  }
  return {
    grew(before, after) {
      if (!crossesGrowthStep(before, after)) return
      if (running !== undefined) {
        again = true
        return
      }
      running = analyze()
        .catch(failed)
        .finally(() => {
          running = undefined
        })
    },
    settle: async () => {
      await running
    },
  }
}
