import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { NetWorthPeriod } from '../../../machines/statistics/index.ts'
import { lastMonthOf, netWorthRows } from '../../../machines/statistics/statistics.figures.ts'
import { Columns } from './charts.tsx'
import { useFormats } from './formats.ts'
import { ReportCard } from './ReportCard.tsx'
import type { Choice } from './useChoice.ts'

/** The sum of the accounts' balances at each month's end over 24 months (issue 31 §1), with each month's change. */
export function NetWorthReport({
  periods,
  choice,
}: {
  readonly periods: ReadonlyArray<NetWorthPeriod>
  readonly choice: Choice
}) {
  const { t } = useTranslation()
  const formats = useFormats()
  const last = lastMonthOf(choice.granularity, choice.period)
  const rows = useMemo(() => netWorthRows(periods, last), [periods, last])
  const first = rows[0]
  const final = rows.at(-1)
  const range = `${formats.month(first?.month ?? last)} – ${formats.month(last)}`
  const summary = t('statistics.netWorth.summary', {
    month: formats.month(last),
    value: formats.money(final?.netWorth ?? 0),
    from: formats.month(first?.month ?? last),
    change: formats.money((final?.netWorth ?? 0) - (first?.netWorth ?? 0)),
  })
  return (
    <ReportCard
      title={t('statistics.netWorth.title')}
      period={range}
      fileName={t('statistics.netWorth.file')}
      summary={summary}
      table={{
        header: [
          t('statistics.netWorth.month'),
          t('statistics.netWorth.value'),
          t('statistics.netWorth.change'),
        ],
        rows: rows.map((row) => ({
          key: row.month,
          head: formats.month(row.month),
          cells: [formats.moneyCell(row.netWorth), row.change === null ? '—' : formats.moneyCell(row.change)],
        })),
      }}
      chart={(ref, label) => (
        <Columns
          ref={ref}
          label={label}
          items={rows.map((row) => ({
            key: row.month,
            tick: formats.shortMonth(row.month),
            text: t('statistics.netWorth.bar', {
              month: formats.month(row.month),
              value: formats.money(row.netWorth),
            }),
            bars: [
              {
                className: row.netWorth < 0 ? 'statistics__bar-negative' : 'statistics__bar-networth',
                value: row.netWorth,
              },
            ],
          }))}
        />
      )}
    />
  )
}
