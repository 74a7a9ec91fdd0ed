import * as Schema from 'effect/Schema'
import { describe, expect, it } from 'vitest'
import { LoanActivity, LoanScheduleRow, LoanTerms } from '../../../schemas/loans.ts'

const decodes = (schema: Schema.Codec<unknown>, value: unknown): boolean =>
  Schema.decodeUnknownExit(schema)(value)._tag === 'Success'

// The fixed contract of issue 32 §3: these bodies must decode as written there.
describe('loan schemas', () => {
  it('decode the terms of POST …/loans and the two activities §3 names', () => {
    expect(
      decodes(LoanTerms, {
        principal: 30_000_000,
        annualRate: '7.5',
        installments: 360,
        paymentType: 'Constant',
        firstPaymentDate: '2026-01-10',
      }),
    ).toBe(true)
    expect(
      decodes(LoanActivity, {
        type: 'PrincipalChange',
        afterInstallment: 12,
        value: 500_000,
        mode: 'ShortenTerm',
      }),
    ).toBe(true)
    expect(
      decodes(LoanActivity, { type: 'InterestRateChange', fromInstallment: 13, annualRate: '6.85' }),
    ).toBe(true)
    expect(
      decodes(LoanScheduleRow, {
        number: 1,
        date: '2026-01-10',
        payment: 131_387,
        principal: 48_887,
        interest: 82_500,
        overpayment: 0,
        balance: 29_951_113,
      }),
    ).toBe(true)
  })

  it('refuse a rate that is not a decimal number, an unknown type and a fractional amount', () => {
    expect(
      decodes(LoanActivity, { type: 'InterestRateChange', fromInstallment: 13, annualRate: '6,85' }),
    ).toBe(false)
    expect(decodes(LoanActivity, { type: 'Refinance', fromInstallment: 13 })).toBe(false)
    expect(
      decodes(LoanActivity, {
        type: 'PrincipalChange',
        afterInstallment: 12,
        value: 5.5,
        mode: 'ShortenTerm',
      }),
    ).toBe(false)
    expect(
      decodes(LoanActivity, { type: 'PrincipalChange', afterInstallment: 12, value: 500, mode: 'Both' }),
    ).toBe(false)
  })
})
