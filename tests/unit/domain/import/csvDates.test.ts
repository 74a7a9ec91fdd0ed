import { describe, expect, it } from 'vitest'
import { parseCsvDate } from '../../../../domain/import/csvDates.ts'

describe('parseCsvDate', () => {
  it('reads the forms bank files write', () => {
    expect(parseCsvDate('2026-03-05', 'dmy')).toBe('2026-03-05')
    expect(parseCsvDate('05.03.2026', 'dmy')).toBe('2026-03-05')
    expect(parseCsvDate('05-03-2026', 'dmy')).toBe('2026-03-05')
    expect(parseCsvDate('5/3/2026', 'dmy')).toBe('2026-03-05')
    expect(parseCsvDate('03/05/2026', 'mdy')).toBe('2026-03-05')
    expect(parseCsvDate('17.04.25', 'dmy')).toBe('2025-04-17')
    expect(parseCsvDate('2026-08-01 09:12:03', 'ymd')).toBe('2026-08-01')
    expect(parseCsvDate('2024-01-20T08:53', 'ymd')).toBe('2024-01-20')
    expect(parseCsvDate(' 20260305 ', 'ymd')).toBe('2026-03-05')
    expect(parseCsvDate('29.02.2028', 'dmy')).toBe('2028-02-29')
  })
  it('reads a year written first as year-month-day whatever the order', () => {
    expect(parseCsvDate('2026-03-05', 'mdy')).toBe('2026-03-05')
  })
  it('refuses dates that do not exist, never moving them to a real day', () => {
    for (const [text, order] of [
      ['2026-02-30', 'ymd'],
      ['2026-02-29', 'ymd'],
      ['31.04.2026', 'dmy'],
      ['2026-13-01', 'ymd'],
      ['00.01.2026', 'dmy'],
      ['13/13/2026', 'mdy'],
      ['05.03.0026', 'dmy'],
      ['05.03.2026', 'ymd'],
      ['05.03-2026', 'dmy'],
      ['jutro', 'dmy'],
      ['', 'dmy'],
    ] as const)
      expect(parseCsvDate(text, order), text).toBeNull()
  })
})
