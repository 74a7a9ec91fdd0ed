import { daysInMonth } from '../dateText.ts'

/**
 * Dates as the standard bank files write them (OFX, QIF, CAMT.053, MT940), read into 'YYYY-MM-DD'. Every reader
 * answers null for a date that does not exist (31.02, month 13): the row is then an 'invalid-date' error, never moved
 * to the nearest real day. Times and time zones are dropped: the day the bank wrote is the day we keep.
 */

const pad2 = (value: number) => String(value).padStart(2, '0')

/** The ISO date of year-month-day, or null when that day does not exist. */
export const isoDate = (year: number, month: number, day: number): string | null => {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return null
  if (!Number.isInteger(month) || month < 1 || month > 12) return null
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return null
  return `${year}-${pad2(month)}-${pad2(day)}`
}

/**
 * A two-digit year: 00–79 are 2000–2079, 80–99 are 1980–1999 (SWIFT's own window; no bank file a budget imports
 * is older than 1980).
 */
export const fullYear = (twoDigits: number): number => (twoDigits < 80 ? 2000 + twoDigits : 1900 + twoDigits)

const OFX_DATE = /^(\d{4})(\d{2})(\d{2})/u

/**
 * OFX: `YYYYMMDD[HHMMSS[.XXX]][[±hh[:TZ]]]` — the first eight digits are the day; the time and the zone are not
 * applied (a card payment at 23:30 in Warsaw stays on its day).
 */
export const ofxDate = (text: string): string | null => {
  const match = OFX_DATE.exec(text.trim())
  if (!match) return null
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3]))
}

const XML_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T|[+-]\d{2}:\d{2}$|Z$)/u

/** ISO 20022 `Dt` ('2025-03-04') or `DtTm` ('2025-03-04T10:15:00+01:00'): the date as written, zone not applied. */
export const xmlDate = (text: string): string | null => {
  const match = XML_DATE.exec(text.trim())
  if (!match) return null
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3]))
}

const YYMMDD = /^(\d{2})(\d{2})(\d{2})$/u

/** SWIFT `YYMMDD` (MT940 :61: value date, :60F: balance date). */
export const swiftDate = (text: string): string | null => {
  const match = YYMMDD.exec(text)
  if (!match) return null
  return isoDate(fullYear(Number(match[1])), Number(match[2]), Number(match[3]))
}

const DAY_MS = 86_400_000
const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS

/**
 * MT940's entry date is `MMDD` without a year: it takes the year that puts it nearest the value date, so a payment
 * valued on 31 December and booked on 2 January is booked in the next year (and the reverse for a value date in
 * January booked in December).
 */
export const entryDateNear = (valueDate: string, mmdd: string): string | null => {
  if (!/^\d{4}$/u.test(mmdd)) return null
  const month = Number(mmdd.slice(0, 2))
  const day = Number(mmdd.slice(2, 4))
  const year = Number(valueDate.slice(0, 4))
  const valueMonth = Number(valueDate.slice(5, 7))
  // Months more than half a year apart are in neighbouring years; this settles nearly every row without dates.
  const likely = month - valueMonth > 6 ? year - 1 : valueMonth - month > 6 ? year + 1 : year
  const date = isoDate(likely, month, day)
  if (date !== null && Math.abs(month - valueMonth) !== 6) return date
  let best: string | null = null
  let bestDistance = Number.POSITIVE_INFINITY
  for (const candidate of [year - 1, year, year + 1]) {
    const each = isoDate(candidate, month, day)
    if (each === null) continue
    const distance = Math.abs(dayNumber(each) - dayNumber(valueDate))
    if (distance < bestDistance) {
      best = each
      bestDistance = distance
    }
  }
  return best
}

/**
 * A QIF date split into its parts before the order of day and month is known. `yearFirst` dates ('2025-12-31',
 * '20251231') fix their own order; the others ('12/31/2025', '31.12.2025', "31/12'25", '1/ 5/25') leave `first`
 * and `second` to a day-month order chosen for the whole file.
 */
export type QifDateParts =
  | { readonly yearFirst: true; readonly date: string | null }
  | { readonly yearFirst: false; readonly first: number; readonly second: number; readonly year: number }

const QIF_YEAR_FIRST = /^(\d{4})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{1,2})$/u
const QIF_COMPACT = /^(\d{4})(\d{2})(\d{2})$/u
// Quicken pads with spaces ('1/ 5/25') and writes years 2000+ after an apostrophe ("12/31' 4" is 2004).
const QIF_DAY_MONTH = /^(\d{1,2})\s*[-./]\s*(\d{1,2})\s*([-./'])\s*(\d{1,4})$/u

/** Splits a QIF `D` value; null when it is not a date in any order. */
export const qifDateParts = (text: string): QifDateParts | null => {
  const value = text.trim()
  const yearFirst = QIF_YEAR_FIRST.exec(value) ?? QIF_COMPACT.exec(value)
  if (yearFirst)
    return {
      yearFirst: true,
      date: isoDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])),
    }
  const match = QIF_DAY_MONTH.exec(value)
  if (!match) return null
  const yearText = match[4] ?? ''
  const apostrophe = match[3] === "'"
  let year: number
  if (yearText.length === 4) year = Number(yearText)
  else if (yearText.length <= 2) year = apostrophe ? 2000 + Number(yearText) : fullYear(Number(yearText))
  else return null
  return { yearFirst: false, first: Number(match[1]), second: Number(match[2]), year }
}

/** The date of day-month parts in an order: 'dmy' reads `first` as the day, 'mdy' as the month. */
export const qifDateIn = (parts: QifDateParts, order: 'dmy' | 'mdy'): string | null => {
  if (parts.yearFirst) return parts.date
  return order === 'dmy'
    ? isoDate(parts.year, parts.second, parts.first)
    : isoDate(parts.year, parts.first, parts.second)
}
