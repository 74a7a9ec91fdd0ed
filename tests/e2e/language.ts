// Language checks shared by the journeys: no visible text is a raw i18n key or a text of another language.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'

type Language = 'pl' | 'en' | 'de'
type Texts = { readonly [key: string]: string | Texts }

const localesDir = join(import.meta.dirname, '..', '..', 'locales')

const leaves = (texts: Texts, prefix = ''): ReadonlyArray<readonly [string, string]> =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as const] : leaves(value, `${prefix}${key}.`),
  )

/** Every text of one language, shell and screen areas, by key. */
const textsOf = (language: Language): ReadonlyMap<string, string> => {
  const files = [
    join(localesDir, `${language}.json`),
    ...readdirSync(join(localesDir, 'screens'))
      .filter((name) => name.endsWith(`.${language}.json`))
      .map((name) => join(localesDir, 'screens', name)),
  ]
  return new Map(
    files.flatMap((file) => {
      const area = file.includes('screens') ? `${file.split('/').at(-1)?.split('.')[0]}:` : ''
      return leaves(JSON.parse(readFileSync(file, 'utf8')) as Texts).map(
        ([key, value]) => [`${area}${key}`, value] as const,
      )
    }),
  )
}

/**
 * Texts of the other languages that a page in `language` must never show: those that differ from the same key in
 * `language`, have no placeholder (so they can match whole) and are long enough to be a language's own words.
 */
const foreignTexts = (language: Language): ReadonlyArray<string> => {
  const own = textsOf(language)
  const ownValues = new Set(own.values())
  return (['pl', 'en', 'de'] as const)
    .filter((other) => other !== language)
    .flatMap((other) => [...textsOf(other)].filter(([key, value]) => own.get(key) !== value))
    .map(([, value]) => value.trim())
    .filter(
      (value) => !value.includes('{{') && !value.includes('<') && value.includes(' ') && value.length >= 8,
    )
    .filter((value) => !ownValues.has(value))
}

/**
 * Fails, naming each case, when a visible text of the page (or an accessible name, placeholder or title) looks like
 * an i18n key ("budgets.starter.title") or is, whole, a text of another language than the page's.
 */
export async function expectOneLanguage(page: Page, language: Language = 'pl'): Promise<void> {
  const foreign = foreignTexts(language)
  const problems = await page.evaluate((foreignList) => {
    const foreignSet = new Set(foreignList)
    const keyLike = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_]+)+$/u
    const squash = (text: string | null) => (text ?? '').replace(/\s+/gu, ' ').trim()
    const found = new Set<string>()
    const judge = (text: string, where: string) => {
      if (text === '') return
      // A date's pattern ('dd.mm.rrrr') is made of repeated letters; a key's segments are words.
      const datePattern = text.split('.').every((part) => /^(.)\1*$/u.test(part))
      if (keyLike.test(text) && !text.includes('@') && !datePattern)
        found.add(`i18n key "${text}" (${where})`)
      else if (foreignSet.has(text)) found.add(`another language "${text}" (${where})`)
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement
      if (parent === null || parent.closest('script, style, noscript, template') !== null) continue
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
      judge(squash(node.textContent), parent.tagName.toLowerCase())
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (!element.checkVisibility()) continue
      for (const attribute of ['aria-label', 'placeholder', 'title'])
        judge(squash(element.getAttribute(attribute)), `${element.tagName.toLowerCase()}[${attribute}]`)
    }
    return [...found]
  }, foreign)
  expect(problems, `texts not in ${language} at ${page.url()}`).toEqual([])
}
