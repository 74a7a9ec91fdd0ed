import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { localeTexts } from './resources.ts'

/** SPEC §1: PL is the default, EN the fallback; DE falls back to English until it is translated. */
export const createI18n = async (): Promise<i18n> => {
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({
    resources: {
      pl: { translation: localeTexts.pl },
      en: { translation: localeTexts.en },
      de: { translation: localeTexts.de },
    },
    lng: 'pl',
    fallbackLng: 'en',
    supportedLngs: ['pl', 'en', 'de'],
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  })
  return instance
}
