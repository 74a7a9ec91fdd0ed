import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import { annuityInstallment, roundHalfUp } from '../../../../domain/loans/arithmetic.ts'
import { overpaymentEffect, whatIfOverpayment } from '../../../../domain/loans/explain.ts'
import { date, minor, mortgage, scheduleOf, terms } from './fixtures.ts'

// Each activity regenerates the rest of the schedule (domain/loans/README.md); rows before it never move.

const plain = scheduleOf(mortgage('Constant'))
const balanceAfter12 = plain.rows[11]?.balance ?? 0

describe('InterestRateChange', () => {
  it('recomputes the installment on the balance before j over the remaining installments', () => {
    const changed = scheduleOf(mortgage(), [
      { type: 'InterestRateChange', fromInstallment: 13, annualRate: '7.5' },
    ])
    expect(changed.rows.slice(0, 12)).toEqual(plain.rows.slice(0, 12))
    expect(changed.rows[12]?.payment).toBe(Number(annuityInstallment(BigInt(balanceAfter12), 75_000n, 348)))
    expect(changed.rows[12]?.interest).toBe(
      Number(roundHalfUp(BigInt(balanceAfter12) * 75_000n, 12_000_000n)),
    )
    expect(changed.rows).toHaveLength(360)
    expect(changed.notes[12]?.annualRate).toBe('7.5')
    expect(changed.rows.at(-1)?.balance).toBe(0)
  })
})

describe('PrincipalChange (nadpłata) after installment 12, 50 000 zł', () => {
  const overpay = (mode: 'ShortenTerm' | 'LowerInstallment') =>
    ({ type: 'PrincipalChange', afterInstallment: 12, value: minor(5_000_000), mode }) as const

  it('LowerInstallment keeps the end date and recomputes the installment', () => {
    const lower = scheduleOf(mortgage(), [overpay('LowerInstallment')])
    expect(lower.rows[11]).toEqual(
      expect.objectContaining({ overpayment: 5_000_000, balance: balanceAfter12 - 5_000_000 }),
    )
    expect(lower.rows).toHaveLength(360)
    expect(lower.rows.at(-1)?.date).toBe(plain.rows.at(-1)?.date)
    expect(lower.rows[12]?.payment).toBe(
      Number(annuityInstallment(BigInt(balanceAfter12 - 5_000_000), 33_000n, 348)),
    )
  })

  it('ShortenTerm keeps the installment and ends sooner', () => {
    const shorter = scheduleOf(mortgage(), [overpay('ShortenTerm')])
    const after = shorter.rows.slice(12, -1)
    expect(after.every((row) => row.payment === 131_387)).toBe(true)
    expect(shorter.rows.length).toBeLessThan(360)
    expect(shorter.rows.at(-1)?.payment).toBeLessThanOrEqual(131_387)
    expect(shorter.rows.at(-1)?.balance).toBe(0)
  })

  it('ShortenTerm on a Decreasing loan keeps at most the principal part', () => {
    const decreasing = scheduleOf(mortgage('Decreasing'))
    const shorter = scheduleOf(mortgage('Decreasing'), [overpay('ShortenTerm')])
    const part = decreasing.rows[12]?.principal ?? 0
    expect(shorter.rows.slice(12).every((row) => row.principal <= part)).toBe(true)
    expect(shorter.rows.length).toBeLessThan(360)
  })

  it('explains what it saves: shortening saves more interest, lowering lowers the installment', () => {
    const lower = Result.getOrThrow(overpaymentEffect(mortgage(), [overpay('LowerInstallment')], 0))
    const shorter = Result.getOrThrow(whatIfOverpayment(mortgage(), [], overpay('ShortenTerm')))
    expect(lower).toEqual(
      expect.objectContaining({
        installmentsSaved: 0,
        installmentBefore: 131_387,
        endAfter: lower?.endBefore,
      }),
    )
    expect(lower?.installmentAfter).toBeLessThan(131_387)
    expect(shorter?.installmentAfter).toBe(131_387)
    expect(shorter?.installmentsSaved).toBeGreaterThan(0)
    expect(shorter?.interestSaved).toBeGreaterThan(lower?.interestSaved ?? Number.POSITIVE_INFINITY)
    expect(lower?.interestSaved).toBeGreaterThan(0)
  })

  it('repaying the whole balance ends the loan at that installment', () => {
    const repaid = scheduleOf(mortgage(), [
      { type: 'PrincipalChange', afterInstallment: 12, value: minor(balanceAfter12), mode: 'ShortenTerm' },
    ])
    expect(repaid.rows).toHaveLength(12)
    expect(repaid.rows.at(-1)?.balance).toBe(0)
  })
})

describe('PaymentTypeChange, PaymentDayChange, TargetDateChange', () => {
  it('switches to decreasing from j: balance / remaining installments', () => {
    const switched = scheduleOf(mortgage(), [
      { type: 'PaymentTypeChange', fromInstallment: 13, paymentType: 'Decreasing' },
    ])
    expect(switched.rows[12]?.principal).toBe(Number(roundHalfUp(BigInt(balanceAfter12), 348n)))
    expect(switched.rows).toHaveLength(360)
  })

  it('moves the payment day from j on; a short month pays on its last day', () => {
    const { rows } = scheduleOf(mortgage(), [
      { type: 'PaymentDayChange', fromInstallment: 3, paymentDay: 10 },
    ])
    expect(rows.slice(0, 4).map((row) => row.date)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-10',
      '2025-04-10',
    ])
    expect(plain.rows[37]?.date).toBe('2028-02-29')
    expect(plain.rows[3]?.date).toBe('2025-04-30')
  })

  it('re-plans to a new end: the last installment falls in the target month', () => {
    const sooner = scheduleOf(mortgage(), [
      { type: 'TargetDateChange', fromInstallment: 13, targetDate: date('2044-12-15') },
    ])
    expect(sooner.rows).toHaveLength(240)
    expect(sooner.rows.at(-1)).toEqual(expect.objectContaining({ date: '2044-12-31', balance: 0 }))
    expect(sooner.rows[12]?.payment).toBe(Number(annuityInstallment(BigInt(balanceAfter12), 33_000n, 228)))
  })
})

describe('SkipPayments (credit holidays) and SkippedPayment (a deferred installment)', () => {
  it('suspends the installments with no interest; the term extends and nothing else changes', () => {
    const holidays = scheduleOf(mortgage(), [{ type: 'SkipPayments', fromInstallment: 8, count: 4 }])
    expect(holidays.rows).toHaveLength(364)
    for (const row of holidays.rows.slice(7, 11))
      expect(row).toEqual(
        expect.objectContaining({ payment: 0, principal: 0, interest: 0, balance: plain.rows[6]?.balance }),
      )
    expect(holidays.notes[7]?.kind).toBe('Suspended')
    expect(holidays.rows.slice(11).map((row) => row.payment)).toEqual(
      plain.rows.slice(7).map((row) => row.payment),
    )
    expect(holidays.totals.interest).toBe(plain.totals.interest)
    expect(holidays.rows.at(-1)?.date).toBe('2055-04-30')
  })

  it('defers one installment: its interest is added to the balance, the term extends by one', () => {
    const deferred = scheduleOf(mortgage(), [{ type: 'SkippedPayment', installment: 8 }])
    const before = plain.rows[6]?.balance ?? 0
    const interest = plain.rows[7]?.interest ?? 0
    expect(deferred.rows[7]).toEqual(
      expect.objectContaining({ payment: 0, principal: -interest, interest, balance: before + interest }),
    )
    expect(deferred.rows).toHaveLength(361)
    expect(deferred.rows[8]?.payment).toBe(
      Number(annuityInstallment(BigInt(before + interest), 33_000n, 353)),
    )
  })
})

describe('Payment, InterestPaid, Reconcile', () => {
  it('records what was paid beside what was due; the plan does not move', () => {
    const recorded = scheduleOf(mortgage(), [
      { type: 'Payment', installment: 2, value: minor(131_400) },
      { type: 'InterestPaid', installment: 2, value: minor(82_366) },
    ])
    expect(recorded.rows).toEqual(plain.rows)
    expect(recorded.paid).toEqual([
      { activityIndex: 0, type: 'Payment', installment: 2, value: 131_400, due: 131_387, difference: 13 },
      { activityIndex: 1, type: 'InterestPaid', installment: 2, value: 82_366, due: 82_366, difference: 0 },
    ])
  })

  it('takes the bank balance after k, records the difference and re-plans the rest', () => {
    const reconciled = scheduleOf(mortgage(), [
      { type: 'Reconcile', afterInstallment: 12, balance: minor(balanceAfter12 + 1_000) },
    ])
    expect(reconciled.reconciliations).toEqual([
      {
        activityIndex: 0,
        afterInstallment: 12,
        expected: balanceAfter12,
        actual: balanceAfter12 + 1_000,
        difference: 1_000,
      },
    ])
    expect(reconciled.rows[11]?.balance).toBe(balanceAfter12 + 1_000)
    expect(reconciled.rows).toHaveLength(360)
    expect(reconciled.rows.at(-1)?.balance).toBe(0)
  })
})

describe('day count', () => {
  it('actual/365 counts the days since the disbursement, then since the previous installment', () => {
    const loan = terms({
      principal: 30_000_000,
      annualRate: '3.3',
      installments: 360,
      paymentType: 'Constant',
      firstPaymentDate: '2025-01-31',
      disbursementDate: '2025-01-01',
      dayCount: 'Actual365',
    })
    const { rows, notes } = scheduleOf(loan)
    // 300 000 × 3.3 % × 30 / 365 = 813,6986… → 813,70 zł; February has 28 days.
    expect(rows[0]?.interest).toBe(81_370)
    expect(notes.slice(0, 2).map((note) => note.days)).toEqual([30, 28])
    expect(rows[0]?.payment).toBe(131_387)
    expect(rows.at(-1)?.balance).toBe(0)
  })

  it('a 0 % loan pays equal parts, the last takes the remainder', () => {
    const { rows, totals } = scheduleOf(
      terms({
        principal: 100_000,
        annualRate: '0',
        installments: 3,
        paymentType: 'Constant',
        firstPaymentDate: '2025-01-15',
      }),
    )
    expect(rows.map((row) => row.payment)).toEqual([33_333, 33_333, 33_334])
    expect(totals.interest).toBe(0)
  })
})

describe('small balances', () => {
  it('shortens a decreasing loan whose principal part rounds to nothing', () => {
    const tiny = terms({
      principal: 4,
      annualRate: '0',
      installments: 12,
      paymentType: 'Decreasing',
      firstPaymentDate: '2025-01-15',
    })
    const { rows } = scheduleOf(tiny, [
      { type: 'PrincipalChange', afterInstallment: 1, value: minor(1), mode: 'ShortenTerm' },
    ])
    expect(rows.reduce((sum, row) => sum + row.principal + row.overpayment, 0)).toBe(4)
    expect(rows.length).toBeLessThanOrEqual(12)
    expect(rows.at(-1)?.balance).toBe(0)
  })
})
