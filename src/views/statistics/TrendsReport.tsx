import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  defaultTrendSubject,
  firstActiveMonth,
  lastMonthOf,
  trendRows,
  trendStats,
} from '../../../machines/statistics/statistics.figures.ts'
import { SpendingClass } from '../../../schemas/budget.ts'
import type { StatisticsPeriod } from '../../../schemas/statistics.ts'
import type { TrendSubject } from '../../router/statisticsSearch.ts'
import { Columns } from './charts.tsx'
import { useFormats } from './formats.ts'
import { Legend, ReportCard } from './ReportCard.tsx'
import { useCategoryInfo } from './useCategoryInfo.ts'
import type { Choice, ChoiceChange } from './useChoice.ts'

const CLASSES = SpendingClass.literals

/** A category's or class's spending month by month over 24 months, with its 12-month average and median. */
export function TrendsReport({
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
  const { infoOf, groups, groupNames } = useCategoryInfo()
  const last = lastMonthOf(choice.granularity, choice.period)
  const subject: TrendSubject = choice.subject ?? defaultTrendSubject(months, last, infoOf) ?? CLASSES[0]
  const rows = useMemo(() => trendRows(months, last, subject), [months, last, subject])
  const { average, median } = trendStats(rows, firstActiveMonth(months))
  const isClass = CLASSES.some((value) => value === subject)
  const name = isClass ? t(`statistics.class.${subject}`) : (infoOf(subject)?.name ?? t('statistics.unknown'))
  const range = `${formats.month(rows[0]?.month ?? last)} – ${formats.month(last)}`
  const money = (amount: number | null) => (amount === null ? '—' : formats.money(amount))
  const moneyCell = (amount: number | null) => (amount === null ? '—' : formats.moneyCell(amount))
  const summary = t('statistics.trends.summary', { name, average: money(average), median: money(median) })
  const spendingGroups = groups
    .map(({ group, categories }) => ({
      group,
      categories: categories.filter((category) => category.type !== 'Income'),
    }))
    .filter(({ categories }) => categories.length > 0)
  return (
    <ReportCard
      title={t('statistics.trends.title', { name })}
      period={range}
      fileName={t('statistics.trends.file')}
      summary={summary}
      controls={
        <label className="statistics__field">
          <span className="field__label">{t('statistics.trends.subject')}</span>
          <select
            className="field__input"
            value={subject}
            onChange={(event) => {
              const next = event.target.value
              const found =
                CLASSES.find((value) => value === next) ??
                spendingGroups
                  .flatMap(({ categories }) => categories)
                  .find((category) => category.id === next)?.id
              if (found !== undefined) choose({ subject: found })
            }}
          >
            <optgroup label={t('statistics.dimension.spendingClass')}>
              {CLASSES.map((value) => (
                <option key={value} value={value}>
                  {t(`statistics.class.${value}`)}
                </option>
              ))}
            </optgroup>
            {spendingGroups.map(({ group, categories }) => (
              <optgroup key={group.id} label={groupNames.get(group.id) ?? group.name}>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {infoOf(category.id)?.name ?? category.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      }
      legend={
        <Legend
          items={[
            { key: 'spent', label: t('statistics.trends.spent') },
            { key: 'average', label: t('statistics.trends.average') },
            { key: 'median', label: t('statistics.trends.median') },
          ]}
        />
      }
      table={{
        header: [t('statistics.trends.month'), t('statistics.trends.spent')],
        rows: rows.map((row) => ({
          key: row.month,
          head: formats.month(row.month),
          cells: [formats.moneyCell(row.spent)],
        })),
        totals: [
          { key: 'average', head: t('statistics.trends.average'), cells: [moneyCell(average)] },
          { key: 'median', head: t('statistics.trends.median'), cells: [moneyCell(median)] },
        ],
      }}
      chart={(ref, label) => (
        <Columns
          ref={ref}
          label={label}
          items={rows.map((row) => ({
            key: row.month,
            tick: formats.shortMonth(row.month),
            text: t('statistics.trends.bar', {
              month: formats.month(row.month),
              amount: formats.money(row.spent),
            }),
            bars: [{ className: 'statistics__bar-spent', value: row.spent }],
          }))}
          lines={[
            ...(average === null
              ? []
              : [{ key: 'average', className: 'statistics__line-average', value: average }]),
            ...(median === null
              ? []
              : [{ key: 'median', className: 'statistics__line-median', value: median }]),
          ]}
        />
      )}
    />
  )
}
