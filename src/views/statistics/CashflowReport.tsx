import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { addMonths } from '../../../domain/period.ts'
import { cashflowRows, cashflowTotal } from '../../../machines/statistics/statistics.figures.ts'
import type { StatisticsPeriod } from '../../../schemas/statistics.ts'
import { Columns } from './charts.tsx'
import { useFormats } from './formats.ts'
import { Legend, ReportCard } from './ReportCard.tsx'
import type { Choice } from './useChoice.ts'

/** Income vs spending month by month over 12 months, with what was saved and the saving rate. */
export function CashflowReport({
  months,
  choice,
}: {
  readonly months: ReadonlyArray<StatisticsPeriod>
  readonly choice: Choice
}) {
  const { t } = useTranslation()
  const formats = useFormats()
  const { granularity, period } = choice
  // A month report: the 12 months ending with it; a year report: that year's months.
  const last = granularity === 'Month' ? period : addMonths(period, 12 - Number(period.slice(4)))
  const rows = useMemo(() => cashflowRows(months, last), [months, last])
  const total = cashflowTotal(rows)
  const range = `${formats.month(rows[0]?.month ?? last)} – ${formats.month(last)}`
  const summary =
    total.savingRate === null
      ? t('statistics.cashflow.noIncome', { range })
      : t('statistics.cashflow.summary', {
          range,
          income: formats.money(total.income),
          spent: formats.money(total.spent),
          rate: formats.percent(total.savingRate),
        })
  const cells = (figures: { income: number; spent: number; saved: number; savingRate: number | null }) => [
    formats.moneyCell(figures.income),
    formats.moneyCell(figures.spent),
    formats.moneyCell(figures.saved),
    formats.percentCell(figures.savingRate),
  ]
  return (
    <ReportCard
      title={t('statistics.cashflow.title')}
      period={range}
      fileName={t('statistics.cashflow.file')}
      summary={summary}
      legend={
        <Legend
          items={[
            { key: 'income', label: t('statistics.cashflow.income') },
            { key: 'spent', label: t('statistics.cashflow.spent') },
          ]}
        />
      }
      table={{
        header: [
          t('statistics.cashflow.month'),
          t('statistics.cashflow.income'),
          t('statistics.cashflow.spent'),
          t('statistics.cashflow.saved'),
          t('statistics.cashflow.rate'),
        ],
        rows: rows.map((row) => ({ key: row.month, head: formats.month(row.month), cells: cells(row) })),
        totals: [{ key: 'total', head: t('statistics.cashflow.total'), cells: cells(total) }],
      }}
      chart={(ref, label) => (
        <Columns
          ref={ref}
          label={label}
          items={rows.map((row) => ({
            key: row.month,
            tick: formats.shortMonth(row.month),
            text: t('statistics.cashflow.bar', {
              month: formats.month(row.month),
              income: formats.money(row.income),
              spent: formats.money(row.spent),
              rate: formats.percent(row.savingRate),
            }),
            bars: [
              { className: 'statistics__bar-income', value: row.income },
              { className: 'statistics__bar-spent', value: row.spent },
            ],
          }))}
        />
      )}
    />
  )
}
