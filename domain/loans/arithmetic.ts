import * as Result from 'effect/Result'
import type { LoanError } from '../../schemas/loans.ts'

// Exact loan arithmetic on BigInt (README.md in this folder): a balance of 10^13 grosz times a rate in 10^-4 percent
// is ~10^19, past a double's exact integers, so no product here is ever a Number.

/** A rate as an integer count of 10^-4 percent: "3.3" → 33 000n, "100" → 1 000 000n. */
export type RateUnits = bigint

/** 100 % in rate units; a rate as a fraction of one is units / RATE_ONE. */
const RATE_ONE = 1_000_000n
/** The monthly rate's denominator: annual rate / 12. */
const MONTHLY = 12n * RATE_ONE
/** Actual/365: interest for `days` days is balance × rate × days / 365. */
const YEAR_DAYS = 365n * RATE_ONE
const maxDecimals = 4

const rateForm = /^(\d+)(?:\.(\d+))?$/u

/**
 * "3.3" → 33 000n; refuses a rate past 100 % or with more than 4 decimals (trailing zeros count as written: "3.30000"
 * is refused too, since the bank never writes it that way and the user sees exactly what was refused).
 */
export const parseAnnualRate = (
  annualRate: string,
  activityIndex?: number,
): Result.Result<RateUnits, LoanError> => {
  const where = activityIndex === undefined ? {} : { activityIndex }
  const match = rateForm.exec(annualRate)
  if (match === null)
    return Result.fail({ _tag: 'LoanRateOutOfRange', code: 'loan-rate-out-of-range', annualRate, ...where })
  const [, whole = '0', fraction = ''] = match
  if (fraction.length > maxDecimals)
    return Result.fail({ _tag: 'LoanRateTooPrecise', code: 'loan-rate-too-precise', annualRate, ...where })
  const units = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(maxDecimals, '0'))
  if (units > RATE_ONE)
    return Result.fail({ _tag: 'LoanRateOutOfRange', code: 'loan-rate-out-of-range', annualRate, ...where })
  return Result.succeed(units)
}

/** numerator / denominator rounded half away from zero (half-up for the non-negative amounts of a schedule). */
export const roundHalfUp = (numerator: bigint, denominator: bigint): bigint => {
  if (numerator < 0n) return -roundHalfUp(-numerator, denominator)
  return (2n * numerator + denominator) / (2n * denominator)
}

/** A month's interest at annual rate / 12, to the grosz. */
export const monthlyInterest = (balance: bigint, rate: RateUnits): bigint =>
  roundHalfUp(balance * rate, MONTHLY)

/** Interest for `days` days at actual/365, to the grosz. */
export const interestForDays = (balance: bigint, rate: RateUnits, days: number): bigint =>
  roundHalfUp(balance * rate * BigInt(days), YEAR_DAYS)

/**
 * The annuity installment repaying `balance` in `count` monthly installments at annual rate / 12, rounded half-up:
 * B·r·q^n / (q^n − 1) with r = u / D and q = (D + u) / D, i.e. B·u·(D + u)^n / (D·((D + u)^n − D^n)), exact.
 * At 0 % it is balance / count.
 */
export const exactAnnuityInstallment = (balance: bigint, rate: RateUnits, count: number): bigint => {
  if (count <= 0) return balance
  if (rate === 0n) return roundHalfUp(balance, BigInt(count))
  const n = BigInt(count)
  const grown = (MONTHLY + rate) ** n
  return roundHalfUp(balance * rate * grown, MONTHLY * (grown - MONTHLY ** n))
}

/** Fixed-point one for the fast path: 2^256. */
const SHIFT = 256n
const ONE = 1n << SHIFT

/** floor(x^count × ONE) from below, and the most it can be below: x^n computed by squaring, each product floored. */
const powerFromBelow = (x: bigint, count: number): bigint => {
  let result = ONE
  let base = x
  for (let k = count; k > 0; k >>= 1) {
    if (k & 1) result = (result * base) >> SHIFT
    base = (base * base) >> SHIFT
  }
  return result
}

/**
 * The same installment as `exactAnnuityInstallment`, ~50× faster (≈5 µs instead of ≈0.27 ms for 360
 * installments): B·u / (D·(1 − v^n)) with v = D / (D + u) in 256-bit fixed point. v is floored and each floored
 * product of two under-estimates loses less than their errors plus one unit, so the computed v^n lies at most 2n
 * units below the true one (and never above). The installment grows with v^n, so both ends of that interval are
 * rounded and, when they agree, that is the exact answer; otherwise (the true value within ~10^-60 of a half
 * grosz) the exact rational decides. A Constant loan on actual/365 re-plans every month: this is its hot path.
 */
export const annuityInstallment = (balance: bigint, rate: RateUnits, count: number): bigint => {
  if (count <= 0) return balance
  if (rate === 0n) return roundHalfUp(balance, BigInt(count))
  const v = (MONTHLY << SHIFT) / (MONTHLY + rate)
  const low = powerFromBelow(v, count)
  const high = low + 2n * BigInt(count)
  const numerator = balance * rate * ONE
  const fromLow = roundHalfUp(numerator, MONTHLY * (ONE - low))
  if (high < ONE && fromLow === roundHalfUp(numerator, MONTHLY * (ONE - high))) return fromLow
  return exactAnnuityInstallment(balance, rate, count)
}

/** Rate units back to the percent text they came from ("3.3"), for explanations. */
export const rateText = (rate: RateUnits): string => {
  const whole = rate / 10_000n
  const fraction = (rate % 10_000n).toString().padStart(maxDecimals, '0').replace(/0+$/u, '')
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`
}
