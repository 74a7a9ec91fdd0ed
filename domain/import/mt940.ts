/**
 * SWIFT MT940 statements as Polish banks export them (`.sta`, `.txt`; often windows-1250 or CP852 — this reads the
 * text already decoded).
 *
 * Layouts taken from:
 * - janexpl/PKOcsv2mt940 Mt940.cpp — PKO BP's layout: `:61:` with `NTRFNONREF//<id>` then `:86:020~00…`, title in
 *   `~20`–`~25` (27 characters each), `~30` sort code, `~31` account, `~32`/`~33` counterparty name, `~38` IBAN,
 *   `~60`/`~63` extra
 * - theundefined/mt940-py src/mt940_py/converter.py — mBank (ZBP) layout: `~00` operation, `~20`… title, `~32`/`~33`
 *   name, `~38PL…`, the whole `:86:` wrapped at 65 characters regardless of subfields
 * - ksdev-pl/mbank-mt940-parser tests/MT940_IPH.txt and src/Mt940Parser.php — mBank CompanyNet: `:61:` funds code
 *   letter (`CN6979,18`), supplementary details on the next line, an unstructured `:86:` ("…; OD: name; TYT.: title")
 * - wolph/mt940 mt940/processors.py — the `?`-separated structured `:86:` (German layout; `?20`–`?29` purpose,
 *   `?32`/`?33` name) and mBank's `TNR:` reference
 * - actualbudget/actual packages/loot-core/src/server/transactions/import/mt9402json.ts (the bank reference after
 *   `//`, payee from `32`/`33`, notes from `20`–`25`)
 * - format descriptions of Polish banks' MT940 exports: mBank CompanyNet "Opis formatu pliku eksportu wyciągów
 *   dziennych MT940" (http://docplayer.pl/605075; `:20:ST…`, `:25:` IBAN, `:60F:C050112PLN…`, ASCII 1 before a
 *   block), "Opis formatu pliku wyciągów MT940" (http://docplayer.pl/49455177; `.sta` files, subfields of `:86:`
 *   start with `<`), BiznesPl@net "MT940 statement file"
 *   (https://pdfcoffee.com/description-of-mt940-statement-file-pdf-free.html; `:86:` subfields `^10`, `^20`;
 *   `CN` = credit in PLN, `RC`/`RD` reversals), inordbusiness (http://docplayer.pl/46383099; a one-character
 *   subfield separator, `+` in its English edition)
 *
 * Rows: one per `:61:`. `date` is the value date (`YYMMDD`): a card payment is valued on the day it was made (PKO
 * BP: https://www.pkobp.pl/pomoc-kontakt/karty-platnosci/jak-rozliczane-sa-transakcje-wykonane-karta).
 * `bookingDate` is the entry date (`MMDD`, in the year nearest the value date), or the value date when there is
 * none. `D`/`RC` are debits, `C`/`RD` credits; `ED`/`EC` (expected, MT942) are pending. The currency is the
 * statement's (`:60F:`/`:60M:`). The bank's id is the reference after `//`. Payee: the counterparty name
 * (`32`+`33`), else the title (`20`–`29`), else the operation (`00`); the memo holds what the payee did not take.
 */
import type { ParsedRow, ParseOptions, ParseResult, RowErrorCode } from '../../schemas/imports.ts'
import { entryDateNear, swiftDate } from './dates.ts'
import { canonicalDecimal } from './decimal.ts'
import { squeeze } from './lines.ts'

const TAG = /^:(\d{2}[A-Z]?):/u
const HEAD = 65_536

/** At least two of the statement tags `:20:`, `:25:`, `:28C:`, `:60F:`/`:60M:`, `:61:` start lines near the top. */
export const looksLikeMt940 = (text: string): boolean => {
  const head = text.slice(0, HEAD)
  let found = 0
  for (const tag of [/^:20:/mu, /^:25:/mu, /^:28C?:/mu, /^:60[FM]:/mu, /^:61:/mu]) if (tag.test(head)) found++
  return found >= 2
}

interface Field {
  readonly tag: string
  readonly line: number
  readonly lines: string[]
}

// SWIFT envelopes (`{1:…}{2:…}{4:`, `-}`) and mBank's block markers (ASCII 1 and 3) around the fields.
const cleanLine = (line: string) =>
  line
    .replaceAll('\u0001', '')
    .replaceAll('\u0003', '')
    .replace(/^\{[1-5]:.*?(\{4:)?$/u, '')

const fieldsOf = (text: string): Field[] => {
  const fields: Field[] = []
  let current: Field | null = null
  const lines = text.split(/\r\n|\r|\n/u)
  for (let index = 0; index < lines.length; index++) {
    const line = cleanLine(lines[index] ?? '')
    const tag = TAG.exec(line)
    if (tag) {
      current = { tag: tag[1] ?? '', line: index + 1, lines: [line.slice(tag[0].length)] }
      fields.push(current)
    } else if (line === '-' || line === '-}' || line.startsWith('-}')) current = null
    else if (current !== null && line !== '') current.lines.push(line)
  }
  return fields
}

// Value date, entry date, the debit/credit mark, then (after an optional funds-code letter, the third letter of
// the currency: `CN` for PLN) the amount with a decimal comma.
const STATEMENT_LINE = /^(\d{6})(\d{4})?(RC|RD|EC|ED|C|D)/u
const FUNDS_CODE = /^[A-Z](?=\d)/u
const AMOUNT = /^(\d*)(?:[,.](\d*))?(?=[A-Z]|$)/u

interface StatementLine {
  readonly date: string | null
  readonly bookingDate: string | null
  readonly amount: string | null
  readonly pending: boolean
  readonly bankId: string | null
  readonly error: RowErrorCode | null
}

const readStatementLine = (content: string): StatementLine => {
  const failed = (error: RowErrorCode): StatementLine => ({
    date: null,
    bookingDate: null,
    amount: null,
    pending: false,
    bankId: null,
    error,
  })
  const head = STATEMENT_LINE.exec(content)
  if (!head) return failed(/^\d{6}/u.test(content) ? 'missing-field' : 'invalid-date')
  const valueDate = swiftDate(head[1] ?? '')
  const entry = head[2]
  const bookingDate = valueDate !== null && entry !== undefined ? entryDateNear(valueDate, entry) : valueDate
  const mark = head[3] ?? ''
  let rest = content.slice(head[0].length)
  const funds = FUNDS_CODE.exec(rest)
  if (funds) rest = rest.slice(1)
  const amountMatch = AMOUNT.exec(rest)
  const integer = amountMatch?.[1] ?? ''
  const fraction = amountMatch?.[2] ?? ''
  const amountText =
    amountMatch && (integer !== '' || fraction !== '') ? canonicalDecimal(false, integer, fraction) : null
  // Debits lower the balance: D, and RC (the reversal of a credit). RD reverses a debit, a credit.
  const debit = mark === 'D' || mark === 'RC' || mark === 'ED'
  const amount = amountText === null ? null : debit ? canonicalDecimal(true, integer, fraction) : amountText
  const reference = rest.indexOf('//')
  const bankReference =
    reference < 0
      ? ''
      : (rest
          .slice(reference + 2)
          .trim()
          .split(/\s/u)[0] ?? '')
  // NONREF says there is none; it would make every such row look like one transaction.
  const bankId = bankReference === '' || bankReference === 'NONREF' ? null : bankReference
  const error: RowErrorCode | null =
    valueDate === null || (entry !== undefined && bookingDate === null)
      ? 'invalid-date'
      : amount === null
        ? 'invalid-amount'
        : null
  return {
    date: valueDate,
    bookingDate: entry !== undefined ? bookingDate : valueDate,
    amount,
    pending: mark === 'ED' || mark === 'EC',
    bankId,
    error,
  }
}

// A structured `:86:` opens with an optional three-digit operation code and then a subfield mark: `~` (PKO BP,
// mBank, ING), `^` (BiznesPl@net), `<` (Pekao-style), `?` (German layout), `+` (some cooperative banks).
const STRUCTURED = /^(\d{3})?\s*([~^<?+])(\d{2})/u

/** The width of a title or name subfield in the ZBP layout (`~20`–`~25`, `~32`, `~33`). */
const SUBFIELD_WIDTH = 27

const isDigit = (code: number) => code >= 48 && code <= 57

/** The subfields of a structured `:86:`: the text after each mark and two digits, by those digits. */
const subfieldsOf = (text: string, mark: string): Map<string, string> => {
  const subfields = new Map<string, string>()
  let code: string | null = null
  let start = 0
  let at = text.indexOf(mark)
  while (at >= 0) {
    if (isDigit(text.charCodeAt(at + 1)) && isDigit(text.charCodeAt(at + 2))) {
      if (code !== null) subfields.set(code, (subfields.get(code) ?? '') + text.slice(start, at))
      code = text.slice(at + 1, at + 3)
      start = at + 3
    }
    at = text.indexOf(mark, at + 1)
  }
  if (code !== null) subfields.set(code, (subfields.get(code) ?? '') + text.slice(start))
  return subfields
}

interface Description {
  readonly payee: string
  readonly memo: string
}

const join = (parts: readonly string[]) => parts.filter((part) => part !== '').join('; ')

const describeDetails = (details: readonly string[], supplementary: string): Description => {
  // A field wraps at 65 characters a line, mid-word: structured text is joined as written, and subfields are
  // joined by their width (see `range`).
  const joined = details.join('')
  const structured = STRUCTURED.exec(joined)
  if (structured) {
    const subfields = subfieldsOf(joined, structured[2] ?? '~')
    const range = (from: number, to: number) => {
      let text = ''
      let previous = ''
      for (let code = from; code <= to; code++) {
        const chunk = subfields.get(code < 10 ? `0${code}` : String(code)) ?? ''
        if (chunk.trim() === '') continue
        // A full-width chunk (ZBP's 27 characters) was cut mid-word; a shorter one ended at a word.
        text += previous === '' || previous.length >= SUBFIELD_WIDTH ? chunk : ` ${chunk}`
        previous = chunk
      }
      return squeeze(text)
    }
    const name = range(32, 33)
    const title = range(20, 29)
    const operation = range(0, 0)
    const payee = name || title || operation
    return { payee, memo: join([payee === title ? '' : title, payee === operation ? '' : operation]) }
  }
  const text = squeeze(details.join(' '))
  // mBank's unstructured details: "…; OD: <name> <address>; TYT.: <title>; …" (DO: for outgoing payments).
  const party = /(?:^|;)\s*(?:OD|DO):\s*([^;]*)/u.exec(text)?.[1]
  const title = /(?:^|;)\s*TYT\.:\s*([^;]*)/u.exec(text)?.[1]
  if (party !== undefined || title !== undefined) {
    const payee = squeeze(party ?? title ?? '')
    return { payee, memo: join([party !== undefined ? squeeze(title ?? '') : '', squeeze(supplementary)]) }
  }
  if (text !== '') return { payee: text, memo: squeeze(supplementary) }
  return { payee: squeeze(supplementary), memo: '' }
}

/** Reads an MT940 file into rows; see the module comment for what each field takes. */
export const parseMt940 = (text: string, _options: ParseOptions = {}): ParseResult => {
  if (text.trim() === '') return { ok: false, error: 'empty' }
  if (!looksLikeMt940(text)) return { ok: false, error: 'wrong-format' }

  const rows: ParsedRow[] = []
  let accountNumber: string | null = null
  let currency: string | null = null
  const fields = fieldsOf(text)
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index]
    if (field === undefined) continue
    const content = field.lines[0] ?? ''
    if (field.tag === '20') currency = null
    else if (field.tag === '25') {
      const account = content.replace(/^\//u, '').replace(/\s+/gu, '')
      accountNumber ??= account || null
    } else if (field.tag === '60F' || field.tag === '60M') {
      currency = /^[CD]\d{6}([A-Z]{3})/u.exec(content)?.[1] ?? currency
    } else if (field.tag === '61') {
      const statementLine = readStatementLine(content)
      const next = fields[index + 1]
      const details = next?.tag === '86' ? next.lines : []
      if (next?.tag === '86') index++
      const { payee, memo } = describeDetails(details, field.lines.slice(1).join(' '))
      rows.push({
        line: field.line,
        date: statementLine.date,
        bookingDate: statementLine.bookingDate,
        amount: statementLine.amount,
        currency,
        payee,
        memo,
        bankId: statementLine.bankId,
        pending: statementLine.pending,
        error: statementLine.error,
      })
    }
  }
  if (rows.length === 0) return { ok: false, error: 'no-rows' }
  return { ok: true, format: 'mt940', rows, accountNumber }
}
