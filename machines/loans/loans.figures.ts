import * as Result from 'effect/Result'
import { nextInstallment, termsOf } from '../../domain/decideLoans.ts'
import type { OverpaymentEffect } from '../../domain/loans/explain.ts'
import { overpaymentEffect, whatIfOverpayment } from '../../domain/loans/explain.ts'
import { type LoanRowKind, type LoanSchedule, loanSchedule } from '../../domain/loans/schedule.ts'
import type { Loan, LoanPrincipalChange, LoanScheduleRow } from '../../schemas/loans.ts'
import { type IsoDate, Minor } from '../../schemas/money.ts'

// What the loan screens show, computed in the browser by the same arithmetic the server uses (domain/loans/): the
// schedule, the summary and what an overpayment would save, so nothing waits for a round trip.

/** A loan's schedule, or the arithmetic's refusal code (a stored loan always has one; kept for safety). */
export type ScheduleOutcome =
  | { readonly ok: true; readonly schedule: LoanSchedule }
  | { readonly ok: false; readonly code: string }

const schedules = new WeakMap<Loan, ScheduleOutcome>()

/** The loan's schedule; once per loan object (the open budget replaces a loan when it changes). */
export const scheduleOfLoan = (loan: Loan): ScheduleOutcome => {
  const hit = schedules.get(loan)
  if (hit) return hit
  const result = loanSchedule(termsOf(loan), loan.activities)
  const outcome: ScheduleOutcome = Result.isSuccess(result)
    ? { ok: true, schedule: result.success }
    : { ok: false, code: result.failure.code }
  schedules.set(loan, outcome)
  return outcome
}

/** A schedule row with how it was counted: regular, suspended (credit holidays) or deferred; the rate in force. */
export type ScheduleLine = LoanScheduleRow & { readonly kind: LoanRowKind; readonly annualRate: string }

export const scheduleLines = (schedule: LoanSchedule): ReadonlyArray<ScheduleLine> =>
  schedule.rows.map((row, index) => {
    const note = schedule.notes[index]
    return { ...row, kind: note?.kind ?? 'Regular', annualRate: note?.annualRate ?? '' }
  })

/** Installments a Payment activity recorded as paid. */
export const paidInstallments = (loan: Loan): ReadonlySet<number> =>
  new Set(loan.activities.flatMap((activity) => (activity.type === 'Payment' ? [activity.installment] : [])))

/**
 * The next installment to pay, as the server counts it for the category's target (domain/decideLoans.ts): the first
 * paying one due since the loan's account began tracking it (`since`) with no Payment recorded. What "Zapłać ratę"
 * offers and the summary calls next.
 */
export const nextUnpaidRow = (
  loan: Loan,
  schedule: LoanSchedule,
  since: IsoDate | null,
): LoanScheduleRow | null => nextInstallment(loan, schedule, since ?? undefined) ?? null

export type LoanSummary = {
  readonly borrowed: Minor
  /** What is still owed: the balance before the next installment to pay (0 once every one is settled). */
  readonly outstanding: Minor
  /** The rate of the next installment (the last one's once repaid). */
  readonly rate: string
  readonly next: LoanScheduleRow | null
  readonly end: IsoDate
  readonly totalInterest: Minor
  /** Paying installments in the plan. */
  readonly installments: number
}

export const loanSummary = (
  loan: Loan,
  schedule: LoanSchedule,
  since: IsoDate | null,
  /** What the loan's tracking account says is owed, when it has one: the money that really moved wins. */
  owedByAccount: number | null = null,
): LoanSummary => {
  // Paid and earlier installments count as paid; the next one is what is still to pay: the same rule as the
  // category's target and "Zapłać ratę", so the page, the account and the month agree after a payment.
  const next = nextUnpaidRow(loan, schedule, since)
  const noteAt = (number: number) => schedule.notes[number - 1]
  const last = schedule.rows[schedule.rows.length - 1]
  const before = next === null ? undefined : schedule.rows[next.number - 2]
  return {
    borrowed: loan.principal,
    outstanding:
      owedByAccount !== null
        ? Minor.make(Math.max(0, owedByAccount))
        : next === null
          ? Minor.make(0)
          : next.number === 1
            ? loan.principal
            : (before?.balance ?? loan.principal),
    rate: noteAt(next?.number ?? schedule.rows.length)?.annualRate ?? loan.annualRate,
    next,
    end: last?.date ?? loan.firstPaymentDate,
    totalInterest: schedule.totals.interest,
    installments: schedule.totals.installments,
  }
}

/** What an overpayment would do, before it is recorded (issue 32 §2 "what if"). */
export type WhatIf =
  | { readonly ok: true; readonly effect: OverpaymentEffect }
  | { readonly ok: false; readonly code: string }

export const whatIf = (loan: Loan, overpayment: LoanPrincipalChange): WhatIf => {
  const result = whatIfOverpayment(termsOf(loan), loan.activities, overpayment)
  if (Result.isFailure(result)) return { ok: false, code: result.failure.code }
  return result.success === undefined
    ? { ok: false, code: 'loan-activity-value-invalid' }
    : { ok: true, effect: result.success }
}

/** The balance before the first installment and after each, for the balance chart. */
export type BalancePoint = { readonly date: IsoDate; readonly balance: Minor }

export const balancePoints = (
  loan: Loan,
  rows: ReadonlyArray<LoanScheduleRow>,
): ReadonlyArray<BalancePoint> => [
  { date: loan.disbursementDate ?? loan.firstPaymentDate, balance: loan.principal },
  ...rows.map((row) => ({ date: row.date, balance: row.balance })),
]

/** What the recorded overpayment `activities[index]` saves (null for another activity, or if it cannot be told). */
export const recordedOverpaymentEffect = (loan: Loan, index: number): OverpaymentEffect | null => {
  const result = overpaymentEffect(termsOf(loan), loan.activities, index)
  return Result.isSuccess(result) ? (result.success ?? null) : null
}
