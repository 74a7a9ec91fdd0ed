import i18next, { type TFunction } from 'i18next'
import de from './locales/de.json' with { type: 'json' }
import en from './locales/en.json' with { type: 'json' }
import pl from './locales/pl.json' with { type: 'json' }

export const pageLanguages = ['pl', 'en', 'de'] as const
export type PageLanguage = (typeof pageLanguages)[number]

const translator = i18next.createInstance()
await translator.init({
  resources: { pl: { translation: pl }, en: { translation: en }, de: { translation: de } },
  lng: 'pl',
  fallbackLng: 'en',
  supportedLngs: ['pl', 'en', 'de'],
  interpolation: { escapeValue: false },
  initAsync: false,
})

const isPageLanguage = (value: string): value is PageLanguage =>
  (pageLanguages as readonly string[]).includes(value)

/** `?lang=` wins, then Accept-Language in its order (de → en), then Polish, the product's default. */
export const pickLanguage = (query: string | undefined, acceptLanguage: string | undefined): PageLanguage => {
  const candidates = [
    ...(query === undefined ? [] : [query]),
    ...(acceptLanguage ?? '')
      .split(',')
      .map((part) => {
        const [tag = '', ...parameters] = part.trim().split(';')
        const weight = parameters.find((p) => p.trim().startsWith('q='))
        return { tag: tag.trim().toLowerCase(), q: weight === undefined ? 1 : Number(weight.trim().slice(2)) }
      })
      .filter((entry) => entry.tag !== '' && entry.q > 0)
      .sort((a, b) => b.q - a.q)
      .map((entry) => entry.tag),
  ]
  for (const candidate of candidates) {
    const primary = candidate.toLowerCase().split('-')[0] ?? ''
    if (isPageLanguage(primary)) return primary
  }
  return 'pl'
}

export const translate = (language: PageLanguage): TFunction => translator.getFixedT(language)
