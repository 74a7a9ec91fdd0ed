import { useMemo } from 'react'
import { formatAmount } from '../../../domain/money.ts'
import { selectBudget } from '../../../machines/openBudget/index.ts'
import { CurrencyCode, Minor, type PeriodKey } from '../../../schemas/money.ts'
import type { Granularity } from '../../../schemas/statistics.ts'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { useBudget } from '../../openBudget/OpenBudget.tsx'

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')

/** The formatters every report shares: money in the budget's currency, SPEC's percent (3 decimals, always), periods. */
export type Formats = {
  readonly money: (amount: number) => string
  readonly percent: (ratio: number | null) => string
  readonly month: (period: PeriodKey) => string
  readonly shortMonth: (period: PeriodKey) => string
}

export const useFormats = (): Formats => {
  const { locale } = useSharedTranslation()
  const currency = useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY
  return useMemo(() => {
    const percent = new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
    })
    const dateOf = (period: PeriodKey) =>
      new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(4)) - 1, 1))
    const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    const shortMonth = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })
    return {
      money: (amount) => formatAmount(Minor.make(amount), currency, locale),
      // Rounded once, here (issue 31: percentages rounded at display).
      percent: (ratio) => (ratio === null ? '—' : percent.format(ratio)),
      month: (period) => month.format(dateOf(period)),
      shortMonth: (period) => shortMonth.format(dateOf(period)),
    }
  }, [locale, currency])
}

/** "listopad 2026" for a month report, "2026" for a year report. */
export const periodName = (granularity: Granularity, period: PeriodKey, formats: Formats) =>
  granularity === 'Month' ? formats.month(period) : period.slice(0, 4)
