import type { CsvDelimiter, CsvMapping, DateOrder } from '../../schemas/imports.ts'

// The column mapper of a generic CSV (issue 28 §1): what each column holds, and how the file is laid out. Pure.

/** What a column holds; `skip` leaves it out. The view names them 'Data', 'Kwota', 'Wpływ', … */
export const columnRoles = [
  'date',
  'amount',
  'inflow',
  'outflow',
  'payee',
  'memo',
  'currency',
  'bankId',
  'skip',
] as const
export type ColumnRole = (typeof columnRoles)[number]

export const csvDelimiters: ReadonlyArray<CsvDelimiter> = [';', ',', '\t', '|']

/** Everything of a mapping but the columns. */
export type MapperSettings = {
  readonly delimiter: CsvDelimiter
  readonly skipLines: number
  readonly hasHeader: boolean
  readonly dateOrder: DateOrder
  readonly decimalSeparator: ',' | '.'
  readonly invertSign: boolean
}

export type Mapper = {
  /** The file's first lines as cells (preamble included), as last read. */
  readonly table: ReadonlyArray<ReadonlyArray<string>>
  /** One role per column of the widest line. */
  readonly roles: ReadonlyArray<ColumnRole>
  readonly settings: MapperSettings
}

export const MAX_SKIP_LINES = 100

/** The roles that can hold only one column: choosing one again moves it. */
const SINGLE: ReadonlySet<ColumnRole> = new Set(columnRoles.filter((role) => role !== 'skip'))

/** Header names (lower case, without diacritics) that say what a column holds, in the banks' languages. */
const HEADER_HINTS: ReadonlyArray<readonly [ColumnRole, RegExp]> = [
  ['bankId', /^(id|identyfikator|reference|referencja|transaction id|numer transakcji)/u],
  ['date', /(^data|date|datum|^dzien)/u],
  ['inflow', /(wplyw|uznani|credit|inflow|eingang|haben|przychod)/u],
  ['outflow', /(wydat|obciazen|debit|outflow|ausgang|soll|rozchod)/u],
  ['amount', /(kwota|amount|betrag|wartosc)/u],
  ['currency', /(waluta|currency|wahrung)/u],
  ['payee', /(odbiorca|nadawca|kontrahent|payee|beneficiary|empfanger|zahlungsempfanger|nazwa)/u],
  ['memo', /(opis|tytul|description|memo|verwendungszweck|title)/u],
]

const plain = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/gu, 'l')
    .replace(/Ł/gu, 'L')
    .toLowerCase()
    // mBank marks its header cells with '#'.
    .replace(/^[^\p{L}\d]+/u, '')
    .trim()

/** A first guess of each column's role from a header line; a role already taken is not given twice. */
export const guessRoles = (header: ReadonlyArray<string>, width: number): ReadonlyArray<ColumnRole> => {
  const taken = new Set<ColumnRole>()
  return Array.from({ length: width }, (_, column) => {
    const name = plain(header[column] ?? '')
    const hint = HEADER_HINTS.find(([role, pattern]) => !taken.has(role) && pattern.test(name))
    if (hint === undefined) return 'skip'
    taken.add(hint[0])
    return hint[0]
  })
}

const DATE_CELL = /^\s*(\d{1,4})[.\-/](\d{1,2})[.\-/](\d{1,4})\s*$/u
const AMOUNT_CELL = /^\s*[+-]?\s*\d[\d\s\u00a0.,']*\s*[A-Za-z]{0,3}\s*$/u

/** The order of a date's parts that the cells allow (a day above 12 decides), 'dmy' when nothing tells. */
export const guessDateOrder = (cells: ReadonlyArray<string>): DateOrder => {
  for (const cell of cells) {
    const match = DATE_CELL.exec(cell)
    if (match === null) continue
    const [, first = '', second = ''] = match
    if (first.length === 4) return 'ymd'
    if (Number(second) > 12) return 'mdy'
  }
  return 'dmy'
}

/** ',' when amounts end in a comma and two digits somewhere in the cells, else '.'. */
export const guessDecimalSeparator = (cells: ReadonlyArray<string>): ',' | '.' =>
  cells.some((cell) => /\d,\d{1,2}(\s*[A-Za-z]{0,3})?\s*$/u.test(cell) && !/\d\.\d{3},/u.test(cell))
    ? ','
    : cells.some((cell) => /\d\.\d{1,2}(\s*[A-Za-z]{0,3})?\s*$/u.test(cell))
      ? '.'
      : ','

/** The header line of a table: the first line where no cell looks like a date or an amount, past `skip` lines. */
const headerIndex = (table: ReadonlyArray<ReadonlyArray<string>>, width: number): number => {
  const index = table.findIndex(
    (row) =>
      row.length === width &&
      row.some((cell) => cell.trim() !== '') &&
      row.every((cell) => !DATE_CELL.test(cell) && !(AMOUNT_CELL.test(cell) && /\d/u.test(cell))),
  )
  return index
}

const widthOf = (table: ReadonlyArray<ReadonlyArray<string>>): number => {
  // The most common width of the lines that split at all: a preamble's one-cell lines do not decide it.
  const counts = new Map<number, number>()
  const split = table.filter((row) => row.length > 1)
  for (const row of split.length > 0 ? split : table)
    counts.set(row.length, (counts.get(row.length) ?? 0) + 1)
  let best = 0
  let seen = 0
  for (const [width, count] of counts) {
    if (count > seen || (count === seen && width > best)) {
      best = width
      seen = count
    }
  }
  return best
}

/** The mapper's first guess for a sample: header, preamble, each column's role, date order, decimal separator. */
export const guessMapper = (table: ReadonlyArray<ReadonlyArray<string>>, delimiter: CsvDelimiter): Mapper => {
  const width = widthOf(table)
  const header = headerIndex(table, width)
  const firstData = header === -1 ? table.findIndex((row) => row.length === width) : header + 1
  const body = table.slice(Math.max(firstData, 0))
  const roles =
    header === -1
      ? Array.from({ length: width }, (): ColumnRole => 'skip')
      : guessRoles(table[header] ?? [], width)
  const dateColumn = roles.indexOf('date')
  const cells = body.flat()
  return {
    table,
    roles,
    settings: {
      delimiter,
      skipLines: Math.min(MAX_SKIP_LINES, Math.max(0, header === -1 ? Math.max(firstData, 0) : header)),
      hasHeader: header !== -1,
      dateOrder: guessDateOrder(dateColumn === -1 ? cells : body.map((row) => row[dateColumn] ?? '')),
      decimalSeparator: guessDecimalSeparator(cells),
      invertSign: false,
    },
  }
}

/** Gives a column a role; a single role (all but `skip`) leaves the column that had it. */
export const withRole = (
  roles: ReadonlyArray<ColumnRole>,
  column: number,
  role: ColumnRole,
): ReadonlyArray<ColumnRole> =>
  roles.map((current, at) => (at === column ? role : SINGLE.has(role) && current === role ? 'skip' : current))

/** A new table (a new delimiter splits differently): the roles keep their columns where the width allows. */
export const withTable = (mapper: Mapper, table: ReadonlyArray<ReadonlyArray<string>>): Mapper => {
  const width = Math.max(widthOf(table), mapper.roles.length === 0 ? 0 : 1)
  return {
    ...mapper,
    table,
    roles: Array.from({ length: width }, (_, at): ColumnRole => mapper.roles[at] ?? 'skip'),
  }
}

/** What the mapping still lacks: a date column, and an amount or an inflow/outflow column. */
export type MappingGap = 'date' | 'amount'

export const mappingGaps = (roles: ReadonlyArray<ColumnRole>): ReadonlyArray<MappingGap> => [
  ...(roles.includes('date') ? [] : ['date' as const]),
  ...(roles.includes('amount') || roles.includes('inflow') || roles.includes('outflow')
    ? []
    : ['amount' as const]),
]

/** The mapping the server reads a generic CSV with, or null while a required column is missing. */
export const mappingOf = (mapper: Mapper): CsvMapping | null => {
  const { roles, settings } = mapper
  if (mappingGaps(roles).length > 0) return null
  const at = (role: ColumnRole): { readonly [key: string]: number } => {
    const column = roles.indexOf(role)
    return column === -1 ? {} : { [role]: column }
  }
  const date = roles.indexOf('date')
  return {
    delimiter: settings.delimiter,
    skipLines: settings.skipLines,
    hasHeader: settings.hasHeader,
    date,
    dateOrder: settings.dateOrder,
    decimalSeparator: settings.decimalSeparator,
    invertSign: settings.invertSign,
    // An amount column wins over inflow/outflow: the server takes one or the other.
    ...(roles.includes('amount') ? at('amount') : { ...at('inflow'), ...at('outflow') }),
    ...at('payee'),
    ...at('memo'),
    ...at('currency'),
    ...at('bankId'),
  }
}

/** A saved mapping shown again in the mapper (a preset chosen, or the reading that worked). */
export const mapperFromMapping = (
  table: ReadonlyArray<ReadonlyArray<string>>,
  mapping: CsvMapping,
): Mapper => {
  const width = Math.max(
    widthOf(table),
    ...[
      mapping.date,
      mapping.amount,
      mapping.inflow,
      mapping.outflow,
      mapping.payee,
      mapping.memo,
      mapping.currency,
      mapping.bankId,
    ].map((column) => (column ?? -1) + 1),
  )
  const roleAt = (column: number): ColumnRole => {
    const found = (
      [
        ['date', mapping.date],
        ['amount', mapping.amount],
        ['inflow', mapping.inflow],
        ['outflow', mapping.outflow],
        ['payee', mapping.payee],
        ['memo', mapping.memo],
        ['currency', mapping.currency],
        ['bankId', mapping.bankId],
      ] as const
    ).find(([, at]) => at === column)
    return found?.[0] ?? 'skip'
  }
  const { delimiter, skipLines, hasHeader, dateOrder, decimalSeparator, invertSign } = mapping
  return {
    table,
    roles: Array.from({ length: width }, (_, column) => roleAt(column)),
    settings: { delimiter, skipLines, hasHeader, dateOrder, decimalSeparator, invertSign },
  }
}

/** The delimiter that splits the most of the first lines into the same number of cells (at least two). */
export const guessDelimiter = (lines: ReadonlyArray<string>): CsvDelimiter => {
  let best: CsvDelimiter = ';'
  let bestScore = 0
  for (const delimiter of csvDelimiters) {
    const counts = new Map<number, number>()
    for (const line of lines) {
      const cells = splitLine(line, delimiter).length
      if (cells > 1) counts.set(cells, (counts.get(cells) ?? 0) + 1)
    }
    const score = Math.max(0, ...counts.values())
    if (score > bestScore) {
      best = delimiter
      bestScore = score
    }
  }
  return best
}

/** One line split at the delimiter, quotes honoured (a quoted field spanning lines stays on its first line). */
export const splitLine = (line: string, delimiter: string): string[] => {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let at = 0; at < line.length; at++) {
    const char = line[at]
    if (quoted) {
      if (char === '"' && line[at + 1] === '"') {
        cell += '"'
        at++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (char === delimiter) {
      cells.push(cell.trim())
      cell = ''
    } else cell += char
  }
  cells.push(cell.trim())
  return cells
}

/**
 * The head of a file as the mapper shows it when the server sent no table: its first lines, split at the delimiter
 * they seem to use (or the one given). Display only; the server reads the file.
 */
export const sampleTable = (
  text: string,
  delimiter?: CsvDelimiter,
  maxLines = 20,
): { readonly table: string[][]; readonly delimiter: CsvDelimiter } => {
  const lines = text
    .replace(/^\uFEFF/u, '')
    .split(/\r\n|\n|\r/u)
    .slice(0, maxLines)
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop()
  const chosen = delimiter ?? guessDelimiter(lines)
  return { table: lines.map((line) => splitLine(line, chosen)), delimiter: chosen }
}

const DATE_IN_TEXT = /(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})/u

/** The first date-like text in the file's first lines (a QIF `D01/02/2026` line gives `01/02/2026`). */
export const dateExampleOf = (table: ReadonlyArray<ReadonlyArray<string>>): string | null => {
  for (const row of table)
    for (const cell of row) {
      const found = DATE_IN_TEXT.exec(cell)
      if (found !== null) return found[0]
    }
  return null
}

const pad = (value: number) => String(value).padStart(2, '0')

/** How a date text reads in an order of its parts ('YYYY-MM-DD'), or null when it is no date that way. */
export const readDateAs = (text: string, order: DateOrder): string | null => {
  const found = DATE_IN_TEXT.exec(text)
  if (found === null) return null
  const [, first = '', , second = '', third = ''] = found
  const parts =
    order === 'ymd'
      ? { year: first, month: second, day: third }
      : order === 'dmy'
        ? { year: third, month: second, day: first }
        : { year: third, month: first, day: second }
  const year = parts.year.length === 2 ? 2000 + Number(parts.year) : Number(parts.year)
  const month = Number(parts.month)
  const day = Number(parts.day)
  if (parts.year.length !== 4 && parts.year.length !== 2) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null
  return `${year}-${pad(month)}-${pad(day)}`
}
