import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FiguresPeriod, NetWorthPeriod } from '../../../machines/statistics/index.ts'
import {
  averageOf,
  budgetRows,
  budgetTotal,
  defaultTrendSubject,
  firstActiveMonth,
  medianOf,
  netWorthRows,
  roundHalfUp,
  trendRows,
  trendStats,
} from '../../../machines/statistics/statistics.figures.ts'
import { BankAccountId, CategoryId } from '../../../schemas/ids.ts'
import { Minor } from '../../../schemas/money.ts'
import { infoOf, p } from './categories.ts'

// Issue 31 §1, second slice: trends (12-month average and median), budget vs actual, net worth.

/** A month where rent and food spent (and were assigned) the given amounts, and salary came in. */
const month = (
  key: string,
  spent: { rent: number; food: number },
  assigned: { rent: number; food: number } = { rent: 0, food: 0 },
  salary = 0,
): FiguresPeriod => ({
  key,
  income: Minor.make(salary),
  spending: Minor.make(-(spent.rent + spent.food)),
  categories: [
    {
      categoryId: CategoryId.make('rent'),
      activity: Minor.make(-spent.rent),
      assigned: Minor.make(assigned.rent),
    },
    {
      categoryId: CategoryId.make('food'),
      activity: Minor.make(-spent.food),
      assigned: Minor.make(assigned.food),
    },
    { categoryId: CategoryId.make('salary'), activity: Minor.make(salary), assigned: Minor.make(0) },
  ],
  spendingClasses: [
    { spendingClass: 'Housing', activity: Minor.make(-spent.rent) },
    { spendingClass: 'Food', activity: Minor.make(-spent.food) },
  ],
})

describe('average and median', () => {
  it('given an even count, when the median is taken, then it is the mean of the two middle values, half-up', () => {
    expect(medianOf([4, 1, 3, 2])).toBe(3) // (2 + 3) / 2 = 2.5 → 3
    expect(medianOf([-3, -2])).toBe(-2) // −2.5 → −2: half-up goes towards +∞
    expect(medianOf([5, 1, 3])).toBe(3)
    expect(medianOf([])).toBeNull()
    expect(averageOf([1, 2])).toBe(2) // 1.5 → 2
    expect(averageOf([1, 1, 2])).toBe(1) // 1.33 → 1
    expect(averageOf([])).toBeNull()
    expect(roundHalfUp(-0.5)).toBe(0)
  })

  it('property: the median lies between the smallest and largest value and is a whole number of grosze', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { minLength: 1, maxLength: 24 }),
        (values) => {
          const median = medianOf(values) ?? Number.NaN
          expect(Number.isInteger(median)).toBe(true)
          expect(median).toBeGreaterThanOrEqual(Math.min(...values))
          expect(median).toBeLessThanOrEqual(Math.max(...values))
          // As many values lie at or below it as at or above it.
          expect(values.filter((value) => value <= median).length * 2).toBeGreaterThanOrEqual(values.length)
          expect(values.filter((value) => value >= median).length * 2).toBeGreaterThanOrEqual(values.length)
        },
      ),
    )
  })

  it('property: the average is within half a grosz of the exact mean and does not depend on order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { minLength: 1, maxLength: 24 }),
        (values) => {
          const exact = values.reduce((sum, value) => sum + value, 0) / values.length
          const average = averageOf(values) ?? Number.NaN
          expect(Number.isInteger(average)).toBe(true)
          expect(average - exact).toBeGreaterThan(-0.5 - 1e-9)
          expect(average - exact).toBeLessThanOrEqual(0.5 + 1e-9)
          expect(averageOf([...values].reverse())).toBe(average)
          expect(medianOf([...values].reverse())).toBe(medianOf(values))
        },
      ),
    )
  })
})

describe('trends', () => {
  const months = [
    month('202501', { rent: 100, food: 10 }),
    month('202512', { rent: 300, food: 40 }),
    month('202601', { rent: 300, food: 20 }),
    month('202602', { rent: 300, food: -5 }),
  ]

  it('given a category, when its trend is shaped, then 24 months end at the chosen one, missing months at zero', () => {
    const rows = trendRows(months, p('202602'), CategoryId.make('food'))
    expect(rows).toHaveLength(24)
    expect(rows[0]).toEqual({ month: '202403', spent: 0 })
    expect(rows.slice(-3)).toEqual([
      { month: '202512', spent: 40 },
      { month: '202601', spent: 20 },
      // A refund larger than the month's spending: negative spending, as the month view shows it.
      { month: '202602', spent: -5 },
    ])
    // The last 12 months: 40, 20, −5 and nine zeros → mean 55 / 12 = 4.58 → 5; median of zeros → 0.
    expect(trendStats(rows)).toEqual({ average: 5, median: 0 })
  })

  it('given a spending class, when its trend is shaped, then it follows the class, not a category', () => {
    const rows = trendRows(months, p('202602'), 'Housing')
    expect(rows.slice(-2).map((row) => row.spent)).toEqual([300, 300])
    // 202501 is 14 months back: in the chart, outside the average's 12 months.
    expect(rows.find((row) => row.month === '202501')?.spent).toBe(100)
    expect(trendStats(rows)).toEqual({ average: 75, median: 0 })
  })

  it('given a budget whose figures start two months back, when a trend is summed up, then earlier months do not count', () => {
    const rows = trendRows(months, p('202602'), 'Housing')
    expect(trendStats(rows, p('202601'))).toEqual({ average: 300, median: 300 })
    expect(trendStats(rows, p('202701'))).toEqual({ average: null, median: null })
    expect(firstActiveMonth(months)).toBe(
      months
        .filter((m) => m.income !== 0 || m.spending !== 0)
        .map((m) => m.key)
        .sort()[0],
    )
  })

  it('given spending, when the report opens without a subject, then it follows the most spent category', () => {
    expect(defaultTrendSubject(months, p('202602'), infoOf)).toBe('rent')
    expect(defaultTrendSubject([], p('202602'), infoOf)).toBeNull()
  })
})

describe('budget vs actual', () => {
  it('given a month, when compared, then each category has assigned, spent and the difference; income left out', () => {
    const months = [month('202602', { rent: 300, food: 120 }, { rent: 300, food: 100 }, 1000)]
    const rows = budgetRows(months, 'Month', p('202602'), infoOf)
    expect(rows).toEqual([
      { categoryId: 'rent', assigned: 300, spent: 300, difference: 0 },
      { categoryId: 'food', assigned: 100, spent: 120, difference: -20 },
    ])
    expect(budgetTotal(rows)).toEqual({ assigned: 400, spent: 420, difference: -20 })
  })

  it('given a year, when compared, then its months add up and a category with nothing is left out', () => {
    const months = [
      month('202601', { rent: 300, food: 0 }, { rent: 300, food: 0 }),
      month('202612', { rent: 300, food: 0 }, { rent: 350, food: 0 }),
      month('202512', { rent: 999, food: 999 }, { rent: 999, food: 999 }),
    ]
    expect(budgetRows(months, 'Year', p('202605'), infoOf)).toEqual([
      { categoryId: 'rent', assigned: 650, spent: 600, difference: 50 },
    ])
  })

  it('property: the totals are the sums of the rows and difference = assigned − spent', () => {
    const amount = fc.integer({ min: -1_000_000, max: 1_000_000 })
    fc.assert(
      fc.property(amount, amount, amount, amount, (rent, food, rentAssigned, foodAssigned) => {
        const rows = budgetRows(
          [month('202602', { rent, food }, { rent: rentAssigned, food: foodAssigned })],
          'Month',
          p('202602'),
          infoOf,
        )
        const total = budgetTotal(rows)
        expect(total.assigned).toBe(rows.reduce((sum, row) => sum + row.assigned, 0))
        expect(total.spent).toBe(rows.reduce((sum, row) => sum + row.spent, 0))
        expect(total.difference).toBe(total.assigned - total.spent)
        for (const row of rows) expect(row.difference).toBe(row.assigned - row.spent)
      }),
    )
  })
})

describe('net worth', () => {
  const period = (key: string, balances: ReadonlyArray<number>): NetWorthPeriod => ({
    key: p(key),
    netWorth: Minor.make(balances.reduce((sum, value) => sum + value, 0)),
    accounts: balances.map((balance, index) => ({
      bankAccountId: BankAccountId.make(`account-${index}`),
      balance: Minor.make(balance),
    })),
  })

  it('given balances, when shaped, then 24 months end at the chosen one, each with its change', () => {
    const rows = netWorthRows([period('202601', [1000, -300]), period('202602', [1200, -250])], p('202602'))
    expect(rows).toHaveLength(24)
    expect(rows[0]).toEqual({ month: '202403', netWorth: 0, change: null })
    expect(rows.slice(-2)).toEqual([
      { month: '202601', netWorth: 700, change: 700 },
      { month: '202602', netWorth: 950, change: 250 },
    ])
  })
})
