import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { currencyCodes } from '../../../domain/currency.ts'
import type { Choice } from '../../components/dialog/FormDialog.tsx'

/** SPEC §3 names these first; the rest of the ISO list follows alphabetically. */
const FIRST = ['PLN', 'EUR', 'USD', 'GBP', 'CAD', 'AUD', 'CZK', 'CHF', 'DKK', 'SEK']

// A memo of a pure function of the locale (module state that never changes what a call answers).
const cache = new Map<string, ReadonlyArray<Choice>>()

/**
 * Every known currency as a choice: its code and its name in the user's language ("PLN — złoty polski"). The
 * platform's names come first; `own` (budgets.currencyNames) names the funds codes some ICU data leaves unnamed in
 * a language (CHE, CLF, VED…); English is the last resort of a platform with less data than ours.
 */
export const currencyChoices = (
  locale: string,
  own: (code: string) => string | undefined,
): ReadonlyArray<Choice> => {
  const cached = cache.get(locale)
  if (cached) return cached
  const named = (names: Intl.DisplayNames, code: string) => {
    const name = names.of(code)
    return name === undefined || name === code ? undefined : name
  }
  const local = new Intl.DisplayNames([locale], { type: 'currency' })
  const english = new Intl.DisplayNames(['en'], { type: 'currency' })
  const ordered = [...FIRST, ...currencyCodes.filter((code) => !FIRST.includes(code))]
  const choices = ordered.map((code) => {
    const name = named(local, code) ?? own(code) ?? named(english, code)
    return { id: code, label: name === undefined ? code : `${code} — ${name}` }
  })
  cache.set(locale, choices)
  return choices
}

/** The currency choices in the app's language, with the budgets area's own names where the platform has none. */
export const useCurrencyChoices = (): ReadonlyArray<Choice> => {
  const { t, i18n } = useTranslation()
  const locale = i18n.resolvedLanguage ?? 'pl'
  return useMemo(
    () =>
      currencyChoices(locale, (code) => {
        const key = `budgets.currencyNames.${code}`
        return i18n.exists(key) ? t(key) : undefined
      }),
    [locale, t, i18n],
  )
}
