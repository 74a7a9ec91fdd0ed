import { currentPeriodKey } from '../../router/periodKey.ts'

let shown: { readonly budgetId: string; readonly periodKey: string } | null = null

/** The month view notes which month it shows, so the phone's structure routes close back to it. */
export const rememberShownPeriod = (budgetId: string, periodKey: string): void => {
  shown = { budgetId, periodKey }
}

/** The month last shown for this budget, else the current month (after a reload, say). */
export const periodToReturnTo = (budgetId: string, now: Date = new Date()): string =>
  shown?.budgetId === budgetId ? shown.periodKey : currentPeriodKey(now)
