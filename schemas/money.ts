import * as Schema from 'effect/Schema'

/** An amount in the currency's minor unit (grosz, cent); always a safe integer. */
export const Minor = Schema.Int.pipe(Schema.brand('Minor'))
export type Minor = typeof Minor.Type

/**
 * The largest single amount a command may carry, in minor units: 10^13 is 100 billion in a currency of two
 * decimals, more than a year of a large company's turnover, and leaves room for the budget's totals (domain/bounds.ts)
 * to stay far inside the safe integers whatever the currency's exponent.
 */
export const MAX_AMOUNT = 10_000_000_000_000

/** One amount a command carries: a Minor of at most MAX_AMOUNT either way (beyond it, 400 at decode). */
export const Amount = Minor.check(Schema.isBetween({ minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT }))

/** ISO 4217 alphabetic code; domain/currency.ts decides whether it is a known one. */
export const CurrencyCode = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^[A-Z]{3}$/)),
  Schema.brand('CurrencyCode'),
)
export type CurrencyCode = typeof CurrencyCode.Type

const PERIOD_KEY_PATTERN = /^\d{6}$/
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

const isValidPeriodKey = (key: string): boolean => {
  const month = Number(key.slice(4))
  return month >= 1 && month <= 12
}

/** A budget month as YYYYMM (202501 … 202512). */
export const PeriodKey = Schema.String.pipe(
  Schema.check(
    Schema.isPattern(PERIOD_KEY_PATTERN),
    Schema.makeFilter((key: string) => isValidPeriodKey(key), {
      expected: 'a period key YYYYMM with month 01-12',
    }),
  ),
  Schema.brand('PeriodKey'),
)
export type PeriodKey = typeof PeriodKey.Type

/** The PeriodKey schema's rules as one guard, for columns checked whole (schemas/budgetSnapshot.ts). */
export const isPeriodKey = (value: unknown): value is PeriodKey =>
  typeof value === 'string' && PERIOD_KEY_PATTERN.test(value) && isValidPeriodKey(value)

const isRealCalendarDate = (text: string): boolean => {
  const [year, month, day] = text.split('-').map(Number)
  if (year === undefined || month === undefined || day === undefined) return false
  if (month < 1 || month > 12 || day < 1) return false
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day <= daysInMonth
}

/** A calendar date YYYY-MM-DD that exists (2025-02-30 does not). */
export const IsoDate = Schema.String.pipe(
  Schema.check(
    Schema.isPattern(ISO_DATE_PATTERN),
    Schema.makeFilter((text: string) => isRealCalendarDate(text), {
      expected: 'a real calendar date YYYY-MM-DD',
    }),
  ),
  Schema.brand('IsoDate'),
)
export type IsoDate = typeof IsoDate.Type

/** Days found real: a budget's 100 000 transactions fall on a few thousand, and the calendar check dominated. */
const realDays = new Set<string>()

/** IsoDate's and Minor's rules as guards (for schemas checked by one guard, like `isTransaction`). */
export const isIsoDate = (value: unknown): boolean => {
  if (typeof value !== 'string') return false
  if (realDays.has(value)) return true
  const real = ISO_DATE_PATTERN.test(value) && isRealCalendarDate(value)
  // Bounded: 100 000 days is 270 years of them.
  if (real && realDays.size < 100_000) realDays.add(value)
  return real
}
export const isMinor = (value: unknown): boolean => Number.isSafeInteger(value)

/** An instant as ISO 8601 text; the command carries it, the domain never reads a clock. */
export const Instant = Schema.String.pipe(Schema.check(Schema.isNonEmpty()), Schema.brand('Instant'))
export type Instant = typeof Instant.Type
