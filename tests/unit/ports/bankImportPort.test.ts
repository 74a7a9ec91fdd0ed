import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FileRequest, ReadOptions } from '../../../machines/bankImport/index.ts'
import { BankAccountId, CategoryId, ImportId } from '../../../schemas/ids.ts'
import type { ImportPreview } from '../../../schemas/imports.ts'
import { createApiClient, UploadError } from '../../../src/api/client.ts'
import { anonymousSession } from '../../../src/auth/apiSession.ts'
import {
  createBankImportPort,
  createPayeeRulesPort,
  readProblemOf,
} from '../../../src/ports/bankImportPort.ts'

const ORIGIN = 'http://koperta.test'
const signal = new AbortController().signal
const ACCOUNT = BankAccountId.make('acct-1')
const OPTIONS: ReadOptions = { format: null, encoding: null, mapping: null, dateOrder: null, windowDays: 4 }
const FILE = new File(['Data;Kwota\n01.11.2026;-12,50\n'], 'wyciąg.csv')
const request = (options: Partial<ReadOptions> = {}): FileRequest => ({
  bankAccountId: ACCOUNT,
  file: FILE,
  options: { ...OPTIONS, ...options },
})
const PREVIEW: ImportPreview = { format: 'csv', encoding: 'utf-8', rows: [] }

type Uploaded = { readonly path: string; readonly form: FormData }

/** The real client, its upload (XMLHttpRequest, not in Node) answered by a script. */
const withUploads = (answer: () => unknown) => {
  const uploads: Uploaded[] = []
  const client = createApiClient(anonymousSession)
  const loadApi = async () => ({
    ...client,
    upload: async <S>(
      path: string,
      form: FormData,
      _schema: S,
      options: { onUploadProgress?: unknown } = {},
    ) => {
      uploads.push({ path, form })
      expect(options.onUploadProgress).toBeTypeOf('function')
      return answer() as never
    },
  })
  return { loadApi, uploads }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('bank import port', () => {
  it('sends the file and only the options the user set, as the contract names the fields', async () => {
    const { loadApi, uploads } = withUploads(() => PREVIEW)
    const port = createBankImportPort(loadApi, 'budget 1', ORIGIN)
    const mapping = {
      delimiter: ';' as const,
      skipLines: 0,
      hasHeader: true,
      date: 0,
      dateOrder: 'dmy' as const,
      amount: 1,
      decimalSeparator: ',' as const,
      invertSign: false,
    }
    await expect(
      port.preview(request({ format: 'csv', mapping, windowDays: 7 }), { signal, onUpload: () => undefined }),
    ).resolves.toEqual({ ok: true, preview: PREVIEW })
    const [sent] = uploads
    expect(sent?.path).toBe(`${ORIGIN}/api/budget/budget%201/imports/preview`)
    const fields = Object.fromEntries([...(sent?.form.entries() ?? [])].filter(([name]) => name !== 'file'))
    expect(fields).toEqual({
      bankAccountId: 'acct-1',
      format: 'csv',
      mapping: JSON.stringify(mapping),
      windowDays: '7',
    })
    const file = sent?.form.get('file')
    expect(file instanceof File && file.name).toBe('wyciąg.csv')
  })

  it('adds the choices to the import', async () => {
    const result = {
      importId: 'import-1',
      imported: 1,
      duplicates: 0,
      errors: 0,
      pending: 0,
      transfers: 0,
      version: 2,
    }
    const { loadApi, uploads } = withUploads(() => result)
    const choices = { rows: [{ line: 3, include: true, categoryId: CategoryId.make('cat-1') }] }
    const answer = await createBankImportPort(loadApi, 'b', ORIGIN).commit(
      { ...request(), choices },
      { signal, onUpload: () => undefined },
    )
    expect(answer).toEqual({ ok: true, result })
    expect(uploads[0]?.path).toBe(`${ORIGIN}/api/budget/b/imports`)
    expect(uploads[0]?.form.get('choices')).toBe(JSON.stringify(choices))
  })

  it('reads why a file was refused: its reason and table, too large, offline, anything else', () => {
    const unreadable = { code: 'unreadable_file', reason: 'needs-mapping', table: [['a', 'b']] }
    expect(readProblemOf(new UploadError(422, unreadable))).toEqual({
      kind: 'file',
      reason: 'needs-mapping',
      table: [['a', 'b']],
    })
    expect(readProblemOf(new UploadError(422, { code: 'unreadable_file', reason: 'binary' }))).toEqual({
      kind: 'file',
      reason: 'binary',
      table: null,
    })
    expect(readProblemOf(new UploadError(413, { code: 'payload_too_large' }))).toEqual({
      kind: 'file',
      reason: 'too-large',
      table: null,
    })
    expect(readProblemOf(new UploadError(0, null))).toEqual({ kind: 'offline' })
    expect(readProblemOf(new UploadError(422, { code: 'validation_failed' }))).toEqual({
      kind: 'refused',
      status: 422,
    })
    expect(readProblemOf(new Error('bug'))).toEqual({ kind: 'refused', status: 0 })
  })

  it('answers an undo refused because rows changed with how many', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Refused',
            status: 422,
            detail: 'changed',
            code: 'import-changed-since',
            importId: 'import-1',
            changed: 3,
          }),
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
    )
    vi.stubGlobal('fetch', fetch)
    const port = createBankImportPort(async () => createApiClient(anonymousSession), 'b', ORIGIN)
    await expect(port.undo(ImportId.make('import-1'), signal)).resolves.toEqual({ ok: false, changed: 3 })
    // Not retried: a second undo would be refused for another reason.
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('reads and stores the payee rules as one list', async () => {
    const seen: Array<{ method: string; body: string }> = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        seen.push({ method: input.method, body: await input.text() })
        return new Response(JSON.stringify([]), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    const port = createPayeeRulesPort(async () => createApiClient(anonymousSession), 'b', ORIGIN)
    await expect(port.load(signal)).resolves.toEqual({ ok: true, rules: [] })
    const rule = { id: 'r1', match: 'contains' as const, text: 'ORLEN', rename: 'Orlen', categoryId: null }
    await expect(port.save([rule], signal)).resolves.toEqual({ ok: true })
    expect(seen.map((request) => request.method)).toEqual(['GET', 'PUT'])
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ rules: [rule] })
  })
})
