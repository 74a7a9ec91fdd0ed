import { describe, expect, it } from 'vitest'
import {
  isTimeZone,
  jobIdOf,
  latestDue,
  localDateOf,
  zonedInstant,
} from '../../../server/notifications/schedule.ts'

// When reminders come due, in the user's time zone (pure; the clock is an argument).

const everyDay = [1, 2, 3, 4, 5, 6, 7]
const longAgo = new Date('2000-01-01T00:00:00Z')

describe('reminder schedule', () => {
  it('knows IANA zones through Intl', () => {
    expect(isTimeZone('Europe/Warsaw')).toBe(true)
    expect(isTimeZone('America/New_York')).toBe(true)
    expect(isTimeZone('Europe/Atlantis')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })

  it('puts 08:00 in Warsaw at 07:00 UTC in winter and 06:00 UTC in summer', () => {
    expect(zonedInstant('2027-01-15', '08:00', 'Europe/Warsaw').toISOString()).toBe(
      '2027-01-15T07:00:00.000Z',
    )
    expect(zonedInstant('2027-07-15', '08:00', 'Europe/Warsaw').toISOString()).toBe(
      '2027-07-15T06:00:00.000Z',
    )
    expect(zonedInstant('2027-01-15', '08:00', 'America/New_York').toISOString()).toBe(
      '2027-01-15T13:00:00.000Z',
    )
    expect(localDateOf(new Date('2027-01-14T23:30:00Z'), 'Europe/Warsaw')).toBe('2027-01-15')
  })

  it('takes the latest due time only, on the chosen weekdays, never before the settings were saved', () => {
    const reminder = { enabled: true, time: '08:00', days: everyDay }
    expect(latestDue(reminder, 'Europe/Warsaw', new Date('2027-01-15T06:59:00Z'), longAgo)?.period).toBe(
      '2027-01-14',
    )
    expect(latestDue(reminder, 'Europe/Warsaw', new Date('2027-01-15T07:00:00Z'), longAgo)).toEqual({
      period: '2027-01-15',
      at: new Date('2027-01-15T07:00:00Z'),
    })
    // Mondays only: on Friday the 15th, the latest is Monday the 11th.
    expect(
      latestDue({ ...reminder, days: [1] }, 'Europe/Warsaw', new Date('2027-01-15T12:00:00Z'), longAgo)
        ?.period,
    ).toBe('2027-01-11')
    const savedAfter = new Date('2027-01-15T07:30:00Z')
    expect(latestDue(reminder, 'Europe/Warsaw', new Date('2027-01-15T12:00:00Z'), savedAfter)).toBeUndefined()
    expect(
      latestDue({ ...reminder, days: [] }, 'Europe/Warsaw', new Date('2027-01-15T12:00:00Z'), longAgo),
    ).toBe(undefined)
    expect(
      latestDue({ ...reminder, enabled: false }, 'Europe/Warsaw', new Date('2027-01-15T12:00:00Z'), longAgo),
    ).toBeUndefined()
  })

  it('names a job by its key alike on every instance, as a UUID', () => {
    const id = jobIdOf('user|SpendingReminder|reminder|2027-01-15')
    expect(id).toBe(jobIdOf('user|SpendingReminder|reminder|2027-01-15'))
    expect(id).not.toBe(jobIdOf('user|SpendingReminder|reminder|2027-01-16'))
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u)
  })
})
