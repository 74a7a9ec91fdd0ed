import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  entryDateNear,
  fullYear,
  isoDate,
  ofxDate,
  qifDateIn,
  qifDateParts,
  swiftDate,
  xmlDate,
} from '../../../../domain/import/dates.ts'

describe('dates of the standard bank files', () => {
  it('refuses days that do not exist', () => {
    expect(isoDate(2025, 2, 29)).toBeNull()
    expect(isoDate(2024, 2, 29)).toBe('2024-02-29')
    expect(isoDate(2025, 13, 1)).toBeNull()
    expect(isoDate(2025, 4, 31)).toBeNull()
    expect(isoDate(2025, 1, 0)).toBeNull()
  })

  it('reads OFX dates with times and zones as the day written', () => {
    expect(ofxDate('20251231')).toBe('2025-12-31')
    expect(ofxDate('20251231233000.000[-5:EST]')).toBe('2025-12-31')
    expect(ofxDate('20250230')).toBeNull()
    expect(ofxDate('2025-12-31')).toBeNull()
  })

  it('reads ISO 20022 dates and date-times', () => {
    expect(xmlDate('2025-03-04')).toBe('2025-03-04')
    expect(xmlDate('2025-03-04T23:59:59.123+01:00')).toBe('2025-03-04')
    expect(xmlDate('2025-03-04+01:00')).toBe('2025-03-04')
    expect(xmlDate('2025-02-30')).toBeNull()
    expect(xmlDate('04.03.2025')).toBeNull()
  })

  it('reads SWIFT YYMMDD in the 1980–2079 window', () => {
    expect(swiftDate('251231')).toBe('2025-12-31')
    expect(swiftDate('790101')).toBe('2079-01-01')
    expect(swiftDate('800101')).toBe('1980-01-01')
    expect(swiftDate('250230')).toBeNull()
    expect(fullYear(0)).toBe(2000)
  })

  it('puts an MT940 entry date in the year nearest its value date', () => {
    expect(entryDateNear('2025-12-31', '0102')).toBe('2026-01-02')
    expect(entryDateNear('2026-01-02', '1231')).toBe('2025-12-31')
    expect(entryDateNear('2025-06-04', '0605')).toBe('2025-06-05')
    expect(entryDateNear('2025-03-01', '0229')).toBe('2024-02-29')
    expect(entryDateNear('2025-06-04', '1301')).toBeNull()
  })

  it('is never more than half a year from the value date', () => {
    const day = fc
      .record({
        year: fc.integer({ min: 1981, max: 2078 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 28 }),
      })
      .map(({ year, month, day }) => isoDate(year, month, day) ?? '')
    fc.assert(
      fc.property(day, day, (value, entry) => {
        const near = entryDateNear(value, entry.slice(5, 7) + entry.slice(8, 10))
        expect(near?.slice(5)).toBe(entry.slice(5))
        const distance = Math.abs(Date.parse(near ?? '') - Date.parse(value)) / 86_400_000
        expect(distance).toBeLessThanOrEqual(184)
      }),
    )
  })

  it('splits QIF dates in every form, leaving the day-month order open', () => {
    const read = (text: string, order: 'dmy' | 'mdy') => {
      const parts = qifDateParts(text)
      return parts === null ? 'not a date' : qifDateIn(parts, order)
    }
    expect(read('12/31/2025', 'mdy')).toBe('2025-12-31')
    expect(read('31.12.2025', 'dmy')).toBe('2025-12-31')
    expect(read("31/12'25", 'dmy')).toBe('2025-12-31')
    expect(read("12/31' 4", 'mdy')).toBe('2004-12-31')
    expect(read("2/10'2020", 'mdy')).toBe('2020-02-10')
    expect(read('1/ 5/26', 'mdy')).toBe('2026-01-05')
    expect(read('05-01-99', 'dmy')).toBe('1999-01-05')
    expect(read('2025-12-31', 'mdy')).toBe('2025-12-31')
    expect(read('20251231', 'dmy')).toBe('2025-12-31')
    expect(read('12/31/2025', 'dmy')).toBeNull()
    expect(read('yesterday', 'dmy')).toBe('not a date')
    expect(read('1/2/123', 'dmy')).toBe('not a date')
  })
})
