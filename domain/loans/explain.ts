import * as Result from 'effect/Result'
import type { LoanActivity, LoanError, LoanPrincipalChange, LoanTerms } from '../../schemas/loans.ts'
import { type IsoDate, Minor } from '../../schemas/money.ts'
import { type LoanSchedule, loanSchedule } from './schedule.ts'

// What an overpayment saves, told in the schedule's own numbers: the same loan with and without it.

export interface OverpaymentEffect {
  /** Interest over the whole loan without the overpayment minus with it. */
  readonly interestSaved: Minor
  /** Paying installments without it minus with it (ShortenTerm; 0 for LowerInstallment). */
  readonly installmentsSaved: number
  /** The installment right after the overpayment, without and with it (LowerInstallment lowers it). */
  readonly installmentBefore: Minor
  readonly installmentAfter: Minor
  /** The last installment's date without and with it. */
  readonly endBefore: IsoDate
  readonly endAfter: IsoDate
}

// A schedule always has a row: the terms ask for at least one installment.
const lastDate = (schedule: LoanSchedule): IsoDate => schedule.rows[schedule.rows.length - 1]?.date as IsoDate

/** The first paying installment after installment `after` (0 when the loan is repaid by then). */
const nextInstallment = (schedule: LoanSchedule, after: number): Minor => {
  for (const row of schedule.rows) if (row.number > after && row.payment > 0) return row.payment
  return Minor.make(0)
}

const compare = (
  without: LoanSchedule,
  withIt: LoanSchedule,
  overpayment: LoanPrincipalChange,
): OverpaymentEffect => ({
  // The casts brand differences of Minor totals, integers as safe as the totals.
  interestSaved: (without.totals.interest - withIt.totals.interest) as Minor,
  installmentsSaved: without.totals.installments - withIt.totals.installments,
  installmentBefore: nextInstallment(without, overpayment.afterInstallment),
  installmentAfter: nextInstallment(withIt, overpayment.afterInstallment),
  endBefore: lastDate(without),
  endAfter: lastDate(withIt),
})

/** What the recorded overpayment `activities[index]` saves (the loan's other activities stay as they are). */
export const overpaymentEffect = (
  terms: LoanTerms,
  activities: readonly LoanActivity[],
  index: number,
): Result.Result<OverpaymentEffect | undefined, LoanError> => {
  const overpayment = activities[index]
  if (overpayment?.type !== 'PrincipalChange') return Result.succeed(undefined)
  const withIt = loanSchedule(terms, activities)
  if (Result.isFailure(withIt)) return Result.fail(withIt.failure)
  const without = loanSchedule(
    terms,
    activities.filter((_, i) => i !== index),
  )
  if (Result.isFailure(without)) return Result.fail(without.failure)
  return Result.succeed(compare(without.success, withIt.success, overpayment))
}

/** "What if": what an overpayment not yet recorded would save, given the loan's activities so far. */
export const whatIfOverpayment = (
  terms: LoanTerms,
  activities: readonly LoanActivity[],
  overpayment: LoanPrincipalChange,
): Result.Result<OverpaymentEffect | undefined, LoanError> =>
  overpaymentEffect(terms, [...activities, overpayment], activities.length)
