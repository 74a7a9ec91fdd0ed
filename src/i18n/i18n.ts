import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import pl from '../../locales/pl.json' with { type: 'json' }
import { LOCALES, type Locale } from '../../machines/app/index.ts'
import type { Texts } from './areaTexts.ts'

/**
 * SPEC §1: EN is the fallback, for a text missing from a locale while English texts are at hand. None is missing
 * (tests/unit/docs/locales.test.ts fails on a missing key, plural form or placeholder in pl, en or de), so each page
 * fetches its own language's texts only.
 */
const FALLBACK_LOCALE = 'en' satisfies Locale

/**
 * Polish (the default) is bundled; English and German are fetched when a person uses them. Each import is made once
 * (a failed one, e.g. offline, is tried again on the next switch).
 */
const importers: Record<Locale, () => Promise<Texts>> = {
  pl: async () => pl,
  en: () => import('../../locales/en.json', { with: { type: 'json' } }).then((module) => module.default),
  de: () => import('../../locales/de.json', { with: { type: 'json' } }).then((module) => module.default),
}
// A memo of the texts' imports per locale, like the module loader's own cache: it never changes what a call answers.
const loaded = new Map<Locale, Promise<Texts>>()
const textsOf = (locale: Locale): Promise<Texts> => {
  const cached = loaded.get(locale)
  if (cached !== undefined) return cached
  const texts = importers[locale]()
  loaded.set(locale, texts)
  texts.catch(() => loaded.delete(locale))
  return texts
}

/** The app's i18next instance, started in `locale` with that locale's texts (Polish if they cannot be fetched). */
export const createI18n = async (locale: Locale): Promise<i18n> => {
  const [language, texts] = await textsOf(locale).then(
    (found) => [locale, found] as const,
    async () => ['pl', await textsOf('pl')] as const,
  )
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({
    resources: { [language]: { translation: texts } },
    lng: language,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: LOCALES,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  })
  return instance
}

const requested = new WeakMap<i18n, Locale>()

/**
 * Fetches the locale's texts if needed, then switches. False when they could not be fetched or a later switch
 * overtook this one (the page keeps its language meanwhile, so no text shows as a bare key).
 */
export const switchLanguage = async (instance: i18n, locale: Locale): Promise<boolean> => {
  requested.set(instance, locale)
  const texts = await textsOf(locale).catch(() => null)
  if (texts === null || requested.get(instance) !== locale) return false
  instance.addResourceBundle(locale, 'translation', texts, true, false)
  await instance.changeLanguage(locale)
  return true
}
