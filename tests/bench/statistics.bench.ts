// Issue 31 §3: a year report on a 1 000 000-transaction budget in ≤ 50 ms at p95, on PGlite and on PostgreSQL
// (DATABASE_URL, or a local postgres@127.0.0.1 when reachable). The budget is the ledger bench's (150 categories,
// 4 accounts, 10 years, splits and transfers), loaded through the bulk route of a real server process;
// BENCH_STATISTICS_SIZE picks another size. Each figure is printed beside baselines measured in the same run on the
// same server (GET /health, and the month view), never asserted.
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { databases, type TestDatabase } from '../server/support/databases.ts'
import {
  client,
  createBudget,
  loadTransactions,
  periodOf,
  provisionUser,
  startServer,
  years,
} from './budgetData.ts'
import { localPostgres, postgresReachable, printTable, stop } from './lib.ts'

const size = Number(process.env.BENCH_STATISTICS_SIZE ?? 1_000_000)
const rounds = Number(process.env.BENCH_STATISTICS_ROUNDS ?? 100)
const warmUpRounds = 10

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}
const round = (value: number) => Number(value.toFixed(2))

/** `rounds` timed requests after untimed warm-up ones: "p50 / p95" in ms. */
const timed = async (run: () => Promise<{ status: number }>) => {
  for (let index = 0; index < warmUpRounds; index++) await run()
  const times: number[] = []
  for (let index = 0; index < rounds; index++) {
    const started = performance.now()
    const answer = await run()
    times.push(performance.now() - started)
    if (answer.status !== 200) throw new Error(`answered ${answer.status}`)
  }
  return `${round(percentile(times, 50))} / ${round(percentile(times, 95))}`
}

const benchOne = async (database: TestDatabase) => {
  const token = await provisionUser(database)
  const server = await startServer(database)
  try {
    const api = client(server.url, token)
    const budget = await createBudget(api)
    const { seconds } = await loadTransactions(api, budget, size)
    const last = periodOf(years * 12 - 1)
    const yearAgo = periodOf(years * 12 - 12)
    const calendarYear = `fromPeriod=${periodOf(years * 12 - 12)}&toPeriod=${last}`
    const report = (query: string) => () => api.call('GET', `${budget.base}/statistics?${query}`)
    return {
      database: database.databaseUrl === undefined ? 'pglite' : 'postgres',
      transactions: size,
      'load (s)': Math.round(seconds),
      '/health p50/p95 (ms)': await timed(() => api.call('GET', '/health')),
      'month view p50/p95 (ms)': await timed(() => api.call('GET', `${budget.base}/period/${last}`)),
      '12 months, Month p50/p95 (ms)': await timed(
        report(`granularity=Month&fromPeriod=${yearAgo}&toPeriod=${last}`),
      ),
      'a year, Year p50/p95 (ms)': await timed(report(`granularity=Year&${calendarYear}`)),
      '10 years, Month p50/p95 (ms)': await timed(
        report(`granularity=Month&fromPeriod=${periodOf(0)}&toPeriod=${last}`),
      ),
      '12 months, 1 account (transactions) p50/p95 (ms)': await timed(
        report(`granularity=Month&fromPeriod=${yearAgo}&toPeriod=${last}&accountIds=${budget.accounts[0]}`),
      ),
      '12 months, payee (transactions) p50/p95 (ms)': await timed(
        report(`granularity=Month&fromPeriod=${yearAgo}&toPeriod=${last}&payee=shop%2012`),
      ),
      'net worth, 12 months p50/p95 (ms)': await timed(() =>
        api.call('GET', `${budget.base}/statistics/net-worth?fromPeriod=${yearAgo}&toPeriod=${last}`),
      ),
      'net worth, 10 years p50/p95 (ms)': await timed(() =>
        api.call('GET', `${budget.base}/statistics/net-worth?fromPeriod=${periodOf(0)}&toPeriod=${last}`),
      ),
    }
  } finally {
    await stop(server.child)
  }
}

export async function run(): Promise<void> {
  if (process.env.DATABASE_URL === undefined && (await postgresReachable(localPostgres)))
    process.env.DATABASE_URL = localPostgres
  const targets = databases()
  if (targets.length === 1) console.log(`PostgreSQL not reachable at ${localPostgres}: PGlite only.`)
  const rows = []
  for (const target of targets) {
    const database = await target.create()
    try {
      rows.push(await benchOne(database))
      console.log(JSON.stringify(rows.at(-1)))
    } finally {
      await database.dispose()
      rmSync(database.dataDir, { recursive: true, force: true })
    }
  }
  printTable(
    `Statistics (target: a year report ≤ 50 ms p95 at 1 000 000 transactions; baselines /health and the month view, this run; ${rounds} requests each)`,
    rows,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
