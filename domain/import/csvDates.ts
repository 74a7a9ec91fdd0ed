import type { DateOrder } from '../../schemas/imports.ts'
import { daysInMonth } from '../dateText.ts'

/**
 * Dates as bank CSV files write them: `2026-03-05`, `05.03.2026`, `05-03-2026`, `05/03/2026`, DKB's two-digit
 * `05.03.26`, with or without a time after them (`2026-03-05 14:02:11`, `2026-03-05T14:02`). `order` is the order
 * of the parts when the year does not come first; a four-digit year first is always read as year-month-day, which
 * no day-first or month-first file can be mistaken for.
 */

// Day and month of one or two digits, a year of two or four; the separators of one date are the same.
const PARTS = /^(\d{1,4})([-./])(\d{1,2})\2(\d{1,4})(?:$|[T\s,])/u
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/u

// Bank files cover decades, not millennia: a year outside these is a typing error, refused like 30 February.
const FIRST_YEAR = 1900
const LAST_YEAR = 2199

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value))

const yearOf = (text: string): number | null => {
  if (text.length === 4) return Number(text)
  // Two-digit years (DKB's `dd.mm.yy`) are this century's.
  if (text.length === 2) return 2000 + Number(text)
  return null
}

const isoOf = (year: number | null, month: number, day: number): string | null => {
  if (year === null || year < FIRST_YEAR || year > LAST_YEAR) return null
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return `${year}-${pad2(month)}-${pad2(day)}`
}

/** `YYYY-MM-DD` for a date the text writes, or null when it is not a real date (30.02.2026, 2026-13-01, `abc`). */
export const parseCsvDate = (input: string, order: DateOrder): string | null => {
  const text = input.trim()
  const compact = COMPACT.exec(text)
  if (compact) return isoOf(Number(compact[1]), Number(compact[2]), Number(compact[3]))
  const parts = PARTS.exec(text)
  if (parts === null) return null
  const [, first = '', , second = '', third = ''] = parts
  if (first.length === 4) return isoOf(Number(first), Number(second), Number(third))
  if (order === 'ymd') return null
  const year = yearOf(third)
  return order === 'dmy'
    ? isoOf(year, Number(second), Number(first))
    : isoOf(year, Number(first), Number(second))
}
