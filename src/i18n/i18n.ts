import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import pl from '../../locales/pl.json' with { type: 'json' }
import { attachAreaTexts } from './areaTexts.ts'

/** SPEC §1: PL is the default, EN the fallback; DE falls back to English until it is translated. */
export const createI18n = async (): Promise<i18n> => {
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({
    resources: {
      pl: { translation: pl },
      en: { translation: en },
      de: { translation: de },
    },
    lng: 'pl',
    fallbackLng: 'en',
    supportedLngs: ['pl', 'en', 'de'],
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  })
  attachAreaTexts(instance)
  return instance
}
