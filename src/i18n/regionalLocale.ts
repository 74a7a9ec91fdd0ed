/**
 * The regional locale the app formats with for each of its languages: one place, so dates and the date pickers
 * agree (English as in Britain: 26/11/2026, day first like Polish and German).
 */
const REGIONAL: Readonly<Record<string, string>> = { pl: 'pl-PL', en: 'en-GB', de: 'de-DE' }

export const regionalLocale = (language: string | undefined): string => REGIONAL[language ?? 'pl'] ?? 'pl-PL'
