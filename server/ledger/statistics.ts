import { sql } from 'kysely'
import type { LedgerDb } from './tables.ts'

// Planner statistics kept fresh as budgets grow. PostgreSQL's autovacuum analyzes a table some time after a bulk
// import and PGlite never does; meanwhile the planner believes a budget holds its first thousand rows and reads
// all of them where an index lookup per key was meant (seen: 211 818 rows hashed for 2 147 new ids).

/** The first size at which statistics matter; after it, every doubling. */
const FIRST_STEP = 1_024

/** Whether a budget's transactions crossed a doubling step (1 024, 2 048, 4 096 …) going from `before` to `after`. */
export const crossesGrowthStep = (before: number, after: number): boolean => {
  if (after < FIRST_STEP || after <= before) return false
  const step = (count: number) => (count < FIRST_STEP ? -1 : Math.floor(Math.log2(count / FIRST_STEP)))
  return step(after) > step(before)
}

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
