import type { Target, TargetExplanation } from '../schemas/budget.ts'
import type { PeriodKey } from '../schemas/money.ts'
import { addMonths, comparePeriods, monthsBetween, periodOfDate } from './period.ts'

export interface TargetInput {
  readonly periodKey: PeriodKey
  /** Assigned to the category in this month. */
  readonly assigned: number
  /** Activity of the category in this month. */
  readonly activity: number
  /** Available brought from earlier months (never negative: overspending resets). */
  readonly carried: number
}

export interface TargetStatus {
  readonly type: Target['type']
  readonly neededThisMonth: number
  readonly underfunded: number
  readonly explanation: TargetExplanation
}

/** The due month of a date target as seen from `period`: repeating targets roll forward by their cadence. */
export const dueMonthFor = (target: Target, period: PeriodKey): PeriodKey | null => {
  if (target.dueDate === null) return null
  let due = periodOfDate(target.dueDate)
  if (target.cadenceMonths !== null && comparePeriods(period, due) > 0) {
    const cycles = Math.ceil(monthsBetween(due, period) / target.cadenceMonths)
    due = addMonths(due, cycles * target.cadenceMonths)
  }
  return due
}

const spreadOver = (remaining: number, period: PeriodKey, due: PeriodKey) => {
  // The due month counts: a target due in March can still be funded in March.
  const monthsLeft = monthsBetween(period, due) + 1
  return { monthsLeft, needed: Math.ceil(remaining / monthsLeft) }
}

/**
 * What a target asks of this month. Monthly kinds ask their amount every month; date kinds spread what is still
 * missing evenly over the months left, the due month included; a savings builder without a date asks the whole
 * missing balance now. Underfunded is what this month's assignment still lacks.
 */
export const targetStatus = (target: Target, input: TargetInput): TargetStatus => {
  const { periodKey, assigned, activity, carried } = input
  const amount = target.amount
  const due = dueMonthFor(target, periodKey)
  let neededThisMonth = 0
  let explanation: TargetExplanation
  switch (target.type) {
    case 'NeededForSpendingMonthly':
    case 'SavingsBuilderMonthly':
      neededThisMonth = amount
      explanation = { key: `target.${target.type}`, params: { amount } }
      break
    case 'DebtPayment': {
      const finished = due !== null && comparePeriods(periodKey, due) > 0
      neededThisMonth = finished ? 0 : amount
      explanation = finished
        ? { key: 'target.DebtPayment.finished', params: { dueMonth: due ?? '' } }
        : { key: 'target.DebtPayment', params: { amount } }
      break
    }
    case 'NeededForSpendingByDate': {
      const remaining = Math.max(0, amount - carried)
      if (due === null || comparePeriods(periodKey, due) > 0) {
        explanation = { key: 'target.NeededForSpendingByDate.past', params: { amount, dueMonth: due ?? '' } }
        break
      }
      const spread = spreadOver(remaining, periodKey, due)
      neededThisMonth = spread.needed
      explanation = {
        key: 'target.NeededForSpendingByDate',
        params: { amount, dueMonth: due, monthsLeft: spread.monthsLeft, remaining },
      }
      break
    }
    case 'SavingsBuilder': {
      // Saved so far without this month's assignment; spending from savings lowers it.
      const remaining = Math.max(0, amount - (carried + activity))
      if (due === null || comparePeriods(periodKey, due) > 0) {
        neededThisMonth = remaining
        explanation = { key: 'target.SavingsBuilder.now', params: { amount, remaining } }
        break
      }
      const spread = spreadOver(remaining, periodKey, due)
      neededThisMonth = spread.needed
      explanation = {
        key: 'target.SavingsBuilder',
        params: { amount, dueMonth: due, monthsLeft: spread.monthsLeft, remaining },
      }
      break
    }
  }
  const underfunded = Math.max(0, neededThisMonth - assigned)
  return {
    type: target.type,
    neededThisMonth,
    underfunded,
    explanation: { key: explanation.key, params: { ...explanation.params, assigned, underfunded } },
  }
}
