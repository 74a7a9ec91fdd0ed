import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { strToU8 } from 'fflate'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { convertActual } from '../../../domain/budgetImport/actual.ts'
import type { ActualRows } from '../../../domain/budgetImport/actualTypes.ts'
import { accountBalance, monthView } from '../../../domain/monthView.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { PeriodKey } from '../../../schemas/money.ts'
import { readActualExport } from '../../../server/budgetImport/actualZip.ts'
import {
  ACTUAL_SCHEMA,
  buildDatabase,
  lyingSizeZip,
  notAZip,
  SAMPLE_BUDGET,
  sampleActualExport,
  zipBomb,
  zipEntries,
  zipWithEntry,
  zipWithoutDatabase,
  zipWithTextDatabase,
} from '../../fixtures/budgetImport/actual/actualExport.ts'
import { actualContext, imported } from '../../unit/domain/budgetImport/support.ts'

// The zip and SQLite side of the Actual import: real zips built from SQL with Actual's own tables, and the uploads
// an attacker would try. Each run gets its own TMPDIR, so "nothing left behind" is checked on an empty directory.

let temp: string
let savedTmpdir: string | undefined
beforeEach(async () => {
  savedTmpdir = process.env.TMPDIR
  temp = await mkdtemp(join(tmpdir(), 'actual-zip-test-'))
  process.env.TMPDIR = temp
})
afterEach(async () => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = savedTmpdir
  await rm(temp, { recursive: true, force: true })
})

const read = async (bytes: Uint8Array) => {
  const result = await readActualExport(bytes)
  // Whatever the outcome, the private directory is gone and nothing else was written.
  expect(await readdir(temp)).toEqual([])
  return result
}
const rowsOf = async (bytes: Uint8Array): Promise<ActualRows> => {
  const result = await read(bytes)
  if ('error' in result) throw new Error(`refused: ${result.error}`)
  return result
}

describe('reading an Actual export', () => {
  let sample: Uint8Array
  beforeAll(async () => {
    sample = await sampleActualExport()
  })

  it('reads the tables into rows, Polish letters intact', async () => {
    // The reader's private directory goes where the checks below look.
    expect(tmpdir()).toBe(temp)
    const rows = await rowsOf(sample)
    expect(rows.budgetName).toBe('Mój budżet domowy')
    expect(rows.budgetType).toBe('envelope')
    expect(rows.currency).toBeNull()
    expect(rows.accounts.map((account) => account.name)).toContain('Oszczędności ING')
    expect(rows.accounts.find((account) => account.id === 'acc-ike')?.offbudget).toBe(true)
    expect(rows.categories.find((category) => category.id === 'cat-zdrowie')).toMatchObject({
      hidden: true,
      groupId: 'grp-codzienne',
    })
    expect(rows.categoryGroups.find((group) => group.id === 'grp-przychody')?.isIncome).toBe(true)
    expect(rows.payees.find((payee) => payee.id === 'pay-spoldzielnia')?.name).toBe(
      'Spółdzielnia Mieszkaniowa „Zieleń”',
    )
    expect(rows.transactions.find((row) => row.id === 't-zakupy/3')).toMatchObject({
      isChild: true,
      parentId: 't-zakupy',
      transferredId: 't-zakupy-oszcz',
      amount: -5000,
      date: 20250115,
    })
    expect(rows.transactions.find((row) => row.id === 't-gazeta')).toMatchObject({
      cleared: false,
      notes: 'Gazeta\nI bilet',
    })
    expect(rows.categoryMapping.get('cat-zywnosc')).toBe('cat-jedzenie')
    expect(rows.payeeMapping.get('pay-empik-2')).toBe('pay-empik')
    expect(rows.envelopeBudgets).toHaveLength(11)
    expect(rows).toMatchObject({ heldMonths: 1, notes: 1, rules: 1 })
    expect(rows.schedules).toHaveLength(5)
    // A schedule comes with its rule's conditions and actions, parsed, and its next date.
    expect(rows.schedules.find((schedule) => schedule.id === 'sch-czynsz')).toMatchObject({
      name: 'Czynsz',
      completed: false,
      nextDate: 20250310,
      conditions: expect.arrayContaining([{ op: 'is', field: 'amount', value: -180000 }]),
      actions: expect.arrayContaining([{ op: 'set', field: 'category', value: 'cat-czynsz' }]),
    })
  })

  it('gives a budget whose balances and months are those of the Actual file', async () => {
    const result = convertActual(await rowsOf(sample), actualContext())
    if (!result.ok) throw new Error(result.error)
    const state = imported(result)
    const balanceOf = (name: string) => {
      const account = [...state.accounts.values()].find((candidate) => candidate.name === name)
      if (account === undefined) throw new Error(`no account ${name}`)
      return { ...accountBalance(state, BankAccountId.make(account.id)), state: account.state }
    }
    // Actual's own balances: the starting balance plus every live non-parent row of the account.
    expect(balanceOf('Konto osobiste mBank').working).toBe(
      523412 + 850000 - 180000 - 23456 - 100000 - 45000 - 200000 + 20000 - 8900 - 3000 + 850000 - 15000,
    )
    expect(balanceOf('Oszczędności ING').working).toBe(1000000 + 5000 + 100000)
    expect(balanceOf('Karta kredytowa PKO').working).toBe(-45000 - 12345 + 45000)
    expect(balanceOf('Stare konto Pekao')).toMatchObject({ working: 0, state: 'Closed' })
    // The rent was reconciled in Actual: it is here, and nothing else of the account is.
    const reconciled = [...state.transactions].filter(([, transaction]) => transaction.reconciled)
    expect(reconciled.map(([, transaction]) => transaction.value)).toEqual([-180000])
    expect([...state.accounts.values()].map((account) => account.name)).not.toContain('IKE – emerytura')
    const january = monthView(state, PeriodKey.make('202501'))
    // Income: four opening balances and the salary; assigned: the seven budgeted categories.
    const income = 523412 + 1000000 - 45000 + 20000 + 850000
    const assigned = 180000 + 30000 + 200000 + 80000 + 40000 + 20000 + 10000
    const assignedFebruary = 180000 + 80000 + 25000
    expect(january.readyToAssign).toBe(income - assigned - assignedFebruary)
    const jedzenie = january.categories.find((category) => category.name === 'Jedzenie')
    expect(jedzenie).toMatchObject({ assigned: 80000, activity: -15000, available: 65000 })
    expect(result.report.leftOut.map((line) => line.code)).toEqual(
      expect.arrayContaining(['tracking-accounts', 'scheduled-transactions', 'payee-rules', 'notes']),
    )
    // Three schedules become templates from their rules, with no backlog before their next dates.
    const names = new Map(
      [...state.accounts.values(), ...state.categories.values()].map((x) => [x.id as string, x.name]),
    )
    expect(
      [...state.templates.values()].map((t) => [
        names.get(t.bankAccountId),
        t.toBankAccountId === null ? null : names.get(t.toBankAccountId),
        t.payee,
        t.value,
        t.splits.map((split) => names.get(split.categoryId)),
        `${t.frequency} ${t.interval} ${t.startDate} ${t.shift} ${t.amountMatch} ${t.occurrences}`,
        t.skippedThrough,
      ]),
    ).toEqual([
      [
        'Konto osobiste mBank',
        null,
        'Spółdzielnia Mieszkaniowa „Zieleń”',
        -180000,
        ['Czynsz i opłaty'],
        'Monthly 1 2025-01-10 None Exact null',
        '2025-03-09',
      ],
      [
        'Konto osobiste mBank',
        null,
        'Firma Łódź Sp. z o.o.',
        850000,
        ['Wynagrodzenie'],
        'Monthly 1 2025-01-28 Before Approximate null',
        '2025-02-27',
      ],
      [
        'Konto osobiste mBank',
        'Oszczędności ING',
        'Oszczędności ING',
        -50000,
        [],
        'Weekly 2 2025-01-06 None Exact 26',
        '2025-03-02',
      ],
    ])
    expect(result.report.mapped).toContainEqual({ kind: 'templates', count: 3 })
  })

  it('reads the committed sample export', async () => {
    const committed = new Uint8Array(
      await readFile(new URL('../../fixtures/budgetImport/actual/sample-export.zip', import.meta.url)),
    )
    expect((await rowsOf(committed)).transactions).toHaveLength(29)
  })

  it('reads an older export whose tables predate hidden, reconciled, parent_id and preferences', async () => {
    const old = `
      CREATE TABLE accounts (id TEXT PRIMARY KEY, name TEXT, offbudget INTEGER DEFAULT 0, closed INTEGER DEFAULT 0,
        tombstone INTEGER DEFAULT 0);
      CREATE TABLE category_groups (id TEXT PRIMARY KEY, name TEXT UNIQUE, is_income INTEGER DEFAULT 0,
        sort_order REAL, tombstone INTEGER DEFAULT 0);
      CREATE TABLE categories (id TEXT PRIMARY KEY, name TEXT, is_income INTEGER DEFAULT 0, cat_group TEXT,
        sort_order REAL, tombstone INTEGER DEFAULT 0);
      CREATE TABLE transactions (id TEXT PRIMARY KEY, isParent INTEGER DEFAULT 0, isChild INTEGER DEFAULT 0,
        acct TEXT, category TEXT, amount INTEGER, description TEXT, notes TEXT, date INTEGER,
        starting_balance_flag INTEGER DEFAULT 0, transferred_id TEXT, sort_order REAL, tombstone INTEGER DEFAULT 0);
      INSERT INTO accounts (id, name) VALUES ('a', 'Gotówka');
      INSERT INTO category_groups (id, name) VALUES ('g', 'Wydatki');
      INSERT INTO categories (id, name, cat_group) VALUES ('c', 'Żywność', 'g');
      INSERT INTO transactions (id, isParent, acct, amount, date) VALUES ('p', 1, 'a', -300, 20190301);
      INSERT INTO transactions (id, isChild, acct, category, amount, date) VALUES ('p/1', 1, 'a', 'c', -300, 20190301);
    `
    const rows = await rowsOf(
      zipEntries({
        'db.sqlite': await buildDatabase(old),
        'metadata.json': strToU8('{"budgetType":"report"}'),
      }),
    )
    expect(rows.budgetType).toBe('tracking')
    expect(rows.budgetName).toBeNull()
    expect(rows.transactions.find((row) => row.id === 'p/1')).toMatchObject({
      parentId: 'p',
      cleared: true,
      reconciled: false,
    })
    expect(rows.categories[0]?.hidden).toBe(false)
    expect(rows.envelopeBudgets).toEqual([])
  })

  it('reads a database saved in WAL mode, as a desktop app may leave it', async () => {
    const database = await buildDatabase(`PRAGMA journal_mode = WAL;${ACTUAL_SCHEMA}${SAMPLE_BUDGET}`)
    // The header's read and write versions say WAL.
    expect([database[18], database[19]]).toEqual([2, 2])
    expect((await rowsOf(zipEntries({ 'db.sqlite': database }))).transactions).toHaveLength(29)
  })

  it('reads the currency preference of a newer export', async () => {
    const rows = await rowsOf(
      await sampleActualExport(
        `${ACTUAL_SCHEMA}${SAMPLE_BUDGET}INSERT INTO preferences (id, value) VALUES ('defaultCurrencyCode', 'EUR');`,
      ),
    )
    expect(rows.currency).toBe('EUR')
  })

  it('keeps an amount past 2^53 from turning into another amount: the conversion refuses it', async () => {
    const rows = await rowsOf(
      await sampleActualExport(
        `${ACTUAL_SCHEMA}${SAMPLE_BUDGET}
         INSERT INTO transactions (id, acct, amount, date) VALUES ('huge', 'acc-ror', 9007199254740993, 20250301);`,
      ),
    )
    expect(rows.transactions.find((row) => row.id === 'huge')?.amount).toBe(Number.POSITIVE_INFINITY)
    expect(convertActual(rows, actualContext())).toEqual({ ok: false, error: 'unsafe-number' })
  })

  it('takes a file without metadata.json; the budget is then named after Actual', async () => {
    const rows = await rowsOf(zipEntries({ 'db.sqlite': await buildDatabase(ACTUAL_SCHEMA + SAMPLE_BUDGET) }))
    expect(rows.budgetName).toBeNull()
    expect(rows.accounts).toHaveLength(6)
    expect(convertActual(rows, actualContext())).toMatchObject({
      ok: true,
      name: 'Actual Budget',
    })
  })
})

describe('refusing what is not a safe Actual export', () => {
  it('stops a zip bomb while inflating, with a size it hides until after the data', async () => {
    const started = performance.now()
    expect(await read(zipBomb(300))).toEqual({ error: 'archive-too-large' })
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('refuses a zip bomb whose headers declare its size before inflating anything', async () => {
    expect(await read(zipBomb(300, { streamed: false }))).toEqual({ error: 'archive-too-large' })
    // Under the total cap, but expanding ~1000 times: refused for the ratio.
    expect(await read(zipBomb(50, { streamed: false }))).toEqual({ error: 'archive-too-large' })
  })

  it('holds an entry to the size it declared', async () => {
    expect(await read(lyingSizeZip())).toEqual({ error: 'archive-too-large' })
  })

  it.each(['../evil.txt', 'x/../../evil.txt', '/tmp/evil.txt', '..\\evil.txt', 'C:/evil.txt'])(
    'refuses an entry named %s and writes nothing',
    async (name) => {
      expect(await read(await zipWithEntry(name))).toEqual({ error: 'unsafe-path' })
      expect(await readdir(dirname(temp))).not.toContain('evil.txt')
    },
  )

  it('refuses a zip without db.sqlite', async () => {
    expect(await read(zipWithoutDatabase())).toEqual({ error: 'missing-database' })
  })

  it('refuses what is not a zip: a PDF, nothing, a cut-off zip', async () => {
    expect(await read(notAZip())).toEqual({ error: 'invalid' })
    expect(await read(new Uint8Array(0))).toEqual({ error: 'invalid' })
    const whole = await sampleActualExport()
    const cut = await read(whole.subarray(0, 2000))
    expect(cut).toHaveProperty('error')
  })

  it('reads only real tables: a view named like a table of Actual is not run', async () => {
    const endless = `${ACTUAL_SCHEMA.replace(/CREATE TABLE transactions \([^;]*;/u, '')}
      CREATE VIEW transactions AS WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n) SELECT id FROM n;`
    const started = performance.now()
    expect(await read(zipEntries({ 'db.sqlite': await buildDatabase(endless) }))).toEqual({
      error: 'unknown-layout',
    })
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('refuses a table of more rows than a budget ever has, before reading them', async () => {
    const crowded = `${ACTUAL_SCHEMA}
      INSERT INTO payees (id) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i <= 1000000)
      SELECT i FROM n;`
    expect(await read(zipEntries({ 'db.sqlite': await buildDatabase(crowded) }))).toEqual({
      error: 'archive-too-large',
    })
  })

  it('refuses a db.sqlite that is not SQLite, or SQLite without Actual tables', async () => {
    expect(await read(zipWithTextDatabase())).toEqual({ error: 'invalid' })
    const other = zipEntries({ 'db.sqlite': await buildDatabase('CREATE TABLE notes (id TEXT, note TEXT);') })
    expect(await read(other)).toEqual({ error: 'unknown-layout' })
  })
})
