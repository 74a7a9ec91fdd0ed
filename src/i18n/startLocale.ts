import { DEFAULT_LOCALE, LOCALES, type Locale, parseLocale } from '../../machines/app/index.ts'

const isLocale = (code: string): code is Locale => LOCALES.some((locale) => locale === code)

/** The first of the browser's languages that Koperta speaks, by primary subtag ('de-AT' → 'de'). */
export const firstSupportedLocale = (languages: ReadonlyArray<string>): Locale | null => {
  for (const language of languages) {
    const primary = language.split('-')[0]?.toLowerCase() ?? ''
    if (isLocale(primary)) return primary
  }
  return null
}

/**
 * The language the app machine will start in (its `startLocale`: the stored choice, else the device's, else Polish),
 * known before the machine exists so that only its texts are fetched before the first screen.
 */
export const startLocale = (stored: string | null, languages: ReadonlyArray<string>): Locale =>
  parseLocale(stored) ?? firstSupportedLocale(languages) ?? DEFAULT_LOCALE
