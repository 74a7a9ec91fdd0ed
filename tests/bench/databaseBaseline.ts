// The database alone, on the same machine in the same run: a budget's transaction rows written again by plain SQL,
// without any of the server's work around them (HTTP, decoding, deciding, events, the other read models). The
// ledger's bulk rate divided by this one tells the app's own cost apart from the machine's speed, which differed by
// up to 2× between the machines these benchmarks ran on.
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { openDatabase } from '../../server/db/database.ts'
import { jsonbParameter } from '../../server/db/jsonParameters.ts'
import type { TestDatabase } from '../server/support/databases.ts'
import { batchSize } from './budgetData.ts'

/**
 * Rows per second of `insert … select from jsonb_array_elements(…)` (the statement the server writes transactions
 * with) into an empty copy of the transactions table with all its indexes, one transaction per batch of the bulk
 * route's size; and how many rows the budget holds (a transfer is one item of the bulk route and two rows). Opens
 * the database itself: for PGlite, only once the server has stopped.
 */
export const databaseInsertRate = async (
  database: TestDatabase,
  budgetId: string,
  rows = 20_000,
): Promise<{ readonly rowsPerSecond: number; readonly budgetRows: number }> => {
  const opened = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl })
  try {
    const { db } = opened
    await sql`create table bench_baseline (like transactions including all)`.execute(db)
    const source = await sql<{ rows: string }>`
      select coalesce(json_agg(json_build_array(id, bank_account_id, date, payee, memo, value, direction, kind,
               cleared, reconciled, splits, transfer_id)), '[]')::text as rows
      from (select * from transactions where budget_id = ${budgetId} limit ${rows}) t
    `.execute(db)
    const all: unknown[] = JSON.parse(source.rows[0]?.rows ?? '[]')
    const counted = await sql<{ count: string }>`
      select count(*) from transactions where budget_id = ${budgetId}
    `.execute(db)
    const batches: string[] = []
    for (let at = 0; at < all.length; at += batchSize)
      batches.push(JSON.stringify(all.slice(at, at + batchSize)))
    let milliseconds = 0
    for (const batch of batches) {
      const started = performance.now()
      await db.transaction().execute((trx) =>
        sql`
          insert into bench_baseline (budget_id, id, bank_account_id, date, payee, memo, value, direction, kind,
            cleared, reconciled, splits, transfer_id)
          select 'baseline', r->>0, r->>1, r->>2, r->>3, r->>4, (r->>5)::bigint, r->>6, r->>7, (r->>8)::boolean,
                 (r->>9)::boolean, r->10, r->>11
          from jsonb_array_elements(${jsonbParameter(batch)}::jsonb) as r
        `.execute(trx),
      )
      milliseconds += performance.now() - started
    }
    await sql`drop table bench_baseline`.execute(db)
    return {
      rowsPerSecond: all.length / (milliseconds / 1000),
      budgetRows: Number(counted.rows[0]?.count ?? Number.NaN),
    }
  } finally {
    await opened.close()
  }
}
