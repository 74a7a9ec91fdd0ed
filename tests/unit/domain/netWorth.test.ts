import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type AccountMonthNet, foldNetWorth, type NetWorthRange } from '../../../domain/netWorth.ts'
import { addMonths, monthsBetween, periodRange } from '../../../domain/period.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { PeriodKey } from '../../../schemas/money.ts'

const p = (key: string) => PeriodKey.make(key)
const a = (key: string) => BankAccountId.make(key)
const net = (account: string, period: string, value: number): AccountMonthNet => ({
  bankAccountId: a(account),
  period: p(period),
  net: value,
})

describe('net worth', () => {
  const range: NetWorthRange = { fromPeriod: p('202601'), toPeriod: p('202603') }

  it("carries every month before the range into each account's balance, and adds each month's net", () => {
    const periods = foldNetWorth(
      range,
      [a('checking'), a('savings')],
      [
        // Opened in 2025 with 1 000,00; months before the range count.
        net('checking', '202503', 1_000_00),
        net('checking', '202512', -200_00),
        net('checking', '202602', 50_00),
        // A transfer: -300 on one account, +300 on the other, in one month.
        net('checking', '202603', -300_00),
        net('savings', '202603', 300_00),
        // After the range: ignored.
        net('savings', '202604', 1),
      ],
    )
    expect(
      periods.map((period) => [period.key, period.netWorth, period.accounts.map((x) => x.balance)]),
    ).toEqual([
      ['202601', 800_00, [800_00, 0]],
      ['202602', 850_00, [850_00, 0]],
      ['202603', 850_00, [550_00, 300_00]],
    ])
  })

  it('lists every given account in every month, in the given order, 0 before its first net', () => {
    const periods = foldNetWorth(
      range,
      [a('b'), a('a'), a('b')],
      [net('a', '202602', 5), net('unlisted', '202601', 7)],
    )
    expect(periods.map((period) => period.accounts)).toEqual([
      [
        { bankAccountId: 'b', balance: 0 },
        { bankAccountId: 'a', balance: 0 },
      ],
      [
        { bankAccountId: 'b', balance: 0 },
        { bankAccountId: 'a', balance: 5 },
      ],
      [
        { bankAccountId: 'b', balance: 0 },
        { bankAccountId: 'a', balance: 5 },
      ],
    ])
    expect(periods.map((period) => period.netWorth)).toEqual([0, 5, 5])
  })

  it('answers a budget without accounts with zeros', () => {
    expect(foldNetWorth(range, [], [])).toEqual([
      { key: '202601', netWorth: 0, accounts: [] },
      { key: '202602', netWorth: 0, accounts: [] },
      { key: '202603', netWorth: 0, accounts: [] },
    ])
  })
})

// ── Properties ───────────────────────────────────────────────────────────────────────────────────────────────
const accountNames = ['a', 'b', 'c', 'd']
const start = fc.integer({ min: 2020 * 12, max: 2030 * 12 }).map((index) => addMonths(p('000001'), index))
const arbitraryRange = fc
  .record({ from: start, length: fc.nat({ max: 40 }) })
  .map(({ from, length }): NetWorthRange => ({ fromPeriod: from, toPeriod: addMonths(from, length) }))
const scenario = arbitraryRange.chain((range) =>
  fc.record({
    range: fc.constant(range),
    accounts: fc.uniqueArray(fc.constantFrom(...accountNames).map(a), { maxLength: 4 }),
    months: fc.array(
      fc.record({
        bankAccountId: fc.constantFrom(...accountNames, 'gone').map(a),
        period: fc
          .integer({ min: -30, max: monthsBetween(range.fromPeriod, range.toPeriod) + 3 })
          .map((offset) => addMonths(range.fromPeriod, offset)),
        net: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
      }),
      { maxLength: 60 },
    ),
  }),
)

describe('net worth properties', () => {
  it('answers one entry per month of the range, in order, each listing every account in order', () => {
    fc.assert(
      fc.property(scenario, ({ range, accounts, months }) => {
        const periods = foldNetWorth(range, accounts, months)
        expect(periods.map((period) => period.key)).toEqual(periodRange(range.fromPeriod, range.toPeriod))
        for (const period of periods)
          expect(period.accounts.map((entry) => entry.bankAccountId)).toEqual(accounts)
      }),
      { numRuns: 300 },
    )
  })

  it('net worth is the sum of the balances', () => {
    fc.assert(
      fc.property(scenario, ({ range, accounts, months }) => {
        for (const period of foldNetWorth(range, accounts, months))
          expect(period.netWorth).toBe(period.accounts.reduce((sum, entry) => sum + entry.balance, 0))
      }),
      { numRuns: 300 },
    )
  })

  it("a month's balance is the previous month's plus the month's net; the first is every net up to it", () => {
    fc.assert(
      fc.property(scenario, ({ range, accounts, months }) => {
        const netOf = (account: BankAccountId, test: (period: PeriodKey) => boolean) =>
          months
            .filter((month) => month.bankAccountId === account && test(month.period))
            .reduce((sum, month) => sum + month.net, 0)
        const periods = foldNetWorth(range, accounts, months)
        periods.forEach((period, index) => {
          const previous = periods[index - 1]
          period.accounts.forEach((entry, position) => {
            const before =
              previous === undefined
                ? netOf(entry.bankAccountId, (month) => month < period.key)
                : (previous.accounts[position]?.balance ?? Number.NaN)
            expect(entry.balance).toBe(before + netOf(entry.bankAccountId, (month) => month === period.key))
          })
        })
      }),
      { numRuns: 300 },
    )
  })
})
