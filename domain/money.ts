import * as Result from 'effect/Result'
import { type CurrencyCode, MAX_AMOUNT, type Minor } from '../schemas/money.ts'
import { currencyExponent } from './currency.ts'

export type AmountParseErrorCode =
  | 'amount-empty'
  | 'amount-invalid'
  | 'amount-ambiguous'
  | 'amount-too-many-decimals'
  | 'amount-too-large'
  | 'amount-unknown-currency'

export interface AmountParseError {
  readonly _tag: 'AmountParseError'
  readonly code: AmountParseErrorCode
  readonly input: string
}

const refuse = (code: AmountParseErrorCode, input: string) =>
  Result.fail<AmountParseError>({ _tag: 'AmountParseError', code, input })

// Spaces users and Intl put between digit groups: space, NBSP, narrow NBSP, thin space, apostrophe (de-CH).
const groupSpace = /[ \u00a0\u202f\u2009']/g
const wellGrouped = (integer: string, separator: string): boolean =>
  new RegExp(`^\\d{1,3}(\\${separator}\\d{3})+$`).test(integer)

/**
 * Reads an amount typed in Polish or English form — '1 234,56', '1234.56', '1,234.56', '1.234,56', '-12', '12,5' —
 * into minor units of the currency. A lone separator followed by exactly three digits ('1,234') could be either a
 * thousands group or decimals, so it is refused as ambiguous rather than guessed.
 */
export const parseAmount = (
  input: string,
  currency: CurrencyCode | string,
): Result.Result<Minor, AmountParseError> => {
  const exponent = currencyExponent(currency)
  if (exponent === undefined) return refuse('amount-unknown-currency', input)
  let text = input.trim().replace(/\u2212/g, '-')
  if (text === '') return refuse('amount-empty', input)
  let negative = false
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = text.startsWith('-')
    text = text.slice(1).trimStart()
  }
  const hadSpaces = groupSpace.test(text)
  groupSpace.lastIndex = 0
  if (hadSpaces && !/^\d{1,3}([ \u00a0\u202f\u2009']\d{3})+([.,]\d*)?$/.test(text))
    return refuse('amount-invalid', input)
  text = text.replace(groupSpace, '')
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return refuse('amount-invalid', input)

  const lastDot = text.lastIndexOf('.')
  const lastComma = text.lastIndexOf(',')
  let integer = text
  let fraction = ''
  const dots = text.split('.').length - 1
  const commas = text.split(',').length - 1
  if (dots > 0 && commas > 0) {
    const decimal = lastDot > lastComma ? '.' : ','
    const group = decimal === '.' ? ',' : '.'
    const at = text.lastIndexOf(decimal)
    if ((decimal === '.' ? dots : commas) > 1) return refuse('amount-invalid', input)
    integer = text.slice(0, at)
    fraction = text.slice(at + 1)
    if (!wellGrouped(integer, group)) return refuse('amount-invalid', input)
    integer = integer.split(group).join('')
  } else if (dots + commas > 1) {
    const group = dots > 0 ? '.' : ','
    if (!wellGrouped(text, group)) return refuse('amount-invalid', input)
    integer = text.split(group).join('')
  } else if (dots + commas === 1) {
    const at = Math.max(lastDot, lastComma)
    integer = text.slice(0, at)
    fraction = text.slice(at + 1)
    if (!hadSpaces && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(integer))
      return refuse('amount-ambiguous', input)
  }
  if (integer === '' && fraction === '') return refuse('amount-invalid', input)
  if (fraction.length > exponent) return refuse('amount-too-many-decimals', input)
  const digits = `${integer || '0'}${fraction.padEnd(exponent, '0')}`
  const magnitude = BigInt(digits)
  // Beyond one amount a command may carry (schemas/money.ts), refused here as the server would.
  if (magnitude > BigInt(MAX_AMOUNT)) return refuse('amount-too-large', input)
  const value = Number(magnitude)
  // At most MAX_AMOUNT: a safe integer, which is what Minor means.
  return Result.succeed((negative && value !== 0 ? -value : value) as Minor)
}

/** The amount as an exact decimal string ('-1234.50'), so Intl never sees a float. */
export const toDecimalString = (amount: Minor, exponent: number): string => {
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0')
  const integer = digits.slice(0, digits.length - exponent)
  const fraction = digits.slice(digits.length - exponent)
  return `${amount < 0 ? '-' : ''}${integer}${exponent > 0 ? `.${fraction}` : ''}`
}

/**
 * Formats minor units in the budget's currency and the user's locale: pl-PL gives '1 234,50 zł' (with NBSPs).
 * Grouping is forced so four-digit amounts group too, as Polish bank statements print them.
 */
const formats = new Map<string, { readonly format: Intl.NumberFormat; readonly exponent: number }>()

/** Intl formatters are costly to build and a month view formats hundreds of amounts: one per locale and currency. */
const amountFormat = (currency: CurrencyCode, locale: string) => {
  const key = `${locale}\u0000${currency}`
  const known = formats.get(key)
  if (known !== undefined) return known
  const exponent = currencyExponent(currency) ?? 2
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    useGrouping: 'always',
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  })
  const made = { format, exponent }
  formats.set(key, made)
  return made
}

export const formatAmount = (amount: Minor, currency: CurrencyCode, locale: string): string => {
  const { format, exponent } = amountFormat(currency, locale)
  // Intl accepts exact decimal strings (Intl.NumberFormat v3); the .d.ts still types format() as number | bigint.
  return format.format(toDecimalString(amount, exponent) as `${number}`)
}
