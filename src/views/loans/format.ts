import { useMemo } from 'react'
import { formatAmount } from '../../../domain/money.ts'
import { selectBudget } from '../../../machines/openBudget/index.ts'
import { CurrencyCode, Minor } from '../../../schemas/money.ts'
import { regionalLocale } from '../../i18n/regionalLocale.ts'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { useBudget } from '../../openBudget/OpenBudget.tsx'

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')

/** The loan screens' formatters: money in the budget's currency, rates, dates, in the person's language. */
export type LoanFormats = {
  readonly currency: CurrencyCode
  readonly locale: string
  readonly money: (amount: number) => string
  /** "7.5" → "7,5 %" (pl, de), "7.5%" (en); the rate's own decimals, trailing zeros dropped. */
  readonly rate: (annualRate: string) => string
  /** "2026-12-05" → "05.12.2026" (pl), "05/12/2026" (en). */
  readonly date: (date: string) => string
  /** "2026-12-05" → "gru 2026". */
  readonly month: (date: string) => string
}

/** A decimal string written in the language's way, never through a floating-point number. */
export const rateText = (annualRate: string, language: string): string => {
  const [whole = '0', decimals = ''] = annualRate.split('.')
  const trimmed = decimals.replace(/0+$/u, '')
  const separator = language.startsWith('en') ? '.' : ','
  const number = `${whole.replace(/^0+(?=\d)/u, '')}${trimmed === '' ? '' : `${separator}${trimmed}`}`
  // Polish and German write a (non-breaking) space before the percent sign; English does not.
  return language.startsWith('en') ? `${number}%` : `${number}\u00a0%`
}

const dateOf = (date: string) => {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1))
}

export const useLoanFormats = (): LoanFormats => {
  const { locale } = useSharedTranslation()
  const currency = useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY
  return useMemo(() => {
    const regional = regionalLocale(locale)
    const day = new Intl.DateTimeFormat(regional, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    })
    const month = new Intl.DateTimeFormat(regional, { month: 'short', year: 'numeric', timeZone: 'UTC' })
    return {
      currency,
      locale,
      money: (amount) => formatAmount(Minor.make(amount), currency, locale),
      rate: (annualRate) => rateText(annualRate, locale),
      date: (date) => day.format(dateOf(date)),
      month: (date) => (date === '' ? '' : month.format(dateOf(date))),
    }
  }, [locale, currency])
}
