import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import { parseAnnualRate } from '../../../../domain/loans/arithmetic.ts'
import { date, minor, mortgage, refusalOf, terms } from './fixtures.ts'

// Bad input is refused by name (issue 32 §4), with what the message needs to say why.

const loan = (fields: { principal?: number; installments?: number; annualRate?: string }) =>
  terms({
    principal: fields.principal ?? 1_000_000,
    annualRate: fields.annualRate ?? '5',
    installments: fields.installments ?? 12,
    paymentType: 'Constant',
    firstPaymentDate: '2025-01-15',
  })

describe('terms', () => {
  it.each([0, -1])('refuses a principal of %i', (principal) => {
    expect(refusalOf(loan({ principal }))).toEqual(
      expect.objectContaining({ _tag: 'LoanPrincipalOutOfRange', principal }),
    )
  })

  it.each([0, -12, 1201])('refuses %i installments', (installments) => {
    expect(refusalOf(loan({ installments }))).toEqual(
      expect.objectContaining({ _tag: 'LoanInstallmentsOutOfRange', installments, maximum: 1200 }),
    )
  })

  it.each([
    ['100.0001', 'LoanRateOutOfRange'],
    ['101', 'LoanRateOutOfRange'],
    ['3.12345', 'LoanRateTooPrecise'],
  ])('refuses the rate %s', (annualRate, tag) => {
    expect(refusalOf(loan({ annualRate }))).toEqual(expect.objectContaining({ _tag: tag, annualRate }))
  })

  it('accepts 0 and 100 %, up to 4 decimals', () => {
    expect(parseAnnualRate('0')).toEqual(Result.succeed(0n))
    expect(parseAnnualRate('100')).toEqual(Result.succeed(1_000_000n))
    expect(parseAnnualRate('7.1234')).toEqual(Result.succeed(71_234n))
  })

  it('needs a disbursement date before the first payment for actual/365', () => {
    const base = { principal: 100_000, annualRate: '5', installments: 12, paymentType: 'Constant' as const }
    expect(refusalOf(terms({ ...base, firstPaymentDate: '2025-02-01', dayCount: 'Actual365' }))).toEqual(
      expect.objectContaining({ _tag: 'LoanDisbursementDateInvalid', reason: 'Missing' }),
    )
    expect(
      refusalOf(terms({ ...base, firstPaymentDate: '2025-02-01', disbursementDate: '2025-02-01' })),
    ).toEqual(
      expect.objectContaining({ _tag: 'LoanDisbursementDateInvalid', reason: 'NotBeforeFirstPayment' }),
    )
  })
})

describe('activities', () => {
  it('refuses an activity before the first installment', () => {
    expect(
      refusalOf(mortgage(), [
        { type: 'PrincipalChange', afterInstallment: 0, value: minor(100), mode: 'ShortenTerm' },
      ]),
    ).toEqual({
      _tag: 'LoanActivityOutOfRange',
      code: 'loan-activity-out-of-range',
      activityIndex: 0,
      installment: 0,
      lastInstallment: 360,
    })
  })

  it('refuses an activity after the last installment, counting the re-plans before it', () => {
    expect(
      refusalOf(mortgage(), [
        { type: 'InterestRateChange', fromInstallment: 300, annualRate: '4' },
        { type: 'TargetDateChange', fromInstallment: 13, targetDate: date('2034-12-31') },
      ]),
    ).toEqual(
      expect.objectContaining({ _tag: 'LoanActivityOutOfRange', activityIndex: 0, lastInstallment: 120 }),
    )
    expect(refusalOf(mortgage(), [{ type: 'Payment', installment: 361, value: minor(1) }])).toEqual(
      expect.objectContaining({ _tag: 'LoanActivityOutOfRange', installment: 361 }),
    )
  })

  it('refuses an overpayment larger than the balance, and one of nothing', () => {
    expect(
      refusalOf(mortgage(), [
        { type: 'PrincipalChange', afterInstallment: 359, value: minor(200_000), mode: 'LowerInstallment' },
      ]),
    ).toEqual(
      expect.objectContaining({ _tag: 'LoanOverpaymentExceedsBalance', value: 200_000, balance: 130_761 }),
    )
    expect(
      refusalOf(mortgage(), [
        { type: 'PrincipalChange', afterInstallment: 3, value: minor(0), mode: 'ShortenTerm' },
      ]),
    ).toEqual(expect.objectContaining({ _tag: 'LoanActivityValueInvalid', value: 0 }))
  })

  it('refuses a new rate past 100 %, naming the activity', () => {
    expect(
      refusalOf(mortgage(), [
        { type: 'SkipPayments', fromInstallment: 2, count: 1 },
        { type: 'InterestRateChange', fromInstallment: 13, annualRate: '120' },
      ]),
    ).toEqual(expect.objectContaining({ _tag: 'LoanRateOutOfRange', activityIndex: 1, annualRate: '120' }))
  })

  it('refuses a target date before the installment the re-plan starts from', () => {
    expect(
      refusalOf(mortgage(), [
        { type: 'TargetDateChange', fromInstallment: 13, targetDate: date('2025-12-31') },
      ]),
    ).toEqual(
      expect.objectContaining({
        _tag: 'LoanTargetDateOutOfRange',
        fromDate: '2026-01-31',
        targetDate: '2025-12-31',
      }),
    )
  })
})
