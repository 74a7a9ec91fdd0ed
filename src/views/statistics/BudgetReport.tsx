import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { FiguresPeriod } from '../../../machines/statistics/index.ts'
import { budgetRows, budgetTotal } from '../../../machines/statistics/statistics.figures.ts'
import { RowBars } from './charts.tsx'
import { periodName, useFormats } from './formats.ts'
import { Legend, ReportCard } from './ReportCard.tsx'
import { useCategoryInfo } from './useCategoryInfo.ts'
import type { Choice } from './useChoice.ts'

/** What was assigned against what was spent, per category, for a month or a year, with the difference and totals. */
export function BudgetReport({
  months,
  choice,
  spendingNarrowed,
}: {
  readonly months: ReadonlyArray<FiguresPeriod>
  readonly choice: Choice
  /** A filter on accounts, payee or days narrows the spending; assignments have none of those, so they stay whole. */
  readonly spendingNarrowed: boolean
}) {
  const { t } = useTranslation()
  const formats = useFormats()
  const { granularity, period } = choice
  const { infoOf } = useCategoryInfo()
  const rows = useMemo(
    () => budgetRows(months, granularity, period, infoOf),
    [months, granularity, period, infoOf],
  )
  const total = budgetTotal(rows)
  const when = periodName(granularity, period, formats)
  const nameOf = (categoryId: string) => infoOf(categoryId)?.name ?? t('statistics.unknown')
  const figures = { period: when, assigned: formats.money(total.assigned), spent: formats.money(total.spent) }
  const told =
    rows.length === 0
      ? t('statistics.budget.nothing', { period: when })
      : total.difference >= 0
        ? t('statistics.budget.summaryLeft', { ...figures, left: formats.money(total.difference) })
        : t('statistics.budget.summaryOver', { ...figures, over: formats.money(-total.difference) })
  const summary = spendingNarrowed ? `${told} ${t('statistics.budget.assignedWhole')}` : told
  const cells = (figures: { assigned: number; spent: number; difference: number }) => [
    formats.moneyCell(figures.assigned),
    formats.moneyCell(figures.spent),
    formats.moneyCell(figures.difference),
  ]
  return (
    <ReportCard
      title={t('statistics.budget.title')}
      period={when}
      fileName={t('statistics.budget.file')}
      summary={summary}
      legend={
        <Legend
          items={[
            { key: 'assigned', label: t('statistics.budget.assigned') },
            { key: 'spent', label: t('statistics.budget.spent') },
          ]}
        />
      }
      table={{
        header: [
          t('statistics.dimension.category'),
          t('statistics.budget.assigned'),
          t('statistics.budget.spent'),
          t('statistics.budget.difference'),
        ],
        rows: rows.map((row) => ({ key: row.categoryId, head: nameOf(row.categoryId), cells: cells(row) })),
        totals: [{ key: 'total', head: t('statistics.budget.total'), cells: cells(total) }],
      }}
      chart={(ref, label) => (
        <RowBars
          ref={ref}
          label={label}
          items={rows.map((row) => {
            const figures = {
              name: nameOf(row.categoryId),
              assigned: formats.money(row.assigned),
              spent: formats.money(row.spent),
              difference: formats.money(row.difference),
            }
            return {
              key: row.categoryId,
              label: t('statistics.budget.label', figures),
              text: t('statistics.budget.bar', figures),
              bars: [
                { className: 'statistics__bar-assigned', value: row.assigned },
                { className: 'statistics__bar-spent', value: row.spent },
              ],
            }
          })}
        />
      )}
    />
  )
}
