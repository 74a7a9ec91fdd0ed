// Issue 26 soak benchmark: N concurrent clients on loopback for a bounded time against one server process, mixing
// month views (45 %), transaction pages (35 %) and assignment writes (20 %), on PGlite and on PostgreSQL
// (DATABASE_URL, or a local postgres@127.0.0.1 when reachable). Before the mix, the same clients run /health alone
// (the machine's baseline: one round trip, one trivial query) and month views alone. Figures are printed, never
// asserted.
//
//   npm run bench soak -- --clients=50 --seconds=60      (or SOAK_CLIENTS, SOAK_SECONDS; defaults 50 and 60)
//   SOAK_BASELINE_SECONDS (default min(10, seconds)), SOAK_BUDGETS (10), SOAK_TRANSACTIONS per budget (2 000)
import { rmSync } from 'node:fs'
import { databases, type TestDatabase } from '../server/support/databases.ts'
import {
  type Budget,
  type Client,
  client,
  createBudget,
  loadTransactions,
  periodOf,
  provisionUser,
  random,
  startServer,
  years,
} from './budgetData.ts'
import { localPostgres, postgresReachable, printTable, rssMb, settledRssMb, stop } from './lib.ts'

const option = (name: string, fallback: number): number => {
  const flag = process.argv.find((argument) => argument.startsWith(`--${name}=`))
  const raw = flag?.slice(name.length + 3) ?? process.env[`SOAK_${name.toUpperCase()}`]
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`soak: --${name} must be a positive number`)
  return value
}

const clients = option('clients', 50)
const seconds = option('seconds', 60)
const baselineSeconds = option('baseline', Math.min(10, seconds))
const budgetCount = option('budgets', 10)
const transactionsPerBudget = option('transactions', 2_000)

type Kind = 'month view' | 'transaction page' | 'assignment' | 'health'

/** The mix: cumulative shares. */
const mix: ReadonlyArray<readonly [Kind, number]> = [
  ['month view', 0.45],
  ['transaction page', 0.8],
  ['assignment', 1],
]

interface Sample {
  readonly ms: number[]
  errors: number
  firstError?: string
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

const round = (value: number, digits = 1) => Number(value.toFixed(digits))

/** The twelve most recent months of the generated ten years: what people look at. */
const recentPeriod = (next: () => number) => periodOf(years * 12 - 1 - Math.floor(next() * 12))

const requestOf = (kind: Kind, budget: Budget, next: () => number): [string, string, unknown?] => {
  switch (kind) {
    case 'health':
      return ['GET', '/health']
    case 'month view':
      return ['GET', `${budget.base}/period/${recentPeriod(next)}`]
    case 'transaction page': {
      const account = budget.accounts[Math.floor(next() * budget.accounts.length)] ?? ''
      return ['GET', `${budget.base}/transactions?accountId=${account}&period=${recentPeriod(next)}`]
    }
    case 'assignment': {
      const category = budget.expenses[Math.floor(next() * budget.expenses.length)] ?? ''
      const value = Math.floor(next() * 100_000)
      return ['PUT', `${budget.base}/period/${recentPeriod(next)}/categories/${category}/assigned`, { value }]
    }
  }
}

/**
 * Every client sends its next request as soon as its last one is answered, for `durationSeconds`; `pick` chooses
 * the kind. `onHalfway` runs once, at half time (the RSS reading).
 */
const drive = async (
  apis: readonly Client[],
  budgets: readonly Budget[],
  durationSeconds: number,
  pick: (next: () => number) => Kind,
  onHalfway: () => void = () => {},
) => {
  const samples = new Map<Kind, Sample>()
  const sampleOf = (kind: Kind) => {
    let sample = samples.get(kind)
    if (sample === undefined) {
      sample = { ms: [], errors: 0 }
      samples.set(kind, sample)
    }
    return sample
  }
  const started = performance.now()
  const endsAt = started + durationSeconds * 1000
  const halfway = setTimeout(onHalfway, (durationSeconds * 1000) / 2)
  await Promise.all(
    apis.map(async (api, index) => {
      const next = random(1_000 + index)
      const budget = budgets[index % budgets.length]
      if (budget === undefined) throw new Error('no budget')
      while (performance.now() < endsAt) {
        const kind = pick(next)
        const [method, path, body] = requestOf(kind, budget, next)
        const sample = sampleOf(kind)
        const sent = performance.now()
        try {
          await api.call(method, path, body)
          sample.ms.push(performance.now() - sent)
        } catch (error) {
          sample.errors += 1
          sample.firstError ??= error instanceof Error ? error.message : String(error)
        }
      }
    }),
  )
  clearTimeout(halfway)
  const elapsed = (performance.now() - started) / 1000
  return { samples, elapsed }
}

const rowsOf = (label: string, { samples, elapsed }: Awaited<ReturnType<typeof drive>>) => {
  const row = (kind: string, sample: Sample) => {
    const sorted = [...sample.ms].sort((a, b) => a - b)
    return {
      phase: label,
      kind,
      requests: sorted.length + sample.errors,
      'requests/s': Math.round((sorted.length + sample.errors) / elapsed),
      'p50 (ms)': round(percentile(sorted, 50)),
      'p99 (ms)': round(percentile(sorted, 99)),
      errors: sample.errors,
    }
  }
  const kinds = [...samples.entries()].map(([kind, sample]) => row(kind, sample))
  if (samples.size < 2) return kinds
  const all: Sample = { ms: [...samples.values()].flatMap((sample) => sample.ms), errors: 0 }
  all.errors = [...samples.values()].reduce((sum, sample) => sum + sample.errors, 0)
  return [...kinds, row('all', all)]
}

const soakOne = async (kind: string, database: TestDatabase) => {
  const token = await provisionUser(database)
  const server = await startServer(database)
  const pid = server.child.pid ?? 0
  try {
    // Budgets of their own for the clients (client i uses budget i mod SOAK_BUDGETS), each with ten years of
    // generated transactions: writes contend per budget as they would among a household's devices.
    const setup = client(server.url, token)
    const budgets: Budget[] = []
    for (let index = 0; index < budgetCount; index++) {
      const budget = await createBudget(setup)
      await loadTransactions(setup, budget, transactionsPerBudget, index + 1)
      budgets.push(budget)
    }
    const apis = Array.from({ length: clients }, () => client(server.url, token))

    const health = await drive(apis, budgets, baselineSeconds, () => 'health')
    const monthViews = await drive(apis, budgets, baselineSeconds, () => 'month view')
    const rssStart = await settledRssMb(pid, 5_000)
    let rssMiddle = Number.NaN
    const soak = await drive(
      apis,
      budgets,
      seconds,
      (next) => {
        const roll = next()
        return mix.find(([, share]) => roll < share)?.[0] ?? 'assignment'
      },
      () => {
        rssMiddle = rssMb(pid)
      },
    )
    const rssEnd = rssMb(pid)
    const rows = [
      ...rowsOf('/health alone', health),
      ...rowsOf('month views alone', monthViews),
      ...rowsOf('mix', soak),
    ].map((row) => ({ database: kind, ...row }))
    const errors = [...soak.samples.values(), ...health.samples.values(), ...monthViews.samples.values()]
      .map((sample) => sample.firstError)
      .filter((message) => message !== undefined)
    return {
      rows,
      rss: {
        database: kind,
        'RSS start (MB)': Math.round(rssStart),
        'RSS middle (MB)': Math.round(rssMiddle),
        'RSS end (MB)': Math.round(rssEnd),
      },
      errors,
    }
  } finally {
    await stop(server.child)
  }
}

export async function run(): Promise<void> {
  if (process.env.DATABASE_URL === undefined && (await postgresReachable(localPostgres)))
    process.env.DATABASE_URL = localPostgres
  const targets = databases()
  if (targets.length === 1) console.log('PostgreSQL not reachable: PGlite only.')
  console.log(
    `${clients} clients, ${seconds} s mix (45 % month views, 35 % transaction pages, 20 % assignments), ` +
      `${baselineSeconds} s each alone; ${budgetCount} budgets × ${transactionsPerBudget} transactions`,
  )
  const rows = []
  const rss = []
  for (const target of targets) {
    const database = await target.create()
    try {
      const result = await soakOne(target.kind, database)
      rows.push(...result.rows)
      rss.push(result.rss)
      for (const message of result.errors) console.log(`${target.kind}: first error: ${message}`)
    } finally {
      await database.dispose()
      rmSync(database.dataDir, { recursive: true, force: true })
    }
  }
  printTable(
    'Soak (targets: 0 errors; month views p99 ≤ 100 ms in the mix; month views alone ≥ 1 500 requests/s on 2 cores; RSS flat)',
    rows,
  )
  printTable('Soak: server RSS', rss)
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
