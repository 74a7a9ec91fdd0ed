import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cashflowRows,
  cashflowTotal,
  isEmpty,
  periodsOf,
  rangeOf,
  spendingRows,
  topRow,
} from '../../../machines/statistics/statistics.figures.ts'
import { CategoryId } from '../../../schemas/ids.ts'
import { Minor } from '../../../schemas/money.ts'
import type { StatisticsPeriod } from '../../../schemas/statistics.ts'
import { infoOf, p } from './categories.ts'

const RENT = CategoryId.make('rent')
const FOOD = CategoryId.make('food')
const SALARY = CategoryId.make('salary')

const month = (key: string, rent: number, food: number, salary: number): StatisticsPeriod => ({
  key,
  income: Minor.make(salary),
  spending: Minor.make(-(rent + food)),
  categories: [
    { categoryId: RENT, activity: Minor.make(-rent), assigned: Minor.make(0) },
    { categoryId: FOOD, activity: Minor.make(-food), assigned: Minor.make(0) },
    { categoryId: SALARY, activity: Minor.make(salary), assigned: Minor.make(0) },
  ],
  spendingClasses: [
    { spendingClass: 'Housing', activity: Minor.make(-rent) },
    { spendingClass: 'Food', activity: Minor.make(-food) },
  ],
})

describe('statistics figures', () => {
  it('given a month, when ranged, then it reads the 24 months ending with it (a year ago and a trend included)', () => {
    expect(rangeOf('Month', p('202603'))).toEqual({ from: '202404', to: '202603' })
    expect(periodsOf('Month', p('202601'))).toEqual({
      current: ['202601'],
      previous: ['202512'],
      yearAgo: ['202501'],
    })
  })

  it('given a year named by any of its months, when ranged, then it reads that year and the one before', () => {
    expect(rangeOf('Year', p('202607'))).toEqual({ from: '202501', to: '202612' })
    expect(periodsOf('Year', p('202607')).current).toHaveLength(12)
  })

  it('given spending in two classes, when shaped by category, then shares and comparisons come out exact', () => {
    const months = [
      month('202502', 1000, 200, 0),
      month('202601', 3000, 500, 9000),
      month('202602', 3000, 1000, 9000),
    ]
    const rows = spendingRows(months, 'Month', p('202602'), 'category', infoOf)
    expect(rows).toEqual([
      { key: 'rent', spent: 3000, share: 0.75, previous: 3000, yearAgo: 1000 },
      { key: 'food', spent: 1000, share: 0.25, previous: 500, yearAgo: 200 },
    ])
    expect(topRow(rows)?.key).toBe('rent')
  })

  it('given a year, when shaped by class and by group, then the months add up and income is left out', () => {
    const months = [
      month('202601', 3000, 500, 9000),
      month('202612', 1000, 500, 9000),
      month('202501', 7, 0, 0),
    ]
    expect(spendingRows(months, 'Year', p('202601'), 'spendingClass', infoOf)).toEqual([
      { key: 'Housing', spent: 4000, share: 0.8, previous: 7, yearAgo: 7 },
      { key: 'Food', spent: 1000, share: 0.2, previous: 0, yearAgo: 0 },
    ])
    expect(spendingRows(months, 'Year', p('202601'), 'group', infoOf).map((row) => row.key)).toEqual([
      'home',
      'daily',
    ])
  })

  it('given nothing spent, when summarised, then no row is named and shares are unknown', () => {
    const rows = spendingRows([month('202602', 0, 0, 500)], 'Month', p('202602'), 'category', infoOf)
    expect(rows).toEqual([])
    expect(topRow(rows)).toBeNull()
    expect(isEmpty([month('202602', 0, 0, 0)])).toBe(true)
    expect(isEmpty([month('202602', 0, 0, 1)])).toBe(false)
  })

  it('given income and spending, when the cash flow is shaped, then 12 months end at the chosen one with the saving rate', () => {
    const rows = cashflowRows([month('202602', 3000, 1000, 10000)], p('202602'))
    expect(rows).toHaveLength(12)
    expect(rows[0]?.month).toBe('202503')
    expect(rows[11]).toEqual({ month: '202602', income: 10000, spent: 4000, saved: 6000, savingRate: 0.6 })
    expect(rows[10]?.savingRate).toBeNull()
    expect(cashflowTotal(rows)).toEqual({ income: 10000, spent: 4000, saved: 6000, savingRate: 0.6 })
  })

  it('given a category that took more in than it paid out, when shaped, then it has no share and the others sum to 1', () => {
    // A reconciliation that found 49,25 zł lands in "Bez kategorii" as an inflow (the newcomer saw −19,641 %).
    const found = { ...month('202602', 3000, 1000, 0) }
    const withInflow: StatisticsPeriod = {
      ...found,
      categories: found.categories.map((entry) =>
        entry.categoryId === FOOD ? { ...entry, activity: Minor.make(4925) } : entry,
      ),
    }
    const rows = spendingRows([withInflow], 'Month', p('202602'), 'category', infoOf)
    expect(rows).toEqual([
      { key: 'rent', spent: 3000, share: 1, previous: 0, yearAgo: 0 },
      { key: 'food', spent: -4925, share: null, previous: 0, yearAgo: 0 },
    ])
  })

  it('property: category shares of a period with spending sum to 1 and spent sums to the period spending', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (rent, food) => {
        fc.pre(rent + food > 0)
        const rows = spendingRows([month('202602', rent, food, 0)], 'Month', p('202602'), 'category', infoOf)
        const spent = rows.reduce((sum, row) => sum + row.spent, 0)
        const shares = rows.reduce((sum, row) => sum + (row.share ?? 0), 0)
        expect(spent).toBe(rent + food)
        expect(shares).toBeCloseTo(1, 9)
      }),
    )
  })
})
