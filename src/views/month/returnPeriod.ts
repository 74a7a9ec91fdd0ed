import { currentPeriodKey } from '../../router/periodKey.ts'

/**
 * The month the phone's structure routes close back to: the one the month view last showed for the open budget
 * (`selectShownPeriod`), else the current month (after a reload, say).
 */
export const periodToReturnTo = (shown: string | null, now: Date = new Date()): string =>
  shown ?? currentPeriodKey(now)
