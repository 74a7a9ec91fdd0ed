import * as Result from 'effect/Result'
import type {
  LoanActivity,
  LoanError,
  LoanPaymentType,
  LoanScheduleRow,
  LoanTerms,
} from '../../schemas/loans.ts'
import { type IsoDate, MAX_AMOUNT, type Minor } from '../../schemas/money.ts'
import { absurd } from '../absurd.ts'
import { daysBetween } from '../recurrence.ts'
import {
  annuityInstallment,
  interestForDays,
  monthlyInterest,
  parseAnnualRate,
  type RateUnits,
  rateText,
  roundHalfUp,
} from './arithmetic.ts'
import { dateInMonth, dayOf, monthIndexOf } from './calendar.ts'

// A loan's schedule from its terms and activities, in one pass over the installments (README.md in this folder).

/** The most installments a loan may be agreed for: 100 years. */
export const maxInstallments = 1200
/** The longest a schedule may grow through holidays, deferrals and re-plans. */
export const maxScheduleRows = 2 * maxInstallments

/** Why a row pays what it pays: a regular installment, a suspended one (credit holidays), a deferred one. */
export type LoanRowKind = 'Regular' | 'Suspended' | 'Deferred'

/** How a row's interest was counted, so the app can explain it ("825,00 = 300 000,00 × 3,3 % / 12"). */
export interface LoanRowNote {
  readonly number: number
  readonly kind: LoanRowKind
  /** The balance the interest was counted on. */
  readonly balanceBefore: Minor
  /** The annual rate in percent, as written ("3.3"). */
  readonly annualRate: string
  /** Actual/365 loans: the days counted (since the previous installment or the disbursement); else null. */
  readonly days: number | null
}

/** The bank said the balance after `afterInstallment` is `actual`; the schedule had `expected`. */
export interface LoanReconciliation {
  readonly activityIndex: number
  readonly afterInstallment: number
  readonly expected: Minor
  readonly actual: Minor
  /** actual − expected: positive when the bank says more is owed. */
  readonly difference: Minor
}

/** What was actually paid (Payment) or charged as interest (InterestPaid) for an installment, beside what was due. */
export interface LoanPaidRecord {
  readonly activityIndex: number
  readonly type: 'Payment' | 'InterestPaid'
  readonly installment: number
  readonly value: Minor
  /** The row's payment (Payment) or interest (InterestPaid). */
  readonly due: Minor
  /** value − due. */
  readonly difference: Minor
}

export interface LoanTotals {
  readonly payments: Minor
  readonly principal: Minor
  readonly interest: Minor
  readonly overpayments: Minor
  /** Rows that pay an installment (neither suspended nor deferred). */
  readonly installments: number
}

export interface LoanSchedule {
  readonly rows: readonly LoanScheduleRow[]
  /** One per row, in the same order. */
  readonly notes: readonly LoanRowNote[]
  readonly reconciliations: readonly LoanReconciliation[]
  readonly paid: readonly LoanPaidRecord[]
  readonly totals: LoanTotals
}

/** The plan in force while the pass walks the installments. */
interface Cursor {
  balance: bigint
  rate: RateUnits
  /** The rate as the notes show it, kept beside `rate` (formatted once per rate, not once per row). */
  rateText: string
  type: LoanPaymentType
  day: number
  /** The planned number of the last installment. */
  last: number
  /** Constant: the regular installment; recomputed lazily when `stale`. */
  installment: bigint
  stale: boolean
  /** Actual/365: the date interest runs from; null for Monthly loans. */
  accruedFrom: IsoDate | null
  readonly suspended: Set<number>
  readonly deferred: Set<number>
}

// The cast brands an integer the pass keeps inside ±MAX_AMOUNT × rows: a safe integer.
const minor = (value: bigint): Minor => Number(value) as Minor

/** Where an activity acts: before installment j (2j) or right after installment k (2k + 1); records: after all. */
const positionOf = (activity: LoanActivity): number => {
  switch (activity.type) {
    case 'PrincipalChange':
    case 'Reconcile':
      return 2 * activity.afterInstallment + 1
    case 'SkippedPayment':
      return 2 * activity.installment
    case 'Payment':
    case 'InterestPaid':
      return Number.POSITIVE_INFINITY
    case 'InterestRateChange':
    case 'TargetDateChange':
    case 'PaymentTypeChange':
    case 'PaymentDayChange':
    case 'SkipPayments':
      return 2 * activity.fromInstallment
    default:
      return absurd(activity)
  }
}

/** The installment an activity names, for its out-of-range refusal. */
const installmentOf = (activity: LoanActivity): number => {
  switch (activity.type) {
    case 'PrincipalChange':
    case 'Reconcile':
      return activity.afterInstallment
    case 'SkippedPayment':
    case 'Payment':
    case 'InterestPaid':
      return activity.installment
    case 'InterestRateChange':
    case 'TargetDateChange':
    case 'PaymentTypeChange':
    case 'PaymentDayChange':
    case 'SkipPayments':
      return activity.fromInstallment
    default:
      return absurd(activity)
  }
}

/**
 * At one position, holidays first (so a re-plan counts them), then the day, the type and the rate, then the target
 * date (which wins over the extension a holiday brings); after an installment, overpayments before reconciliations.
 */
const phaseOf: Record<LoanActivity['type'], number> = {
  SkipPayments: 0,
  SkippedPayment: 1,
  PaymentDayChange: 2,
  PaymentTypeChange: 3,
  InterestRateChange: 4,
  TargetDateChange: 5,
  PrincipalChange: 6,
  Reconcile: 7,
  Payment: 8,
  InterestPaid: 9,
}

interface Placed {
  readonly activity: LoanActivity
  readonly index: number
  readonly position: number
}

const outOfRange = (placed: Placed, lastInstallment: number): LoanError => ({
  _tag: 'LoanActivityOutOfRange',
  code: 'loan-activity-out-of-range',
  activityIndex: placed.index,
  installment: installmentOf(placed.activity),
  lastInstallment,
})

const valueInvalid = (index: number, value: number): LoanError => ({
  _tag: 'LoanActivityValueInvalid',
  code: 'loan-activity-value-invalid',
  activityIndex: index,
  value,
})

/** The terms' own rules: principal, installments, rate, and the disbursement date an Actual365 loan needs. */
export const checkTerms = (terms: LoanTerms): Result.Result<RateUnits, LoanError> => {
  if (terms.principal <= 0 || terms.principal > MAX_AMOUNT)
    return Result.fail({
      _tag: 'LoanPrincipalOutOfRange',
      code: 'loan-principal-out-of-range',
      principal: terms.principal,
      maximum: MAX_AMOUNT,
    })
  if (terms.installments <= 0 || terms.installments > maxInstallments)
    return Result.fail({
      _tag: 'LoanInstallmentsOutOfRange',
      code: 'loan-installments-out-of-range',
      installments: terms.installments,
      maximum: maxInstallments,
    })
  const rate = parseAnnualRate(terms.annualRate)
  if (Result.isFailure(rate)) return rate
  if (terms.dayCount === 'Actual365' && terms.disbursementDate === undefined)
    return Result.fail({
      _tag: 'LoanDisbursementDateInvalid',
      code: 'loan-disbursement-date-invalid',
      reason: 'Missing',
    })
  if (terms.disbursementDate !== undefined && terms.disbursementDate >= terms.firstPaymentDate)
    return Result.fail({
      _tag: 'LoanDisbursementDateInvalid',
      code: 'loan-disbursement-date-invalid',
      reason: 'NotBeforeFirstPayment',
    })
  return rate
}

/**
 * The schedule of `terms` with `activities` applied (in the order of the installments they name; at one position,
 * in the order of `phaseOf`, then as given), or the first refusal.
 */
export const loanSchedule = (
  terms: LoanTerms,
  activities: readonly LoanActivity[] = [],
): Result.Result<LoanSchedule, LoanError> => {
  const initialRate = checkTerms(terms)
  if (Result.isFailure(initialRate)) return Result.fail(initialRate.failure)
  const actual365 = terms.dayCount === 'Actual365'
  const firstMonth = monthIndexOf(terms.firstPaymentDate)
  const c: Cursor = {
    balance: BigInt(terms.principal),
    rate: initialRate.success,
    rateText: rateText(initialRate.success),
    type: terms.paymentType,
    day: dayOf(terms.firstPaymentDate),
    last: terms.installments,
    installment: 0n,
    stale: true,
    accruedFrom: actual365 ? (terms.disbursementDate ?? null) : null,
    suspended: new Set(),
    deferred: new Set(),
  }
  const dateOf = (number: number, day = c.day) => dateInMonth(firstMonth + number - 1, day)
  const interestOf = (balance: bigint, date: IsoDate, from: IsoDate | null): bigint =>
    from === null
      ? monthlyInterest(balance, c.rate)
      : interestForDays(balance, c.rate, daysBetween(from, date))
  /** Installments in [from, to] that pay (neither suspended nor deferred). */
  const paying = (from: number, to: number): number => {
    let count = to - from + 1
    for (const set of [c.suspended, c.deferred]) for (const n of set) if (n >= from && n <= to) count--
    return count
  }
  /** The installment by which `count` paying installments from `from` on are done. */
  const lastAfter = (from: number, count: number): number => {
    let number = from - 1
    for (let found = 0; found < count; ) {
      number++
      if (!c.suspended.has(number) && !c.deferred.has(number)) found++
    }
    return number
  }
  const refresh = (from: number) => {
    if (!c.stale) return
    c.stale = false
    if (c.type === 'Constant') c.installment = annuityInstallment(c.balance, c.rate, paying(from, c.last))
  }
  /** ShortenTerm for a Constant loan: the installment stays; where does the balance run out from `from` on? */
  const constantEnd = (from: number): number => {
    let balance = c.balance
    let accruedFrom = c.accruedFrom
    for (let number = from; number < c.last; number++) {
      const date = dateOf(number)
      if (c.suspended.has(number) || c.deferred.has(number)) {
        accruedFrom = accruedFrom === null ? null : date
        continue
      }
      const principal = c.installment - interestOf(balance, date, accruedFrom)
      if (principal >= balance) return number
      balance -= principal
      accruedFrom = accruedFrom === null ? null : date
    }
    return c.last
  }

  const rows: LoanScheduleRow[] = []
  const notes: LoanRowNote[] = []
  const reconciliations: LoanReconciliation[] = []

  /** Applies one activity at its position; a refusal ends the pass. */
  const apply = (placed: Placed, number: number): LoanError | undefined => {
    const { activity, index } = placed
    switch (activity.type) {
      case 'SkipPayments': {
        if (activity.count < 1 || activity.count > maxInstallments) return valueInvalid(index, activity.count)
        let added = 0
        for (let n = number; n < number + activity.count; n++)
          if (!c.suspended.has(n)) {
            c.suspended.add(n)
            added++
          }
        c.last += added
        return c.last > maxScheduleRows ? valueInvalid(index, activity.count) : undefined
      }
      case 'SkippedPayment': {
        // A deferral of an installment the holidays already suspend changes nothing: nothing is due to defer.
        if (c.suspended.has(number) || c.deferred.has(number)) return undefined
        c.deferred.add(number)
        c.last += 1
        c.stale = true
        return c.last > maxScheduleRows ? valueInvalid(index, number) : undefined
      }
      case 'PaymentDayChange':
        c.day = activity.paymentDay
        return undefined
      case 'PaymentTypeChange':
        c.type = activity.paymentType
        c.stale = true
        return undefined
      case 'InterestRateChange': {
        const rate = parseAnnualRate(activity.annualRate, index)
        if (Result.isFailure(rate)) return rate.failure
        c.rate = rate.success
        c.rateText = rateText(rate.success)
        c.stale = true
        return undefined
      }
      case 'TargetDateChange': {
        const fromDate = dateOf(number)
        const last = number + monthIndexOf(activity.targetDate) - monthIndexOf(fromDate)
        if (last < number || last > maxScheduleRows || c.suspended.has(last) || paying(number, last) < 1)
          return {
            _tag: 'LoanTargetDateOutOfRange',
            code: 'loan-target-date-out-of-range',
            activityIndex: index,
            targetDate: activity.targetDate,
            fromDate,
          }
        c.last = last
        c.stale = true
        return undefined
      }
      case 'PrincipalChange': {
        if (activity.value <= 0) return valueInvalid(index, activity.value)
        if (BigInt(activity.value) > c.balance)
          return {
            _tag: 'LoanOverpaymentExceedsBalance',
            code: 'loan-overpayment-exceeds-balance',
            activityIndex: index,
            value: activity.value,
            balance: minor(c.balance),
          }
        const before = c.balance
        c.balance -= BigInt(activity.value)
        const row = rows[number - 1]
        if (row !== undefined)
          rows[number - 1] = {
            ...row,
            overpayment: minor(BigInt(row.overpayment) + BigInt(activity.value)),
            balance: minor(c.balance),
          }
        if (c.balance === 0n || activity.mode === 'LowerInstallment') {
          c.stale = true
          return undefined
        }
        // ShortenTerm: keep the installment (Constant) or the principal part (Decreasing); never lengthen.
        const remaining = paying(number + 1, c.last)
        if (remaining < 1) {
          c.stale = true
          return undefined
        }
        if (c.type === 'Constant') {
          refresh(number + 1)
          c.last = constantEnd(number + 1)
        } else {
          // At least a grosz: a balance of a few grosze over many installments rounds its part to 0.
          const part = roundHalfUp(before, BigInt(remaining)) || 1n
          const needed = (c.balance + part - 1n) / part
          c.last = lastAfter(number + 1, Math.min(remaining, Number(needed)))
        }
        return undefined
      }
      case 'Reconcile': {
        if (activity.balance < 0 || activity.balance > MAX_AMOUNT)
          return valueInvalid(index, activity.balance)
        const expected = c.balance
        c.balance = BigInt(activity.balance)
        reconciliations.push({
          activityIndex: index,
          afterInstallment: number,
          expected: minor(expected),
          actual: activity.balance,
          difference: minor(c.balance - expected),
        })
        const row = rows[number - 1]
        if (row !== undefined) rows[number - 1] = { ...row, balance: activity.balance }
        c.stale = true
        return undefined
      }
      case 'Payment':
      case 'InterestPaid':
        return undefined
      default:
        return absurd(activity)
    }
  }

  const placed: Placed[] = activities
    .map((activity, index) => ({ activity, index, position: positionOf(activity) }))
    .sort(
      (a, b) =>
        a.position - b.position || phaseOf[a.activity.type] - phaseOf[b.activity.type] || a.index - b.index,
    )
  const early = placed.find((p) => installmentOf(p.activity) < 1)
  if (early !== undefined) return Result.fail(outOfRange(early, c.last))

  let next = 0
  const applyAt = (position: number, number: number): LoanError | undefined => {
    for (let p = placed[next]; p !== undefined && p.position === position; p = placed[++next]) {
      const refused = apply(p, number)
      if (refused !== undefined) return refused
    }
    return undefined
  }

  for (let number = 1; number <= c.last; number++) {
    const refusedBefore = applyAt(2 * number, number)
    if (refusedBefore !== undefined) return Result.fail(refusedBefore)
    const date = dateOf(number)
    const before = c.balance
    let interest = 0n
    let principal = 0n
    let kind: LoanRowKind = 'Regular'
    let days: number | null = null
    if (c.suspended.has(number)) {
      // Credit holidays: nothing is due and no interest accrues for the suspended month.
      kind = 'Suspended'
    } else {
      days = c.accruedFrom === null ? null : daysBetween(c.accruedFrom, date)
      interest = interestOf(c.balance, date, c.accruedFrom)
      if (c.deferred.has(number)) {
        // A deferred installment: its interest is added to the balance (shown as a negative principal part).
        kind = 'Deferred'
        principal = -interest
      } else {
        // Actual/365: months differ in days (and the first runs from the disbursement), so a fixed installment
        // would end the loan early or leave a large last one; it is recomputed every month to keep the end date.
        if (c.accruedFrom !== null) c.stale = true
        refresh(number)
        principal =
          c.type === 'Constant'
            ? c.installment - interest
            : roundHalfUp(c.balance, BigInt(paying(number, c.last)))
        // The last installment takes what is left: every rounding difference ends here.
        if (number === c.last || principal >= c.balance) {
          principal = c.balance
          c.last = number
        }
      }
      c.balance -= principal
    }
    if (c.accruedFrom !== null) c.accruedFrom = date
    const payment = kind === 'Regular' ? principal + interest : 0n
    rows.push({
      number,
      date,
      payment: minor(payment),
      principal: minor(principal),
      interest: minor(interest),
      overpayment: minor(0n),
      balance: minor(c.balance),
    })
    notes.push({ number, kind, balanceBefore: minor(before), annualRate: c.rateText, days })
    const refusedAfter = applyAt(2 * number + 1, number)
    if (refusedAfter !== undefined) return Result.fail(refusedAfter)
    if (c.balance === 0n) break
    // Something is still owed after the planned end (a reconciliation said so): one more installment takes it.
    if (number >= c.last) {
      c.last = number + 1
      c.stale = true
      if (c.last > maxScheduleRows) return Result.fail(valueInvalid(placed[next - 1]?.index ?? 0, number))
    }
  }

  const left = placed[next]
  if (left !== undefined && left.position !== Number.POSITIVE_INFINITY)
    return Result.fail(outOfRange(left, rows.length))

  const paid: LoanPaidRecord[] = []
  for (const p of placed.slice(next)) {
    const { activity, index } = p
    if (activity.type !== 'Payment' && activity.type !== 'InterestPaid') continue
    const row = rows[activity.installment - 1]
    if (row === undefined) return Result.fail(outOfRange(p, rows.length))
    if (activity.value < 0 || activity.value > MAX_AMOUNT)
      return Result.fail(valueInvalid(index, activity.value))
    const due = activity.type === 'Payment' ? row.payment : row.interest
    paid.push({
      activityIndex: index,
      type: activity.type,
      installment: activity.installment,
      value: activity.value,
      due,
      difference: minor(BigInt(activity.value) - BigInt(due)),
    })
  }
  paid.sort((a, b) => a.installment - b.installment || a.activityIndex - b.activityIndex)

  return Result.succeed({ rows, notes, reconciliations, paid, totals: totalsOf(rows, notes) })
}

const totalsOf = (rows: readonly LoanScheduleRow[], notes: readonly LoanRowNote[]): LoanTotals => {
  let payments = 0n
  let principal = 0n
  let interest = 0n
  let overpayments = 0n
  for (const row of rows) {
    payments += BigInt(row.payment)
    principal += BigInt(row.principal)
    interest += BigInt(row.interest)
    overpayments += BigInt(row.overpayment)
  }
  return {
    payments: minor(payments),
    principal: minor(principal),
    interest: minor(interest),
    overpayments: minor(overpayments),
    installments: notes.filter((note) => note.kind === 'Regular').length,
  }
}
