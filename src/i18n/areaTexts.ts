import type { i18n } from 'i18next'
import { getI18n } from 'react-i18next'

export type Texts = { readonly [key: string]: string | Texts }

const languageOf = (path: string): string | undefined => /\.([a-z]{2})\.json$/u.exec(path)?.[1]

const add = (target: i18n, language: string, texts: Texts) =>
  target.addResourceBundle(language, 'translation', texts, true, false)

/**
 * Screen areas keep their texts in locales/screens/{area}.{lng}.json and register them from their own chunk
 * (`registerAreaTexts(import.meta.glob(…, { eager: true, import: 'default' }))` in the area's texts.ts), so the
 * first screen downloads the shell's texts only. Registration happens when the chunk runs, before it renders.
 * The texts go to the app's i18next instance, which react-i18next holds once createI18n has initialised it (before
 * the router exists, so before any screen's chunk runs).
 */
export const registerAreaTexts = (files: Record<string, Texts>): void => {
  const instance = getI18n()
  for (const [path, texts] of Object.entries(files)) {
    const language = languageOf(path)
    if (language !== undefined) add(instance, language, texts)
  }
}
