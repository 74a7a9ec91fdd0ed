import type { IsoDate } from '../schemas/money.ts'
import type { HolidayShift, Recurrence } from '../schemas/templates.ts'
import { absurd } from './absurd.ts'
import { addDays, daysInMonth } from './dateText.ts'

/**
 * A template's dates (issue 29), computed, never stored; pure arithmetic on day numbers, no clock, no Date.
 *
 * Polish public holidays (ustawa z 18 stycznia 1951 r. o dniach wolnych od pracy, art. 1): 1 Jan, 6 Jan (Trzech
 * Króli, from 2011), Easter Sunday and Monday, 1 May, 3 May, Pentecost Sunday (Easter + 49), Corpus Christi
 * (Easter + 60), 15 Aug, 1 Nov, 11 Nov, 25 and 26 Dec, and 24 Dec (Wigilia, from 2025). Earlier years get today's
 * list minus those two: the app needs working days, not legal history. Easter is the Gregorian computus of
 * Meeus/Jones/Butcher ("anonymous Gregorian algorithm").
 *
 * Scheduled dates: Once the start only; Daily/Weekly every interval × 1/7 days from the start; Monthly, Quarterly
 * (3 × interval months) and Yearly (12 × interval) on the start's day of month, or the month's last day when it is
 * shorter (31 Jan → 28/29 Feb → 31 Mar). `occurrences` counts scheduled dates from the start, `endDate` bounds the
 * scheduled date (inclusive). The effective date shifts a Saturday, Sunday or holiday to the working day before or
 * after; an occurrence is known by its effective date, so scheduled dates shifting onto one day make one occurrence.
 */

export { addDays }

// Days since 1970-01-01 (H. Hinnant's days_from_civil): exact for any Gregorian year, unlike Date.UTC, which reads
// years 0–99 as 1900–1999.
const dayNumberOf = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

interface Civil {
  readonly year: number
  readonly month: number
  readonly day: number
}

const civilOf = (dayNumber: number): Civil => {
  const z = dayNumber + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

const dayNumberOfDate = (date: IsoDate): number =>
  dayNumberOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)))

const pad = (value: number, width: number): string => String(value).padStart(width, '0')

// The cast brands a string built from a real day's parts (civilOf returns only real days).
const dateOf = (dayNumber: number): IsoDate => {
  const { year, month, day } = civilOf(dayNumber)
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` as IsoDate
}

/** Days from `from` to `to`: 1 for the next day, negative when `to` is earlier. */
export const daysBetween = (from: IsoDate, to: IsoDate): number => dayNumberOfDate(to) - dayNumberOfDate(from)

// ---- Holidays

const easterDayNumber = (year: number): number => {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const monthAndDay = h + l - 7 * m + 114
  return dayNumberOf(year, Math.floor(monthAndDay / 31), (monthAndDay % 31) + 1)
}

/** Easter Sunday, Gregorian (Meeus/Jones/Butcher). */
export const easterSunday = (year: number): IsoDate => dateOf(easterDayNumber(year))

/** The movable holidays as days after Easter Sunday: Easter Sunday, Easter Monday, Pentecost, Corpus Christi. */
const easterOffsets: readonly number[] = [0, 1, 49, 60]

/** The fixed holidays as month × 100 + day, with the first year each holds. */
const fixedHolidays: readonly (readonly [monthDay: number, since: number])[] = [
  [101, 0],
  [106, 2011],
  [501, 0],
  [503, 0],
  [815, 0],
  [1101, 0],
  [1111, 0],
  [1224, 2025],
  [1225, 0],
  [1226, 0],
]

const isFixedHoliday = (year: number, monthDay: number): boolean =>
  fixedHolidays.some(([holiday, since]) => holiday === monthDay && year >= since)

const isHolidayDay = (dayNumber: number): boolean => {
  const { year, month, day } = civilOf(dayNumber)
  if (isFixedHoliday(year, month * 100 + day)) return true
  // Easter falls 22 Mar – 25 Apr, so the movable days fall in March to June (Corpus Christi at the latest 24 Jun).
  if (month < 3 || month > 6) return false
  return easterOffsets.includes(dayNumber - easterDayNumber(year))
}

/** 0 Sunday … 6 Saturday; 1970-01-01 was a Thursday. */
const weekdayOf = (dayNumber: number): number => (((dayNumber + 4) % 7) + 7) % 7

const isWorkingDayNumber = (dayNumber: number): boolean => {
  const weekday = weekdayOf(dayNumber)
  return weekday !== 0 && weekday !== 6 && !isHolidayDay(dayNumber)
}

/** The year's statutory days off, sorted: 12 or 13 before 2025 (6 Jan from 2011), 14 from 2025 (24 Dec). */
export const polishPublicHolidays = (year: number): readonly IsoDate[] => {
  const easter = easterDayNumber(year)
  const days = [
    ...fixedHolidays
      .filter(([, since]) => year >= since)
      .map(([monthDay]) => dayNumberOf(year, Math.floor(monthDay / 100), monthDay % 100)),
    ...easterOffsets.map((offset) => easter + offset),
  ]
  return days.sort((a, b) => a - b).map(dateOf)
}

export const isPolishPublicHoliday = (date: IsoDate): boolean => isHolidayDay(dayNumberOfDate(date))

/** Not a Saturday, a Sunday or a Polish public holiday. */
export const isWorkingDay = (date: IsoDate): boolean => isWorkingDayNumber(dayNumberOfDate(date))

// ---- Recurrence

/**
 * How far a shift can move a date: the longest run of days off is 5 (24–28 Dec when the 24th is a Wednesday, as in
 * 2025). A range query looks this far beyond its ends for scheduled dates that shift into it.
 */
const MARGIN = 7

/**
 * Scheduled dates end here so that a shifted one keeps IsoDate's four-digit year (interval 999 × 9999 occurrences
 * would reach years in the millions).
 */
const LAST_SCHEDULED = dayNumberOf(9999, 12, 20)

const shifted = (dayNumber: number, shift: HolidayShift): number => {
  let day = dayNumber
  switch (shift) {
    case 'None':
      return day
    case 'Before':
      while (!isWorkingDayNumber(day)) day--
      return day
    case 'After':
      while (!isWorkingDayNumber(day)) day++
      return day
    default:
      return absurd(shift)
  }
}

/** A rule's scheduled dates by index: strictly increasing, valid for indices 0 … last. */
interface Schedule {
  readonly at: (index: number) => number
  /** The smallest index ≥ 0 whose date is ≥ dayNumber (maybe past `last`). */
  readonly firstAtOrAfter: (dayNumber: number) => number
  /** The last valid index: -1 when there is none. */
  readonly last: number
}

const everyDays = (start: number, step: number): Pick<Schedule, 'at' | 'firstAtOrAfter'> => ({
  at: (index) => start + index * step,
  firstAtOrAfter: (dayNumber) => Math.max(0, Math.ceil((dayNumber - start) / step)),
})

const everyMonths = (start: number, step: number): Pick<Schedule, 'at' | 'firstAtOrAfter'> => {
  const { year, month, day: anchor } = civilOf(start)
  const startMonth = year * 12 + month - 1
  const at = (index: number): number => {
    const monthIndex = startMonth + index * step
    const y = Math.floor(monthIndex / 12)
    const m = monthIndex - y * 12 + 1
    return dayNumberOf(y, m, Math.min(anchor, daysInMonth(y, m)))
  }
  return {
    at,
    firstAtOrAfter: (dayNumber) => {
      const target = civilOf(dayNumber)
      // The first index in the date's month or later; one more when it falls in that month before the date.
      const index = Math.max(0, Math.ceil((target.year * 12 + target.month - 1 - startMonth) / step))
      return at(index) < dayNumber ? index + 1 : index
    },
  }
}

const scheduleOf = (rule: Recurrence): Schedule => {
  const start = dayNumberOfDate(rule.startDate)
  // Commands bound the interval to 1–999 (TemplateInterval); anything else is read as 1.
  const interval = Number.isSafeInteger(rule.interval) && rule.interval > 0 ? rule.interval : 1
  const steps = ((): Pick<Schedule, 'at' | 'firstAtOrAfter'> => {
    switch (rule.frequency) {
      case 'Once':
        return { at: () => start, firstAtOrAfter: (dayNumber) => (dayNumber <= start ? 0 : 1) }
      case 'Daily':
        return everyDays(start, interval)
      case 'Weekly':
        return everyDays(start, 7 * interval)
      case 'Monthly':
        return everyMonths(start, interval)
      case 'Quarterly':
        return everyMonths(start, 3 * interval)
      case 'Yearly':
        return everyMonths(start, 12 * interval)
      default:
        return absurd(rule.frequency)
    }
  })()
  const end = Math.min(rule.endDate === null ? LAST_SCHEDULED : dayNumberOfDate(rule.endDate), LAST_SCHEDULED)
  let last = steps.firstAtOrAfter(end + 1) - 1
  if (rule.frequency === 'Once') last = Math.min(last, 0)
  if (rule.occurrences !== null) last = Math.min(last, rule.occurrences - 1)
  return { ...steps, last }
}

/** Effective (shifted) dates within [from, to] inclusive, ascending, each once. */
export const occurrenceDates = (rule: Recurrence, from: IsoDate, to: IsoDate): readonly IsoDate[] => {
  const first = dayNumberOfDate(from)
  const lastDay = dayNumberOfDate(to)
  if (first > lastDay) return []
  const schedule = scheduleOf(rule)
  const dates: IsoDate[] = []
  let previous = Number.NEGATIVE_INFINITY
  for (let index = schedule.firstAtOrAfter(first - MARGIN); index <= schedule.last; index++) {
    const scheduled = schedule.at(index)
    if (scheduled > lastDay + MARGIN) break
    const effective = shifted(scheduled, rule.shift)
    // Effective dates never decrease (a shift keeps the order), so a repeated one follows its twin.
    if (effective < first || effective > lastDay || effective === previous) continue
    dates.push(dateOf(effective))
    previous = effective
  }
  return dates
}

/** The first effective date ≥ date, or undefined when the rule has ended. */
export const nextOccurrence = (rule: Recurrence, onOrAfter: IsoDate): IsoDate | undefined => {
  const first = dayNumberOfDate(onOrAfter)
  const schedule = scheduleOf(rule)
  // Ends within a few steps: an effective date is at most MARGIN before its scheduled one.
  for (let index = schedule.firstAtOrAfter(first - MARGIN); index <= schedule.last; index++) {
    const effective = shifted(schedule.at(index), rule.shift)
    if (effective >= first) return dateOf(effective)
  }
  return undefined
}

/** The last effective date, or undefined when it never ends (or has no occurrence at all). */
export const lastOccurrence = (rule: Recurrence): IsoDate | undefined => {
  if (rule.frequency !== 'Once' && rule.occurrences === null && rule.endDate === null) return undefined
  const schedule = scheduleOf(rule)
  return schedule.last < 0 ? undefined : dateOf(shifted(schedule.at(schedule.last), rule.shift))
}
