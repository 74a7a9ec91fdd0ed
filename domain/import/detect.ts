import type { ImportFormat, ParseOptions, ParseResult } from '../../schemas/imports.ts'
import { parseMappedCsv } from './banks/generic.ts'
import { bankLayouts } from './banks/index.ts'
import { type BankFormat, type BankLayout, HEADER_SEARCH_LINES, headerName } from './banks/shared.ts'
import { headLines, looksTabular, normalizeText, readRecords } from './csv.ts'

/**
 * Which bank's CSV layout a file is in, and the entry point that reads one. Detection reads only the file's first
 * lines (the header and the preamble above it); a format the user forces is checked against them too, so another
 * bank's file under a chosen format is refused ('wrong-format') instead of read into nonsense.
 */

const layouts: readonly BankLayout[] = Object.values(bankLayouts)

const isBankFormat = (format: ImportFormat): format is BankFormat => Object.hasOwn(bankLayouts, format)

/** The bank whose layout the text is in, from its header; null when none fits. */
export const detectFormat = (text: string): BankFormat | null => {
  const { lines } = headLines(normalizeText(text), HEADER_SEARCH_LINES)
  return layouts.find((layout) => layout.locate(lines) !== null)?.format ?? null
}

const readWith = (text: string, layout: BankLayout): ParseResult => {
  const { lines, offsets } = headLines(text, HEADER_SEARCH_LINES + 1)
  const located = layout.locate(lines)
  if (located === null) return { ok: false, error: 'wrong-format' }
  const headerLine = lines[located.index] ?? ''
  const header = (readRecords(headerLine, located.delimiter)[0]?.cells ?? []).map(headerName)
  const start = offsets[located.index + 1]
  const records =
    start === undefined ? [] : readRecords(text.slice(start), located.delimiter, located.index + 2)
  const { rows, accountNumber } = layout.read({ header, preamble: lines.slice(0, located.index), records })
  if (rows.length === 0) return { ok: false, error: 'no-rows' }
  return { ok: true, format: layout.format, rows, accountNumber }
}

/**
 * Reads a bank CSV (text already decoded, see encoding.ts): in the forced format, with the user's column mapping,
 * or in the layout detected. Nothing recognised: 'needs-mapping' when the text is a table the column mapper can
 * map, else 'unknown-format'.
 */
export const parseBankCsv = (input: string, options: ParseOptions = {}): ParseResult => {
  const text = normalizeText(input)
  if (text.trim() === '') return { ok: false, error: 'empty' }
  const { format, mapping } = options
  if (format === 'csv' || (format === undefined && mapping !== undefined)) {
    return mapping === undefined ? { ok: false, error: 'needs-mapping' } : parseMappedCsv(text, mapping)
  }
  if (format !== undefined)
    return isBankFormat(format) ? readWith(text, bankLayouts[format]) : { ok: false, error: 'wrong-format' }
  const detected = detectFormat(text)
  if (detected !== null) return readWith(text, bankLayouts[detected])
  return { ok: false, error: looksTabular(text) ? 'needs-mapping' : 'unknown-format' }
}
