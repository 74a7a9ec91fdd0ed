import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmallBudget, smallBudget } from '../ledger/fixtures.ts'
import { type Answer, type Call, expectStatus, type Harness, startHarness } from '../ledger/harness.ts'
import { databases } from '../support/databases.ts'
import { form } from '../support/multipart.ts'

// Bank-file imports over HTTP (issue 28 §4, §5): preview writes nothing, import writes the new booked rows as one
// command, the same file again adds nothing, undo takes it back whole, bad files get a clear problem.

const mbank = readFileSync('tests/fixtures/import/mbank/lista-operacji.csv')

describe.each(databases())('bank-file imports on $kind', (target) => {
  let harness: Harness
  let api: Call
  let budget: SmallBudget

  beforeAll(async () => {
    harness = await startHarness(target)
    api = await harness.as('importer')
    budget = await smallBudget(api)
  }, 120_000)
  afterAll(async () => harness?.close())

  const post = async (
    path: string,
    file: Uint8Array,
    fields: Record<string, string>,
    user = 'importer',
  ): Promise<Answer> => {
    const body = form(file, 'lista_operacji.csv', fields)
    const response = await harness.app.inject({
      method: 'POST',
      url: `/api/budget/${budget.id}${path}`,
      headers: { authorization: await harness.authorization(user), 'content-type': body.contentType },
      payload: body.payload,
    })
    return {
      status: response.statusCode,
      headers: response.headers,
      body: JSON.parse(response.body || 'null'),
    }
  }
  const preview = (file: Uint8Array, fields: Record<string, string> = {}) =>
    post('/imports/preview', file, { bankAccountId: budget.checkingId, ...fields })
  const importFile = (file: Uint8Array, fields: Record<string, string> = {}) =>
    post('/imports', file, { bankAccountId: budget.checkingId, ...fields })
  const checkingTransactions = async () =>
    expectStatus(await api('GET', `${budget.base}/transactions?accountId=${budget.checkingId}`), 200)
      .items as {
      id: string
      payee: string
      value: number
    }[]

  it('previews an mBank file without writing: statuses, cleaned payees, row errors with their line', async () => {
    const answer = expectStatus(await preview(mbank), 200)
    expect(answer.format).toBe('mbank')
    expect(answer.encoding).toBe('windows-1250')
    expect(answer.rows.map((row: { status: string; message?: string }) => [row.status, row.message])).toEqual(
      [
        ['new', undefined],
        ['new', undefined],
        ['new', undefined],
        ['error', 'other-currency'],
        ['error', 'invalid-date'],
        ['error', 'invalid-amount'],
        ['new', undefined],
      ],
    )
    expect(answer.rows[0]).toMatchObject({ date: '2026-03-28', value: -2345, line: 26 })
    expect(answer.rows[0].payee).toContain('ŻABKA')
    expect(answer.rows[0].payee).not.toContain('ZAKUP PRZY UŻYCIU KARTY')
    expect(await checkingTransactions()).toEqual([])
  })

  it('imports the new booked rows once; the same file again adds nothing; undo takes it back', async () => {
    const first = expectStatus(await importFile(mbank), 201)
    expect(first).toMatchObject({ imported: 4, duplicates: 0, errors: 3, pending: 0 })
    const stored = await checkingTransactions()
    expect(stored.map((transaction) => transaction.value).sort((a, b) => a - b)).toEqual([
      -185_000, -2345, 15_000, 500_000,
    ])
    const again = expectStatus(await importFile(mbank), 201)
    expect(again).toMatchObject({ importId: null, imported: 0, duplicates: 4, errors: 3 })
    expect(await checkingTransactions()).toHaveLength(4)
    const history = expectStatus(await api('GET', `${budget.base}/imports`), 200)
    expect(history).toMatchObject([
      { importId: first.importId, count: 4, undone: false, changed: 0, format: 'mbank' },
    ])
    expectStatus(await api('DELETE', `${budget.base}/imports/${first.importId}`), 200)
    expect(await checkingTransactions()).toEqual([])
    const back = expectStatus(await importFile(mbank), 201)
    expect(back.imported).toBe(4)
    const edited = (await checkingTransactions())[0]
    expectStatus(await api('PUT', `${budget.base}/transactions/${edited?.id}`, { memo: 'sprawdzone' }), 200)
    const refused = await api('DELETE', `${budget.base}/imports/${back.importId}`)
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'import-changed-since', changed: 1 })
  })

  it('offers a row mirroring a transaction of another account as a transfer, and makes it one', async () => {
    const other = await smallBudget(api, 'Transfers')
    const savingsSide = expectStatus(
      await api('POST', `${other.base}/transactions`, {
        bankAccountId: other.savingsId,
        date: '2026-03-27',
        payee: 'Czynsz odłożony',
        value: 185_000,
        splits: [],
      }),
      201,
    )
    const url = (path: string) => `/api/budget/${other.id}${path}`
    const send = async (path: string) => {
      const body = form(mbank, 'lista.csv', { bankAccountId: other.checkingId })
      const response = await harness.app.inject({
        method: 'POST',
        url: url(path),
        headers: { authorization: await harness.authorization('importer'), 'content-type': body.contentType },
        payload: body.payload,
      })
      return JSON.parse(response.body)
    }
    const shown = await send('/imports/preview')
    expect(shown.rows[1].transfer).toEqual({ transactionId: savingsSide.id, bankAccountId: other.savingsId })
    const done = await send('/imports')
    expect(done).toMatchObject({ imported: 4, transfers: 1 })
    const savings = expectStatus(
      await api('GET', `${other.base}/transactions?accountId=${other.savingsId}`),
      200,
    )
    expect(savings.items).toHaveLength(1)
    expect(savings.items[0]).toMatchObject({ value: 185_000, direction: 'Internal' })
    expect(savings.items[0].id).not.toBe(savingsSide.id)
  })

  it('refuses bad files with a clear reason and writes nothing', async () => {
    const reasonOf = async (answer: Promise<Answer>) => {
      const { status, body } = await answer
      return [status, body?.reason ?? body?.code]
    }
    expect(await reasonOf(preview(new Uint8Array()))).toEqual([422, 'empty'])
    expect(await reasonOf(preview(Buffer.from('%PDF-1.7\n\u0000\u0001binary')))).toEqual([422, 'binary'])
    expect(await reasonOf(preview(mbank, { format: 'pko' }))).toEqual([422, 'wrong-format'])
    expect(await reasonOf(preview(mbank, { format: 'nordea' }))).toEqual([400, 'validation_failed'])
    expect(await reasonOf(preview(mbank, { bankAccountId: 'no-such-account' }))).toEqual([
      422,
      'validation_failed',
    ])
    expect(await reasonOf(preview(Buffer.alloc(60 * 1024 * 1024, 0x41)))).toEqual([413, 'payload_too_large'])
    const stranger = await post('/imports/preview', mbank, { bankAccountId: budget.checkingId }, 'stranger')
    expect(stranger.status).toBe(404)
    const notAForm = await api('POST', `${budget.base}/imports/preview`, { bankAccountId: budget.checkingId })
    expect(notAForm.status).toBe(415)
  })
})
