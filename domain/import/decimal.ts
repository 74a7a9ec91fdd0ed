/**
 * Amounts of the standard bank files as canonical decimal text — an optional '-', digits without leading zeros, an
 * optional '.' and the fraction digits exactly as the file wrote them ('-1850.00', '12.5', '0.07') — read by string
 * handling only, never through a float. Minor units come later, once the budget's currency (its exponent) is known.
 */

const stripLeadingZeros = (digits: string) => {
  let start = 0
  while (start < digits.length - 1 && digits.charCodeAt(start) === 48) start++
  return digits.slice(start)
}

/** Builds the canonical text; a zero is never negative ('-0.00' is '0.00'). */
export const canonicalDecimal = (negative: boolean, integer: string, fraction: string): string => {
  const whole = stripLeadingZeros(integer === '' ? '0' : integer)
  const text = fraction === '' ? whole : `${whole}.${fraction}`
  const zero = /^[0.]*$/u.test(text)
  return negative && !zero ? `-${text}` : text
}

/** The canonical text with the other sign. */
export const negateDecimal = (canonical: string): string => {
  if (canonical.startsWith('-')) return canonical.slice(1)
  return /^[0.]*$/u.test(canonical) ? canonical : `-${canonical}`
}

const PLAIN = /^([+-]?)(\d*)(?:[.,](\d*))?$/u

/**
 * A plain decimal with at most one decimal separator, '.' or ',', and no digit grouping — OFX `TRNAMT` (the spec
 * allows either separator), CAMT `Amt`, MT940 amounts. Null when it is not one.
 */
export const readPlainDecimal = (text: string): string | null => {
  const match = PLAIN.exec(text.trim())
  if (!match) return null
  const integer = match[2] ?? ''
  const fraction = match[3] ?? ''
  if (integer === '' && fraction === '') return null
  return canonicalDecimal(match[1] === '-', integer, fraction)
}

// Spaces and the apostrophe some writers group digits with ("10'000.00").
const GROUP_SPACES = /[ \u00a0\u202f\u2009']/gu

/**
 * A decimal that may group its digits, as QIF writers do: '-1,850.00' (Quicken), '-1 850,00' and '-1.850,00'
 * (European writers), '-1850,00'. With both '.' and ',' the last one is the decimal separator. A lone ',' followed
 * by exactly three digits, or repeated ','/'.', is grouping ('1,850' is 1850); any other lone separator is the
 * decimal one. Spaces and apostrophes between digits are grouping. Null when the text is not such a number.
 */
export const readGroupedDecimal = (input: string): string | null => {
  let text = input.trim()
  let negative = false
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = text.startsWith('-')
    text = text.slice(1).trimStart()
  }
  text = text.replace(GROUP_SPACES, '')
  if (!/^[\d.,]*\d[\d.,]*$/u.test(text)) return null
  const dots = text.split('.').length - 1
  const commas = text.split(',').length - 1
  let decimalSeparator: '.' | ',' | null = null
  if (dots > 0 && commas > 0) decimalSeparator = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ','
  else if (dots === 1) decimalSeparator = '.'
  else if (commas === 1) decimalSeparator = /^\d{1,3},\d{3}$/u.test(text) ? null : ','
  const groupSeparator =
    decimalSeparator === '.' ? ',' : decimalSeparator === ',' ? '.' : dots > 0 ? '.' : ','
  const decimalAt = decimalSeparator === null ? -1 : text.lastIndexOf(decimalSeparator)
  const integerPart = decimalAt < 0 ? text : text.slice(0, decimalAt)
  const fraction = decimalAt < 0 ? '' : text.slice(decimalAt + 1)
  if (fraction.includes('.') || fraction.includes(',')) return null
  if (integerPart.includes(groupSeparator) && !/^\d{1,3}([.,]\d{3})+$/u.test(integerPart)) return null
  const integer = integerPart.split(groupSeparator).join('')
  if (!/^\d*$/u.test(integer) || (integer === '' && fraction === '')) return null
  return canonicalDecimal(negative, integer, fraction)
}
