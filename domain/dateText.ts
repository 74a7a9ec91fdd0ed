import * as Result from 'effect/Result'
import { IsoDate } from '../schemas/money.ts'

/**
 * Dates as people type and read them: day, month, year in every language the app speaks, with the language's
 * separator (pl and de '26.11.2026', en '26/11/2026' — the British order, so English has one format, not the
 * browser's). Typing is lenient about separators and leading zeros; a date that does not exist is refused by name
 * (31.02.2026), never moved to the nearest real day.
 */

export type DateTextErrorCode = 'date-empty' | 'date-invalid' | 'date-nonexistent'

export interface DateTextError {
  readonly _tag: 'DateTextError'
  readonly code: DateTextErrorCode
  /** What was typed, trimmed: the message names it ('31.02.2026 nie istnieje'). */
  readonly input: string
}

const refuse = (code: DateTextErrorCode, input: string) =>
  Result.fail<DateTextError>({ _tag: 'DateTextError', code, input })

/** The separator a language writes between day, month and year; the order is day-month-year everywhere. */
export const dateSeparator = (locale: string): string => (locale.toLowerCase().startsWith('en') ? '/' : '.')

const pad = (value: number, width: number) => String(value).padStart(width, '0')

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const

export const daysInMonth = (year: number, month: number): number =>
  month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0)

/** '2026-11-26' → '26.11.2026' (pl, de) or '26/11/2026' (en). */
export const formatDateText = (date: IsoDate, locale: string): string => {
  const [year, month, day] = date.split('-')
  const separator = dateSeparator(locale)
  return `${day}${separator}${month}${separator}${year}`
}

// Day, month and year with any of . / - , or spaces between them (a phone's decimal keypad offers only a comma);
// or the year first (ISO, as pasted from elsewhere).
const DAY_FIRST = /^(\d{1,2})\s*[./,\-\s]\s*(\d{1,2})\s*[./,\-\s]\s*(\d{4})$/u
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})$/u
// Eight digits typed without separators: ddmmyyyy.
const COMPACT = /^(\d{2})(\d{2})(\d{4})$/u

const partsOf = (text: string): readonly [number, number, number] | null => {
  const dayFirst = DAY_FIRST.exec(text) ?? COMPACT.exec(text)
  if (dayFirst) return [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
  const yearFirst = YEAR_FIRST.exec(text)
  if (yearFirst) return [Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])]
  return null
}

/**
 * Reads a typed date ('26.11.2026', '26/11/2026', '5.3.2026', '26112026', '2026-11-26') in any language's
 * separator. Years have four digits (1000–9999); a day or month that cannot be is 'date-nonexistent'.
 */
export const parseDateText = (input: string): Result.Result<IsoDate, DateTextError> => {
  const text = input.trim()
  if (text === '') return refuse('date-empty', text)
  const parts = partsOf(text)
  if (parts === null) return refuse('date-invalid', text)
  const [year, month, day] = parts
  if (year < 1000) return refuse('date-invalid', text)
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return refuse('date-nonexistent', text)
  return Result.succeed(IsoDate.make(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`))
}

const DAY_MS = 86_400_000

/** The date `days` later (earlier when negative): the arrow keys step the field by a day. */
export const addDays = (date: IsoDate, days: number): IsoDate => {
  const [year, month, day] = date.split('-').map(Number)
  const next = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) + days * DAY_MS)
  return IsoDate.make(
    `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1, 2)}-${pad(next.getUTCDate(), 2)}`,
  )
}
