import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { monthsInYears, orderedMonths } from '../../../domain/month-view.ts'
import { run, sequences } from './sequences.ts'

describe("a category's months of some years", () => {
  it('are its ordered months of those years, whatever years are asked for (200 random budgets)', () => {
    fc.assert(
      fc.property(sequences, fc.shuffledSubarray(['2023', '2024', '2025', '2026']), (actions, years) => {
        const { state } = run(actions)
        for (const categoryId of state.categories.keys()) {
          const expected = orderedMonths(state, categoryId).filter(([period]) =>
            years.includes(period.slice(0, 4)),
          )
          expect(monthsInYears(state, categoryId, years)).toEqual(expected)
        }
      }),
      { numRuns: 200 },
    )
  })
})
