import * as Schema from 'effect/Schema'
import { describe, expect, it } from 'vitest'
import { toSnapshot } from '../../../domain/snapshot.ts'
import { initialState } from '../../../domain/state.ts'
import { BudgetStateSnapshot } from '../../../schemas/budgetSnapshot.ts'

const withCategoryMonths = (row: readonly unknown[]) => ({
  ...toSnapshot(initialState),
  categoryMonths: [row],
})
const decodes = (value: unknown) => Schema.decodeUnknownExit(BudgetStateSnapshot)(value)._tag === 'Success'

describe('the state snapshot: category months as columns checked whole', () => {
  it('accepts months with safe-integer amounts, one of each per month', () => {
    expect(decodes(withCategoryMonths(['c1', ['202511', '202512'], [100, 0], [-50, 20]]))).toBe(true)
  })

  it('refuses a month that is not YYYYMM with 01-12, an amount that is not a safe integer, and unequal columns', () => {
    expect(decodes(withCategoryMonths(['c1', ['202513'], [100], [0]]))).toBe(false)
    expect(decodes(withCategoryMonths(['c1', [202512], [100], [0]]))).toBe(false)
    expect(decodes(withCategoryMonths(['c1', ['202512'], [1.5], [0]]))).toBe(false)
    expect(decodes(withCategoryMonths(['c1', ['202512'], [2 ** 53], [0]]))).toBe(false)
    expect(decodes(withCategoryMonths(['c1', ['202512'], ['100'], [0]]))).toBe(false)
    expect(decodes(withCategoryMonths(['c1', ['202511', '202512'], [100], [0, 0]]))).toBe(false)
  })

  it('is documented (OpenAPI) as the arrays it is: months as strings, amounts as integers', () => {
    const { schema } = Schema.toJsonSchemaDocument(BudgetStateSnapshot)
    const integers = {
      type: 'array',
      items: { type: 'integer', minimum: -(2 ** 53 - 1), maximum: 2 ** 53 - 1 },
    }
    expect(schema).toMatchObject({
      properties: {
        categoryMonths: {
          items: {
            prefixItems: [
              { type: 'string' },
              { type: 'array', items: { type: 'string' } },
              integers,
              integers,
            ],
          },
        },
      },
    })
  })
})
