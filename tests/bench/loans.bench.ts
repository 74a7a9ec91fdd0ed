// Issue 32 §4: a 360-installment schedule with ten activities computes in ≤ 5 ms. Domain only: `loanSchedule` on a
// 300 000 zł, 30-year annuity with a rate reset, overpayments in both modes, a type, day and target-date change,
// credit holidays, a deferred installment and a reconciliation. Printed beside a baseline measured in the same run
// (the same loan without activities, and on actual/365, which re-plans every month), never asserted.
import { performance } from 'node:perf_hooks'
import * as Result from 'effect/Result'
import { loanSchedule } from '../../domain/loans/schedule.ts'
import type { LoanActivity, LoanTerms } from '../../schemas/loans.ts'
import { IsoDate, Minor } from '../../schemas/money.ts'

const runs = Number(process.env.BENCH_LOAN_RUNS ?? 2_000)

const terms: LoanTerms = {
  principal: Minor.make(30_000_000),
  annualRate: '7.5',
  installments: 360,
  paymentType: 'Constant',
  firstPaymentDate: IsoDate.make('2025-01-31'),
}

const actual365: LoanTerms = {
  ...terms,
  disbursementDate: IsoDate.make('2024-12-20'),
  dayCount: 'Actual365',
}

const activities: readonly LoanActivity[] = [
  { type: 'InterestRateChange', fromInstallment: 7, annualRate: '6.85' },
  { type: 'PrincipalChange', afterInstallment: 12, value: Minor.make(2_000_000), mode: 'ShortenTerm' },
  { type: 'SkipPayments', fromInstallment: 20, count: 4 },
  { type: 'PaymentDayChange', fromInstallment: 30, paymentDay: 10 },
  { type: 'PrincipalChange', afterInstallment: 36, value: Minor.make(1_500_000), mode: 'LowerInstallment' },
  { type: 'InterestRateChange', fromInstallment: 49, annualRate: '5.2' },
  { type: 'SkippedPayment', installment: 60 },
  { type: 'Reconcile', afterInstallment: 72, balance: Minor.make(22_000_000) },
  { type: 'PaymentTypeChange', fromInstallment: 100, paymentType: 'Decreasing' },
  { type: 'TargetDateChange', fromInstallment: 120, targetDate: IsoDate.make('2049-12-31') },
]

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

/** p50 and p95 of `runs` calls after as many warm-up calls; the rows of the last call. */
const measure = (loan: LoanTerms, list: readonly LoanActivity[]) => {
  const once = () => {
    const result = loanSchedule(loan, list)
    if (Result.isFailure(result)) throw new Error(`refused: ${JSON.stringify(result.failure)}`)
    return result.success.rows.length
  }
  for (let i = 0; i < runs; i++) once()
  const times: number[] = []
  let rows = 0
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    rows = once()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { rows, p50: percentile(times, 50), p95: percentile(times, 95) }
}

const line = (name: string, figures: { rows: number; p50: number; p95: number }) =>
  `${name}: ${figures.rows} rows, p50 ${figures.p50.toFixed(3)} ms, p95 ${figures.p95.toFixed(3)} ms`

export const run = async (): Promise<void> => {
  const withActivities = measure(terms, activities)
  const baseline = measure(terms, [])
  const daily = measure(actual365, activities)
  console.log(`${runs} runs each, after as many warm-up runs`)
  console.log(`${line('360 installments, 10 activities', withActivities)} (target ≤ 5 ms)`)
  console.log(`— baseline: ${line('the same annuity without activities', baseline)}`)
  console.log(`— ${line('the 10 activities on actual/365 (re-planned monthly)', daily)}`)
}
