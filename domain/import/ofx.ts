/**
 * OFX and QFX statements (bank and credit-card), version 1 (SGML, leaf elements without end tags) and version 2
 * (XML), read by one reader (`markup.ts`) so both give the same rows.
 *
 * Layouts taken from:
 * - aclindsa/ofxgo bank.go (STMTRS: CURDEF, BANKACCTFROM, BANKTRANLIST of STMTTRN, and from OFX 2.2
 *   BANKTRANLISTP of STMTTRNP — pending, with DTTRAN and no FITID or DTPOSTED, TRNTYPE HOLD; NAME or PAYEE;
 *   CURRENCY/ORIGCURRENCY "if different from CURDEF")
 * - actualbudget/actual packages/loot-core/src/server/transactions/import/ofx2json.ts (SGML without end tags,
 *   `&` unescaped in SGML values, CREDITCARDMSGSRSV1/CCSTMTRS, INVSTMTRS)
 * - Grunnpi/BankPerfectTools resource/ofx.ftl (a bank's SGML OFX 1.5.1 with DTUSER beside DTPOSTED)
 * - rustledger/pta-standards imports/ofx/mapping.md (DTPOSTED `YYYYMMDDHHMMSS[.XXX][:TZ]`)
 *
 * Rows: one per STMTTRN (booked) or STMTTRNP (pending). `date` is DTUSER (the day the user made the payment) when
 * present, else DTPOSTED; `bookingDate` is DTPOSTED. Pending rows take DTTRAN and have no booking date; a
 * TRNTYPE of HOLD is pending too. The amount is TRNAMT as written (a decimal point or, as some banks write it, a comma). The
 * currency is the transaction's CURRENCY/CURSYM when present (its amounts are in that currency), else the
 * statement's CURDEF; ORIGCURRENCY only names what the amount was converted from. The payee is NAME (or
 * PAYEE/NAME); a transaction with no name takes its MEMO as the payee. FITID is the bank's id.
 */
import type { ParsedRow, ParseOptions, ParseResult, RowErrorCode } from '../../schemas/imports.ts'
import { ofxDate } from './dates.ts'
import { readPlainDecimal } from './decimal.ts'
import { lineCounter, squeeze } from './lines.ts'
import { scanMarkup } from './markup.ts'

const HEAD = 4096

/** An OFX 1 header (`OFXHEADER:100`), an OFX 2 processing instruction (`<?OFX OFXHEADER="200"`) or an `<OFX>` root. */
export const looksLikeOfx = (text: string): boolean => {
  const head = text.slice(0, HEAD)
  return /OFXHEADER\s*[:=]/iu.test(head) || /<OFX>/iu.test(head)
}

// Elements that hold other elements. In SGML a start tag followed by no text could be either an aggregate or an
// empty leaf; these are aggregates, the leaves below never are, and an unknown one is an aggregate unless its end
// tag follows at once.
const LEAVES = new Set([
  'TRNTYPE',
  'DTPOSTED',
  'DTUSER',
  'DTAVAIL',
  'DTTRAN',
  'DTEXPIRE',
  'TRNAMT',
  'FITID',
  'CORRECTFITID',
  'CORRECTACTION',
  'SRVRTID',
  'CHECKNUM',
  'REFNUM',
  'SIC',
  'PAYEEID',
  'NAME',
  'EXTDNAME',
  'MEMO',
  'INV401KSOURCE',
  'CURRATE',
  'CURSYM',
  'CURDEF',
  'BANKID',
  'BRANCHID',
  'ACCTID',
  'ACCTTYPE',
  'ACCTKEY',
  'DTSTART',
  'DTEND',
  'DTASOF',
  'BALAMT',
  'TRNUID',
  'CODE',
  'SEVERITY',
  'MESSAGE',
  'DTSERVER',
  'LANGUAGE',
  'ORG',
  'FID',
  'ADDR1',
  'ADDR2',
  'ADDR3',
  'CITY',
  'STATE',
  'POSTALCODE',
  'COUNTRY',
  'PHONE',
  'MKTGINFO',
])

const STATEMENTS = new Set(['STMTRS', 'CCSTMTRS', 'INVSTMTRS'])
const ACCOUNTS = new Set(['BANKACCTFROM', 'CCACCTFROM', 'INVACCTFROM'])
const TRANSACTIONS = new Set(['STMTTRN', 'STMTTRNP'])
// The aggregates a leaf is placed in. An SGML leaf left empty without an end tag is taken for an aggregate of its
// own; placing leaves by their nearest known aggregate keeps its siblings where they belong.
const PLACES = new Set([
  ...STATEMENTS,
  ...ACCOUNTS,
  ...TRANSACTIONS,
  'PAYEE',
  'CURRENCY',
  'ORIGCURRENCY',
  'BANKACCTTO',
  'CCACCTTO',
  'BANKTRANLIST',
  'BANKTRANLISTP',
  'LEDGERBAL',
  'AVAILBAL',
  'BAL',
])

interface Transaction {
  readonly offset: number
  readonly pending: boolean
  readonly fields: Map<string, string>
  payeeName: string | null
  currency: string | null
}

const currencyCode = (value: string | null | undefined): string | null => {
  const code = value?.trim().toUpperCase() ?? ''
  return /^[A-Z]{3}$/u.test(code) ? code : null
}

const rowOf = (transaction: Transaction, statementCurrency: string | null, line: number): ParsedRow => {
  const field = (name: string) => {
    const value = transaction.fields.get(name)
    return value === undefined || value === '' ? null : value
  }
  const errors: RowErrorCode[] = []
  const readDate = (text: string | null) => {
    if (text === null) return null
    const date = ofxDate(text)
    if (date === null) errors.push('invalid-date')
    return date
  }
  const pending = transaction.pending || field('TRNTYPE')?.toUpperCase() === 'HOLD'
  // Every date the row uses is checked: an impossible DTUSER is an error even where DTPOSTED is fine.
  const posted = transaction.pending ? null : readDate(field('DTPOSTED'))
  const user = readDate(field('DTUSER'))
  const traded = transaction.pending ? readDate(field('DTTRAN')) : null
  const date = transaction.pending
    ? field('DTTRAN') !== null
      ? traded
      : user
    : field('DTUSER') !== null
      ? user
      : posted
  if (date === null && !errors.includes('invalid-date')) errors.unshift('missing-field')

  const amountText = field('TRNAMT')
  const amount = amountText === null ? null : readPlainDecimal(amountText)
  if (amountText === null) errors.unshift('missing-field')
  else if (amount === null) errors.push('invalid-amount')

  const name = squeeze(transaction.payeeName ?? field('NAME') ?? '')
  const memo = squeeze(field('MEMO') ?? '')
  return {
    line,
    date,
    bookingDate: posted,
    amount,
    currency: transaction.currency ?? statementCurrency,
    payee: name !== '' ? name : memo,
    memo: name !== '' ? memo : '',
    bankId: field('FITID'),
    pending,
    error: errors[0] ?? null,
  }
}

/** Reads an OFX/QFX file (already decoded text) into rows; see the module comment for what each field takes. */
export const parseOfx = (text: string, _options: ParseOptions = {}): ParseResult => {
  if (text.trim() === '') return { ok: false, error: 'empty' }
  if (!looksLikeOfx(text)) return { ok: false, error: 'wrong-format' }

  // Each transaction becomes its row as it closes (its working map is garbage at once).
  const rows: ParsedRow[] = []
  const lineOf = lineCounter(text)
  const stack: string[] = []
  let statementCurrency: string | null = null
  let accountNumber: string | null = null
  let transaction: Transaction | null = null
  // A start tag not yet known to be a leaf or an aggregate (name and offset), and the last leaf that had text (its
  // end tag, when the file writes one, closes nothing).
  let undecided: string | null = null
  let undecidedOffset = 0
  let lastLeaf: string | null = null
  // Tag names in upper case (SGML names are case-insensitive), each computed once.
  const upperNames = new Map<string, string>()
  const upper = (name: string) => {
    let known = upperNames.get(name)
    if (known === undefined) {
      known = name.toUpperCase()
      upperNames.set(name, known)
    }
    return known
  }

  const finishTransaction = () => {
    if (transaction !== null) rows.push(rowOf(transaction, statementCurrency, lineOf(transaction.offset)))
    transaction = null
  }
  const beginAggregate = (name: string, offset: number) => {
    stack.push(name)
    if (STATEMENTS.has(name)) statementCurrency = null
    else if (TRANSACTIONS.has(name)) {
      finishTransaction()
      transaction = {
        offset,
        pending: name === 'STMTTRNP',
        fields: new Map(),
        payeeName: null,
        currency: null,
      }
    }
  }
  const endAggregate = (name: string) => {
    if (TRANSACTIONS.has(name)) finishTransaction()
  }
  const place = () => {
    for (let index = stack.length - 1; index >= 0; index--) {
      const name = stack[index]
      if (name !== undefined && PLACES.has(name)) return name
    }
    return undefined
  }
  const leaf = (name: string, value: string) => {
    const parent = place()
    if (transaction !== null) {
      if (parent !== undefined && TRANSACTIONS.has(parent)) {
        if (!transaction.fields.has(name)) transaction.fields.set(name, value)
      } else if (parent === 'PAYEE' && name === 'NAME') transaction.payeeName ??= value
      else if (parent === 'CURRENCY' && name === 'CURSYM') transaction.currency = currencyCode(value)
      return
    }
    if (name === 'CURDEF' && parent !== undefined && STATEMENTS.has(parent))
      statementCurrency = currencyCode(value)
    else if (name === 'ACCTID' && parent !== undefined && ACCOUNTS.has(parent) && accountNumber === null)
      accountNumber = value.trim() || null
  }
  const decide = () => {
    if (undecided === null) return
    const name = undecided
    undecided = null
    if (LEAVES.has(name)) leaf(name, '')
    else beginAggregate(name, undecidedOffset)
  }

  const outcome = scanMarkup(text, 0, {
    open: (rawName, _attributes, offset) => {
      decide()
      lastLeaf = null
      undecided = upper(rawName)
      undecidedOffset = offset
    },
    text: (value) => {
      if (undecided === null) return
      leaf(undecided, value)
      lastLeaf = undecided
      undecided = null
    },
    close: (rawName) => {
      const name = upper(rawName)
      if (undecided === name) {
        undecided = null
        leaf(name, '')
        return
      }
      decide()
      if (lastLeaf === name) {
        lastLeaf = null
        return
      }
      const at = stack.lastIndexOf(name)
      if (at < 0) return
      while (stack.length > at) endAggregate(stack.pop() ?? '')
    },
  })
  // A document type could define entities (refused, see markup.ts); an unclosed tag means a cut-off file.
  if (outcome !== 'done') return { ok: false, error: 'wrong-format' }
  decide()
  while (stack.length > 0) endAggregate(stack.pop() ?? '')
  finishTransaction()

  if (rows.length === 0) return { ok: false, error: 'no-rows' }
  return { ok: true, format: 'ofx', rows, accountNumber }
}
