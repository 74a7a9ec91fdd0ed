import type { IsoDate } from '../../schemas/money.ts'
import { daysInMonth } from '../dateText.ts'

// Installment dates: month by month from the first payment's month, on the payment day, or on the month's last day
// when the month is shorter (day 31 → 28/29 Feb, 30 Apr).

/** Months since year 0: 2026-11-27 → 2026 × 12 + 10. */
export const monthIndexOf = (date: IsoDate): number =>
  Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1

export const dayOf = (date: IsoDate): number => Number(date.slice(8, 10))

const pad = (value: number, width: number) => String(value).padStart(width, '0')

/** The date in month `monthIndex` on `paymentDay`, or on the month's last day when it is shorter. */
export const dateInMonth = (monthIndex: number, paymentDay: number): IsoDate => {
  const year = Math.floor(monthIndex / 12)
  const month = (monthIndex % 12) + 1
  const day = Math.min(paymentDay, daysInMonth(year, month))
  // The cast brands a date built from a real month and a day clamped into it.
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` as IsoDate
}
