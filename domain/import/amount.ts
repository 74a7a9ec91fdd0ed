import { MAX_AMOUNT } from '../../schemas/money.ts'

/**
 * Amounts as bank files write them, read as exact decimal text: never through a float. `comma` is the Polish and
 * German way (`-1 850,00`, `1.234,56`, `2.987`), `dot` the English one (`-1850.00`, `1,234.56`). A currency may
 * stand before or after the number (`-1 850,00 PLN`, `€-12,50`, `12,50 zł`); a sign may lead (`+`, `-`, `−`) or,
 * as some ledgers print it, trail (`12,50-`).
 */
export type DecimalStyle = 'comma' | 'dot'

/** What an amount cell holds: its canonical decimal text (`-1850.00`), or why it cannot be one. */
export type AmountCell =
  | { readonly kind: 'amount'; readonly amount: string; readonly currency: string | null }
  | { readonly kind: 'empty' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'too-large' }

const EMPTY: AmountCell = { kind: 'empty' }
const INVALID: AmountCell = { kind: 'invalid' }
const TOO_LARGE: AmountCell = { kind: 'too-large' }

// Spaces that group digits: space, NBSP, narrow NBSP, thin space; and the Swiss apostrophe.
const SPACES = /[ \u00a0\u202f\u2009]/gu
const MINUS = /^[-\u2212\u2013]$/u
const CURRENCY_AFTER = /\s*(zł|ZŁ|Zł|[A-Z]{3}|€|\$|£)$/u
const CURRENCY_BEFORE = /^(zł|[A-Z]{3}|€|\$|£)\s*/u
const SYMBOLS: Readonly<Record<string, string>> = {
  zł: 'PLN',
  ZŁ: 'PLN',
  Zł: 'PLN',
  '€': 'EUR',
  $: 'USD',
  '£': 'GBP',
}

// MAX_AMOUNT in major units of a zero-decimal currency: an integer part past it is too large in every currency.
const MAX_DIGITS = String(MAX_AMOUNT).length

const stripZeros = (digits: string) => digits.replace(/^0+(?=\d)/u, '')

const exceedsMax = (digits: string): boolean => {
  const significant = stripZeros(digits)
  return (
    significant.length > MAX_DIGITS || (significant.length === MAX_DIGITS && significant > String(MAX_AMOUNT))
  )
}

const wellGrouped = (integer: string, group: string): boolean => {
  const parts = integer.split(group)
  const [head = '', ...rest] = parts
  return /^\d{1,3}$/u.test(head) && rest.every((part) => /^\d{3}$/u.test(part))
}

const signOf = (text: string): { readonly negative: boolean; readonly rest: string } => {
  const first = text.charAt(0)
  if (first === '+' || MINUS.test(first)) return { negative: first !== '+', rest: text.slice(1).trimStart() }
  const last = text.charAt(text.length - 1)
  if (last === '+' || MINUS.test(last)) return { negative: last !== '+', rest: text.slice(0, -1).trimEnd() }
  return { negative: false, rest: text }
}

/** Reads an amount cell into canonical decimal text: an optional minus, digits, and a dot with the decimals given. */
export const readAmount = (input: string, style: DecimalStyle): AmountCell => {
  let text = input.trim()
  if (text === '') return EMPTY
  let currency: string | null = null
  let signed = signOf(text)
  const after = CURRENCY_AFTER.exec(signed.rest)
  if (after) {
    const code = after[1] ?? ''
    currency = SYMBOLS[code] ?? code
    signed = { negative: signed.negative, rest: signed.rest.slice(0, after.index) }
  } else {
    const before = CURRENCY_BEFORE.exec(signed.rest)
    if (before) {
      const code = before[1] ?? ''
      currency = SYMBOLS[code] ?? code
      signed = { negative: signed.negative, rest: signed.rest.slice(before[0].length) }
    }
  }
  // A sign between the currency and the number (`€-12,50`, `PLN -5,00`).
  if (!signed.negative) {
    const inner = signOf(signed.rest)
    if (inner.negative || inner.rest !== signed.rest) signed = inner
  }
  text = signed.rest
  const decimal = style === 'comma' ? ',' : '.'
  const group = style === 'comma' ? '.' : ','
  const at = text.indexOf(decimal)
  if (at !== text.lastIndexOf(decimal)) return INVALID
  let integer = at === -1 ? text : text.slice(0, at)
  const fraction = at === -1 ? '' : text.slice(at + 1)
  if (at !== -1 && !/^\d+$/u.test(fraction)) return INVALID
  const spaced = SPACES.test(integer)
  SPACES.lastIndex = 0
  if (spaced) {
    if (integer.includes(group) || !wellGrouped(integer.replace(SPACES, ' '), ' ')) return INVALID
    integer = integer.replace(SPACES, '')
  } else if (integer.includes(group)) {
    if (!wellGrouped(integer, group)) return INVALID
    integer = integer.split(group).join('')
  } else if (integer.includes("'")) {
    if (!wellGrouped(integer, "'")) return INVALID
    integer = integer.split("'").join('')
  }
  if (integer === '' && fraction === '') return INVALID
  if (integer !== '' && !/^\d+$/u.test(integer)) return INVALID
  if (exceedsMax(integer || '0')) return TOO_LARGE
  const digits = stripZeros(integer || '0')
  const zero = /^0*$/u.test(digits + fraction)
  const amount = `${signed.negative && !zero ? '-' : ''}${digits}${fraction === '' ? '' : `.${fraction}`}`
  return { kind: 'amount', amount, currency }
}

const CANONICAL = /^(-?)(\d+)(?:\.(\d+))?$/u

/**
 * Canonical decimal text → integer minor units of a currency with `exponent` decimals, exactly. More decimals than
 * the currency has are refused unless they are zeros (`1.230` is fine for PLN, `1.235` is not); beyond MAX_AMOUNT
 * either way is 'too-large'.
 */
export const toMinor = (amount: string, exponent: number): number | 'invalid' | 'too-large' => {
  const parts = CANONICAL.exec(amount)
  if (parts === null || !Number.isInteger(exponent) || exponent < 0) return 'invalid'
  const [, sign = '', integer = '', fraction = ''] = parts
  if (!/^0*$/u.test(fraction.slice(exponent))) return 'invalid'
  const digits = stripZeros(integer + fraction.slice(0, exponent).padEnd(exponent, '0'))
  if (exceedsMax(digits)) return 'too-large'
  const value = Number(digits)
  return sign === '-' && value !== 0 ? -value : value
}

/** The difference of two canonical decimals, exactly (Revolut's amount less its fee). */
export const subtractDecimal = (left: string, right: string): string => {
  const a = CANONICAL.exec(left)
  const b = CANONICAL.exec(right)
  if (a === null || b === null) return left
  const places = Math.max((a[3] ?? '').length, (b[3] ?? '').length)
  const scaled = (parts: RegExpExecArray) =>
    BigInt(`${parts[1] ?? ''}${parts[2] ?? '0'}${(parts[3] ?? '').padEnd(places, '0')}`)
  const difference = scaled(a) - scaled(b)
  const negative = difference < 0n
  const digits = (negative ? -difference : difference).toString().padStart(places + 1, '0')
  const integer = digits.slice(0, digits.length - places)
  const fraction = digits.slice(digits.length - places)
  return `${negative ? '-' : ''}${integer}${places > 0 ? `.${fraction}` : ''}`
}

/** The amount with its sign turned (spending written as a positive number). */
export const negateDecimal = (amount: string): string => {
  if (amount.startsWith('-')) return amount.slice(1)
  return /^0*(?:\.0*)?$/u.test(amount) ? amount : `-${amount}`
}
