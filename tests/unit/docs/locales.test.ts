import { describe, expect, it } from 'vitest'
import de from '../../../locales/de.json' with { type: 'json' }
import en from '../../../locales/en.json' with { type: 'json' }
import pl from '../../../locales/pl.json' with { type: 'json' }
import { LOCALES, type Locale } from '../../../machines/app/index.ts'
import { BudgetError } from '../../../schemas/budgetErrors.ts'
import accountDe from '../../../server/identity/pages/locales/de.json' with { type: 'json' }
import accountEn from '../../../server/identity/pages/locales/en.json' with { type: 'json' }
import accountPl from '../../../server/identity/pages/locales/pl.json' with { type: 'json' }
import type { Texts } from '../../../src/i18n/areaTexts.ts'

const shell: Record<Locale, Texts> = { pl, en, de }
/** The account pages the server renders (sign-in, registration, password reset). */
const accountPages: Record<Locale, Texts> = { pl: accountPl, en: accountEn, de: accountDe }

const screenFiles = import.meta.glob<Texts>('../../../locales/screens/*.json', {
  eager: true,
  import: 'default',
})

const fileName = /\/([^/]+)\.([a-z]{2})\.json$/u
/** Each screen area's texts per language, as its texts.ts registers them. */
const areas = new Map<string, Map<string, Texts>>()
for (const [path, texts] of Object.entries(screenFiles)) {
  const [, area = path, language = ''] = fileName.exec(path) ?? []
  const files = areas.get(area) ?? new Map<string, Texts>()
  files.set(language, texts)
  areas.set(area, files)
}

/** Every set of texts loaded as one unit: the shell, then each screen area. */
const bundles: ReadonlyArray<readonly [string, (locale: Locale) => Texts | undefined]> = [
  ['shell', (locale) => shell[locale]],
  ['server/identity/pages', (locale) => accountPages[locale]],
  ...[...areas].map(([area, files]) => [`screens/${area}`, (locale: Locale) => files.get(locale)] as const),
]

/** The shell's texts plus every screen area's, as the app has them once all areas loaded. */
const allTexts = (locale: Locale): Texts => {
  const texts: Record<string, string | Texts> = { ...shell[locale] }
  for (const [area, files] of areas) {
    for (const [key, value] of Object.entries(files.get(locale) ?? {})) {
      expect(
        texts,
        `${area}.${locale}.json: top-level key "${key}" is taken by another file`,
      ).not.toHaveProperty([key])
      texts[key] = value
    }
  }
  return texts
}

const leaves = (tree: Texts, prefix = ''): Array<readonly [string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as const] : leaves(value, `${prefix}${key}.`),
  )

// i18next's plural suffixes are the CLDR categories; other suffixes (`_past`, `_finished`) are plain keys.
const pluralSuffix = /^(.*)_(zero|one|two|few|many|other)$/u
const PLAIN = ''

/** Keys without their plural suffix, each with the plural categories it has ('' for a key that is not plural). */
const baseKeys = (texts: Texts): Map<string, Set<string>> => {
  const bases = new Map<string, Set<string>>()
  for (const [key] of leaves(texts)) {
    const [, base = key, category = PLAIN] = pluralSuffix.exec(key) ?? []
    bases.set(base, (bases.get(base) ?? new Set<string>()).add(category))
  }
  return bases
}

const pluralCategories = (locale: Locale): string[] =>
  [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort()

/** What a value takes from the code: interpolations ({{name}}), nested keys ($t(key)) and markup tags (<0>, <b>). */
const placeholders = (value: string): string[] =>
  [
    ...[...value.matchAll(/\{\{\s*([^,}\s]+)/gu)].map((match) => `{{${match[1]}}}`),
    ...[...value.matchAll(/\$t\(([^,)]+)/gu)].map((match) => `$t(${match[1]})`),
    ...[...value.matchAll(/<\/?([\w-]+)[^>]*>/gu)].map((match) => `<${match[1]}>`),
  ].sort()

/** Each base key's placeholders, over all of its plural forms (one form may spell the number out). */
const placeholdersByKey = (texts: Texts): Map<string, string[]> => {
  const found = new Map<string, Set<string>>()
  for (const [key, value] of leaves(texts)) {
    const base = pluralSuffix.exec(key)?.[1] ?? key
    const names = found.get(base) ?? new Set<string>()
    for (const name of placeholders(value)) names.add(name)
    found.set(base, names)
  }
  return new Map([...found].map(([key, names]) => [key, [...names].sort()]))
}

/**
 * German texts that may read exactly as the English ones: names and words German shares with English. Anything else
 * equal to English is an untranslated copy. Values that are only placeholders and punctuation need no entry.
 */
const SAME_IN_GERMAN_AND_ENGLISH = new Set([
  'Koperta',
  'Polski',
  'English',
  'Deutsch',
  'OK',
  'Push',
  'Budget',
  'Budgets',
  'Status',
  'Version',
  'Token',
])

describe('locales', () => {
  it('every screen area has a file for every language', () => {
    expect(areas.size).toBeGreaterThan(0)
    for (const [area, files] of areas) expect([...files.keys()].sort(), area).toEqual([...LOCALES].sort())
  })

  it.each(bundles)('%s: every language has the same keys, with its own plural forms', (_, textsOf) => {
    const bases = LOCALES.map((locale) => [locale, baseKeys(textsOf(locale) ?? {})] as const)
    const [, reference] = bases[0] ?? []
    expect(reference?.size).toBeGreaterThan(0)
    for (const [locale, keys] of bases) {
      const missing = [...(reference?.keys() ?? [])].filter((key) => !keys.has(key))
      const extra = [...keys.keys()].filter((key) => !reference?.has(key))
      expect({ missing, extra }, locale).toEqual({ missing: [], extra: [] })
      const plurals = pluralCategories(locale)
      for (const [key, categories] of keys) {
        const plural = [...(reference?.get(key) ?? [])].some((category) => category !== PLAIN)
        expect([...categories].sort(), `${locale}: ${key}`).toEqual(plural ? plurals : [PLAIN])
      }
    }
  })

  it.each(bundles)('%s: every language uses the same placeholders in each text', (_, textsOf) => {
    const [first, ...others] = LOCALES.map((locale) => placeholdersByKey(textsOf(locale) ?? {}))
    for (const [index, other] of others.entries()) {
      const differing = [...(first ?? [])].filter(
        ([key, names]) => other?.has(key) && `${other.get(key)}` !== `${names}`,
      )
      expect(
        Object.fromEntries(differing.map(([key]) => [key, other?.get(key)])),
        LOCALES[index + 1],
      ).toEqual(Object.fromEntries(differing))
    }
  })

  it.each(bundles)('%s: no text is empty', (_, textsOf) => {
    for (const locale of LOCALES) {
      const empty = leaves(textsOf(locale) ?? {}).filter(([, value]) => value.trim() === '')
      expect(empty, locale).toEqual([])
    }
  })

  it.each(bundles)('%s: German is translated, not copied from English', (_, textsOf) => {
    const english = new Map(leaves(textsOf('en') ?? {}))
    const copied = leaves(textsOf('de') ?? {}).filter(
      ([key, value]) =>
        english.get(key) === value &&
        /\p{L}/u.test(value.replace(/\{\{[^}]*\}\}/gu, '')) &&
        !SAME_IN_GERMAN_AND_ENGLISH.has(value),
    )
    expect(copied).toEqual([])
  })

  it('every domain refusal has a message a person can read', () => {
    const codes = BudgetError.members.map((member) => member.fields.code.literal)
    expect(codes.length).toBeGreaterThan(20)
    for (const locale of LOCALES) {
      const texts = allTexts(locale)
      for (const code of codes) expect(texts, `${locale}: ${code}`).toHaveProperty(['budget', 'errors', code])
    }
  })
})
