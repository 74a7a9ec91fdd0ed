import { describe, expect, it } from 'vitest'
import en from '../../../locales/en.json' with { type: 'json' }
import pl from '../../../locales/pl.json' with { type: 'json' }
import { BudgetError } from '../../../schemas/budget-errors.ts'

type Tree = { readonly [key: string]: string | Tree }

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  )

describe('locales', () => {
  it('Polish and English have the same keys (German falls back to English)', () => {
    expect(keysOf(pl).sort()).toEqual(keysOf(en).sort())
  })

  it('every domain refusal has a message a person can read', () => {
    const codes = BudgetError.members.map((member) => member.fields.code.literal)
    expect(codes.length).toBeGreaterThan(20)
    for (const code of codes) {
      expect(pl.budget.errors, code).toHaveProperty([code])
      expect(en.budget.errors, code).toHaveProperty([code])
    }
  })
})
