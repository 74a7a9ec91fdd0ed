import { describe, expect, it } from 'vitest'
import { BudgetError } from '../../../schemas/budget-errors.ts'
import { localeTexts, type Texts } from '../../../src/i18n/resources.ts'

type Tree = Texts
const { pl, en } = localeTexts

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
      expect(pl, code).toHaveProperty(['budget', 'errors', code])
      expect(en, code).toHaveProperty(['budget', 'errors', code])
    }
  })
})
