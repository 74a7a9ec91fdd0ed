import type {
  bankFormats,
  CsvDelimiter,
  DateOrder,
  ParsedRow,
  RowErrorCode,
} from '../../../schemas/imports.ts'
import { type AmountCell, negateDecimal } from '../amount.ts'
import type { CsvRecord } from '../csv.ts'
import { parseCsvDate } from '../csvDates.ts'

/** What every bank module gives: how to find its header among a file's first lines, and how to read its rows. */
export type BankFormat = (typeof bankFormats)[number]

export interface Located {
  /** The line (from 0) holding the header; the records start on the next one. */
  readonly index: number
  readonly delimiter: CsvDelimiter
}

export interface BankFile {
  /** The header's cells as `headerName` gives them. */
  readonly header: readonly string[]
  /** The lines above the header, as written. */
  readonly preamble: readonly string[]
  readonly records: readonly CsvRecord[]
}

export interface BankRead {
  readonly rows: readonly ParsedRow[]
  readonly accountNumber: string | null
}

export interface BankLayout {
  readonly format: BankFormat
  /** Where this bank's header is among the file's first lines, or null when the file is not in its layout. */
  readonly locate: (lines: readonly string[]) => Located | null
  readonly read: (file: BankFile) => BankRead
}

/** A header cell compared by name: quotes, mBank's `#`, case and extra spaces do not matter. */
export const headerName = (cell: string): string =>
  cell.trim().replace(/^"|"$/gu, '').replace(/^#/u, '').replace(/\s+/gu, ' ').trim().toLowerCase()

/** A header line's cells (header names hold no delimiters, so a plain split reads them). */
export const headerCells = (line: string, delimiter: string): string[] =>
  line.split(delimiter).map(headerName)

// The preambles of the banks we read are under 40 lines; the header is looked for a little further.
export const HEADER_SEARCH_LINES = 100

/** A `locate` for layouts recognised by the names their header holds. */
export const headerWith =
  (delimiters: readonly CsvDelimiter[], matches: (names: ReadonlySet<string>) => boolean) =>
  (lines: readonly string[]): Located | null => {
    for (let index = 0; index < lines.length && index < HEADER_SEARCH_LINES; index++) {
      const line = lines[index] ?? ''
      for (const delimiter of delimiters) {
        if (!line.includes(delimiter)) continue
        if (matches(new Set(headerCells(line, delimiter)))) return { index, delimiter }
      }
    }
    return null
  }

export const hasAll =
  (...names: readonly string[]) =>
  (header: ReadonlySet<string>): boolean =>
    names.every((name) => header.has(name))

/** The column of the first name the header has, or -1. */
export const column = (header: readonly string[], ...names: readonly string[]): number => {
  for (const name of names) {
    const index = header.indexOf(name)
    if (index !== -1) return index
  }
  return -1
}

/** The first column whose name starts with `prefix` (`betrag (` for `Betrag (€)`), or -1. */
export const columnStarting = (header: readonly string[], prefix: string): number =>
  header.findIndex((name) => name.startsWith(prefix))

export const cell = (record: CsvRecord, index: number): string =>
  index < 0 ? '' : (record.cells[index] ?? '')

/** The currency a header names in parentheses: `Betrag (€)`, `Amount (EUR)`. */
export const headerCurrency = (name: string | undefined): string | null => {
  const found = /\((€|[a-z]{3})\)/u.exec(name ?? '')
  if (found === null) return null
  return found[1] === '€' ? 'EUR' : (found[1] ?? '').toUpperCase()
}

const DATE_LIKE = /^\s*"?\d{1,4}[-./]\d{1,2}[-./]\d{1,4}/u

/**
 * Lines under the header that are no transactions: trailers and summaries are much shorter than the header (a
 * short line that starts with a date is still a row, reported as missing a field), and mBank labels them with `#`.
 */
export const isTrailer = (record: CsvRecord, width: number): boolean => {
  const first = record.cells[0] ?? ''
  if (first.trimStart().startsWith('#')) return true
  return record.cells.length * 2 < width && !DATE_LIKE.test(first)
}

/** True when every listed cell is blank: a row with neither date nor amount carries nothing to import. */
export const blank = (record: CsvRecord, ...indices: readonly number[]): boolean =>
  indices.every((index) => cell(record, index).trim() === '')

// Control characters other than line breaks never belong in a payee or memo (schemas/text.ts refuses them).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/gu
const TEXT_MAX = 1000

/** A payee: one line, single spaces. */
export const tidyLine = (text: string): string =>
  text.replace(CONTROLS, ' ').replace(/\s+/gu, ' ').trim().slice(0, TEXT_MAX)

/** A memo: its own line breaks kept (a multi-line title stays readable), spaces collapsed, empty lines dropped. */
export const tidyMemo = (text: string): string =>
  text
    .replace(CONTROLS, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
    .slice(0, TEXT_MAX)

/** mBank pads the parts of one field with runs of spaces: `BIEDRONKA  ZAKUP PRZY UŻYCIU KARTY W KRAJU`. */
export const segments = (text: string): string[] =>
  text
    .split(/\s{2,}/u)
    .map((part) => part.trim())
    .filter((part) => part !== '')

/** A cell without the apostrophe some banks put before numbers to keep spreadsheets from rounding them. */
export const unquoted = (text: string): string => text.trim().replace(/^'+|'+$/gu, '')

const ACCOUNT = /\b(?:[A-Z]{2}\d{2}(?: ?[0-9A-Z]{4}){3,7}(?: ?[0-9A-Z]{1,3})?|\d{2}(?: ?\d{4}){6})\b/gu

/** The account number a preamble names, when it names exactly one (IBAN or a Polish 26-digit NRB). */
export const accountIn = (lines: readonly string[]): string | null => {
  const found = new Set<string>()
  for (const line of lines) for (const match of line.matchAll(ACCOUNT)) found.add(match[0].replace(/ /gu, ''))
  return found.size === 1 ? ([...found][0] ?? null) : null
}

/** One signed amount from a debit and a credit column, whichever is filled (debits count as outflows however signed). */
export const debitCredit = (debit: AmountCell, credit: AmountCell): AmountCell => {
  if (debit.kind === 'amount' && !/^-?0*(?:\.0*)?$/u.test(debit.amount)) {
    const magnitude = debit.amount.replace(/^-/u, '')
    return { ...debit, amount: negateDecimal(magnitude) }
  }
  if (debit.kind === 'invalid' || debit.kind === 'too-large') return debit
  if (credit.kind === 'amount') return { ...credit, amount: credit.amount.replace(/^-/u, '') }
  return credit.kind === 'empty' ? debit : credit
}

const CURRENCY = /^[A-Z]{3}$/u

export interface RowFields {
  /** The day the transaction happened, as the file writes it ('' when the file has none or leaves it empty). */
  readonly operationDate: string
  readonly bookingDate: string
  readonly order: DateOrder
  readonly amount: AmountCell
  /** The currency the file states for the row; else the amount cell's own suffix, if any. */
  readonly currency?: string | null
  readonly payee: string
  readonly memo: string
  readonly bankId?: string | null
  readonly pending?: boolean
}

const dateOf = (text: string, order: DateOrder): string | null | 'invalid' => {
  if (text.trim() === '') return null
  return parseCsvDate(text, order) ?? 'invalid'
}

/**
 * One parsed row. The first problem found is the row's error: a missing date or amount, then an impossible date,
 * then an amount that is no number (or past MAX_AMOUNT in every currency). The row is still returned with what
 * could be read, so the preview shows it with its line.
 */
export const makeRow = (line: number, fields: RowFields): ParsedRow => {
  const operation = dateOf(fields.operationDate, fields.order)
  const booking = dateOf(fields.bookingDate, fields.order)
  const date = operation ?? booking
  const amount = fields.amount
  let error: RowErrorCode | null = null
  if (date === null || amount.kind === 'empty') error = 'missing-field'
  else if (date === 'invalid' || booking === 'invalid') error = 'invalid-date'
  else if (amount.kind === 'invalid') error = 'invalid-amount'
  else if (amount.kind === 'too-large') error = 'amount-too-large'
  const stated = (fields.currency ?? '').trim().toUpperCase()
  const currency = CURRENCY.test(stated) ? stated : amount.kind === 'amount' ? amount.currency : null
  const bankId = fields.bankId?.trim() ?? ''
  return {
    line,
    date: date === 'invalid' ? null : date,
    bookingDate: booking === 'invalid' ? null : booking,
    amount: amount.kind === 'amount' ? amount.amount : null,
    currency,
    payee: tidyLine(fields.payee),
    memo: tidyMemo(fields.memo),
    bankId: bankId === '' ? null : bankId,
    pending: fields.pending ?? false,
    error,
  }
}
