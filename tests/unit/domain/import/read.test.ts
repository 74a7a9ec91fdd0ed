import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readBankFile } from '../../../../domain/import/read.ts'

// The one entry for bank files: every fixture's format is found from its content alone, and forcing another
// format is refused rather than read into nonsense.

const root = join(import.meta.dirname, '../../../fixtures/import')
const fixtures = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'e2e')
  .flatMap((folder) =>
    readdirSync(join(root, folder.name))
      .filter((name) => !name.startsWith('ambiguous'))
      .map((name) => ({ folder: folder.name, path: join(root, folder.name, name) })),
  )

/** The folder names a format's fixtures sit in (QFX is OFX). */
const formatOf = (folder: string) => (folder === 'qfx' ? 'ofx' : folder)

describe('reading a bank file', () => {
  it.each(fixtures)('detects $folder from the content of $path', ({ folder, path }) => {
    const read = readBankFile(readFileSync(path), {})
    expect(read.ok && read.format).toBe(formatOf(folder))
    expect(read.ok && read.rows.length).toBeGreaterThan(0)
  })

  it('refuses a file forced into another format', () => {
    const mbank = readFileSync(join(root, 'mbank/lista-operacji.csv'))
    expect(readBankFile(mbank, { format: 'ofx' })).toMatchObject({ ok: false, error: 'wrong-format' })
    expect(readBankFile(mbank, { format: 'pko' })).toMatchObject({ ok: false, error: 'wrong-format' })
  })

  it('asks for the date order of an ambiguous QIF, and reads it once given', () => {
    const qif = readFileSync(join(root, 'qif/ambiguous.qif'))
    expect(readBankFile(qif, {})).toMatchObject({ ok: false, error: 'needs-date-order' })
    expect(readBankFile(qif, { dateOrder: 'dmy' })).toMatchObject({ ok: true, format: 'qif' })
  })

  it('offers an unknown table to the column mapper with its first lines, and refuses what is no text', () => {
    const table = new TextEncoder().encode(
      'kiedy;ile;komu\n2025-01-05;-12,50;Żabka\n2025-01-06;-3,00;Kiosk\n',
    )
    const unknown = readBankFile(table, {})
    expect(unknown).toMatchObject({ ok: false, error: 'needs-mapping' })
    expect(!unknown.ok && unknown.table?.[1]).toEqual(['2025-01-05', '-12,50', 'Żabka'])
    const mapped = readBankFile(table, {
      format: 'csv',
      mapping: {
        delimiter: ';',
        skipLines: 0,
        hasHeader: true,
        date: 0,
        dateOrder: 'ymd',
        amount: 1,
        payee: 2,
        decimalSeparator: ',',
        invertSign: false,
      },
    })
    expect(mapped.ok && mapped.rows.map((row) => [row.date, row.amount, row.payee])).toEqual([
      ['2025-01-05', '-12.50', 'Żabka'],
      ['2025-01-06', '-3.00', 'Kiosk'],
    ])
    expect(readBankFile(new Uint8Array(), {})).toMatchObject({ ok: false, error: 'empty' })
    expect(readBankFile(new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3'), {})).toMatchObject({
      ok: false,
      error: 'binary',
    })
  })
})
