import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysBetween,
  easterSunday,
  isPolishPublicHoliday,
  isWorkingDay,
  polishPublicHolidays,
} from '../../../domain/recurrence.ts'
import { IsoDate } from '../../../schemas/money.ts'

const d = (date: string) => IsoDate.make(date)

/** Any day from 1900-01-01 to 2200-12-31 (109 937 days). */
const anyDay = fc.integer({ min: 0, max: 109_937 }).map((offset) => addDays(d('1900-01-01'), offset))

describe('Easter Sunday', () => {
  it.each([
    [1900, '1900-04-15'],
    [1943, '1943-04-25'],
    [1961, '1961-04-02'],
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2100, '2100-03-28'],
    [2160, '2160-03-23'],
    [2200, '2200-04-06'],
  ])('given the year %i, then Easter falls on %s', (year, date) => {
    expect(easterSunday(year)).toBe(date)
  })

  it('is always a Sunday between 22 March and 25 April (1900–2200)', () => {
    for (let year = 1900; year <= 2200; year++) {
      const easter = easterSunday(year)
      expect(easter >= `${year}-03-22` && easter <= `${year}-04-25`, easter).toBe(true)
      expect(new Date(`${easter}T00:00:00Z`).getUTCDay(), easter).toBe(0)
    }
  })
})

describe('Polish public holidays', () => {
  it('given 2026, then the list holds the fourteen days off in date order', () => {
    expect(polishPublicHolidays(2026)).toEqual([
      '2026-01-01', // Nowy Rok
      '2026-01-06', // Trzech Króli
      '2026-04-05', // Wielkanoc
      '2026-04-06', // Poniedziałek Wielkanocny
      '2026-05-01', // Święto Pracy
      '2026-05-03', // Święto Konstytucji 3 Maja
      '2026-05-24', // Zielone Świątki (Easter + 49)
      '2026-06-04', // Boże Ciało (Easter + 60)
      '2026-08-15', // Wniebowzięcie NMP
      '2026-11-01', // Wszystkich Świętych
      '2026-11-11', // Święto Niepodległości
      '2026-12-24', // Wigilia (from 2025)
      '2026-12-25',
      '2026-12-26',
    ])
  })

  it('given the years around the amendments, then Wigilia counts from 2025 and Trzech Króli from 2011', () => {
    expect(polishPublicHolidays(2024)).not.toContain('2024-12-24')
    expect(polishPublicHolidays(2025)).toContain('2025-12-24')
    expect(isPolishPublicHoliday(d('2024-12-24'))).toBe(false)
    expect(isPolishPublicHoliday(d('2025-12-24'))).toBe(true)
    expect(isPolishPublicHoliday(d('2010-01-06'))).toBe(false)
    expect(isPolishPublicHoliday(d('2011-01-06'))).toBe(true)
    expect([2010, 2011, 2024, 2025].map((year) => polishPublicHolidays(year).length)).toEqual([
      12, 13, 13, 14,
    ])
  })

  it('given the movable feasts, then they follow Easter (2024: Easter 31 March)', () => {
    for (const date of ['2024-03-31', '2024-04-01', '2024-05-19', '2024-05-30'])
      expect(isPolishPublicHoliday(d(date)), date).toBe(true)
    expect(isPolishPublicHoliday(d('2024-04-02'))).toBe(false)
  })

  it('a day is a holiday exactly when its year lists it (property, 1900–2200)', () => {
    fc.assert(
      fc.property(anyDay, (date) => {
        expect(isPolishPublicHoliday(date)).toBe(
          polishPublicHolidays(Number(date.slice(0, 4))).includes(date),
        )
      }),
      { numRuns: 2_000 },
    )
    for (let year = 1900; year <= 2200; year += 7)
      for (const holiday of polishPublicHolidays(year))
        expect(isPolishPublicHoliday(holiday), holiday).toBe(true)
  })
})

describe('working days', () => {
  it('given a weekend or a holiday, then it is not a working day', () => {
    expect(isWorkingDay(d('2026-05-01'))).toBe(false) // Friday, Święto Pracy
    expect(isWorkingDay(d('2026-05-02'))).toBe(false) // Saturday
    expect(isWorkingDay(d('2026-05-03'))).toBe(false) // Sunday and 3 Maja
    expect(isWorkingDay(d('2026-11-11'))).toBe(false) // Wednesday, Niepodległości
    expect(isWorkingDay(d('2026-05-04'))).toBe(true) // Monday
    expect(isWorkingDay(d('2024-12-24'))).toBe(true) // a Tuesday, before Wigilia became a day off
  })

  it('agrees with the calendar weekday and the holiday list (property)', () => {
    fc.assert(
      fc.property(anyDay, (date) => {
        const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
        expect(isWorkingDay(date)).toBe(weekday !== 0 && weekday !== 6 && !isPolishPublicHoliday(date))
      }),
      { numRuns: 2_000 },
    )
  })
})

describe('day arithmetic', () => {
  it('given dates across month, year and leap-day boundaries, then days add and measure', () => {
    expect(addDays(d('2024-02-28'), 1)).toBe('2024-02-29')
    expect(addDays(d('1900-02-28'), 1)).toBe('1900-03-01') // 1900 is no leap year
    expect(addDays(d('2000-02-28'), 1)).toBe('2000-02-29') // 2000 is
    expect(addDays(d('2026-01-01'), -1)).toBe('2025-12-31')
    expect(daysBetween(d('2025-12-31'), d('2026-01-01'))).toBe(1)
    expect(daysBetween(d('2026-01-01'), d('2025-12-31'))).toBe(-1)
    expect(daysBetween(d('1900-01-01'), d('2200-12-31'))).toBe(109_937)
    expect(daysBetween(d('1970-01-01'), d('2000-03-01'))).toBe(11_017)
  })

  it('daysBetween undoes addDays (property)', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -40_000, max: 40_000 }), (date, days) => {
        expect(daysBetween(date, addDays(date, days))).toBe(days)
      }),
    )
  })
})
