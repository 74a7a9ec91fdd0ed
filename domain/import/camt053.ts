/**
 * ISO 20022 bank-to-customer statements: camt.053 (end of day), and the same entries in camt.052 (intraday report)
 * and camt.054 (notification), versions .02 to .13, with or without a namespace prefix.
 *
 * Layouts taken from:
 * - actualbudget/actual packages/loot-core/src/server/transactions/import/xmlcamt2json.ts (Ntry, ValDt before
 *   BookgDt, the counterparty by direction, RmtInf/Ustrd, AcctSvcrRef as the id)
 * - mpdroog/invoiced invoice/camt053/struct.go (Stmt/Acct/Id/IBAN, Ntry/Sts, RvslInd, NtryDtls/TxDtls/RltdPties)
 * - CoderBrian357NYC/MT950ToCamtConverter camt053_structure.md (camt.053.001.13 hierarchy)
 * - mx-message.com camt.053.001.11 (Ntry: NtryRef, Amt@Ccy, CdtDbtInd, RvslInd, Sts, BookgDt, ValDt, AcctSvcrRef,
 *   CardTx, NtryDtls); ISO 20022 TransactionDates (RltdDts: AccptncDtTm, TradDt, TxDtTm) and Party40Choice
 *   (`Cdtr/Pty/Nm` from version .08 on, `Cdtr/Nm` before)
 *
 * Dates. `bookingDate` is BookgDt. `date`, the day the operation happened, is the first of: the transaction's
 * acceptance time (RltdDts/AccptncDtTm, a card payment at the terminal), its transaction time (TxDtTm), its trade
 * date (TradDt), the entry's value date (ValDt), its booking date. Polish banks value a card payment on the day it
 * was made and book it a day or more later — PKO BP: card transactions "obciążają rachunek klienta z datą ich
 * dokonania" (https://www.pkobp.pl/pomoc-kontakt/karty-platnosci/jak-rozliczane-sa-transakcje-wykonane-karta) —
 * so ValDt is the operation date when no explicit one is given, as Actual Budget's importer also takes it.
 *
 * Status BOOK is booked; PDNG (pending), INFO and FUTR are pending rows. The amount is Amt, negative for DBIT
 * (CdtDbtInd is the entry's own direction, reversals included); the currency Amt@Ccy, else the account's. Payee:
 * the creditor of a debit, the debtor of a credit (ultimate party when the direct one has no name), else
 * AddtlNtryInf; memo: the remittance lines (Ustrd). The bank's id: the entry's AcctSvcrRef, else the transaction's
 * AcctSvcrRef or TxId, else NtryRef (last, as some banks number entries 1, 2, 3 in each statement). One row per
 * entry: a batch entry with several transactions stays one row (its total), with every transaction's remittance
 * lines in the memo (one transaction's lines joined by spaces, transactions by '; ').
 */
import type { ParsedRow, ParseOptions, ParseResult, RowErrorCode } from '../../schemas/imports.ts'
import { xmlDate } from './dates.ts'
import { negateDecimal, readPlainDecimal } from './decimal.ts'
import { lineCounter, squeeze } from './lines.ts'
import { attributeValue, scanMarkup } from './markup.ts'

const HEAD = 4096
const CONTAINERS = /<(?:[\w.-]+:)?(BkToCstmrStmt|BkToCstmrAcctRpt|BkToCstmrDbtCdtNtfctn)[\s>]/u

/** The root holds a camt.052/053/054 message (by namespace or by its container element). */
export const looksLikeCamt053 = (text: string): boolean => {
  const head = text.slice(0, HEAD)
  return /urn:iso:std:iso:20022:tech:xsd:camt\.05[234]/u.test(head) || CONTAINERS.test(head)
}

// A statement (053), report (052) or notification (054): each has an account and entries.
const STATEMENTS = new Set(['Stmt', 'Rpt', 'Ntfctn'])
const TRANSACTION = 'NtryDtls/TxDtls/'

interface Entry {
  readonly offset: number
  /** Values by path below the entry ('Amt', 'BookgDt/Dt'); within the first transaction by 'NtryDtls/TxDtls/…'. */
  readonly values: Map<string, string>
  /** The remittance lines (Ustrd) of each transaction. */
  readonly remittance: string[][]
  currencyAttribute: string | null
  transactions: number
}

const NOT_PROVIDED = 'NOTPROVIDED'

const firstOf = (values: Map<string, string>, paths: readonly string[]): string | null => {
  for (const path of paths) {
    const value = values.get(path)
    if (value !== undefined && value !== '' && value !== NOT_PROVIDED) return value
  }
  return null
}

const partyNames = (role: 'Cdtr' | 'Dbtr') =>
  [
    `RltdPties/${role}/Nm`,
    `RltdPties/${role}/Pty/Nm`,
    `RltdPties/Ultmt${role}/Nm`,
    `RltdPties/Ultmt${role}/Pty/Nm`,
  ].map((path) => TRANSACTION + path)
const CREDITOR = partyNames('Cdtr')
const DEBTOR = partyNames('Dbtr')
const OPERATION_DATES = ['RltdDts/AccptncDtTm', 'RltdDts/TxDtTm', 'RltdDts/TradDt'].map(
  (path) => TRANSACTION + path,
)
const REMITTANCE = `${TRANSACTION}RmtInf/Ustrd`
/** The paths below an entry whose values a row reads; the rest of an entry is not kept. */
const READ = new Set([
  'Amt',
  'CdtDbtInd',
  'Sts',
  'Sts/Cd',
  'Sts/Prtry',
  'BookgDt/Dt',
  'BookgDt/DtTm',
  'ValDt/Dt',
  'ValDt/DtTm',
  'AcctSvcrRef',
  'NtryRef',
  'AddtlNtryInf',
  `${TRANSACTION}Refs/AcctSvcrRef`,
  `${TRANSACTION}Refs/TxId`,
  `${TRANSACTION}AddtlTxInf`,
  ...CREDITOR,
  ...DEBTOR,
  ...OPERATION_DATES,
])

const rowOf = (entry: Entry, accountCurrency: string | null, line: number): ParsedRow => {
  const { values } = entry
  const errors: RowErrorCode[] = []
  const dateOf = (text: string | null) => {
    if (text === null) return null
    const date = xmlDate(text)
    if (date === null) errors.push('invalid-date')
    return date
  }
  const bookingText = firstOf(values, ['BookgDt/Dt', 'BookgDt/DtTm'])
  const operationText =
    firstOf(values, OPERATION_DATES) ?? firstOf(values, ['ValDt/Dt', 'ValDt/DtTm']) ?? bookingText
  const bookingDate = dateOf(bookingText)
  const date = operationText === bookingText ? bookingDate : dateOf(operationText)
  if (operationText === null) errors.unshift('missing-field')

  const direction = values.get('CdtDbtInd')
  const amountText = values.get('Amt')
  const magnitude = amountText === undefined ? null : readPlainDecimal(amountText)
  if (amountText === undefined || (direction !== 'DBIT' && direction !== 'CRDT'))
    errors.unshift('missing-field')
  else if (magnitude === null || magnitude.startsWith('-')) errors.push('invalid-amount')
  const amount =
    magnitude === null || magnitude.startsWith('-')
      ? null
      : direction === 'DBIT'
        ? negateDecimal(magnitude)
        : magnitude

  const status = firstOf(values, ['Sts', 'Sts/Cd', 'Sts/Prtry'])?.toUpperCase() ?? 'BOOK'
  const currency = entry.currencyAttribute?.trim().toUpperCase() || accountCurrency
  const name = squeeze(firstOf(values, direction === 'DBIT' ? CREDITOR : DEBTOR) ?? '')
  const information = squeeze(firstOf(values, ['AddtlNtryInf']) ?? '')
  const remittance = entry.remittance
    .map((lines) => squeeze(lines.join(' ')))
    .filter((text) => text !== '')
    .join('; ')
  const transactionInformation = squeeze(firstOf(values, [`${TRANSACTION}AddtlTxInf`]) ?? '')
  const payee = name || information || remittance || transactionInformation
  const memoCandidates = [remittance, information, transactionInformation].filter(
    (text) => text !== '' && text !== payee,
  )
  return {
    line,
    date,
    bookingDate,
    amount,
    currency: currency && /^[A-Z]{3}$/u.test(currency) ? currency : null,
    payee,
    memo: memoCandidates[0] ?? '',
    bankId: firstOf(values, [
      'AcctSvcrRef',
      `${TRANSACTION}Refs/AcctSvcrRef`,
      `${TRANSACTION}Refs/TxId`,
      'NtryRef',
    ]),
    pending: status !== 'BOOK',
    error: errors[0] ?? null,
  }
}

/** Reads a camt.053 (or .052/.054) file into rows; see the module comment for what each field takes. */
export const parseCamt053 = (text: string, _options: ParseOptions = {}): ParseResult => {
  if (text.trim() === '') return { ok: false, error: 'empty' }
  if (!looksLikeCamt053(text)) return { ok: false, error: 'wrong-format' }

  // Each entry becomes its row as it closes, so its working map is garbage at once rather than kept to the end.
  const rows: ParsedRow[] = []
  const lineOf = lineCounter(text)
  // The open elements: their names, and their paths below the statement or entry they are in ('' for the
  // statement or entry itself).
  const names: string[] = []
  const paths: string[] = []
  let accountNumber: string | null = null
  let statement: { currency: string | null; account: string | null } | null = null
  let entry: Entry | null = null
  // Each path is made once and reused: entries repeat the same few dozen paths, and the same string is cheaper to
  // look up in a set than a new one built from pieces.
  const known = new Map<string, Map<string, string>>()
  const pathOf = (parent: string, name: string) => {
    let children = known.get(parent)
    if (children === undefined) {
      children = new Map()
      known.set(parent, children)
    }
    let path = children.get(name)
    if (path === undefined) {
      path = `${parent}/${name}`
      children.set(name, path)
    }
    return path
  }

  const outcome = scanMarkup(text, 0, {
    open: (name, attributes, offset) => {
      const depth = names.length
      const parentName = names[depth - 1]
      const parentPath = paths[depth - 1]
      names.push(name)
      if (STATEMENTS.has(name) && entry === null) {
        statement = { currency: null, account: null }
        paths.push('')
        return
      }
      if (name === 'Ntry' && statement !== null && parentName !== undefined && STATEMENTS.has(parentName)) {
        entry = { offset, values: new Map(), remittance: [], currencyAttribute: null, transactions: 0 }
        paths.push('')
        return
      }
      const path = parentPath === undefined || parentPath === '' ? name : pathOf(parentPath, name)
      paths.push(path)
      if (entry === null) return
      if (path === 'Amt') entry.currencyAttribute = attributeValue(attributes, 'Ccy')
      else if (path === 'NtryDtls/TxDtls') {
        entry.transactions++
        entry.remittance.push([])
      }
    },
    // Within an entry only the paths a row reads; around entries, the account's number and currency.
    wantsText: () => {
      const path = paths[paths.length - 1]
      return path !== undefined && (entry === null || path === REMITTANCE || READ.has(path))
    },
    text: (value) => {
      const path = paths[paths.length - 1]
      if (path === undefined) return
      if (entry !== null) {
        if (path === REMITTANCE) entry.remittance[entry.transactions - 1]?.push(value)
        // Only the first transaction of a batch names the parties and dates.
        else if (
          READ.has(path) &&
          !entry.values.has(path) &&
          !(entry.transactions > 1 && path.startsWith(TRANSACTION))
        )
          entry.values.set(path, value)
        return
      }
      if (statement === null) return
      if (path === 'Acct/Ccy') statement.currency ??= value.trim().toUpperCase()
      else if (path === 'Acct/Id/IBAN' || path === 'Acct/Id/Othr/Id') {
        statement.account ??= value.replace(/\s+/gu, '')
        accountNumber ??= statement.account
      }
    },
    close: (name) => {
      // Tolerate an end tag without its start tag (nothing to close) as XML tools that read on would.
      const at = names.lastIndexOf(name)
      if (at < 0) return
      while (names.length > at) {
        const closed = names.pop()
        if (paths.pop() !== '') continue
        if (closed === 'Ntry' && entry !== null) {
          rows.push(rowOf(entry, statement?.currency ?? null, lineOf(entry.offset)))
          entry = null
        } else if (closed !== undefined && STATEMENTS.has(closed)) statement = null
      }
    },
  })
  // A document type could define entities (refused, see markup.ts); an unclosed tag or element means a file cut
  // off before its end, whose missing entries nobody would notice.
  if (outcome !== 'done' || names.length > 0) return { ok: false, error: 'wrong-format' }
  if (rows.length === 0) return { ok: false, error: 'no-rows' }
  return { ok: true, format: 'camt053', rows, accountNumber }
}
