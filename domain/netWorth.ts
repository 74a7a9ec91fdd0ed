import type { BankAccountId } from '../schemas/ids.ts'
import type { PeriodKey } from '../schemas/money.ts'
import type { NetWorthPeriod } from '../schemas/statistics.ts'
import { servedMinor } from './monthView.ts'
import { periodRange } from './period.ts'

// Issue 31 §1 "net worth over time": each account's balance at the end of each month of a range and their sum.
// Pure: the server reads the per-account month nets (`account_months`, opening balances included) and hands them
// here (docs/statistics.md).

/** An account's net flow in one month: opening balance, transactions and transfers dated in it. */
export interface AccountMonthNet {
  readonly bankAccountId: BankAccountId
  readonly period: PeriodKey
  readonly net: number
}

export interface NetWorthRange {
  readonly fromPeriod: PeriodKey
  readonly toPeriod: PeriodKey
}

/**
 * The range's months, each with every listed account's balance at its end — the sum of the account's nets of that
 * month and every month before it, the range's start included — and their sum. Nets after the range and of accounts
 * not listed are ignored; several nets of one account and month add up.
 */
export const foldNetWorth = (
  range: NetWorthRange,
  accounts: readonly BankAccountId[],
  months: Iterable<AccountMonthNet>,
): NetWorthPeriod[] => {
  const balances = new Map<BankAccountId, number>(accounts.map((account) => [account, 0]))
  // Each account once, however often it was named.
  const listedIds = [...balances.keys()]
  /** Nets inside the range, by month then account. */
  const inRange = new Map<PeriodKey, Map<BankAccountId, number>>()
  for (const month of months) {
    const before = balances.get(month.bankAccountId)
    if (before === undefined || month.period > range.toPeriod) continue
    if (month.period < range.fromPeriod) {
      balances.set(month.bankAccountId, before + month.net)
      continue
    }
    const nets = inRange.get(month.period) ?? new Map<BankAccountId, number>()
    nets.set(month.bankAccountId, (nets.get(month.bankAccountId) ?? 0) + month.net)
    inRange.set(month.period, nets)
  }
  return periodRange(range.fromPeriod, range.toPeriod).map((key) => {
    const nets = inRange.get(key)
    let netWorth = 0
    const listed = listedIds.map((bankAccountId) => {
      const balance = (balances.get(bankAccountId) ?? 0) + (nets?.get(bankAccountId) ?? 0)
      balances.set(bankAccountId, balance)
      netWorth += balance
      return { bankAccountId, balance: servedMinor(balance) }
    })
    return { key, netWorth: servedMinor(netWorth), accounts: listed }
  })
}
