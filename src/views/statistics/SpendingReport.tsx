import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DIMENSIONS } from '../../../machines/statistics/statistics.choice.ts'
import { spendingRows, topRow } from '../../../machines/statistics/statistics.figures.ts'
import type { StatisticsPeriod } from '../../../schemas/statistics.ts'
import { RowBars } from './charts.tsx'
import { periodName, useFormats } from './formats.ts'
import { ReportCard } from './ReportCard.tsx'
import { useCategoryInfo } from './useCategoryInfo.ts'
import type { Choice, ChoiceChange } from './useChoice.ts'

/** Spending by category, group or class, with shares and the previous period / a year earlier beside it. */
export function SpendingReport({
  months,
  choice,
  choose,
}: {
  readonly months: ReadonlyArray<StatisticsPeriod>
  readonly choice: Choice
  readonly choose: (change: ChoiceChange) => void
}) {
  const { t } = useTranslation()
  const formats = useFormats()
  const { granularity, period, dimension } = choice
  const { infoOf, groupNames } = useCategoryInfo()
  const rows = useMemo(
    () => spendingRows(months, granularity, period, dimension, infoOf),
    [months, granularity, period, dimension, infoOf],
  )
  const nameOf = (key: string) =>
    dimension === 'category'
      ? (infoOf(key)?.name ?? t('statistics.unknown'))
      : dimension === 'group'
        ? (groupNames.get(key) ?? t('statistics.unknown'))
        : t(`statistics.class.${key}`)
  const when = periodName(granularity, period, formats)
  const top = topRow(rows)
  const summary =
    top === null
      ? t('statistics.spending.nothing', { period: when })
      : t('statistics.spending.summary', {
          period: when,
          name: nameOf(top.key),
          share: formats.percent(top.share),
        })
  const month = granularity === 'Month'
  return (
    <ReportCard
      title={t('statistics.spending.title')}
      period={when}
      fileName={t('statistics.spending.file')}
      summary={summary}
      controls={
        <label className="statistics__field">
          <span className="field__label">{t('statistics.dimension.label')}</span>
          <select
            className="field__input"
            value={dimension}
            onChange={(event) => {
              const next = DIMENSIONS.find((value) => value === event.target.value)
              if (next !== undefined) choose({ dimension: next })
            }}
          >
            {DIMENSIONS.map((value) => (
              <option key={value} value={value}>
                {t(`statistics.dimension.${value}`)}
              </option>
            ))}
          </select>
        </label>
      }
      table={{
        header: [
          t(`statistics.dimension.${dimension}`),
          t('statistics.spending.spent'),
          t('statistics.spending.share'),
          t(`statistics.spending.previous.${granularity}`),
          ...(month ? [t('statistics.spending.yearAgo')] : []),
        ],
        rows: rows.map((row) => ({
          key: row.key,
          head: nameOf(row.key),
          cells: [
            formats.moneyCell(row.spent),
            formats.percentCell(row.share),
            formats.moneyCell(row.previous),
            ...(month ? [formats.moneyCell(row.yearAgo)] : []),
          ],
        })),
      }}
      chart={(ref, label) => (
        <RowBars
          ref={ref}
          label={label}
          items={rows
            .filter((row) => row.spent > 0)
            .map((row) => {
              const name = nameOf(row.key)
              const amount = formats.money(row.spent)
              const share = formats.percent(row.share)
              return {
                key: row.key,
                label: `${name} · ${amount} · ${share}`,
                text: t('statistics.spending.bar', { name, amount, share }),
                bars: [{ className: 'statistics__bar-fill', value: row.spent }],
              }
            })}
        />
      )}
    />
  )
}
