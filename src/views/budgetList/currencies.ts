import { currencyCodes } from '../../../domain/currency.ts'
import type { Choice } from '../../components/dialog/FormDialog.tsx'

/** SPEC §3 names these first; the rest of the ISO list follows alphabetically. */
const FIRST = ['PLN', 'EUR', 'USD', 'GBP', 'CAD', 'AUD', 'CZK', 'CHF', 'DKK', 'SEK']

// A memo of a pure function of the locale (module state that never changes what a call answers).
const cache = new Map<string, ReadonlyArray<Choice>>()

/** Every known currency as a choice: its code and its name in the user's language ("PLN — złoty polski"). */
export const currencyChoices = (locale: string): ReadonlyArray<Choice> => {
  const cached = cache.get(locale)
  if (cached) return cached
  const names = new Intl.DisplayNames([locale], { type: 'currency' })
  const ordered = [...FIRST, ...currencyCodes.filter((code) => !FIRST.includes(code))]
  const choices = ordered.map((code) => {
    const name = names.of(code)
    return { id: code, label: name === undefined || name === code ? code : `${code} — ${name}` }
  })
  cache.set(locale, choices)
  return choices
}
