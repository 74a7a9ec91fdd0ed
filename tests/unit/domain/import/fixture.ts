import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ParsedRow, ParseResult } from '../../../../schemas/imports.ts'

const root = fileURLToPath(new URL('../../../fixtures/import/', import.meta.url))

/** A bank-file fixture as text (every fixture is UTF-8: the parsers take decoded text). */
export const fixture = (path: string): string => readFileSync(`${root}${path}`, 'utf8')

/** The rows of a result that must have parsed (fails the test with the error otherwise). */
export const rowsOf = (result: ParseResult): readonly ParsedRow[] => {
  if (!result.ok) throw new Error(`expected rows, got ${result.error}`)
  return result.rows
}

/** A row with the defaults most rows share, so each expectation names only what matters for it. */
export const row = (fields: Partial<ParsedRow> & Pick<ParsedRow, 'line'>): ParsedRow => ({
  date: null,
  bookingDate: null,
  amount: null,
  currency: null,
  payee: '',
  memo: '',
  bankId: null,
  pending: false,
  error: null,
  ...fields,
})
