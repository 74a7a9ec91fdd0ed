import { describe, expect, it } from 'vitest'
import en from '../../../locales/en.json' with { type: 'json' }
import pl from '../../../locales/pl.json' with { type: 'json' }
import { BudgetError } from '../../../schemas/budgetErrors.ts'
import type { Texts } from '../../../src/i18n/areaTexts.ts'

const screenFiles = import.meta.glob<Texts>('../../../locales/screens/*.json', {
  eager: true,
  import: 'default',
})

/** The shell's texts plus every screen area's, as the app has them once all areas loaded. */
const allTexts = (language: 'pl' | 'en', shell: Texts): Texts => {
  const texts: Record<string, string | Texts> = { ...shell }
  for (const [path, file] of Object.entries(screenFiles)) {
    if (!path.endsWith(`.${language}.json`)) continue
    for (const [key, value] of Object.entries(file)) {
      expect(texts, `${path}: top-level key "${key}" is taken by another file`).not.toHaveProperty([key])
      texts[key] = value
    }
  }
  return texts
}

const keysOf = (tree: Texts, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  )

describe('locales', () => {
  const polish = allTexts('pl', pl)
  const english = allTexts('en', en)

  it('Polish and English have the same keys (German falls back to English)', () => {
    expect(keysOf(polish).sort()).toEqual(keysOf(english).sort())
  })

  it('every screen area registers its texts from its own chunk', () => {
    expect(Object.keys(screenFiles).length).toBeGreaterThan(0)
  })

  it('every domain refusal has a message a person can read', () => {
    const codes = BudgetError.members.map((member) => member.fields.code.literal)
    expect(codes.length).toBeGreaterThan(20)
    for (const code of codes) {
      expect(polish, code).toHaveProperty(['budget', 'errors', code])
      expect(english, code).toHaveProperty(['budget', 'errors', code])
    }
  })
})
