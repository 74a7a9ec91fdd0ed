import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import {
  buildLoanActivity,
  buildNewLoan,
  checkLoanActivity,
  checkNewLoan,
  checkRate,
  installmentsOf,
  loanActivityFieldOf,
  loanActivityFields,
  newLoanFieldOf,
  newLoanFields,
} from '../../../machines/loans/loan.forms.ts'
import { LoanId } from '../../../schemas/ids.ts'
import type { Loan } from '../../../schemas/loans.ts'
import { CurrencyCode, IsoDate, Minor } from '../../../schemas/money.ts'
import { rateText } from '../../../src/views/loans/format.ts'

const env = { currency: CurrencyCode.make('PLN'), locale: 'pl' }
const loan: Loan = {
  id: LoanId.make('loan-1'),
  name: 'Hipoteka',
  principal: Minor.make(30_000_000),
  annualRate: '3.3',
  installments: 360,
  paymentType: 'Constant',
  firstPaymentDate: IsoDate.make('2027-01-05'),
  bankAccountId: null,
  categoryId: null,
  state: 'Active',
  activities: [],
}

describe('loan forms', () => {
  it('reads a rate the Polish or the English way, and refuses what the domain refuses', () => {
    expect(checkRate('7,5')).toEqual(Result.succeed('7.5'))
    expect(checkRate(' 3.3 %')).toEqual(Result.succeed('3.3'))
    expect(checkRate('0')).toEqual(Result.succeed('0'))
    expect(checkRate('3,33333')).toEqual(Result.fail({ key: 'budget.errors.loan-rate-too-precise' }))
    expect(checkRate('100,5')).toEqual(Result.fail({ key: 'budget.errors.loan-rate-out-of-range' }))
    expect(checkRate('siedem')).toEqual(Result.fail({ key: 'loans.validation.rate' }))
    expect(checkRate('')).toEqual(Result.fail({ key: 'validation.required' }))
  })

  it('counts installments from years and months', () => {
    expect(installmentsOf({ years: '30', months: '' })).toBe(360)
    expect(installmentsOf({ years: '', months: '18' })).toBe(18)
    expect(installmentsOf({ years: '2', months: '6' })).toBe(30)
    expect(installmentsOf({ years: '', months: '' })).toBeNull()
  })

  it("asks the server for the loan's own account and category in the person's group, or links existing ones", () => {
    const fields = {
      ...newLoanFields(),
      name: 'Hipoteka',
      principal: '300 000',
      annualRate: '3,3',
      years: '30',
      firstPaymentDate: '05.01.2027',
    }
    const own = checkNewLoan(fields, { categoryGroupName: 'Kredyty' }, env)
    if (!own.ok) throw new Error(JSON.stringify(own.errors))
    expect(buildNewLoan(own.value, { categoryGroupName: 'Kredyty' })).toEqual({
      kind: 'create',
      body: {
        name: 'Hipoteka',
        principal: 30_000_000,
        annualRate: '3.3',
        installments: 360,
        paymentType: 'Constant',
        firstPaymentDate: '2027-01-05',
        categoryGroupName: 'Kredyty',
      },
    })
    const linked = checkNewLoan(
      { ...fields, link: 'existing', bankAccountId: 'account-1', categoryId: 'category-1' },
      { categoryGroupName: 'Kredyty' },
      env,
    )
    if (!linked.ok) throw new Error(JSON.stringify(linked.errors))
    const write = buildNewLoan(linked.value, { categoryGroupName: 'Kredyty' })
    expect(write.kind === 'create' && 'categoryGroupName' in write.body).toBe(false)
    expect(write.kind === 'create' && write.body.bankAccountId).toBe('account-1')
  })

  it('says what is missing or wrong next to each field', () => {
    const checked = checkNewLoan(
      {
        ...newLoanFields(),
        disbursementDate: '10.01.2027',
        firstPaymentDate: '05.01.2027',
        link: 'existing',
      },
      { categoryGroupName: 'Kredyty' },
      env,
    )
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(Object.keys(checked.errors).sort()).toEqual(
      ['annualRate', 'bankAccountId', 'categoryId', 'disbursementDate', 'name', 'principal', 'years'].sort(),
    )
    expect(checked.errors.disbursementDate).toEqual({ key: 'budget.errors.loan-disbursement-date-invalid' })
  })

  it("builds each activity from the type's own fields", () => {
    const props = { loan, installment: 13, lastInstallment: 360, todayText: '27.11.2026' }
    const fields = {
      installment: '13',
      value: '20 000',
      annualRate: '5,5',
      balance: '250000',
      targetDate: '05.01.2045',
      paymentType: 'Decreasing' as const,
      paymentDay: '10',
      count: '3',
      mode: 'LowerInstallment' as const,
      fromBankAccountId: '',
      date: '27.11.2026',
    }
    const activity = (type: Parameters<typeof checkLoanActivity>[1]['type']) => {
      const checked = checkLoanActivity(fields, { ...props, type }, env)
      return checked.ok ? checked.value.activity : checked.errors
    }
    expect(activity('InterestRateChange')).toEqual({
      type: 'InterestRateChange',
      fromInstallment: 13,
      annualRate: '5.5',
    })
    expect(activity('PrincipalChange')).toEqual({
      type: 'PrincipalChange',
      afterInstallment: 13,
      value: 2_000_000,
      mode: 'LowerInstallment',
    })
    expect(activity('SkipPayments')).toEqual({ type: 'SkipPayments', fromInstallment: 13, count: 3 })
    expect(activity('Reconcile')).toEqual({ type: 'Reconcile', afterInstallment: 13, balance: 25_000_000 })
    expect(activity('TargetDateChange')).toEqual({
      type: 'TargetDateChange',
      fromInstallment: 13,
      targetDate: '2045-01-05',
    })
    expect(activity('PaymentDayChange')).toEqual({
      type: 'PaymentDayChange',
      fromInstallment: 13,
      paymentDay: 10,
    })
    expect(activity('PaymentTypeChange')).toEqual({
      type: 'PaymentTypeChange',
      fromInstallment: 13,
      paymentType: 'Decreasing',
    })
    expect(activity('SkippedPayment')).toEqual({ type: 'SkippedPayment', installment: 13 })
    expect(activity('Payment')).toEqual({ type: 'Payment', installment: 13, value: 2_000_000 })
    expect(activity('InterestPaid')).toEqual({ type: 'InterestPaid', installment: 13, value: 2_000_000 })
  })

  it('pays an overpayment from a budget account when one is chosen, else records it alone', () => {
    const props = {
      loan,
      type: 'PrincipalChange' as const,
      installment: 1,
      lastInstallment: 360,
      todayText: '',
    }
    const fields = { ...loanActivityFields({ ...props, todayText: '27.11.2026' }), value: '20000' }
    const alone = checkLoanActivity(fields, props, env)
    if (!alone.ok) throw new Error(JSON.stringify(alone.errors))
    expect(buildLoanActivity(alone.value).kind).toBe('activity')
    const paid = checkLoanActivity({ ...fields, fromBankAccountId: 'account-1' }, props, env)
    if (!paid.ok) throw new Error(JSON.stringify(paid.errors))
    expect(buildLoanActivity(paid.value)).toEqual({
      kind: 'overpayment',
      loanId: 'loan-1',
      body: {
        afterInstallment: 1,
        value: 2_000_000,
        mode: 'ShortenTerm',
        fromBankAccountId: 'account-1',
        date: '2026-11-27',
      },
    })
  })

  it('puts a server refusal next to the field it is about', () => {
    expect(newLoanFieldOf('loan-rate-too-precise')).toBe('annualRate')
    expect(newLoanFieldOf('loan-installments-out-of-range')).toBe('years')
    expect(newLoanFieldOf('internal_error')).toBeNull()
    const props = { loan, installment: 1, lastInstallment: 360, todayText: '27.11.2026' }
    expect(
      loanActivityFieldOf('loan-overpayment-exceeds-balance', { ...props, type: 'PrincipalChange' }),
    ).toBe('value')
    expect(loanActivityFieldOf('loan-activity-out-of-range', { ...props, type: 'PrincipalChange' })).toBe(
      'installment',
    )
  })

  it('writes rates the Polish way', () => {
    expect(rateText('7.5', 'pl')).toBe('7,5\u00a0%')
    expect(rateText('3.30', 'de')).toBe('3,3\u00a0%')
    expect(rateText('7.5', 'en')).toBe('7.5%')
    expect(rateText('0', 'pl')).toBe('0\u00a0%')
  })
})
