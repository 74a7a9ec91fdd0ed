import { useMemo } from 'react'
import { formatAmount } from '../../../domain/money.ts'
import { selectBudget } from '../../../machines/openBudget/index.ts'
import { CurrencyCode, type Minor } from '../../../schemas/money.ts'
import { regionalLocale } from '../../i18n/regionalLocale.ts'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { useBudget } from '../../openBudget/OpenBudget.tsx'

const PLN = CurrencyCode.make('PLN')

export type RowFormat = {
  /** '03.11.2026' in the user's regional format, from 'YYYY-MM-DD'. */
  readonly date: (iso: string) => string
  /** '-12,50 zł' in the budget's currency and the user's locale. */
  readonly amount: (minor: Minor) => string
  /** A file's own amount ('-120.00', 'EUR') in the user's locale: '-120,00 €'. */
  readonly fileAmount: (amount: string, currency: string | null) => string
  readonly currency: CurrencyCode
  readonly locale: string
}

/** Dates and amounts of the preview as the rest of the app shows them (made once per screen, used per row). */
export const useRowFormat = (): RowFormat => {
  const { locale } = useSharedTranslation()
  const currency = useBudget(selectBudget)?.currency ?? PLN
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(regionalLocale(locale), {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    })
    return {
      amount: (minor: Minor) => formatAmount(minor, currency, locale),
      fileAmount: (amount: string, fileCurrency: string | null) => {
        try {
          // Intl formats decimal text exactly (no float), in the file's currency when it names a known one.
          return new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: fileCurrency ?? currency,
          }).format(amount as `${number}`)
        } catch {
          return fileCurrency === null ? amount : `${amount} ${fileCurrency}`
        }
      },
      date: (iso: string) => dates.format(new Date(`${iso}T00:00:00Z`)),
      currency,
      locale,
    }
  }, [locale, currency])
}
