// Issue 4 benchmarks: the ledger at 10 000 and 100 000 transactions (1 000 000 with BENCH_LARGE=1), on PGlite
// and on PostgreSQL (DATABASE_URL, or a local postgres@127.0.0.1 when reachable). The server runs as its own
// process (`node server/main.ts`), so RSS and "cold after a restart" are the server's. Figures are printed,
// never asserted.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { openDatabase } from '../../server/db/database.ts'
import { createPersonalToken } from '../../server/identity/personalTokens.ts'
import type { IdentityTables } from '../../server/identity/tables.ts'
import { createLocalUser } from '../../server/identity/users.ts'
import { databases, type TestDatabase } from '../server/support/databases.ts'
import { freePort, printTable, rssMb, startProcess, stop, waitFor200 } from './lib.ts'

const sizes =
  process.env.BENCH_LEDGER_SIZES !== undefined
    ? process.env.BENCH_LEDGER_SIZES.split(',').map(Number)
    : process.env.BENCH_LARGE === '1'
      ? [10_000, 100_000, 1_000_000]
      : [10_000, 100_000]
const localPostgres = 'postgres://postgres@127.0.0.1:5432/postgres'
const years = 10
const firstYear = 2016
const batchSize = 2_000

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}
const round = (value: number, digits = 1) => Number(value.toFixed(digits))

/** Seeded PRNG (mulberry32): the same budget every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
}

const periodOf = (monthIndex: number) => {
  const year = firstYear + Math.floor(monthIndex / 12)
  return `${year}${String((monthIndex % 12) + 1).padStart(2, '0')}`
}
const dateIn = (monthIndex: number, day: number) => {
  const period = periodOf(monthIndex)
  return `${period.slice(0, 4)}-${period.slice(4)}-${String(day).padStart(2, '0')}`
}

interface Client {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown; ms: number }>
}

const client = (baseUrl: string, token: string): Client => ({
  call: async (method, path, body) => {
    const started = performance.now()
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    const ms = performance.now() - started
    if (response.status >= 300)
      throw new Error(`${method} ${path} → ${response.status}: ${text.slice(0, 300)}`)
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text), ms }
  },
})

const json = <T>(value: unknown): T =>
  // Bench-only: answers of our own API, read field by field.
  value as T

interface Budget {
  readonly base: string
  /** A category no transaction touches: money assigned to it in the oldest month is still there today. */
  readonly reserve: string
  readonly accounts: string[]
  readonly income: string[]
  readonly expenses: string[]
}

/** 15 groups × 10 categories (the first group Income), 4 accounts opened at the start of the 10 years. */
const createBudget = async (api: Client): Promise<Budget> => {
  const { id } = json<{ id: string }>(
    (await api.call('POST', '/api/budget', { name: 'Bench', currency: 'PLN' })).body,
  )
  const base = `/api/budget/${id}`
  const income: string[] = []
  const expenses: string[] = []
  for (let group = 0; group < 15; group++) {
    const { id: groupId } = json<{ id: string }>(
      (await api.call('POST', `${base}/category-groups`, { name: `Group ${group}` })).body,
    )
    for (let index = 0; index < 10; index++) {
      const type = group === 0 ? 'Income' : 'Expense'
      const category = json<{ id: string }>(
        (
          await api.call('POST', `${base}/categories`, {
            categoryGroupId: groupId,
            name: `C${group}.${index}`,
            type,
          })
        ).body,
      )
      ;(group === 0 ? income : expenses).push(category.id)
    }
  }
  const reserve = expenses.pop() ?? ''
  const accounts: string[] = []
  for (let index = 0; index < 4; index++) {
    const account = json<{ id: string }>(
      (
        await api.call('POST', `${base}/bank-accounts`, {
          name: `Account ${index}`,
          type: 'unconnected',
          balance: 1_000_000,
          date: dateIn(0, 1),
        })
      ).body,
    )
    accounts.push(account.id)
  }
  return { base, reserve, accounts, income, expenses }
}

/** Item `index` of `total`, spread evenly over the 10 years in date order: 8 % income, 7 % transfers, 20 % split. */
const item = (budget: Budget, next: () => number, index: number, total: number) => {
  const monthIndex = Math.min(years * 12 - 1, Math.floor((index / total) * years * 12))
  const date = dateIn(monthIndex, 1 + Math.floor(next() * 28))
  const account = budget.accounts[Math.floor(next() * budget.accounts.length)] ?? ''
  const roll = next()
  if (roll < 0.07) {
    const to = budget.accounts[(budget.accounts.indexOf(account) + 1) % budget.accounts.length] ?? ''
    return { fromBankAccountId: account, toBankAccountId: to, date, value: 1 + Math.floor(next() * 50_000) }
  }
  if (roll < 0.15) {
    const value = 100_000 + Math.floor(next() * 500_000)
    const categoryId = budget.income[Math.floor(next() * budget.income.length)] ?? ''
    return { bankAccountId: account, date, payee: 'Employer', value, splits: [{ categoryId, value }] }
  }
  const pick = () => budget.expenses[Math.floor(next() * budget.expenses.length)] ?? ''
  if (roll < 0.35) {
    const parts = [
      -(1 + Math.floor(next() * 5_000)),
      -(1 + Math.floor(next() * 5_000)),
      -(1 + Math.floor(next() * 5_000)),
    ]
    const value = parts.reduce((sum, part) => sum + part, 0)
    return {
      bankAccountId: account,
      date,
      payee: 'Hypermarket',
      value,
      splits: parts.map((part) => ({ categoryId: pick(), value: part })),
    }
  }
  const value = -(1 + Math.floor(next() * 20_000))
  return {
    bankAccountId: account,
    date,
    payee: `Shop ${Math.floor(next() * 500)}`,
    memo: 'bench',
    value,
    splits: [{ categoryId: pick(), value }],
  }
}

const provisionUser = async (database: TestDatabase) => {
  const opened = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl })
  try {
    // The identity tables live in the same database; migrations just created them.
    const identity = opened.db as unknown as Kysely<IdentityTables>
    const account = await createLocalUser(identity, `bench-${Date.now()}@example.com`, 'unused')
    if (!account.created) throw new Error('bench user exists')
    return (await createPersonalToken(identity, account.user.id, 'bench')).token
  } finally {
    await opened.close()
  }
}

const startServer = async (database: TestDatabase) => {
  const port = freePort()
  const since = performance.now()
  const child = startProcess(process.execPath, ['server/main.ts'], {
    DATA_DIR: database.dataDir,
    // Empty means unset: a PGlite run must not inherit the PostgreSQL URL of this process.
    DATABASE_URL: database.databaseUrl ?? '',
    PORT: String(port),
    STATIC_DIR: join(database.dataDir, 'no-dist'),
    LOG_LEVEL: 'warn',
  })
  await waitFor200(`http://127.0.0.1:${port}/health`, since, 120_000)
  return { child, url: `http://127.0.0.1:${port}` }
}

const timed = async (rounds: number, run: (round: number) => Promise<unknown>) => {
  const times: number[] = []
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    await run(round)
    times.push(performance.now() - started)
  }
  return { p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2) }
}

const benchOne = async (database: TestDatabase, size: number) => {
  const token = await provisionUser(database)
  let server = await startServer(database)
  try {
    return await measure(database, token, size, server, (next) => {
      server = next
    })
  } finally {
    await stop(server.child)
  }
}

type Server = Awaited<ReturnType<typeof startServer>>

const measure = async (
  database: TestDatabase,
  token: string,
  size: number,
  started: Server,
  restarted: (server: Server) => void,
) => {
  let server = started
  let api = client(server.url, token)
  const budget = await createBudget(api)
  const next = random(size)

  const loadStarted = performance.now()
  for (let at = 0; at < size; at += batchSize) {
    const items = Array.from({ length: Math.min(batchSize, size - at) }, (_, offset) =>
      item(budget, next, at + offset, size),
    )
    await api.call('POST', `${budget.base}/transactions/bulk`, { items })
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000

  const more = Array.from({ length: 1_000 }, (_, index) => item(budget, next, size - 1_000 + index, size))
  const moreStarted = performance.now()
  await api.call('POST', `${budget.base}/transactions/bulk`, { items: more })
  const moreSeconds = (performance.now() - moreStarted) / 1000
  const singlesStarted = performance.now()
  for (const single of more.slice(0, 200)) {
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
  const accountMonth = await timed(200, (index) => {
    const account = budget.accounts[index % budget.accounts.length] ?? ''
    return api.call(
      'GET',
      `${budget.base}/transactions?accountId=${account}&period=${periodOf(index % (years * 12))}&limit=1000`,
    )
  })
  const reserveToday = async () => {
    const view = json<{ categories: { id: string; available: number }[] }>(
      (await api.call('GET', `${budget.base}/period/${current}`)).body,
    )
    return view.categories.find((category) => category.id === budget.reserve)?.available
  }
  const oldestChange = await timed(20, async (index) => {
    const value = (index + 1) * 100
    await api.call('PUT', `${budget.base}/period/${oldest}/categories/${budget.reserve}/assigned`, { value })
    if ((await reserveToday()) !== value)
      throw new Error('the current month did not reflect the oldest-month change')
  })
  const warmRss = rssMb(server.child.pid ?? 0)

  // Cold: a fresh server process on the same data; the first month view is served from the read models.
  const cold: number[] = []
  let coldRss = 0
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
    coldRss = rssMb(server.child.pid ?? 0)
  }
  return {
    database: database.databaseUrl === undefined ? 'pglite' : 'postgres',
    transactions: size,
    'bulk load (tx/s)': Math.round(size / loadSeconds),
    '+1 000 bulk (tx/s)': Math.round(1_000 / moreSeconds),
    'single POSTs (tx/s)': Math.round(200 / singleSeconds),
    'month view warm p50/p95 (ms)': `${monthViewWarm.p50} / ${monthViewWarm.p95}`,
    'month view cold p50/max (ms)': `${round(percentile(cold, 50))} / ${round(Math.max(...cold))}`,
    'account-month p50/p95 (ms)': `${accountMonth.p50} / ${accountMonth.p95}`,
    'oldest change → current view p50/p95 (ms)': `${oldestChange.p50} / ${oldestChange.p95}`,
    'first write after restart (ms)': Math.round(firstWriteAfterRestart),
    'RSS warm / after restart (MB)': `${Math.round(warmRss)} / ${Math.round(coldRss)}`,
  }
}

const postgresReachable = async (url: string) => {
  const probe = new pg.Client({ connectionString: url })
  try {
    await probe.connect()
    await probe.end()
    return true
  } catch {
    return false
  }
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
    'Ledger (targets: bulk ≥ 20 000 tx/s; account-month ≤ 10 ms; month view p95 ≤ 5 ms warm, ≤ 150 ms cold at 100 000; oldest change ≤ 20 ms; RSS at 100 000 ≤ 200 MB PostgreSQL, ≤ 400 MB PGlite)',
    rows,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
