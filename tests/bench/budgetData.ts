// The generated budget both the ledger and the screen benchmarks use: 150 categories in 15 groups, 4 accounts,
// 10 years of transactions with splits and transfers, loaded through the bulk route of a real server process.
import { Agent, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib'
import type { Kysely } from 'kysely'
import { openDatabase } from '../../server/db/database.ts'
import { createPersonalToken } from '../../server/identity/personalTokens.ts'
import type { IdentityTables } from '../../server/identity/tables.ts'
import { createLocalUser } from '../../server/identity/users.ts'
import { browserAcceptEncoding } from '../server/support/browser.ts'
import type { TestDatabase } from '../server/support/databases.ts'
import { freePort, startProcess, waitFor200 } from './lib.ts'

export const years = 10
/** Where the ten years start, as a month count (year × 12 + month − 1): January 2016 unless a bench says otherwise. */
export const defaultStart = 2016 * 12
export const batchSize = 2_000

/** Seeded PRNG (mulberry32): the same budget every run. */
export const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
}

export const periodOf = (monthIndex: number, start = defaultStart) => {
  const month = start + monthIndex
  return `${Math.floor(month / 12)}${String((month % 12) + 1).padStart(2, '0')}`
}
export const dateIn = (monthIndex: number, day: number, start = defaultStart) => {
  const period = periodOf(monthIndex, start)
  return `${period.slice(0, 4)}-${period.slice(4)}-${String(day).padStart(2, '0')}`
}

/**
 * The start that makes the ten years end with `period` (YYYYMM): a screen that opens on today's month (statistics)
 * then shows that month's figures.
 */
export const startEndingIn = (period: string) =>
  Number(period.slice(0, 4)) * 12 + Number(period.slice(4)) - 1 - (years * 12 - 1)

export interface Answer {
  readonly status: number
  /** The answer's JSON, parsed when first read: timed series that do not read it leave no garbage behind. */
  readonly body: unknown
  readonly ms: number
}

export interface Client {
  call(method: string, path: string, body?: unknown): Promise<Answer>
}

const decoded = (bytes: Buffer, coding: string | undefined): Buffer => {
  if (coding === undefined || coding === 'identity') return bytes
  if (coding === 'zstd') return zstdDecompressSync(bytes)
  if (coding === 'br') return brotliDecompressSync(bytes)
  if (coding === 'gzip') return gunzipSync(bytes)
  if (coding === 'deflate') return inflateSync(bytes)
  throw new Error(`unknown content-encoding ${coding}`)
}

/**
 * An API client on one kept-alive connection, through `node:http` with the answer decompressed at once: what a
 * round trip costs the server, not the client. Node's fetch, which this replaced, added ~2.5 ms to the median and
 * ~10 ms to the p90 of a 1 000-row page (a web stream per answer, decompressed through libuv's pool): the server's
 * own response times, from its log, were 6.7 and 9.6 ms where fetch measured 9.1 and 20.
 */
export const client = (baseUrl: string, token: string): Client => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const send = (method: string, path: string, payload: string | undefined) =>
    new Promise<{ status: number; bytes: Buffer; coding: string | undefined }>((resolve, reject) => {
      const request = httpRequest(
        `${baseUrl}${path}`,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            // What the app's browsers ask for.
            'accept-encoding': browserAcceptEncoding,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              bytes: Buffer.concat(chunks),
              coding: response.headers['content-encoding'],
            }),
          )
          response.on('error', reject)
        },
      )
      request.on('error', reject)
      request.end(payload)
    })
  return {
    call: async (method, path, body) => {
      // Serialized before the clock starts: `ms` is the request's round trip, not the bench's own JSON.stringify.
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const started = performance.now()
      const answer = await send(method, path, payload)
      const text = decoded(answer.bytes, answer.coding).toString('utf8')
      const ms = performance.now() - started
      if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status}: ${text.slice(0, 300)}`)
      let parsed: { readonly value: unknown } | undefined
      return {
        status: answer.status,
        ms,
        get body() {
          parsed ??= { value: text === '' ? undefined : JSON.parse(text) }
          return parsed.value
        },
      }
    },
  }
}

export const json = <T>(value: unknown): T =>
  // Bench-only: answers of our own API, read field by field.
  value as T

export interface Budget {
  readonly base: string
  /** A category no transaction touches: money assigned to it in the oldest month is still there today. */
  readonly reserve: string
  readonly accounts: string[]
  readonly income: string[]
  readonly expenses: string[]
  /** Month index 0 as a month count (`defaultStart`). */
  readonly start: number
}

/** 15 groups × 10 categories (the first group Income), 4 accounts opened at the start of the 10 years. */
export const createBudget = async (api: Client, start = defaultStart): Promise<Budget> => {
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
          date: dateIn(0, 1, start),
        })
      ).body,
    )
    accounts.push(account.id)
  }
  return { base, reserve, accounts, income, expenses, start }
}

/** Item `index` of `total`, spread evenly over the 10 years in date order: 8 % income, 7 % transfers, 20 % split. */
export const item = (budget: Budget, next: () => number, index: number, total: number) => {
  const monthIndex = Math.min(years * 12 - 1, Math.floor((index / total) * years * 12))
  const date = dateIn(monthIndex, 1 + Math.floor(next() * 28), budget.start)
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

export const provisionUser = async (database: TestDatabase) => {
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

export const benchRateLimits = {
  RATE_LIMIT_ANONYMOUS: '1000000000',
  RATE_LIMIT_USER: '1000000000',
  RATE_LIMIT_ANONYMOUS_EVENTS: '1000000000',
}

export const startServer = async (database: TestDatabase, env: Record<string, string> = {}) => {
  const port = freePort()
  const since = performance.now()
  const child = startProcess(process.execPath, ['server/main.ts'], {
    DATA_DIR: database.dataDir,
    // Empty means unset: a PGlite run must not inherit the PostgreSQL URL of this process.
    DATABASE_URL: database.databaseUrl ?? '',
    PORT: String(port),
    STATIC_DIR: join(database.dataDir, 'no-dist'),
    LOG_LEVEL: 'warn',
    // A benchmark is the runaway script the limits stop: it sets limits it never meets, explicitly.
    ...benchRateLimits,
    ...env,
  })
  await waitFor200(`http://127.0.0.1:${port}/health`, since, 120_000)
  return { child, url: `http://127.0.0.1:${port}` }
}

export type Server = Awaited<ReturnType<typeof startServer>>

/**
 * Loads `size` generated transactions through the bulk route; answers the seconds its requests took. Each batch is
 * generated and serialized before its request starts: the rate is the server's, not the generator's (which ran in the
 * timed loop before and cost the measured rate a few per cent).
 */
export const loadTransactions = async (api: Client, budget: Budget, size: number, seed = size) => {
  const next = random(seed)
  let milliseconds = 0
  for (let at = 0; at < size; at += batchSize) {
    const items = Array.from({ length: Math.min(batchSize, size - at) }, (_, offset) =>
      item(budget, next, at + offset, size),
    )
    milliseconds += (await api.call('POST', `${budget.base}/transactions/bulk`, { items })).ms
  }
  return { seconds: milliseconds / 1000, next }
}
