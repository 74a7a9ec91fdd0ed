import * as Result from 'effect/Result'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, formatDateText, parseDateText } from '../../../domain/dateText.ts'
import { IsoDate } from '../../../schemas/money.ts'

const LOCALES = ['pl', 'en', 'de', 'pl-PL', 'en-GB'] as const

const parsed = (text: string) => {
  const result = parseDateText(text)
  return Result.isSuccess(result) ? result.success : result.failure.code
}

// The Gregorian rule, written out here rather than asked of Date, so the test does not share the module's source.
const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
const lengthOf = (year: number, month: number) =>
  month === 2 ? (leap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31

const two = (n: number) => String(n).padStart(2, '0')

/** Any existing day of years 1000–9999. */
const realDate = fc
  .record({
    year: fc.integer({ min: 1000, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.nat(),
  })
  .map(({ year, month, day }) => ({ year, month, day: (day % lengthOf(year, month)) + 1 }))
const isoOf = ({ year, month, day }: { year: number; month: number; day: number }) =>
  IsoDate.make(`${year}-${two(month)}-${two(day)}`)

describe('formatDateText', () => {
  it('writes day, month, year with the language separator', () => {
    const date = IsoDate.make('2026-11-05')
    expect(formatDateText(date, 'pl')).toBe('05.11.2026')
    expect(formatDateText(date, 'de')).toBe('05.11.2026')
    expect(formatDateText(date, 'en')).toBe('05/11/2026')
    expect(formatDateText(date, 'pl-PL')).toBe('05.11.2026')
  })
})

describe('parseDateText', () => {
  it('reads day-first dates with any separator, leading zeros optional, and ISO dates', () => {
    expect(parsed('26.11.2026')).toBe('2026-11-26')
    expect(parsed('26/11/2026')).toBe('2026-11-26')
    expect(parsed(' 5.3.2026 ')).toBe('2026-03-05')
    expect(parsed('5-3-2026')).toBe('2026-03-05')
    expect(parsed('26112026')).toBe('2026-11-26')
    expect(parsed('26,11,2026')).toBe('2026-11-26')
    expect(parsed('2026-11-26')).toBe('2026-11-26')
  })

  it('names impossible days instead of moving them', () => {
    expect(parsed('31.02.2026')).toBe('date-nonexistent')
    expect(parsed('29.02.2026')).toBe('date-nonexistent')
    expect(parsed('31.04.2026')).toBe('date-nonexistent')
    expect(parsed('00.01.2026')).toBe('date-nonexistent')
    expect(parsed('12.13.2026')).toBe('date-nonexistent')
    expect(parsed('2026-02-30')).toBe('date-nonexistent')
  })

  it('refuses what is not a date', () => {
    expect(parsed('')).toBe('date-empty')
    expect(parsed('   ')).toBe('date-empty')
    for (const text of ['26.11', '26.11.26', 'jutro', '26..11.2026', '1.1.0999', '2026/11/26', '26.11.2026r'])
      expect(parsed(text), text).toBe('date-invalid')
  })

  it('29 February exists exactly in leap years (1900 no, 2000 yes, 2024 yes, 2100 no)', () => {
    expect(parsed('29.02.1900')).toBe('date-nonexistent')
    expect(parsed('29.02.2000')).toBe('2000-02-29')
    expect(parsed('29.02.2024')).toBe('2024-02-29')
    expect(parsed('29.02.2100')).toBe('date-nonexistent')
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), (year) => {
        const result = parsed(`29.02.${year}`)
        expect(result).toBe(leap(year) ? `${year}-02-29` : 'date-nonexistent')
      }),
    )
  })
})

describe('round trips', () => {
  it('parse(format(date)) is the date, in every language', () => {
    fc.assert(
      fc.property(realDate, fc.constantFrom(...LOCALES), (date, locale) => {
        const iso = isoOf(date)
        expect(parsed(formatDateText(iso, locale))).toBe(iso)
      }),
    )
  })

  it('format(parse(text)) is the text for any date written as the language writes it', () => {
    fc.assert(
      fc.property(realDate, fc.constantFrom('.', '/'), ({ year, month, day }, separator) => {
        const text = `${two(day)}${separator}${two(month)}${separator}${year}`
        const result = parseDateText(text)
        if (Result.isFailure(result)) throw new Error(`${text} refused`)
        expect(formatDateText(result.success, separator === '/' ? 'en' : 'pl')).toBe(text)
      }),
    )
  })

  it('every day past the end of its month is refused as not existing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (year, month, past) => {
          const day = lengthOf(year, month) + past
          if (day > 99) return
          expect(parsed(`${day}.${month}.${year}`)).toBe('date-nonexistent')
        },
      ),
    )
  })
})

describe('addDays', () => {
  it('steps across months, years and 29 February', () => {
    expect(addDays(IsoDate.make('2026-02-28'), 1)).toBe('2026-03-01')
    expect(addDays(IsoDate.make('2024-02-28'), 1)).toBe('2024-02-29')
    expect(addDays(IsoDate.make('2027-01-01'), -1)).toBe('2026-12-31')
  })

  it('a step forth and back is no step', () => {
    fc.assert(
      fc.property(realDate, fc.integer({ min: -400, max: 400 }), (date, days) => {
        const iso = isoOf(date)
        if (date.year < 1002 || date.year > 9997) return
        expect(addDays(addDays(iso, days), -days)).toBe(iso)
      }),
    )
  })
})
