import { MAX_AMOUNT } from '../../schemas/money.ts'

/**
 * A canonical decimal text (`-1850.00`: an optional minus, digits, an optional dot and digits) as integer minor
 * units of a currency with `exponent` decimals, exactly (no floating point). More decimals than the currency has
 * are refused unless they are zeros; past MAX_AMOUNT is `too-large`.
 */
export const toMinor = (amount: string, exponent: number): number | 'invalid' | 'too-large' => {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/u.exec(amount)
  if (match === null) return 'invalid'
  const [, sign = '', whole = '', fraction = ''] = match
  const kept = fraction.slice(0, exponent).padEnd(exponent, '0')
  if (/[^0]/u.test(fraction.slice(exponent))) return 'invalid'
  const digits = `${whole}${kept}`.replace(/^0+(?=\d)/u, '')
  if (digits.length > 16) return 'too-large'
  const value = Number(digits)
  if (value > MAX_AMOUNT) return 'too-large'
  return sign === '-' && value !== 0 ? -value : value
}
