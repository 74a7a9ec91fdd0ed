import { createHash } from 'node:crypto'
import type { Reminder } from '../../schemas/notifications.ts'

// When reminders are due, in the user's time zone. Pure: the clock comes in as an argument.

/** Whether Intl knows the IANA time zone (a settings update is refused otherwise). */
export const isTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

const partsFormat = new Map<string, Intl.DateTimeFormat>()
const formatFor = (timeZone: string): Intl.DateTimeFormat => {
  let format = partsFormat.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    // A handful of zones in practice; the map stays small.
    partsFormat.set(timeZone, format)
  }
  return format
}

interface LocalTime {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
}

const localTimeOf = (instant: Date, timeZone: string): LocalTime => {
  const parts = Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

/** Minutes the zone is ahead of UTC at that instant. */
const offsetMinutes = (instant: Date, timeZone: string): number => {
  const local = localTimeOf(instant, timeZone)
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second)
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000)
}

const pad = (value: number) => String(value).padStart(2, '0')

/** The local calendar date (YYYY-MM-DD) of an instant in a zone. */
export const localDateOf = (instant: Date, timeZone: string): string => {
  const local = localTimeOf(instant, timeZone)
  return `${local.year}-${pad(local.month)}-${pad(local.day)}`
}

/**
 * The instant a local date and time (HH:MM) names in a zone. A time the clocks skip or pass twice (the night of a DST
 * change) resolves to the earlier of its two candidate instants: still one reminder that day.
 */
export const zonedInstant = (date: string, time: string, timeZone: string): Date => {
  const [year, month, day] = date.split('-').map(Number)
  const [hour, minute] = time.split(':').map(Number)
  const naive = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0)
  const first = naive - offsetMinutes(new Date(naive), timeZone) * 60_000
  const second = naive - offsetMinutes(new Date(first), timeZone) * 60_000
  return new Date(Math.min(first, second))
}

export const addDays = (date: string, days: number): string => {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10)
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string): number => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  return weekday === 0 ? 7 : weekday
}

export interface DueOccurrence {
  /** The local date the reminder is for: the period of its notification. */
  readonly period: string
  readonly at: Date
}

export type LatestDue = (
  reminder: Reminder,
  timeZone: string,
  now: Date,
  since: Date,
) => DueOccurrence | undefined

/**
 * The latest time the reminder was due at or before `now`, not before `since` (when the user last changed the
 * settings, or joined): a server that was down delivers only this one on start, never one per missed day.
 *
 * One finder per tick: it remembers each zone's date and each (date, time, zone)'s instant, so ten thousand users
 * who mostly share a zone and a time cost a few Intl calls, not ~40 µs each.
 */
export const dueFinder = (): LatestDue => {
  const todays = new Map<string, string>()
  const instants = new Map<string, Date>()
  return (reminder, timeZone, now, since) => {
    if (!reminder.enabled || reminder.days.length === 0) return undefined
    const todayKey = `${timeZone}|${now.getTime()}`
    let today = todays.get(todayKey)
    if (today === undefined) {
      today = localDateOf(now, timeZone)
      todays.set(todayKey, today)
    }
    // Eight local days back cover every weekday once, whatever the zone's offset.
    for (let back = 0; back <= 8; back += 1) {
      const date = addDays(today, -back)
      if (!reminder.days.includes(isoWeekday(date))) continue
      const instantKey = `${date}|${reminder.time}|${timeZone}`
      let at = instants.get(instantKey)
      if (at === undefined) {
        at = zonedInstant(date, reminder.time, timeZone)
        instants.set(instantKey, at)
      }
      if (at.getTime() > now.getTime()) continue
      return at.getTime() >= since.getTime() ? { period: date, at } : undefined
    }
    return undefined
  }
}

export const latestDue: LatestDue = (reminder, timeZone, now, since) =>
  dueFinder()(reminder, timeZone, now, since)

/** A UUID (version 8, RFC 9562) derived from a job's key, so every instance names the same job alike. */
export const jobIdOf = (key: string): string => {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, 32).split('')
  hex[12] = '8'
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)
  const text = hex.join('')
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`
}
