// Issue 4 benchmarks: the ledger at 10 000 and 100 000 transactions (1 000 000 with BENCH_LARGE=1), on PGlite
// and on PostgreSQL (DATABASE_URL, or a local postgres@127.0.0.1 when reachable). The server runs as its own
// process (`node server/main.ts`), so RSS and "cold after a restart" are the server's. Figures are printed,
// never asserted.
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { databases, type TestDatabase } from '../server/support/databases.ts'
import {
  type Budget,
  client,
  createBudget,
  item,
  json,
  loadTransactions,
  periodOf,
  provisionUser,
  random,
  type Server,
  startServer,
  years,
} from './budgetData.ts'
import { databaseInsertRate } from './databaseBaseline.ts'
import { localPostgres, peakRssMb, postgresReachable, printTable, rssMb, settledRssMb, stop } from './lib.ts'

const sizes =
  process.env.BENCH_LEDGER_SIZES !== undefined
    ? process.env.BENCH_LEDGER_SIZES.split(',').map(Number)
    : process.env.BENCH_LARGE === '1'
      ? [10_000, 100_000, 1_000_000]
      : [10_000, 100_000]
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}
const round = (value: number, digits = 1) => Number(value.toFixed(digits))

/** Untimed rounds before each timed series: a warm figure is the steady state, not the route's first compilation. */
const warmUpRounds = 20

const summary = (times: number[]) => ({
  p50: round(percentile(times, 50), 2),
  p95: round(percentile(times, 95), 2),
})

const timeOf = async (run: () => Promise<unknown>) => {
  const started = performance.now()
  await run()
  return performance.now() - started
}

/**
 * `rounds` timed runs after `warmUpRounds` untimed ones, which get the rounds after the timed ones' numbers; with
 * `twice`, each round runs again at once, timed apart (`again`).
 */
const timed = async (rounds: number, run: (round: number) => Promise<unknown>, { twice = false } = {}) => {
  for (let round = rounds; round < rounds + warmUpRounds; round++) await run(round)
  const first: number[] = []
  const again: number[] = []
  for (let round = 0; round < rounds; round++) {
    first.push(await timeOf(() => run(round)))
    if (twice) again.push(await timeOf(() => run(round)))
  }
  return { ...summary(first), again: summary(again) }
}

const benchOne = async (database: TestDatabase, size: number) => {
  const token = await provisionUser(database)
  let server = await startServer(database)
  let measured: Awaited<ReturnType<typeof measure>>
  try {
    measured = await measure(database, token, size, server, (next) => {
      server = next
    })
  } finally {
    await stop(server.child)
  }
  const { row, budgetId, itemsAdded, bulkRate } = measured
  const baseline = await databaseInsertRate(database, budgetId)
  const rowsPerItem = baseline.budgetRows / itemsAdded
  return {
    ...row,
    'database alone, insert (rows/s)': Math.round(baseline.rowsPerSecond),
    'bulk ÷ database alone (in rows)': round((bulkRate * rowsPerItem) / baseline.rowsPerSecond, 2),
  }
}

const measure = async (
  database: TestDatabase,
  token: string,
  size: number,
  started: Server,
  restarted: (server: Server) => void,
) => {
  let server = started
  let api = client(server.url, token)
  // A fresh process runs its first few batches at about half speed while V8 compiles the write path (and, on PGlite,
  // PostgreSQL's WebAssembly tiers up): its first 10 000 go into a budget of their own and are printed on their own,
  // so the bulk rate at 10 000 is the ledger's, not the process's start.
  const fresh = await loadTransactions(api, await createBudget(api), 10_000)
  const budget = await createBudget(api)
  const { seconds: loadSeconds, next } = await loadTransactions(api, budget, size)

  // Nine requests of 1 000 (in the last month) into a budget, the median of their rates: one request alone swung by
  // ±20 %, and a median of five by ±15 %. Into the full budget, and later into a small one with the same ten years
  // of history on the same warm server: the same requests, so their ratio shows whether adding costs more as the
  // transactions grow (a request of 1 000 carries the same fixed cost as one of the load's 2 000, so against the bulk
  // rate it is a little slower at any size).
  const addThousands = async (into: Budget, draw: () => number) => {
    const rates: number[] = []
    for (let request = 0; request < 9; request++) {
      const items = Array.from({ length: 1_000 }, (_, index) => item(into, draw, size - 1_000 + index, size))
      const { ms } = await api.call('POST', `${into.base}/transactions/bulk`, { items })
      rates.push(1_000 / (ms / 1000))
    }
    return percentile(rates, 50)
  }
  const moreRate = await addThousands(budget, next)
  const more = Array.from({ length: 200 }, (_, index) => item(budget, next, size - 200 + index, size))
  const bulkRate = size / loadSeconds
  const singlesStarted = performance.now()
  for (const single of more) {
    await api.call(
      'POST',
      `${budget.base}/${'bankAccountId' in single ? 'transactions' : 'transfers'}`,
      single,
    )
  }
  const singleSeconds = (performance.now() - singlesStarted) / 1000

  const current = periodOf(years * 12 - 1)
  const oldest = periodOf(0)
  const monthViewWarm = await timed(200, () => api.call('GET', `${budget.base}/period/${current}`))
  // The reads' baseline: a round trip through the same server that asks the database one trivial question.
  const health = await timed(200, () => api.call('GET', '/health'))
  // One account's month: a page of up to 1 000 rows (a whole month up to 100 000 transactions; about half of one at
  // 1 000 000, where a month holds ~2 080), and the API's default first page of 100, which the app's lists ask for.
  // Each round reads another account-month (the warm-up's too), then reads it again at once: once the budget
  // outgrows the database's buffers the first read may have to fetch its pages, the second finds them in (at
  // 1 000 000 the two differ little while the operating system still caches the pages from the load).
  const accountMonthUrl = (index: number) => {
    const account = budget.accounts[index % budget.accounts.length] ?? ''
    const period = periodOf(Math.floor(index / budget.accounts.length) % (years * 12))
    return `${budget.base}/transactions?accountId=${account}&period=${period}`
  }
  const accountMonth = await timed(200, (index) => api.call('GET', `${accountMonthUrl(index)}&limit=1000`), {
    twice: true,
  })
  const accountMonthFirstPage = await timed(200, (index) => api.call('GET', accountMonthUrl(index)))
  const reserveToday = async () => {
    const view = json<{ categories: { id: string; available: number }[] }>(
      (await api.call('GET', `${budget.base}/period/${current}`)).body,
    )
    return view.categories.find((category) => category.id === budget.reserve)?.available
  }
  const oldestChange = await timed(100, async (index) => {
    const value = (index + 1) * 100
    await api.call('PUT', `${budget.base}/period/${oldest}/categories/${budget.reserve}/assigned`, { value })
    if ((await reserveToday()) !== value)
      throw new Error('the current month did not reflect the oldest-month change')
  })
  const warmRss = rssMb(server.child.pid ?? 0)
  // Last of the warm figures: the small budget's fourth request takes it past 4 096 transactions, and the planner
  // statistics' analysis that starts would fall on the next timed requests.
  const small = await createBudget(api)
  await loadTransactions(api, small, 1_200, size + 1)
  const smallRate = await addThousands(small, random(size + 2))

  // Cold: a fresh server process on the same data; the first month view is served from the read models.
  const cold: number[] = []
  let coldRss = 0
  let peakRss = 0
  let firstWriteAfterRestart = 0
  for (let restart = 0; restart < 3; restart++) {
    await stop(server.child)
    server = await startServer(database)
    restarted(server)
    api = client(server.url, token)
    const started = performance.now()
    await api.call('GET', `${budget.base}/period/${current}`)
    cold.push(performance.now() - started)
    if (restart === 0) {
      const writeStarted = performance.now()
      await api.call('PUT', `${budget.base}/period/${current}/categories/${budget.expenses[1]}/assigned`, {
        value: 1,
      })
      firstWriteAfterRestart = performance.now() - writeStarted
    }
    // PGlite's start peaks for 0.3–1.5 s while V8 optimizes PostgreSQL's parser (a ~600 MB compiler zone, whatever
    // the data): the steady figure is read once that is over, the peak is printed on its own.
    coldRss = await settledRssMb(server.child.pid ?? 0)
    peakRss = peakRssMb(server.child.pid ?? 0)
  }
  const row = {
    database: database.databaseUrl === undefined ? 'pglite' : 'postgres',
    transactions: size,
    'bulk load, fresh server, first 10 000 (tx/s)': Math.round(10_000 / fresh.seconds),
    'bulk load (tx/s)': Math.round(bulkRate),
    '+1 000 bulk (tx/s, median of 9)': Math.round(moreRate),
    '+1 000 ÷ bulk': round(moreRate / bulkRate, 2),
    '+1 000 into a small budget (tx/s)': Math.round(smallRate),
    '+1 000 full ÷ small': round(moreRate / smallRate, 2),
    'single POSTs (tx/s)': Math.round(200 / singleSeconds),
    '/health p50/p95 (ms)': `${health.p50} / ${health.p95}`,
    'month view warm p50/p95 (ms)': `${monthViewWarm.p50} / ${monthViewWarm.p95}`,
    'month view cold p50/max (ms)': `${round(percentile(cold, 50))} / ${round(Math.max(...cold))}`,
    'account-month ≤ 1 000 rows p50/p95 (ms)': `${accountMonth.p50} / ${accountMonth.p95}`,
    'the same, read again at once p50/p95 (ms)': `${accountMonth.again.p50} / ${accountMonth.again.p95}`,
    'account-month first 100 p50/p95 (ms)': `${accountMonthFirstPage.p50} / ${accountMonthFirstPage.p95}`,
    'oldest change → current view p50/p95 (ms)': `${oldestChange.p50} / ${oldestChange.p95}`,
    'first write after restart (ms)': Math.round(firstWriteAfterRestart),
    'RSS warm / after restart (MB)': `${Math.round(warmRss)} / ${Math.round(coldRss)}`,
    'peak RSS of the restarted process (MB)': Math.round(peakRss),
  }
  // The bulk load, the nine requests of 1 000 and the 200 single POSTs went into `budget`.
  const itemsAdded = size + 9 * 1_000 + more.length
  return { row, budgetId: budget.base.slice(budget.base.lastIndexOf('/') + 1), itemsAdded, bulkRate }
}

export async function run(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? localPostgres
  if (process.env.DATABASE_URL === undefined && (await postgresReachable(localPostgres)))
    process.env.DATABASE_URL = localPostgres
  const targets = databases()
  if (targets.length === 1) console.log(`PostgreSQL not reachable at ${adminUrl}: PGlite only.`)
  const rows = []
  for (const target of targets) {
    for (const size of sizes) {
      const database = await target.create()
      try {
        rows.push(await benchOne(database, size))
        console.log(JSON.stringify(rows.at(-1)))
      } finally {
        await database.dispose()
        rmSync(database.dataDir, { recursive: true, force: true })
      }
    }
  }
  printTable(
    'Ledger (targets: bulk ≥ 20 000 tx/s (÷ database alone: the same rows by plain SQL, this machine, this run), +1 000 into the full budget as fast (full ÷ small ≥ 1, and ÷ bulk); account-month ≤ 10 ms; month view p95 ≤ 5 ms warm (/health: one round trip with a trivial query, this run), ≤ 150 ms cold at 100 000; oldest change ≤ 20 ms; RSS at 100 000 ≤ 200 MB PostgreSQL, ≤ 400 MB PGlite)',
    rows,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
