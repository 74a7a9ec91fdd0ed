import { closeSync, openSync, writeSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate'
import type {
  ActualAccount,
  ActualBudgetAmount,
  ActualCategory,
  ActualCategoryGroup,
  ActualPayee,
  ActualRows,
  ActualSchedule,
  ActualTransaction,
} from '../../domain/budgetImport/actualTypes.ts'
import type { BudgetFileErrorCode } from '../../schemas/budgetImport.ts'

// Reads an Actual Budget export (Settings → Export data: a zip of `db.sqlite` and `metadata.json`, written by
// loot-core's cloud-storage `exportBuffer`) into plain rows for domain/budgetImport/actual.ts.
//
// The zip is untrusted: only those two entries are inflated, every entry name is checked, and the inflated bytes are
// counted as they come (declared sizes can lie), so a zip bomb stops at the cap instead of filling memory or disk.
// Nothing is written but db.sqlite, into a private directory (mkdtemp, mode 0700) removed before returning.
//
// The tables and columns read are Actual's (actualbudget/actual, packages/loot-core/src/server/sql/init.sql and
// packages/loot-core/migrations/): payees and payee_mapping (1550601598648_payees), cleared (1582384163573_cleared),
// parent_id (1608652596043_parent_field), schedules (1618975177358_schedules), zero_budgets, reflect_budgets,
// zero_budget_months and notes (1632571489012_remove_cache.js), hidden (1685007876841_add_category_hidden,
// 1685123304382_add_category_groups_hidden), reconciled (1697046240000_add_reconciled), preferences
// (1721071985001_create_prefs_table; `budgetType` renamed in 1745425408000, `defaultCurrencyCode` in
// src/types/prefs.ts), accounts.currency_code (1759929425724_add_account_currency_code). Columns a file predates are
// read as their defaults, so older exports still import.

export const ACTUAL_ZIP_LIMITS = {
  /** The most every entry may declare, and db.sqlite may inflate to. */
  maxUncompressed: 200 * 1024 * 1024,
  /** The most an entry may expand over its compressed size, once it is past `ratioFrom` bytes. */
  maxRatio: 200,
  ratioFrom: 1024 * 1024,
  maxMetadata: 1024 * 1024,
  maxEntries: 1000,
  /** Rows read from one table: a household's decades of transactions are tens of thousands. */
  maxRows: 1_000_000,
} as const

/** How much of the upload is fed to the inflater at once: bounds what one step can expand to (≈ 1032 × this). */
const PUSH_SIZE = 16 * 1024

const DATABASE = 'db.sqlite'
const METADATA = 'metadata.json'

/** A name that could point outside a folder it were extracted to: refused, though nothing is extracted by name. */
export const isUnsafeEntryName = (name: string): boolean =>
  name === '' ||
  name.includes('\\') ||
  name.includes('\u0000') ||
  name.startsWith('/') ||
  /^[a-zA-Z]:/u.test(name) ||
  name.split('/').some((part) => part === '..')

type Failure = { readonly error: BudgetFileErrorCode }

const isZip = (bytes: Uint8Array) =>
  bytes.length >= 22 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04

const SQLITE_HEADER = 'SQLite format 3\u0000'

/** Inflates the two entries; db.sqlite goes to `databasePath`. */
const unzipExport = (
  bytes: Uint8Array,
  databasePath: string,
): Failure | { readonly metadata: Uint8Array | null; readonly database: boolean } => {
  if (!isZip(bytes)) return { error: 'invalid' }
  const limits = ACTUAL_ZIP_LIMITS
  let failure: BudgetFileErrorCode | null = null
  let entries = 0
  let declared = 0
  let inflated = 0
  // In a holder: the callbacks below fill it, which a local's narrowing would not see.
  const found: { database: { fd: number; header: Uint8Array } | null } = { database: null }
  const metadataChunks: Uint8Array[] = []
  let metadataBytes = 0
  let sawMetadata = false
  const fail = (error: BudgetFileErrorCode) => {
    failure ??= error
  }

  const unzip = new Unzip()
  unzip.register(UnzipInflate)
  unzip.register(UnzipPassThrough)
  unzip.onfile = (file) => {
    entries += 1
    if (entries > limits.maxEntries) return fail('archive-too-large')
    if (isUnsafeEntryName(file.name)) return fail('unsafe-path')
    const originalSize = file.originalSize ?? 0
    declared += originalSize
    if (declared > limits.maxUncompressed) return fail('archive-too-large')
    if (
      file.size !== undefined &&
      originalSize > limits.ratioFrom &&
      originalSize / Math.max(file.size, 1) > limits.maxRatio
    )
      return fail('archive-too-large')
    const wanted = file.name === DATABASE || file.name === METADATA
    if (!wanted || failure !== null) return
    const isDatabase = file.name === DATABASE
    // A declared size is a promise the counting below holds the entry to; absent (a streamed zip), the cap is.
    const cap = Math.min(
      isDatabase ? limits.maxUncompressed : limits.maxMetadata,
      file.originalSize ?? Number.POSITIVE_INFINITY,
    )
    if (isDatabase) {
      if (found.database !== null) return fail('invalid')
      found.database = { fd: openSync(databasePath, 'wx', 0o600), header: new Uint8Array(0) }
    } else {
      if (sawMetadata) return fail('invalid')
      sawMetadata = true
    }
    let written = 0
    file.ondata = (error, chunk, _final) => {
      if (failure !== null) return
      if (error !== null) {
        fail('invalid')
        return
      }
      written += chunk.length
      inflated += chunk.length
      // The ratio so far, against the upload read so far: a streamed bomb declares nothing to check beforehand.
      if (
        written > cap ||
        inflated > limits.maxUncompressed ||
        (inflated > limits.ratioFrom && inflated > limits.maxRatio * consumed)
      ) {
        fail('archive-too-large')
        file.terminate()
        return
      }
      const database = found.database
      if (isDatabase && database !== null) {
        if (database.header.length < SQLITE_HEADER.length)
          database.header = Uint8Array.from([...database.header, ...chunk.subarray(0, SQLITE_HEADER.length)])
        writeSync(database.fd, chunk)
      } else {
        metadataChunks.push(chunk)
        metadataBytes += chunk.length
      }
    }
    file.start()
  }

  let consumed = 0
  try {
    for (let offset = 0; offset < bytes.length && failure === null; offset += PUSH_SIZE) {
      const end = Math.min(offset + PUSH_SIZE, bytes.length)
      consumed = end
      unzip.push(bytes.subarray(offset, end), end === bytes.length)
    }
  } catch {
    fail('invalid')
  } finally {
    if (found.database !== null) closeSync(found.database.fd)
  }
  if (failure !== null) return { error: failure }
  if (found.database === null) return { error: 'missing-database' }
  if (
    new TextDecoder('latin1').decode(found.database.header.subarray(0, SQLITE_HEADER.length)) !==
    SQLITE_HEADER
  )
    return { error: 'invalid' }
  const metadata = sawMetadata ? new Uint8Array(metadataBytes) : null
  if (metadata !== null) {
    let at = 0
    for (const chunk of metadataChunks) {
      metadata.set(chunk, at)
      at += chunk.length
    }
  }
  return { metadata, database: true }
}

// ---- SQLite values as Actual writes them (0/1 integers for flags; any column may hold any type) ----

type Value = unknown
const text = (value: Value): string | null =>
  typeof value === 'string' ? value : value === null || value === undefined ? null : String(value)
const flag = (value: Value): boolean => value === 1 || value === 1n || value === true || value === '1'
/** An integer as a number; one past the safe integers becomes ±Infinity (refused by the conversion), text NaN. */
const integer = (value: Value): number => {
  if (value === null || value === undefined) return 0
  if (typeof value === 'bigint')
    return value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)
      ? value > 0n
        ? Number.POSITIVE_INFINITY
        : Number.NEGATIVE_INFINITY
      : Number(value)
  return typeof value === 'number' ? value : Number.NaN
}
const optionalNumber = (value: Value): number | null =>
  value === null || value === undefined ? null : integer(value)

class TooManyRows extends Error {}

const readTables = (db: DatabaseSync, metadata: Record<string, unknown>): ActualRows | Failure => {
  // Only real tables are read: a crafted file's view of the same name could compute rows without end.
  const tables = new Set(
    db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")
      .all()
      .map((row) => String(row.name)),
  )
  const columnsOf = (table: string): ReadonlySet<string> =>
    tables.has(table)
      ? new Set(
          db
            .prepare('SELECT name FROM pragma_table_info(?)')
            .all(table)
            .map((row) => String(row.name)),
        )
      : new Set()
  /** Every row of `table` with the listed columns; a column the file lacks reads as its default. */
  const select = (table: string, columns: Readonly<Record<string, string>>): Record<string, Value>[] => {
    const present = columnsOf(table)
    if (present.size === 0) return []
    const list = Object.entries(columns)
      .map(([column, fallback]) => (present.has(column) ? `"${column}"` : `${fallback} AS "${column}"`))
      .join(', ')
    const rows = db.prepare(`SELECT count(*) AS n FROM "${table}"`).get()
    if (Number(rows?.n ?? 0) > ACTUAL_ZIP_LIMITS.maxRows) throw new TooManyRows()
    const statement = db.prepare(`SELECT ${list} FROM "${table}"`)
    // Amounts past 2^53 must not be rounded silently into other amounts.
    statement.setReadBigInts(true)
    return statement.all()
  }
  for (const required of ['accounts', 'categories', 'category_groups', 'transactions'])
    if (columnsOf(required).size === 0) return { error: 'unknown-layout' }

  const accounts: ActualAccount[] = select('accounts', {
    id: 'NULL',
    name: "''",
    offbudget: '0',
    closed: '0',
    tombstone: '0',
    sort_order: 'NULL',
    currency_code: 'NULL',
  }).map((row) => ({
    id: text(row.id) ?? '',
    name: text(row.name) ?? '',
    offbudget: flag(row.offbudget),
    closed: flag(row.closed),
    tombstone: flag(row.tombstone),
    sortOrder: optionalNumber(row.sort_order),
    currency: text(row.currency_code),
  }))
  const categoryGroups: ActualCategoryGroup[] = select('category_groups', {
    id: 'NULL',
    name: "''",
    is_income: '0',
    hidden: '0',
    tombstone: '0',
    sort_order: 'NULL',
  }).map((row) => ({
    id: text(row.id) ?? '',
    name: text(row.name) ?? '',
    isIncome: flag(row.is_income),
    hidden: flag(row.hidden),
    tombstone: flag(row.tombstone),
    sortOrder: optionalNumber(row.sort_order),
  }))
  const categories: ActualCategory[] = select('categories', {
    id: 'NULL',
    name: "''",
    cat_group: 'NULL',
    is_income: '0',
    hidden: '0',
    tombstone: '0',
    sort_order: 'NULL',
  }).map((row) => ({
    id: text(row.id) ?? '',
    name: text(row.name) ?? '',
    groupId: text(row.cat_group),
    isIncome: flag(row.is_income),
    hidden: flag(row.hidden),
    tombstone: flag(row.tombstone),
    sortOrder: optionalNumber(row.sort_order),
  }))
  const payees: ActualPayee[] = select('payees', {
    id: 'NULL',
    name: "''",
    transfer_acct: 'NULL',
    tombstone: '0',
  }).map((row) => ({
    id: text(row.id) ?? '',
    name: text(row.name) ?? '',
    transferAccountId: text(row.transfer_acct),
    tombstone: flag(row.tombstone),
  }))
  const transactions: ActualTransaction[] = select('transactions', {
    id: 'NULL',
    acct: 'NULL',
    category: 'NULL',
    description: 'NULL',
    amount: '0',
    date: 'NULL',
    notes: 'NULL',
    isParent: '0',
    isChild: '0',
    parent_id: 'NULL',
    transferred_id: 'NULL',
    cleared: '1',
    reconciled: '0',
    starting_balance_flag: '0',
    tombstone: '0',
    sort_order: 'NULL',
  }).map((row) => {
    const id = text(row.id) ?? ''
    const isChild = flag(row.isChild)
    return {
      id,
      accountId: text(row.acct),
      categoryId: text(row.category),
      payeeId: text(row.description),
      amount: integer(row.amount),
      date: optionalNumber(row.date),
      notes: text(row.notes),
      isParent: flag(row.isParent),
      isChild,
      // Before parent_id existed, a child's id was `<parent id>/<n>` (1608652596043_parent_field).
      parentId: text(row.parent_id) ?? (isChild ? (id.split('/')[0] ?? null) : null),
      transferredId: text(row.transferred_id),
      cleared: row.cleared === null ? true : flag(row.cleared),
      reconciled: flag(row.reconciled),
      startingBalance: flag(row.starting_balance_flag),
      tombstone: flag(row.tombstone),
      sortOrder: optionalNumber(row.sort_order),
    }
  })
  const mapping = (table: string, target: string) =>
    new Map(
      select(table, { id: 'NULL', [target]: 'NULL' }).flatMap((row) => {
        const id = text(row.id)
        const to = text(row[target])
        return id === null || to === null ? [] : [[id, to] as const]
      }),
    )
  const budgets = (table: string): ActualBudgetAmount[] =>
    select(table, { month: 'NULL', category: 'NULL', amount: '0', carryover: '0' }).map((row) => ({
      month: integer(row.month),
      categoryId: text(row.category) ?? '',
      amount: integer(row.amount),
      carryover: flag(row.carryover),
    }))
  const countOf = (table: string, where: string, columns: readonly string[]) => {
    const present = columnsOf(table)
    if (present.size === 0 || columns.some((column) => !present.has(column))) return 0
    const row = db.prepare(`SELECT count(*) AS n FROM "${table}" WHERE ${where}`).get()
    return Number(row?.n ?? 0)
  }
  // Schedules with their rule's conditions and actions (JSON) and their next date.
  const json = (value: Value): unknown => {
    const source = text(value)
    if (source === null) return null
    try {
      return JSON.parse(source)
    } catch {
      return null
    }
  }
  const scheduleRules = new Map(
    select('rules', { id: 'NULL', conditions: 'NULL', actions: 'NULL' }).map((row) => [
      text(row.id) ?? '',
      { conditions: json(row.conditions), actions: json(row.actions) },
    ]),
  )
  const nextDates = new Map<string, number | null>()
  for (const row of select('schedules_next_date', {
    schedule_id: 'NULL',
    local_next_date: 'NULL',
    base_next_date: 'NULL',
    tombstone: '0',
  })) {
    if (flag(row.tombstone)) continue
    nextDates.set(
      text(row.schedule_id) ?? '',
      optionalNumber(row.local_next_date) ?? optionalNumber(row.base_next_date),
    )
  }
  const schedules: ActualSchedule[] = select('schedules', {
    id: 'NULL',
    rule: 'NULL',
    completed: '0',
    tombstone: '0',
    name: 'NULL',
  }).map((row) => {
    const id = text(row.id) ?? ''
    const rule = scheduleRules.get(text(row.rule) ?? '')
    return {
      id,
      name: text(row.name),
      completed: flag(row.completed),
      tombstone: flag(row.tombstone),
      conditions: rule?.conditions ?? null,
      actions: rule?.actions ?? null,
      nextDate: nextDates.get(id) ?? null,
    }
  })
  const preferences = new Map(
    select('preferences', { id: 'NULL', value: 'NULL' }).map((row) => [text(row.id), text(row.value)]),
  )
  const budgetType = preferences.get('budgetType') ?? text(metadata.budgetType)

  return {
    budgetName:
      typeof metadata.budgetName === 'string'
        ? metadata.budgetName
        : typeof metadata.id === 'string'
          ? metadata.id
          : null,
    budgetType: budgetType === 'tracking' || budgetType === 'report' ? 'tracking' : 'envelope',
    currency: preferences.get('defaultCurrencyCode') ?? null,
    accounts,
    categoryGroups,
    categories,
    payees,
    transactions,
    categoryMapping: mapping('category_mapping', 'transferId'),
    payeeMapping: mapping('payee_mapping', 'targetId'),
    envelopeBudgets: budgets('zero_budgets'),
    trackingBudgets: budgets('reflect_budgets'),
    heldMonths: countOf('zero_budget_months', 'buffered <> 0', ['buffered']),
    notes: countOf('notes', "note IS NOT NULL AND trim(note) <> ''", ['note']),
    schedules,
    // Rules that are a schedule's are its conditions, not payee rules of their own.
    rules: countOf(
      'rules',
      columnsOf('schedules').has('rule')
        ? 'tombstone = 0 AND id NOT IN (SELECT rule FROM schedules WHERE rule IS NOT NULL)'
        : 'tombstone = 0',
      ['tombstone'],
    ),
  }
}

const parseMetadata = (bytes: Uint8Array | null): Record<string, unknown> => {
  if (bytes === null) return {}
  try {
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {}
  } catch {
    // A broken metadata.json costs only the budget's name: the data is in db.sqlite.
    return {}
  }
}

/**
 * The rows of an Actual Budget export zip, or why it cannot be read: `invalid` (not a zip, a broken one, or a
 * db.sqlite that is no SQLite database), `unsafe-path`, `archive-too-large`, `missing-database`, `unknown-layout` (SQLite
 * without Actual's tables).
 */
export const readActualExport = async (bytes: Uint8Array): Promise<ActualRows | Failure> => {
  const dir = await mkdtemp(join(tmpdir(), 'koperta-actual-'))
  try {
    const databasePath = join(dir, DATABASE)
    const unzipped = unzipExport(bytes, databasePath)
    if ('error' in unzipped) return unzipped
    let db: DatabaseSync
    try {
      db = new DatabaseSync(databasePath, { readOnly: true, allowExtension: false })
    } catch {
      return { error: 'invalid' }
    }
    try {
      // A crafted file's views and triggers may not call functions with side effects.
      db.exec('PRAGMA trusted_schema = OFF')
      return readTables(db, parseMetadata(unzipped.metadata))
    } catch (error) {
      return { error: error instanceof TooManyRows ? 'archive-too-large' : 'invalid' }
    } finally {
      db.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
