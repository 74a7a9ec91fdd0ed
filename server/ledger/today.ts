import type { FastifyRequest } from 'fastify'
import { IsoDate } from '../../schemas/money.ts'
import { readSettings } from '../notifications/store.ts'
import { notificationDb } from '../notifications/tables.ts'
import { callerId } from './http.ts'

// "Today" for templates' drafts (issue 29): the calendar date now in the user's time zone. The one place that knows
// it: the zone of the user's notification settings (Europe/Warsaw by default), as their reminders use.

const formats = new Map<string, Intl.DateTimeFormat>()

/** The date (YYYY-MM-DD) an instant falls on in a time zone. */
export const localDate = (instant: Date, timeZone: string): IsoDate => {
  let format = formats.get(timeZone)
  if (format === undefined) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formats.set(timeZone, format)
  }
  return IsoDate.make(format.format(instant))
}

/** The caller's time zone, from their notification settings (the defaults' Europe/Warsaw until they save). */
const timeZoneOf = async (request: FastifyRequest): Promise<string> =>
  (await readSettings(notificationDb(request.server.database.db), callerId(request))).settings.timeZone

/** The caller's today, by the ledger's clock (`Ledger.clock`, which tests set). */
export const todayOf = async (request: FastifyRequest): Promise<IsoDate> =>
  localDate(request.server.ledger.clock(), await timeZoneOf(request))
