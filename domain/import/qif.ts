/**
 * QIF (Quicken Interchange Format) bank, cash and card accounts.
 *
 * Layouts taken from:
 * - Gnucash/gnucash gnucash/import-export/qif-imp/file-format.txt (section headers including `!Type:Oth S`, the
 *   non-transaction lists, field letters D T U C N P M A L S E $ % F X, dates 'MM/DD/YY', "01/01'00" for 2000+,
 *   'YYYYMMDD', European 'DD/MM/YY', amounts '10,000.00', '10.000,00', "10'000.00")
 * - Gnucash/gnucash gnucash/import-export/qif-imp/test/date-formats/README.md (year-first forms '2024/01/02',
 *   '2024-01-02', '2024.01.02', '20240102'; a file resolved only by a later record's day above 12)
 * - Intuit's QIF description as mirrored at https://projectanvil.sourceforge.net/doc/qif4.html (`^` ends each
 *   transaction, `!Type:Bank`/`Cash`/`CCard`/`Oth A`/`Oth L`/`Invst`)
 * - docs.rs qif_parser data/wikipedia.qif (a Quicken export: "D2/10'2020", splits with `S`/`E`/`$`)
 * - actualbudget/actual packages/loot-core/src/server/transactions/import/qif2json.ts (an `!Account` block before
 *   `!Type:`)
 *
 * QIF fixes no order of day and month. The file's order is read from its dates: a first part above 12 can only be
 * a day and a second part above 12 only a day too; a file whose dates fit one order and not the other is in that
 * order. When every date fits both, the dates are read both ways and an order under which they run in sequence
 * (ascending or descending) while the other's do not is taken; otherwise the file needs `options.dateOrder`
 * (`needs-date-order`). Year-first dates ('2025-12-31') carry their own order. When dates fit neither order in
 * full, the order that reads more of them is taken and the rest are 'invalid-date' rows.
 *
 * Split lines (`S` category, `E` memo, `$` amount) are not rows of their own: the transaction keeps its total (`T`)
 * and its memo lists each split as "category amount memo", after the transaction's own memo.
 */
import type { DateOrder, ParsedRow, ParseOptions, ParseResult, RowErrorCode } from '../../schemas/imports.ts'
import { type QifDateParts, qifDateIn, qifDateParts } from './dates.ts'
import { readGroupedDecimal } from './decimal.ts'
import { squeeze } from './lines.ts'

/** The first line is a QIF header: `!Type:…`, `!Account` or `!Option:…`. */
export const looksLikeQif = (text: string): boolean =>
  /^\s*!(Type:|Account|Option:|Clear:)/iu.test(text.replace(/^\uFEFF/u, '').slice(0, 256))

// The account types whose records are transactions; categories, classes, memorized payees, investments and the
// account list are not.
const TRANSACTION_TYPES = new Set(['bank', 'cash', 'ccard', 'oth a', 'oth s', 'oth l'])

interface Split {
  category: string
  memo: string
  amount: string
}

interface QifRecord {
  readonly line: number
  readonly fields: Map<string, string>
  readonly splits: Split[]
}

const recordsOf = (text: string): QifRecord[] => {
  const records: QifRecord[] = []
  const lines = text.replace(/^\uFEFF/u, '').split(/\r\n|\r|\n/u)
  let section = ''
  let current: QifRecord | null = null
  const finish = () => {
    if (current !== null && TRANSACTION_TYPES.has(section)) records.push(current)
    current = null
  }
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] ?? '').trimEnd()
    if (line.trim() === '') continue
    if (line.startsWith('!')) {
      finish()
      const type = /^!Type:(.*)$/iu.exec(line.trim())
      if (type) section = squeeze(type[1] ?? '').toLowerCase()
      else if (/^!Account/iu.test(line)) section = 'account'
      continue
    }
    if (line.trim() === '^') {
      finish()
      continue
    }
    const code = line.charAt(0)
    const value = line.slice(1).trim()
    current ??= { line: index + 1, fields: new Map(), splits: [] }
    if (code === 'S') current.splits.push({ category: value, memo: '', amount: '' })
    else if (code === 'E' || code === '$') {
      const split = current.splits[current.splits.length - 1] ?? { category: '', memo: '', amount: '' }
      if (current.splits.length === 0) current.splits.push(split)
      if (code === 'E') split.memo = value
      else split.amount = value
    } else if (!current.fields.has(code)) current.fields.set(code, value)
  }
  finish()
  return records
}

type Order = 'dmy' | 'mdy'

const monotonic = (dates: readonly string[]) => {
  let ascending = true
  let descending = true
  for (let index = 1; index < dates.length; index++) {
    const previous = dates[index - 1] ?? ''
    const current = dates[index] ?? ''
    if (current < previous) ascending = false
    if (current > previous) descending = false
  }
  return ascending || descending
}

/** The file's day-month order, 'ymd' when no date needs one, or null when its dates cannot tell. */
const fileOrder = (parts: readonly QifDateParts[], given: DateOrder | undefined): DateOrder | null => {
  const ambiguous = parts.filter((each) => !each.yearFirst)
  if (given !== undefined) return given
  if (ambiguous.length === 0) return 'ymd'
  const readAs = (order: Order) => ambiguous.map((each) => qifDateIn(each, order))
  const asDmy = readAs('dmy')
  const asMdy = readAs('mdy')
  const validDmy = asDmy.filter((date) => date !== null).length
  const validMdy = asMdy.filter((date) => date !== null).length
  if (validDmy === ambiguous.length && validMdy === ambiguous.length) {
    const sortedDmy = monotonic(asDmy.filter((date) => date !== null))
    const sortedMdy = monotonic(asMdy.filter((date) => date !== null))
    if (sortedDmy !== sortedMdy) return sortedDmy ? 'dmy' : 'mdy'
    return null
  }
  if (validDmy !== validMdy) return validDmy > validMdy ? 'dmy' : 'mdy'
  return null
}

const dateIn = (parts: QifDateParts, order: DateOrder): string | null => {
  if (parts.yearFirst) return parts.date
  // A year-first order given for day-month dates reads none of them.
  return order === 'ymd' ? null : qifDateIn(parts, order)
}

const splitText = (split: Split) => {
  const amount = readGroupedDecimal(split.amount) ?? split.amount
  return squeeze([split.category, amount, split.memo].filter((part) => part !== '').join(' '))
}

/** Reads a QIF file into rows; `options.dateOrder` decides a file whose dates fit both day-month orders. */
export const parseQif = (text: string, options: ParseOptions = {}): ParseResult => {
  if (text.trim() === '') return { ok: false, error: 'empty' }
  if (!looksLikeQif(text)) return { ok: false, error: 'wrong-format' }
  const records = recordsOf(text)
  if (records.length === 0) return { ok: false, error: 'no-rows' }

  const parsedDates = records.map((record) => {
    const text = record.fields.get('D')
    return text === undefined || text === '' ? undefined : qifDateParts(text)
  })
  const order = fileOrder(
    parsedDates.filter((parts): parts is QifDateParts => parts !== undefined && parts !== null),
    options.dateOrder,
  )
  if (order === null) return { ok: false, error: 'needs-date-order' }

  const rows = records.map((record, index): ParsedRow => {
    const parts = parsedDates[index]
    const amountText = record.fields.get('T') || record.fields.get('U') || ''
    const amount = amountText === '' ? null : readGroupedDecimal(amountText)
    const date = parts === undefined || parts === null ? null : dateIn(parts, order)
    const error: RowErrorCode | null =
      parts === undefined || amountText === ''
        ? 'missing-field'
        : date === null
          ? 'invalid-date'
          : amount === null
            ? 'invalid-amount'
            : null
    const memo = squeeze(record.fields.get('M') ?? '')
    const splits = record.splits.map(splitText).filter((part) => part !== '')
    return {
      line: record.line,
      date,
      bookingDate: date,
      amount,
      currency: null,
      payee: squeeze(record.fields.get('P') ?? ''),
      memo: [memo, ...splits].filter((part) => part !== '').join('; '),
      bankId: null,
      pending: false,
      error,
    }
  })
  return { ok: true, format: 'qif', rows, accountNumber: null }
}
