import * as Result from 'effect/Result'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { annuityInstallment, exactAnnuityInstallment } from '../../../../domain/loans/arithmetic.ts'
import { loanSchedule } from '../../../../domain/loans/schedule.ts'
import type { LoanActivity, LoanTerms } from '../../../../schemas/loans.ts'
import { date, minor, scheduleOf, terms } from './fixtures.ts'

// The schedule's invariants over random loans and random activities (domain/loans/README.md, "Invariants").

const rate = fc
  .tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 9_999 }))
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(4, '0')}`)

const loan = fc
  .record({
    principal: fc.integer({ min: 1_000_000, max: 500_000_000 }),
    annualRate: rate,
    installments: fc.integer({ min: 2, max: 360 }),
    paymentType: fc.constantFrom('Constant' as const, 'Decreasing' as const),
    firstDay: fc.integer({ min: 1, max: 31 }),
    actual365: fc.boolean(),
  })
  .map(
    ({ firstDay, actual365, ...rest }): LoanTerms =>
      terms({
        ...rest,
        firstPaymentDate: `2025-01-${String(firstDay).padStart(2, '0')}`,
        ...(actual365 ? { disbursementDate: '2024-12-20', dayCount: 'Actual365' as const } : {}),
      }),
  )

/** An activity at a position drawn as a fraction of the term (so it usually lands inside the schedule). */
const activity = (installments: number): fc.Arbitrary<LoanActivity> => {
  const at = fc.integer({ min: 1, max: Math.max(1, installments - 1) })
  return fc.oneof(
    fc.record({ type: fc.constant('InterestRateChange' as const), fromInstallment: at, annualRate: rate }),
    fc.record({
      type: fc.constant('PrincipalChange' as const),
      afterInstallment: at,
      value: fc.integer({ min: 1, max: 2_000_000 }).map(minor),
      mode: fc.constantFrom('ShortenTerm' as const, 'LowerInstallment' as const),
    }),
    fc.record({
      type: fc.constant('PaymentTypeChange' as const),
      fromInstallment: at,
      paymentType: fc.constantFrom('Constant' as const, 'Decreasing' as const),
    }),
    fc.record({
      type: fc.constant('PaymentDayChange' as const),
      fromInstallment: at,
      paymentDay: fc.integer({ min: 1, max: 31 }),
    }),
    fc.record({
      type: fc.constant('SkipPayments' as const),
      fromInstallment: at,
      count: fc.integer({ min: 1, max: 6 }),
    }),
    fc.record({ type: fc.constant('SkippedPayment' as const), installment: at }),
    fc.record({
      type: fc.constant('TargetDateChange' as const),
      fromInstallment: at,
      targetDate: fc.integer({ min: 0, max: 400 }).map((months) => {
        const index = 2025 * 12 + months
        return date(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-28`)
      }),
    }),
    fc.record({
      type: fc.constant('Payment' as const),
      installment: at,
      value: fc.integer({ min: 0, max: 1_000_000 }).map(minor),
    }),
  )
}

const loanWithActivities = loan.chain((terms) =>
  fc.tuple(fc.constant(terms), fc.array(activity(terms.installments), { maxLength: 10 })),
)

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

describe('every accepted schedule', () => {
  it('repays exactly the principal: Σ principal + Σ overpayments = borrowed; the balance never goes negative and ends at 0; payment = principal + interest', () => {
    fc.assert(
      fc.property(loanWithActivities, ([terms, activities]) => {
        const result = loanSchedule(terms, activities)
        fc.pre(Result.isSuccess(result))
        const { rows } = Result.getOrThrow(result)
        expect(sum(rows.map((row) => row.principal)) + sum(rows.map((row) => row.overpayment))).toBe(
          terms.principal,
        )
        for (const row of rows) {
          expect(row.balance).toBeGreaterThanOrEqual(0)
          expect(row.payment).toBe(row.principal + row.interest)
        }
        expect(rows.at(-1)?.balance).toBe(0)
        expect(rows.map((row) => row.number)).toEqual(rows.map((_, i) => i + 1))
      }),
      { numRuns: 100 },
    )
  }, 60_000)

  it('leaves the rows before an activity as they were', () => {
    fc.assert(
      fc.property(
        loan.chain((terms) => fc.tuple(fc.constant(terms), activity(terms.installments))),
        ([terms, one]) => {
          const result = loanSchedule(terms, [one])
          fc.pre(Result.isSuccess(result))
          const before =
            'afterInstallment' in one
              ? one.afterInstallment - 1
              : 'fromInstallment' in one
                ? one.fromInstallment - 1
                : one.installment - 1
          expect(Result.getOrThrow(result).rows.slice(0, before)).toEqual(
            scheduleOf(terms).rows.slice(0, before),
          )
        },
      ),
      { numRuns: 100 },
    )
  }, 60_000)
})

describe('an overpayment', () => {
  /** A loan, an installment k and an overpayment of at most half the balance after k. */
  const overpaid = loan.chain((terms) =>
    fc.tuple(
      fc.constant(terms),
      fc.integer({ min: 1, max: terms.installments - 1 }),
      fc.double({ min: 0.01, max: 0.5, noNaN: true }),
    ),
  )
  const overpayment = (
    terms: LoanTerms,
    k: number,
    share: number,
    mode: 'ShortenTerm' | 'LowerInstallment',
  ) => {
    const balance = scheduleOf(terms).rows[k - 1]?.balance ?? 0
    fc.pre(balance > 0)
    return {
      type: 'PrincipalChange',
      afterInstallment: k,
      value: minor(Math.max(1, Math.floor(balance * share))),
      mode,
    } as const
  }

  it('in ShortenTerm never lengthens the loan and never raises the installment', () => {
    fc.assert(
      fc.property(overpaid, ([terms, k, share]) => {
        const plain = scheduleOf(terms)
        const shorter = scheduleOf(terms, [overpayment(terms, k, share, 'ShortenTerm')])
        expect(shorter.rows.length).toBeLessThanOrEqual(plain.rows.length)
        expect(shorter.totals.interest).toBeLessThanOrEqual(plain.totals.interest)
        // On actual/365 the installment follows the month's days (README.md), so only Monthly loans keep it exactly.
        // The last installment absorbs every rounding difference (the loan's own last one may exceed the regular
        // one by the grosze its rounding gathered over the term), so it is held to the loan's own last one.
        if (terms.paymentType === 'Constant' && terms.dayCount === undefined) {
          const regular = plain.rows[k]?.payment ?? 0
          for (const row of shorter.rows.slice(k, -1)) expect(row.payment).toBeLessThanOrEqual(regular)
          expect(shorter.rows.at(-1)?.payment ?? 0).toBeLessThanOrEqual(
            Math.max(regular, plain.rows.at(-1)?.payment ?? 0),
          )
        }
      }),
      { numRuns: 100 },
    )
  }, 60_000)

  it('in LowerInstallment keeps the end date', () => {
    fc.assert(
      fc.property(overpaid, ([terms, k, share]) => {
        const plain = scheduleOf(terms)
        const lower = scheduleOf(terms, [overpayment(terms, k, share, 'LowerInstallment')])
        expect(lower.rows.at(-1)?.date).toBe(plain.rows.at(-1)?.date)
        expect(lower.totals.interest).toBeLessThanOrEqual(plain.totals.interest)
      }),
      { numRuns: 100 },
    )
  }, 60_000)
})

describe('a 0 % loan', () => {
  const interestFree = fc.record({
    principal: fc.integer({ min: 1, max: 100_000_000 }),
    installments: fc.integer({ min: 1, max: 480 }),
  })

  it('Constant: equal parts except the last, which takes the remainder; no interest', () => {
    fc.assert(
      fc.property(interestFree, ({ principal, installments }) => {
        const { rows, totals } = scheduleOf(
          terms({
            principal,
            installments,
            annualRate: '0',
            paymentType: 'Constant',
            firstPaymentDate: '2025-03-31',
          }),
        )
        expect(totals.interest).toBe(0)
        expect(new Set(rows.slice(0, -1).map((row) => row.payment)).size).toBeLessThanOrEqual(1)
        expect(sum(rows.map((row) => row.payment))).toBe(principal)
      }),
    )
  }, 60_000)

  it('Decreasing: balance / remaining installments, parts within one grosz of each other', () => {
    fc.assert(
      fc.property(interestFree, ({ principal, installments }) => {
        const { rows } = scheduleOf(
          terms({
            principal,
            installments,
            annualRate: '0',
            paymentType: 'Decreasing',
            firstPaymentDate: '2025-03-31',
          }),
        )
        const parts = rows.map((row) => row.payment)
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1)
        expect(sum(parts)).toBe(principal)
      }),
    )
  }, 60_000)
})

describe('the annuity installment', () => {
  it('in fixed point equals the exact rational one, rounded half-up', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_000_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.integer({ min: 1, max: 1_200 }),
        (balance, rate, count) => {
          expect(annuityInstallment(balance, rate, count)).toBe(exactAnnuityInstallment(balance, rate, count))
        },
      ),
      { numRuns: 300 },
    )
  }, 60_000)
})
