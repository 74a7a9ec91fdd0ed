import Papa from 'papaparse'
import type { CsvDelimiter } from '../../schemas/imports.ts'

/**
 * CSV records with the line each starts on. Reading is papaparse's (quotes, doubled quotes, delimiters and line
 * breaks inside quoted fields, the stray unescaped quotes some banks write); the line numbers are ours: a record's
 * `line` is the 1-based line of the file where it starts, however many lines its quoted fields span, because that
 * is the line a user finds when the preview reports an error there.
 */
export interface CsvRecord {
  readonly line: number
  readonly cells: readonly string[]
}

/** One line ending for the whole text (files mix CRLF and LF, and papaparse guesses one per file). */
export const normalizeText = (text: string): string => {
  const unix = text.includes('\r') ? text.replace(/\r\n?/gu, '\n') : text
  return unix.charCodeAt(0) === 0xfeff ? unix.slice(1) : unix
}

/**
 * Every record of `text` (already normalized) read with `delimiter`; `firstLine` is the file line `text` begins
 * on. Blank lines give no record.
 */
export const readRecords = (text: string, delimiter: string, firstLine = 1): CsvRecord[] => {
  const records: CsvRecord[] = []
  let line = firstLine
  let offset = 0
  Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n',
    quoteChar: '"',
    step: (result) => {
      const cells = result.data
      const end = result.meta.cursor
      if (!(cells.length === 1 && (cells[0] ?? '').trim() === '')) records.push({ line, cells })
      // The lines this record spanned, its own line break included.
      for (let at = text.indexOf('\n', offset); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) line++
      offset = end
    },
  })
  return records
}

/** The first `count` lines of `text` with the offset each starts at (for finding a header under a preamble). */
export const headLines = (
  text: string,
  count: number,
): { readonly lines: readonly string[]; readonly offsets: readonly number[] } => {
  const lines: string[] = []
  const offsets: number[] = []
  let start = 0
  while (lines.length < count && start <= text.length) {
    const end = text.indexOf('\n', start)
    offsets.push(start)
    lines.push(text.slice(start, end === -1 ? text.length : end))
    if (end === -1) break
    start = end + 1
  }
  return { lines, offsets }
}

const DELIMITERS: readonly CsvDelimiter[] = [';', ',', '\t', '|']

/** How often `delimiter` splits `line` outside quoted text. */
const countOutsideQuotes = (line: string, delimiter: string): number => {
  let count = 0
  let quoted = false
  for (const character of line) {
    if (character === '"') quoted = !quoted
    else if (character === delimiter && !quoted) count++
  }
  return count
}

interface DelimiterFit {
  readonly delimiter: CsvDelimiter
  /** How many of the sampled lines share the most common cell count. */
  readonly lines: number
  readonly sampled: number
}

const bestFit = (text: string): DelimiterFit => {
  const { lines } = headLines(normalizeText(text), 60)
  const sample = lines.filter((line) => line.trim() !== '')
  let best: DelimiterFit = { delimiter: ',', lines: 0, sampled: sample.length }
  let bestScore = 0
  for (const delimiter of DELIMITERS) {
    const counts = new Map<number, number>()
    for (const line of sample) {
      const count = countOutsideQuotes(line, delimiter)
      if (count > 0) counts.set(count, (counts.get(count) ?? 0) + 1)
    }
    // The most common cell count, weighed by how many lines share it and how many cells it makes.
    for (const [count, shared] of counts) {
      const score = shared * 1000 + count
      if (score > bestScore) {
        best = { delimiter, lines: shared, sampled: sample.length }
        bestScore = score
      }
    }
  }
  return best
}

/**
 * The delimiter a CSV most likely uses: the one splitting the most lines into the same number of cells (a
 * preamble of other shapes does not disturb it). Decimal commas in unquoted amounts lose to the semicolon because
 * their count varies from line to line.
 */
export const guessDelimiter = (text: string): CsvDelimiter => bestFit(text).delimiter

/** The first `lines` records of a CSV as cells, for the column mapper (the delimiter guessed when not given). */
export const previewTable = (text: string, delimiter?: CsvDelimiter, lines = 20): string[][] => {
  const normalized = normalizeText(text)
  const result = Papa.parse<string[]>(normalized, {
    delimiter: delimiter ?? guessDelimiter(normalized),
    newline: '\n',
    quoteChar: '"',
    preview: lines,
    skipEmptyLines: false,
  })
  const rows = result.data.map((cells) => [...cells])
  // The line break that ends the file is no empty last row.
  while (rows.length > 0 && rows[rows.length - 1]?.join('') === '' && rows[rows.length - 1]?.length === 1)
    rows.pop()
  return rows
}

/** Whether the text reads as a table at all: one delimiter splits at least half of its first lines alike. */
export const looksTabular = (text: string): boolean => {
  const fit = bestFit(text)
  return fit.lines >= 2 && fit.lines * 2 >= fit.sampled
}
