import type { i18n } from 'i18next'

export type Texts = { readonly [key: string]: string | Texts }

let instance: i18n | null = null
const waiting: Array<readonly [string, Texts]> = []

const languageOf = (path: string): string | undefined => /\.([a-z]{2})\.json$/u.exec(path)?.[1]

const add = (target: i18n, language: string, texts: Texts) =>
  target.addResourceBundle(language, 'translation', texts, true, false)

/**
 * Screen areas keep their texts in locales/screens/{area}.{lng}.json and register them from their own chunk
 * (`registerAreaTexts(import.meta.glob(…, { eager: true, import: 'default' }))` in the area's texts.ts), so the
 * first screen downloads the shell's texts only. Registration happens when the chunk runs, before it renders.
 */
export const registerAreaTexts = (files: Record<string, Texts>): void => {
  for (const [path, texts] of Object.entries(files)) {
    const language = languageOf(path)
    if (language === undefined) continue
    waiting.push([language, texts])
    if (instance !== null) add(instance, language, texts)
  }
}

/** The app's i18next instance, once initialised: texts registered before it are added now, later ones at once. */
export const attachAreaTexts = (target: i18n): void => {
  instance = target
  for (const [language, texts] of waiting) add(target, language, texts)
}
