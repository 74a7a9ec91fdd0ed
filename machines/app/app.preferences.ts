import type { Locale, Theme } from './app.platform.ts'

export const THEME_STORAGE_KEY = 'koperta.theme'
export const LOCALE_STORAGE_KEY = 'koperta.locale'
export const LOCALES = ['pl', 'en', 'de'] as const satisfies ReadonlyArray<Locale>
export const DEFAULT_LOCALE: Locale = 'pl'

export const parseTheme = (raw: string | null): Theme | null =>
  raw === 'light' || raw === 'dark' ? raw : null

export const parseLocale = (raw: string | null): Locale | null =>
  raw === 'pl' || raw === 'en' || raw === 'de' ? raw : null
