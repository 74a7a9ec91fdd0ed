import type { IsoDate, PeriodKey } from '../schemas/money.ts'

// The `as` casts brand strings built from valid parts; each construction below is valid by arithmetic.

// Periods are YYYYMM strings; arithmetic goes through a month index so it never touches a clock or time zone.
const toIndex = (period: PeriodKey): number => Number(period.slice(0, 4)) * 12 + Number(period.slice(4)) - 1

const fromIndex = (index: number): PeriodKey => {
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  // A year and a month 01-12 always make a valid key.
  return `${String(year).padStart(4, '0')}${String(month).padStart(2, '0')}` as PeriodKey
}

export const addMonths = (period: PeriodKey, months: number): PeriodKey => fromIndex(toIndex(period) + months)
export const nextPeriod = (period: PeriodKey): PeriodKey => addMonths(period, 1)
export const previousPeriod = (period: PeriodKey): PeriodKey => addMonths(period, -1)

/** Negative when a is before b. */
export const comparePeriods = (a: PeriodKey, b: PeriodKey): number => toIndex(a) - toIndex(b)

/** Months from a to b: 0 for the same month, 1 for the next one. */
export const monthsBetween = (from: PeriodKey, to: PeriodKey): number => toIndex(to) - toIndex(from)

/** YYYY of a period. */
export const yearOfPeriod = (period: PeriodKey): string => period.slice(0, 4)

export const periodOfDate = (date: IsoDate): PeriodKey =>
  `${date.slice(0, 4)}${date.slice(5, 7)}` as PeriodKey

/** The month "today" falls in; the caller supplies today. */
export const currentPeriod = (today: IsoDate): PeriodKey => periodOfDate(today)

/** Every period from `from` to `to`, both included; empty when `to` is before `from`. */
export const periodRange = (from: PeriodKey, to: PeriodKey): PeriodKey[] => {
  const result: PeriodKey[] = []
  for (let index = toIndex(from); index <= toIndex(to); index++) result.push(fromIndex(index))
  return result
}

export const firstDayOfPeriod = (period: PeriodKey): IsoDate =>
  `${period.slice(0, 4)}-${period.slice(4)}-01` as IsoDate

export const lastDayOfPeriod = (period: PeriodKey): IsoDate => {
  const days = new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(4)), 0)).getUTCDate()
  return `${period.slice(0, 4)}-${period.slice(4)}-${String(days).padStart(2, '0')}` as IsoDate
}

/** Monday of the week containing the date (weeks start on Monday, as in Poland). */
export const startOfWeek = (date: IsoDate): IsoDate => {
  const day = new Date(`${date}T00:00:00Z`)
  const sinceMonday = (day.getUTCDay() + 6) % 7
  day.setUTCDate(day.getUTCDate() - sinceMonday)
  return day.toISOString().slice(0, 10) as IsoDate
}
