import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { monthsInYears } from '../../../domain/monthView.ts'
import { monthOf, monthsOf } from '../../../domain/state.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import { run, sequences } from './sequences.ts'

describe("a category's months", () => {
  it('are kept in period order, each period once, none empty, and each found by its period (300 random budgets)', () => {
    fc.assert(
      fc.property(sequences, (actions) => {
        const { state } = run(actions)
        for (const [categoryId, months] of state.categoryMonths) {
          const periods = months.map(([period]) => period)
          expect(periods).toEqual([...new Set(periods)].sort())
          for (const [period, month] of months) {
            expect(month.assigned !== 0 || month.activity !== 0).toBe(true)
            expect(monthOf(state, categoryId, period)).toBe(month)
          }
          // A period without money has nothing.
          expect(monthOf(state, categoryId, '202001' as PeriodKey)).toEqual({ assigned: 0, activity: 0 })
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe("a category's months of some years", () => {
  it('are its ordered months of those years, whatever years are asked for (200 random budgets)', () => {
    fc.assert(
      fc.property(sequences, fc.shuffledSubarray(['2023', '2024', '2025', '2026']), (actions, years) => {
        const { state } = run(actions)
        for (const categoryId of state.categories.keys()) {
          const expected = monthsOf(state.categoryMonths, categoryId).filter(([period]) =>
            years.includes(period.slice(0, 4)),
          )
          expect(monthsInYears(state, categoryId, years)).toEqual(expected)
        }
      }),
      { numRuns: 200 },
    )
  })
})
