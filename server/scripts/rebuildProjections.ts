// `npm run rebuild-projections [budgetId…]`: rebuilds every budget's read models from its events. Uses the
// server's configuration (DATA_DIR or DATABASE_URL); on PGlite, stop the server first (it holds DATA_DIR).
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { rebuildAll } from '../ledger/rebuild.ts'
import { ledgerDb } from '../ledger/tables.ts'

const config = loadConfig(process.env)
const database = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL })
try {
  const count = await rebuildAll(ledgerDb(database.db), process.argv.slice(2), (budgetId, events, ms) => {
    process.stdout.write(`rebuilt ${budgetId}: ${events} events in ${Math.round(ms)} ms\n`)
  })
  process.stdout.write(`rebuilt ${count} budget(s) on ${database.kind}\n`)
} finally {
  await database.close()
}
