import { useMemo } from 'react'
import { currencyExponent } from '../../../domain/currency.ts'
import { formatAmount, toDecimalString } from '../../../domain/money.ts'
import { selectBudget } from '../../../machines/openBudget/index.ts'
import { CurrencyCode, Minor, type PeriodKey } from '../../../schemas/money.ts'
import type { Granularity } from '../../../schemas/statistics.ts'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { useBudget } from '../../openBudget/OpenBudget.tsx'

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')

/**
 * A table cell: what the table shows and what its CSV holds — a bare number a spreadsheet computes with ("-1234,50"
 * where the locale writes decimals with a comma), not the shown "−1 234,50 zł".
 */
export type Cell = string | { readonly text: string; readonly csv: string }

/** The formatters every report shares: money in the budget's currency, SPEC's percent (3 decimals, always), periods. */
export type Formats = {
  readonly money: (amount: number) => string
  readonly percent: (ratio: number | null) => string
  readonly moneyCell: (amount: number) => Cell
  readonly percentCell: (ratio: number | null) => Cell
  /** ';' where the locale's decimal mark is a comma (as Polish and German spreadsheets read CSV), else ','. */
  readonly csvDelimiter: string
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
    const decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
    const exponent = currencyExponent(currency) ?? 2
    const money = (amount: number) => formatAmount(Minor.make(amount), currency, locale)
    // Rounded once, here (issue 31: percentages rounded at display).
    const percentText = (ratio: number | null) => (ratio === null ? '—' : percent.format(ratio))
    return {
      money,
      percent: percentText,
      moneyCell: (amount) => ({
        text: money(amount),
        csv: toDecimalString(Minor.make(amount), exponent).replace('.', decimal),
      }),
      percentCell: (ratio) => ({
        text: percentText(ratio),
        csv: ratio === null ? '' : (ratio * 100).toFixed(3).replace('.', decimal),
      }),
      csvDelimiter: decimal === ',' ? ';' : ',',
      month: (period) => month.format(dateOf(period)),
      shortMonth: (period) => shortMonth.format(dateOf(period)),
    }
  }, [locale, currency])
}

/** "listopad 2026" for a month report, "2026" for a year report. */
export const periodName = (granularity: Granularity, period: PeriodKey, formats: Formats) =>
  granularity === 'Month' ? formats.month(period) : period.slice(0, 4)
