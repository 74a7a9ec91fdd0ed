// Issue 28 §2: a 50 000-row bank file from drop to committed in ≤ 5 s, and the preview of a 10 000-row file in ≤ 1 s,
// on PGlite and on PostgreSQL (DATABASE_URL, or a local postgres@127.0.0.1 when reachable). The server runs as its
// own process; the files are mBank "Lista operacji" exports built here. Baseline, measured in the same run: the same
// rows written through the bulk route (`/transactions/bulk`, 5 000 per request) — the write path without reading,
// matching or the import's bookkeeping. Figures are printed, never asserted.
import { performance } from 'node:perf_hooks'
import { databases, type TestDatabase } from '../server/support/databases.ts'
import { type Client, client, json, provisionUser, startServer } from './budgetData.ts'
import { localPostgres, postgresReachable, printTable, stop } from './lib.ts'

const sizes = (process.env.BENCH_IMPORT_SIZES ?? '10000,50000').split(',').map(Number)

const payees = ['ŻABKA POLSKA', 'BIEDRONKA 1234', 'ORLEN STACJA', 'APTEKA POD ŁABĘDZIEM', 'KAWIARNIA ŚWIT']

/** Row `index` of `count`: a day of 2025, a Polish card payment; every tenth an inflow. */
const rowOf = (index: number, count: number) => {
  const day = new Date(Date.UTC(2025, 0, 1) + Math.floor((index / count) * 364) * 86_400_000)
  const date = day.toISOString().slice(0, 10)
  const grosze = index % 10 === 0 ? 150_000 + (index % 7_919) : -(100 + ((index * 7_919) % 40_000))
  const payee = `${payees[index % payees.length]} ${index % 300}`
  return { date, grosze, payee }
}

const amountText = (grosze: number) => {
  const sign = grosze < 0 ? '-' : ''
  const absolute = Math.abs(grosze)
  return `${sign}${Math.floor(absolute / 100)},${String(absolute % 100).padStart(2, '0')} PLN`
}

/** An mBank "Lista operacji" export with `count` rows, newest first as mBank lists them. */
const mbankFile = (count: number): Uint8Array<ArrayBuffer> => {
  const lines = [
    'mBank S.A. Bankowość Detaliczna;',
    '',
    '#Za okres:;',
    '01.01.2025;31.12.2025;',
    '',
    '#Data operacji;#Opis operacji;#Rachunek;#Kategoria;#Kwota;#Saldo po operacji;',
  ]
  for (let index = count - 1; index >= 0; index--) {
    const { date, grosze, payee } = rowOf(index, count)
    lines.push(
      `${date};"${payee}  ZAKUP PRZY UŻYCIU KARTY W KRAJU";"eKonto 1211 ... 9999";"Zakupy";${amountText(grosze)};;`,
    )
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`)
}

const upload = async (
  baseUrl: string,
  token: string,
  path: string,
  file: Uint8Array<ArrayBuffer>,
  fields: Record<string, string>,
) => {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  body.set('file', new Blob([file]), 'lista_operacji.csv')
  const started = performance.now()
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  })
  const answer = await response.json()
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`)
  return { ms: performance.now() - started, answer }
}

const newAccount = async (api: Client, base: string, name: string) =>
  json<{ id: string }>(
    (
      await api.call('POST', `${base}/bank-accounts`, {
        name,
        type: 'unconnected',
        balance: 0,
        date: '2025-01-01',
      })
    ).body,
  ).id

const benchOne = async (database: TestDatabase, size: number) => {
  const token = await provisionUser(database)
  const server = await startServer(database)
  try {
    const api = client(server.url, token)
    const { id } = json<{ id: string }>(
      (await api.call('POST', '/api/budget', { name: 'Bench', currency: 'PLN' })).body,
    )
    const base = `/api/budget/${id}`
    const imported = await newAccount(api, base, 'mBank')
    const bulk = await newAccount(api, base, 'Bulk')
    const file = mbankFile(size)
    const preview = await upload(server.url, token, `${base}/imports/preview`, file, {
      bankAccountId: imported,
    })
    const committed = await upload(server.url, token, `${base}/imports`, file, { bankAccountId: imported })
    const again = await upload(server.url, token, `${base}/imports/preview`, file, {
      bankAccountId: imported,
    })
    let bulkMs = 0
    for (let at = 0; at < size; at += 5_000) {
      const items = Array.from({ length: Math.min(5_000, size - at) }, (_, offset) => {
        const { date, grosze, payee } = rowOf(at + offset, size)
        return { bankAccountId: bulk, date, payee, value: grosze, splits: [], cleared: true }
      })
      const started = performance.now()
      await api.call('POST', `${base}/transactions/bulk`, { items })
      bulkMs += performance.now() - started
    }
    return {
      database: database.databaseUrl === undefined ? 'PGlite' : 'PostgreSQL',
      rows: size,
      'file MB': Number((file.length / 1024 / 1024).toFixed(1)),
      'preview ms': Math.round(preview.ms),
      'import ms (drop→committed)': Math.round(committed.ms),
      imported: committed.answer.imported,
      're-preview ms (all duplicates)': Math.round(again.ms),
      'baseline: bulk route ms': Math.round(bulkMs),
    }
  } finally {
    await stop(server.child)
  }
}

export const run = async () => {
  if (process.env.DATABASE_URL === undefined && (await postgresReachable(localPostgres)))
    process.env.DATABASE_URL = localPostgres
  const rows: Record<string, string | number>[] = []
  for (const target of databases()) {
    for (const size of sizes) {
      const database = await target.create()
      try {
        rows.push(await benchOne(database, size))
      } finally {
        await database.dispose()
      }
    }
  }
  printTable(
    'Bank-file import: preview and drop → committed (targets: 10 000-row preview ≤ 1 s, 50 000 rows ≤ 5 s)',
    rows,
  )
}
