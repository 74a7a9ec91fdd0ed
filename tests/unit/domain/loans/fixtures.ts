import * as Result from 'effect/Result'
import { type LoanSchedule, loanSchedule } from '../../../../domain/loans/schedule.ts'
import type { LoanActivity, LoanError, LoanTerms } from '../../../../schemas/loans.ts'
import { IsoDate, Minor } from '../../../../schemas/money.ts'

/** Terms from plain values (amounts in grosz). */
export const terms = (
  fields: Omit<LoanTerms, 'principal' | 'firstPaymentDate' | 'disbursementDate'> & {
    principal: number
    firstPaymentDate: string
    disbursementDate?: string
  },
): LoanTerms => {
  const { disbursementDate, ...rest } = fields
  return {
    ...rest,
    principal: Minor.make(fields.principal),
    firstPaymentDate: IsoDate.make(fields.firstPaymentDate),
    ...(disbursementDate === undefined ? {} : { disbursementDate: IsoDate.make(disbursementDate) }),
  }
}

/** 300 000,00 zł at 3.3 % for 30 years, paid on the 31st (month ends exercise the short-month rule). */
export const mortgage = (paymentType: LoanTerms['paymentType'] = 'Constant'): LoanTerms =>
  terms({
    principal: 30_000_000,
    annualRate: '3.3',
    installments: 360,
    paymentType,
    firstPaymentDate: '2025-01-31',
  })

/** The schedule, or the test fails with the refusal. */
export const scheduleOf = (loan: LoanTerms, activities: readonly LoanActivity[] = []): LoanSchedule => {
  const result = loanSchedule(loan, activities)
  if (Result.isFailure(result)) throw new Error(`refused: ${JSON.stringify(result.failure)}`)
  return result.success
}

/** The refusal, or the test fails with the schedule's length. */
export const refusalOf = (loan: LoanTerms, activities: readonly LoanActivity[] = []): LoanError => {
  const result = loanSchedule(loan, activities)
  if (Result.isSuccess(result)) throw new Error(`accepted: ${result.success.rows.length} rows`)
  return result.failure
}

export const date = (text: string): IsoDate => IsoDate.make(text)
export const minor = (value: number): Minor => Minor.make(value)
