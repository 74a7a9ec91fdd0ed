import { describe, expect, it } from 'vitest'
import {
  addMonths,
  comparePeriods,
  currentPeriod,
  firstDayOfPeriod,
  lastDayOfPeriod,
  monthsBetween,
  nextPeriod,
  periodOfDate,
  periodRange,
  previousPeriod,
  startOfWeek,
} from '../../../domain/period.ts'
import { IsoDate, PeriodKey } from '../../../schemas/money.ts'

const p = (key: string) => PeriodKey.make(key)
const d = (date: string) => IsoDate.make(date)

describe('periods', () => {
  it('steps across year ends', () => {
    expect(nextPeriod(p('202412'))).toBe('202501')
    expect(previousPeriod(p('202501'))).toBe('202412')
    expect(addMonths(p('202503'), -15)).toBe('202312')
  })
  it('comes from a date and from "today"', () => {
    expect(periodOfDate(d('2025-07-31'))).toBe('202507')
    expect(currentPeriod(d('2026-11-22'))).toBe('202611')
  })
  it('compares, measures and ranges', () => {
    expect(comparePeriods(p('202412'), p('202501'))).toBeLessThan(0)
    expect(comparePeriods(p('202501'), p('202501'))).toBe(0)
    expect(monthsBetween(p('202411'), p('202502'))).toBe(3)
    expect(periodRange(p('202411'), p('202502'))).toEqual(['202411', '202412', '202501', '202502'])
    expect(periodRange(p('202502'), p('202501'))).toEqual([])
  })
  it('knows first and last days, leap years included', () => {
    expect(firstDayOfPeriod(p('202402'))).toBe('2024-02-01')
    expect(lastDayOfPeriod(p('202402'))).toBe('2024-02-29')
    expect(lastDayOfPeriod(p('202502'))).toBe('2025-02-28')
  })
  it('starts weeks on Monday', () => {
    expect(startOfWeek(d('2026-11-22'))).toBe('2026-11-16') // a Sunday
    expect(startOfWeek(d('2026-11-16'))).toBe('2026-11-16') // a Monday
    expect(startOfWeek(d('2025-01-01'))).toBe('2024-12-30')
  })
})
