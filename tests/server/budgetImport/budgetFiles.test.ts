import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rebuildBudget } from '../../../server/ledger/rebuild.ts'
import { ledgerDb } from '../../../server/ledger/tables.ts'
import {
  buildDatabase,
  lyingSizeZip,
  zipBomb,
  zipEntries,
  zipWithEntry,
  zipWithoutDatabase,
  zipWithTextDatabase,
} from '../../fixtures/budgetImport/actual/actualExport.ts'
import { readModelRows, smallBudget, versionOf } from '../ledger/fixtures.ts'
import { type Answer, type Call, expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { databases } from '../support/databases.ts'
import { form } from '../support/multipart.ts'

const ynabFile = readFileSync('tests/fixtures/budgetImport/ynab-budget.json')
const bigNumberFile = readFileSync('tests/fixtures/budgetImport/ynab-big-number.json')
const actualFile = readFileSync('tests/fixtures/budgetImport/actual/sample-export.zip')

describe.each(databases())('whole budgets in and out on $kind', (target) => {
  let harness: Harness
  let api: Call

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('importer')
  }, 120_000)
  afterAll(async () => harness?.close())

  const upload = async (
    budgetId: string,
    file: Uint8Array,
    fileName = 'budget.json',
    fields: Record<string, string> = {},
    user = 'importer',
  ): Promise<Answer> => {
    const body = form(file, fileName, fields)
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/budget/import-budget/${budgetId}`,
      headers: { authorization: await harness.authorization(user), 'content-type': body.contentType },
      payload: body.payload,
    })
    return {
      status: response.statusCode,
      headers: response.headers,
      body: JSON.parse(response.body || 'null'),
    }
  }

  const exportOf = async (budgetId: string, body: unknown, user = 'importer') =>
    harness.app.inject({
      method: 'POST',
      url: `/api/budget/${budgetId}/export`,
      headers: { authorization: await harness.authorization(user), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })

  const newBudget = async (name = 'Import') =>
    expectStatus(await api('POST', '/api/budget', { name, currency: 'PLN' }), 201).id as string

  it('imports a YNAB export into an empty budget: 201 with the report, then the SPEC reads show it', async () => {
    const id = await newBudget()
    const started = performance.now()
    const answer = expectStatus(await upload(id, ynabFile, 'Budżet YNAB.json'), 201)
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(answer.budgetId).toBe(id)
    expect(answer.report).toMatchObject({ source: 'ynab', name: 'Budżet domowy Kowalskich', currency: 'PLN' })
    expect(answer.report.mapped).toContainEqual({ kind: 'transactions', count: 13 })
    const accounts = expectStatus(await api('GET', `/api/budget/${id}/bank-accounts`), 200)
    const names = accounts.map((account: { name: string }) => account.name).sort()
    expect(names).toEqual(['Gotówka', 'Karta kredytowa', 'Konto osobiste mBank', 'Oszczędności'])
    const checking = accounts.find((account: { name: string }) => account.name === 'Konto osobiste mBank')
    expect(checking).toMatchObject({ balance: 2_324_198, cleared: 2_524_198 })
    const categories = expectStatus(await api('GET', `/api/budget/${id}/categories`), 200)
    expect(categories.map((category: { name: string }) => category.name)).toContain('Wakacje w Zakopanem')
    const march = expectStatus(await api('GET', `/api/budget/${id}/period/202503`), 200)
    expect(march.readyToAssign).toBe(2_483_000)
    const budgets = expectStatus(await api('GET', '/api/budget'), 200)
    expect(budgets.find((budget: { id: string }) => budget.id === id)).toMatchObject({
      name: 'Budżet domowy Kowalskich',
      currency: 'PLN',
    })
    expect(answer.version).toBe(await versionOf(api, `/api/budget/${id}`))
  })

  it('imports an Actual Budget export zip: 201 with the report, then the SPEC reads show it', async () => {
    const id = await newBudget()
    const answer = expectStatus(await upload(id, actualFile, 'Mój budżet.zip'), 201)
    // The file names no currency: the new budget's stays.
    expect(answer.report).toMatchObject({ source: 'actual', name: 'Mój budżet domowy', currency: 'PLN' })
    expect(answer.report.leftOut.map((line: { code: string }) => line.code)).toEqual(
      expect.arrayContaining(['tracking-accounts', 'scheduled-transactions', 'payee-rules', 'notes']),
    )
    const accounts = expectStatus(await api('GET', `/api/budget/${id}/bank-accounts`), 200)
    const balances = Object.fromEntries(
      accounts.map((account: { name: string; balance: number }) => [account.name, account.balance]),
    )
    // Actual's own balances: each starting balance plus every live row of the account but split parents. The
    // off-budget IKE account and the deleted one are left out.
    expect(balances).toEqual({
      'Konto osobiste mBank':
        523412 + 850000 - 180000 - 23456 - 100000 - 45000 - 200000 + 20000 - 8900 - 3000 + 850000 - 15000,
      'Oszczędności ING': 1000000 + 5000 + 100000,
      'Karta kredytowa PKO': -45000 - 12345 + 45000,
      'Stare konto Pekao': 0,
    })
    const categories = expectStatus(await api('GET', `/api/budget/${id}/categories`), 200)
    expect(categories.map((category: { name: string }) => category.name)).toEqual(
      expect.arrayContaining(['Czynsz i opłaty', 'Jedzenie', 'Zdrowie', 'Prąd i gaz']),
    )
    const january = expectStatus(await api('GET', `/api/budget/${id}/period/202501`), 200)
    const income = 523412 + 1000000 - 45000 + 20000 + 850000
    const assigned = 180000 + 30000 + 200000 + 80000 + 40000 + 20000 + 10000
    const assignedFebruary = 180000 + 80000 + 25000
    expect(january.readyToAssign).toBe(income - assigned - assignedFebruary)
    expect(
      january.categories.find((category: { name: string }) => category.name === 'Jedzenie'),
    ).toMatchObject({
      assigned: 80000,
      activity: -15000,
      available: 65000,
    })
    const budgets = expectStatus(await api('GET', '/api/budget'), 200)
    expect(budgets.find((budget: { id: string }) => budget.id === id)).toMatchObject({
      name: 'Mój budżet domowy',
    })
    expect(answer.version).toBe(await versionOf(api, `/api/budget/${id}`))
  })

  it('refuses each unsafe or broken Actual zip with its reason, and writes nothing', async () => {
    const id = await newBudget()
    const before = await versionOf(api, `/api/budget/${id}`)
    const cases: [Uint8Array, string][] = [
      [zipBomb(300), 'archive-too-large'],
      [zipBomb(50, { streamed: false }), 'archive-too-large'],
      [lyingSizeZip(), 'archive-too-large'],
      [await zipWithEntry('../evil.txt'), 'unsafe-path'],
      [await zipWithEntry('C:/evil.txt'), 'unsafe-path'],
      [zipWithoutDatabase(), 'missing-database'],
      [zipWithTextDatabase(), 'invalid'],
      [
        zipEntries({ 'db.sqlite': await buildDatabase('CREATE TABLE notes (id TEXT, note TEXT);') }),
        'unknown-layout',
      ],
      [actualFile.subarray(0, 2000), 'invalid'],
    ]
    for (const [file, reason] of cases) {
      const answer = await upload(id, file, 'actual.zip')
      expect({ status: answer.status, code: answer.body.code, reason: answer.body.reason }, reason).toEqual({
        status: 422,
        code: 'unreadable_file',
        reason,
      })
    }
    // A zip is Actual's: chosen as YNAB's it is refused; a JSON file chosen as Actual's too.
    expect((await upload(id, actualFile, 'actual.zip', { source: 'ynab' })).body).toMatchObject({
      status: 422,
      reason: 'unknown-layout',
    })
    expect((await upload(id, ynabFile, 'x.json', { source: 'actual' })).body).toMatchObject({
      status: 422,
      reason: 'unknown-layout',
    })
    expect(await versionOf(api, `/api/budget/${id}`)).toBe(before)
    // Nothing was written: the budget takes the real export afterwards, chosen as Actual's.
    expectStatus(await upload(id, actualFile, 'actual.zip', { source: 'actual' }), 201)
  }, 30_000)

  it.each([
    ['YNAB', ynabFile],
    ['Actual', actualFile],
  ])('writes for a %s import the read models a rebuild from the events writes', async (_source, file) => {
    const id = await newBudget()
    expectStatus(await upload(id, file), 201)
    const db = ledgerDb(harness.app.database.db)
    const inline = await readModelRows(db, id)
    expect(inline.transactions?.length).toBeGreaterThan(15)
    await rebuildBudget(db, id)
    expect(await readModelRows(db, id)).toEqual(inline)
  })

  it('refuses a budget that is not empty with 409, and writes nothing', async () => {
    const budget = await smallBudget(api, 'Not empty')
    const before = await versionOf(api, budget.base)
    const answer = await upload(budget.id, ynabFile)
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({ code: 'budget_not_empty', status: 409 })
    expect(await versionOf(api, budget.base)).toBe(before)
  })

  it('refuses a second import into the same budget with 409', async () => {
    const id = await newBudget()
    expectStatus(await upload(id, ynabFile), 201)
    expect((await upload(id, ynabFile)).status).toBe(409)
  })

  it('answers 400 for an empty file, binary garbage, a PDF, text that is not JSON; 422 for an unknown layout and unsafe numbers', async () => {
    const id = await newBudget()
    const cases: [Uint8Array, number, string][] = [
      [new Uint8Array(), 400, 'empty'],
      [new Uint8Array([0, 159, 146, 150, 0, 1, 2, 255, 254]), 400, 'binary'],
      [Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj'), 400, 'not-a-budget'],
      [Buffer.from('Data;Kwota;Opis\n2025-01-01;-12,50;Żabka'), 400, 'not-json'],
      [Buffer.from('{"accounts": 3}'), 422, 'unknown-layout'],
      [bigNumberFile, 422, 'unsafe-number'],
    ]
    for (const [file, status, reason] of cases) {
      const answer = await upload(id, file, 'budżet.csv')
      expect({ status: answer.status, code: answer.body.code, reason: answer.body.reason }).toEqual({
        status,
        code: 'unreadable_file',
        reason,
      })
    }
    // Nothing was written: the budget imports fine afterwards.
    expectStatus(await upload(id, ynabFile), 201)
  })

  it('answers 413 for a 60 MB file', async () => {
    const id = await newBudget()
    const answer = await upload(id, new Uint8Array(60 * 1024 * 1024).fill(0x20))
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ code: 'payload_too_large' })
  }, 30_000)

  it('answers 415 without a form, 400 without a file, 404 for a budget of someone else', async () => {
    const id = await newBudget()
    const json = await harness.app.inject({
      method: 'POST',
      url: `/api/budget/import-budget/${id}`,
      headers: { authorization: await harness.authorization('importer'), 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(json.statusCode).toBe(415)
    expect((await upload(id, ynabFile, 'x.json', {}, 'stranger')).status).toBe(404)
    const wrongSource = await upload(id, ynabFile, 'x.json', { source: 'koperta' })
    expect(wrongSource.body).toMatchObject({ status: 422, reason: 'unknown-layout' })
    const badSource = await upload(id, ynabFile, 'x.json', { source: 'excel' })
    expect(badSource.status).toBe(400)
  })

  it('lets only the owner export or import: a guest gets 403', async () => {
    const id = await newBudget()
    await harness.as('guest')
    const guest = await harness.app.identity.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `guest-${target.kind}@example.com`)
      .executeTakeFirstOrThrow()
    await ledgerDb(harness.app.database.db)
      .insertInto('budget_members')
      .values({ budget_id: id, user_id: guest.id, role: 'Guest' })
      .execute()
    const exported = await exportOf(id, { format: 'koperta' }, 'guest')
    expect(exported.statusCode).toBe(403)
    expect(exported.json()).toMatchObject({ code: 'owner_only' })
    expect((await upload(id, ynabFile, 'x.json', {}, 'guest')).status).toBe(403)
    // The owner still may.
    expect((await exportOf(id, { format: 'koperta' })).statusCode).toBe(200)
  })

  it("exports Koperta's own file, which imports into a new budget with every month and balance the same", async () => {
    const source = await newBudget('Źródło')
    expectStatus(await upload(source, ynabFile), 201)
    const exported = await exportOf(source, { format: 'koperta' })
    expect(exported.statusCode).toBe(200)
    expect(exported.headers['content-type']).toMatch(/^application\/json/u)
    expect(exported.headers['content-disposition']).toContain("filename*=UTF-8''Bud%C5%BCet%20domowy")
    const file = exported.json()
    expect(file).toMatchObject({
      format: 'koperta-budget',
      version: 3,
      budget: { name: 'Budżet domowy Kowalskich' },
      draftHorizonDays: 7,
    })
    // The YNAB file's scheduled transactions came in as templates; the file carries them and brings them back.
    expect(file.templates).toHaveLength(7)
    const copy = await newBudget('Kopia')
    const answer = expectStatus(await upload(copy, Buffer.from(exported.body)), 201)
    expect(answer.report.source).toBe('koperta')
    expect(answer.report.mapped).toContainEqual({ kind: 'templates', count: 7 })
    for (const period of ['202501', '202502', '202503', '202504']) {
      const a = expectStatus(await api('GET', `/api/budget/${source}/period/${period}`), 200)
      const b = expectStatus(await api('GET', `/api/budget/${copy}/period/${period}`), 200)
      const withoutIds = (view: { categories: { id: string; categoryGroupId: string }[] }) => ({
        ...view,
        categories: view.categories.map(({ id: _id, categoryGroupId: _group, ...row }) => row),
      })
      expect(withoutIds(b)).toEqual(withoutIds(a))
    }
    const balances = async (id: string) =>
      (expectStatus(await api('GET', `/api/budget/${id}/bank-accounts`), 200) as { id: string }[])
        .map(({ id: _id, ...account }) => account)
        .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))
    expect(await balances(copy)).toEqual(await balances(source))
  })

  it('exports every transaction as CSV: Polish with ; and decimal commas, English with , and points', async () => {
    const id = await newBudget()
    expectStatus(await upload(id, ynabFile), 201)
    const polish = await exportOf(id, { format: 'csv' })
    expect(polish.statusCode).toBe(200)
    expect(polish.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = polish.body
      .replace(/^\ufeff/u, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(
      'Data;Konto;Odbiorca;Grupa kategorii;Kategoria;Notatka;Kwota;Waluta;Zaksięgowana;Uzgodniona;Szkic;Przelew z/na konto',
    )
    expect(lines).toContain(
      '2025-03-20;Konto osobiste mBank;Żabka;Codzienne wydatki;Jedzenie;;-12,35;PLN;tak;nie;nie;',
    )
    const english = await exportOf(id, { format: 'csv', delimiter: ',', language: 'en' })
    const rows = english.body
      .replace(/^\ufeff/u, '')
      .trimEnd()
      .split('\r\n')
    expect(rows[0]).toBe(
      'Date,Account,Payee,Category group,Category,Memo,Amount,Currency,Cleared,Reconciled,Draft,Transfer account',
    )
    expect(rows).toContain(
      '2025-03-20,Konto osobiste mBank,Żabka,Codzienne wydatki,Jedzenie,,-12.35,PLN,yes,no,no,',
    )
    // A memo spanning lines is quoted; both files hold one row per split and per transfer side.
    expect(english.body).toContain('"Urodziny Zosi\nkwiaty i książka"')
    expect(rows.length).toBe(lines.length)
  })

  it('refuses an export format it does not know with 400', async () => {
    const id = await newBudget()
    expect((await exportOf(id, { format: 'xlsx' })).statusCode).toBe(400)
    expect((await exportOf(id, { format: 'csv', delimiter: '\t' })).statusCode).toBe(400)
  })
})
