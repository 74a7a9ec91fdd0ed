import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonths, monthsBetween, periodRange } from '../../../domain/period.ts'
import {
  foldStatistics,
  type MonthActivity,
  periodKeys,
  rangeRefusal,
  type StatisticsCategory,
  type StatisticsRange,
  spendingClasses,
} from '../../../domain/statistics.ts'
import type { SpendingClass } from '../../../schemas/budget.ts'
import { CategoryId } from '../../../schemas/ids.ts'
import { PeriodKey } from '../../../schemas/money.ts'

const p = (key: string) => PeriodKey.make(key)
const id = (key: string) => CategoryId.make(key)

const income: StatisticsCategory = {
  id: id('destination'),
  type: 'Income',
  spendingClass: 'Undefined',
  incomeDestination: true,
}
const salary: StatisticsCategory = {
  id: id('salary'),
  type: 'Income',
  spendingClass: 'Undefined',
  incomeDestination: false,
}
const rent: StatisticsCategory = {
  id: id('rent'),
  type: 'Expense',
  spendingClass: 'Housing',
  incomeDestination: false,
}
const food: StatisticsCategory = {
  id: id('food'),
  type: 'Expense',
  spendingClass: 'Food',
  incomeDestination: false,
}
const savings: StatisticsCategory = {
  id: id('savings'),
  type: 'Saving',
  spendingClass: 'Savings',
  incomeDestination: false,
}
const categories = [income, salary, rent, food, savings]

const month = (
  category: StatisticsCategory,
  period: string,
  activity: number,
  assigned = 0,
): MonthActivity => ({
  categoryId: category.id,
  period: p(period),
  activity,
  assigned,
})

const classOf = (
  period: { spendingClasses: readonly { spendingClass: SpendingClass; activity: number }[] },
  name: SpendingClass,
) => period.spendingClasses.find((entry) => entry.spendingClass === name)?.activity

describe('statistics periods', () => {
  it('lists every month of the range, or every year it touches, in order', () => {
    expect(periodKeys({ granularity: 'Month', fromPeriod: p('202511'), toPeriod: p('202602') })).toEqual([
      '202511',
      '202512',
      '202601',
      '202602',
    ])
    expect(periodKeys({ granularity: 'Year', fromPeriod: p('202511'), toPeriod: p('202702') })).toEqual([
      '2025',
      '2026',
      '2027',
    ])
    expect(periodKeys({ granularity: 'Year', fromPeriod: p('202603'), toPeriod: p('202603') })).toEqual([
      '2026',
    ])
  })
  it('refuses a reversed range and one longer than 50 years', () => {
    expect(rangeRefusal({ fromPeriod: p('202602'), toPeriod: p('202601') })).toBe('reversed')
    expect(rangeRefusal({ fromPeriod: p('200001'), toPeriod: p('204912') })).toBeUndefined()
    expect(rangeRefusal({ fromPeriod: p('200001'), toPeriod: p('205001') })).toBe('tooLong')
  })
})

describe('folding months into periods', () => {
  const range: StatisticsRange = { granularity: 'Month', fromPeriod: p('202601'), toPeriod: p('202603') }

  it('counts income categories and the income destination as income, the rest as spending by class', () => {
    const [january] = foldStatistics(range, categories, [
      month(income, '202601', 500_00),
      month(salary, '202601', 4_000_00),
      month(rent, '202601', -2_000_00),
      month(food, '202601', -300_00),
      // A refund lowers spending.
      month(food, '202601', 20_00),
      month(savings, '202601', -100_00),
    ])
    expect(january?.income).toBe(4_500_00)
    expect(january?.spending).toBe(-2_380_00)
    expect(january && classOf(january, 'Housing')).toBe(-2_000_00)
    expect(january && classOf(january, 'Food')).toBe(-280_00)
    expect(january && classOf(january, 'Savings')).toBe(-100_00)
    expect(january && classOf(january, 'Fun')).toBe(0)
    expect(january?.spendingClasses.map((entry) => entry.spendingClass)).toEqual(spendingClasses)
  })

  it('lists real categories only, in the given order, the income destination left out', () => {
    const [january] = foldStatistics(range, categories, [
      month(income, '202601', 500_00),
      month(rent, '202601', -1),
    ])
    expect(january?.categories).toEqual([
      { categoryId: 'salary', activity: 0, assigned: 0 },
      { categoryId: 'rent', activity: -1, assigned: 0 },
      { categoryId: 'food', activity: 0, assigned: 0 },
      { categoryId: 'savings', activity: 0, assigned: 0 },
    ])
  })

  it("sums each category's assigned amounts, apart from its activity, and counts them in no total", () => {
    const [january, february] = foldStatistics(range, categories, [
      month(rent, '202601', -2_000_00, 2_000_00),
      // Activity and assigned of one month may come as separate entries (filtered reads): they add up.
      month(food, '202601', 0, 300_00),
      month(food, '202601', -10_00, 0),
      month(food, '202601', 0, 50_00),
      month(savings, '202602', 0, 100_00),
      month(income, '202602', 0, 7),
    ])
    expect(january?.categories.map((entry) => [entry.categoryId, entry.activity, entry.assigned])).toEqual([
      ['salary', 0, 0],
      ['rent', -2_000_00, 2_000_00],
      ['food', -10_00, 350_00],
      ['savings', 0, 0],
    ])
    expect(february?.categories.find((entry) => entry.categoryId === 'savings')?.assigned).toBe(100_00)
    expect([february?.income, february?.spending]).toEqual([0, 0])
  })

  it('answers empty periods with zeros and ignores months outside the range or of unlisted categories', () => {
    const periods = foldStatistics(
      range,
      [rent],
      [month(rent, '202512', -7), month(rent, '202604', -7), month(food, '202602', -7)],
    )
    expect(periods.map((period) => [period.key, period.income, period.spending])).toEqual([
      ['202601', 0, 0],
      ['202602', 0, 0],
      ['202603', 0, 0],
    ])
  })

  it('counts in a year only its months inside the range', () => {
    const periods = foldStatistics(
      { granularity: 'Year', fromPeriod: p('202511'), toPeriod: p('202602') },
      [rent],
      [
        month(rent, '202510', -1),
        month(rent, '202511', -10),
        month(rent, '202512', -100),
        month(rent, '202602', -1_000),
        month(rent, '202603', -10_000),
      ],
    )
    expect(periods.map((period) => [period.key, period.spending])).toEqual([
      ['2025', -110],
      ['2026', -1_000],
    ])
  })
})

// ── Properties ───────────────────────────────────────────────────────────────────────────────────────────────
const classes = fc.constantFrom(...spendingClasses)
const arbitraryCategories = fc.uniqueArray(
  fc.record({
    id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f').map(id),
    type: fc.constantFrom('Income' as const, 'Expense' as const, 'Saving' as const),
    spendingClass: classes,
    incomeDestination: fc.boolean(),
  }),
  { selector: (category) => category.id, maxLength: 6 },
)
const start = fc.integer({ min: 2020 * 12, max: 2030 * 12 }).map((index) => addMonths(p('000001'), index))
const arbitraryRange = fc
  .record({
    granularity: fc.constantFrom('Month' as const, 'Year' as const),
    from: start,
    length: fc.nat({ max: 40 }),
  })
  .map(
    ({ granularity, from, length }): StatisticsRange => ({
      granularity,
      fromPeriod: from,
      toPeriod: addMonths(from, length),
    }),
  )
const arbitraryMonths = (range: StatisticsRange) =>
  fc.array(
    fc.record({
      categoryId: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'gone').map(id),
      period: fc
        .integer({ min: -3, max: monthsBetween(range.fromPeriod, range.toPeriod) + 3 })
        .map((offset) => addMonths(range.fromPeriod, offset)),
      activity: fc.integer({ min: -1_000_000, max: 1_000_000 }),
      assigned: fc.integer({ min: -1_000_000, max: 1_000_000 }),
    }),
    { maxLength: 60 },
  )
const scenario = arbitraryRange.chain((range) =>
  fc.record({ range: fc.constant(range), categories: arbitraryCategories, months: arbitraryMonths(range) }),
)

describe('statistics properties', () => {
  it('spending classes sum to spending, and listed categories plus the destination to income + spending', () => {
    fc.assert(
      fc.property(scenario, ({ range, categories: listed, months }) => {
        for (const period of foldStatistics(range, listed, months)) {
          expect(period.spendingClasses.reduce((sum, entry) => sum + entry.activity, 0)).toBe(period.spending)
          const destination = foldStatistics(
            { ...range },
            listed.filter((category) => category.incomeDestination),
            months,
          ).find((other) => other.key === period.key)?.income
          const listedSum = period.categories.reduce((sum, entry) => sum + entry.activity, 0)
          expect(listedSum + (destination ?? 0)).toBe(period.income + period.spending)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('a Year period equals the sum of its Month periods', () => {
    fc.assert(
      fc.property(scenario, ({ range, categories: listed, months }) => {
        const byMonth = foldStatistics({ ...range, granularity: 'Month' }, listed, months)
        const byYear = foldStatistics({ ...range, granularity: 'Year' }, listed, months)
        for (const year of byYear) {
          const inYear = byMonth.filter((period) => period.key.startsWith(year.key))
          const sum = (pick: (period: (typeof byMonth)[number]) => number) =>
            inYear.reduce((total, period) => total + pick(period), 0)
          expect(year.income).toBe(sum((period) => period.income))
          expect(year.spending).toBe(sum((period) => period.spending))
          year.categories.forEach((entry, index) => {
            expect(entry.activity).toBe(sum((period) => period.categories[index]?.activity ?? Number.NaN))
            expect(entry.assigned).toBe(sum((period) => period.categories[index]?.assigned ?? Number.NaN))
          })
          year.spendingClasses.forEach((entry, index) => {
            expect(entry.activity).toBe(
              sum((period) => period.spendingClasses[index]?.activity ?? Number.NaN),
            )
          })
        }
      }),
      { numRuns: 300 },
    )
  })

  it('answers one entry per period, in order, and a period without months is all zeros', () => {
    fc.assert(
      fc.property(scenario, ({ range, categories: listed, months }) => {
        const periods = foldStatistics(range, listed, months)
        expect(periods.map((period) => period.key)).toEqual(periodKeys(range))
        const keysWithMonths = new Set(
          months
            .filter((entry) => entry.period >= range.fromPeriod && entry.period <= range.toPeriod)
            .map((entry) => (range.granularity === 'Month' ? entry.period : entry.period.slice(0, 4))),
        )
        for (const period of periods) {
          if (keysWithMonths.has(period.key)) continue
          expect(period.income).toBe(0)
          expect(period.spending).toBe(0)
          expect(period.categories.every((entry) => entry.activity === 0 && entry.assigned === 0)).toBe(true)
          expect(period.spendingClasses.every((entry) => entry.activity === 0)).toBe(true)
        }
        expect(periodRange(range.fromPeriod, range.toPeriod).length).toBe(
          monthsBetween(range.fromPeriod, range.toPeriod) + 1,
        )
      }),
      { numRuns: 300 },
    )
  })
})
