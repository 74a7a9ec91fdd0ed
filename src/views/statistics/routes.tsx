import './statistics.css'
import './texts.ts'
import { Link, useParams } from '@tanstack/react-router'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { useActorRef, useSelector } from '@xstate/react'
import type { TFunction } from 'i18next'
import { useCallback, useId, useMemo, useRef, useState } from 'react'
import { Button, ToggleButton, ToggleButtonGroup } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { formatAmount } from '../../../domain/money.ts'
import { addMonths } from '../../../domain/period.ts'
import { selectBudget, selectGroups } from '../../../machines/openBudget/index.ts'
import {
  selectGranularity,
  selectIsFiltered,
  selectIsRefreshing,
  selectMonths,
  selectPeriod,
  selectStatus,
  statisticsMachine,
} from '../../../machines/statistics/index.ts'
import {
  type CashflowRow,
  type CategoryInfo,
  cashflowRows,
  cashflowTotal,
  type Dimension,
  isEmpty,
  type SpendingRow,
  spendingRows,
  topRow,
} from '../../../machines/statistics/statistics.figures.ts'
import { CurrencyCode, Minor, PeriodKey } from '../../../schemas/money.ts'
import type { Granularity } from '../../../schemas/statistics.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { useSharedTranslation } from '../../i18n/SharedTranslation.tsx'
import { OpenBudget, useBudget } from '../../openBudget/OpenBudget.tsx'
import { createStatisticsPort } from '../../ports/statisticsPort.ts'
import { paths } from '../../router/paths.ts'
import { currentPeriodKey } from '../../router/periodKey.ts'
import { downloadCsv, downloadPng } from './download.ts'
import { StatisticsFilterBar } from './StatisticsFilterBar.tsx'

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')
const DIMENSIONS: ReadonlyArray<Dimension> = ['category', 'group', 'spendingClass']
const GRANULARITIES: ReadonlyArray<Granularity> = ['Month', 'Year']

type ScreenRef = ReturnType<typeof useActorRef<typeof statisticsMachine>>

/** The formatters every part shares: money in the budget's currency, SPEC's percent (up to 3 decimals), periods. */
type Formats = {
  readonly money: (amount: number) => string
  readonly percent: (ratio: number | null) => string
  readonly month: (period: PeriodKey) => string
  readonly shortMonth: (period: PeriodKey) => string
}

const useFormats = (): Formats => {
  const { locale } = useSharedTranslation()
  const currency = useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY
  return useMemo(() => {
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 })
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

/** `/budget/$budgetId/statistics` on both trees: where the money went, by month or year, and what was saved. */
export function StatisticsView() {
  const { budgetId = '' }: { budgetId?: string } = useParams({ strict: false })
  return (
    <OpenBudget budgetId={budgetId}>
      <StatisticsScreen key={budgetId} budgetId={budgetId} />
    </OpenBudget>
  )
}

function StatisticsScreen({ budgetId }: { readonly budgetId: string }) {
  const { t } = useTranslation()
  const loadApi = useLoadApi()
  const input = useMemo(
    () => ({
      port: createStatisticsPort(loadApi),
      budgetId,
      // The route names no month: the report opens on the current one.
      period: PeriodKey.make(currentPeriodKey(new Date())),
    }),
    [loadApi, budgetId],
  )
  const screen = useActorRef(statisticsMachine, { input })
  const status = useSelector(screen, selectStatus)
  const months = useSelector(screen, selectMonths)
  const period = useSelector(screen, selectPeriod)
  const granularity = useSelector(screen, selectGranularity)
  const filtered = useSelector(screen, selectIsFiltered)
  return (
    <section className="statistics" aria-label={t('statistics.title')}>
      <Controls screen={screen} />
      <StatisticsFilterBar
        screen={screen}
        report={{ kind: 'Spending', granularity }}
        onOpenReport={(view) =>
          screen.send({ type: 'statistics.granularity', granularity: view.granularity })
        }
      />
      {status === 'loading' ? (
        <p className="statistics__state" role="status">
          {t('statistics.loading')}
        </p>
      ) : status === 'failed' ? (
        <div className="notice notice--error statistics__state" role="alert">
          <p>{t('statistics.failed')}</p>
          <Button className="button" onPress={() => screen.send({ type: 'statistics.retry' })}>
            {t('statistics.retry')}
          </Button>
        </div>
      ) : isEmpty(months) ? (
        <div className="statistics__state">
          <p>{t(filtered ? 'statisticsFilter.nothing' : 'statistics.empty')}</p>
          <Link className="button" to={paths.period(budgetId, period)}>
            {t('statistics.addTransactions')}
          </Link>
        </div>
      ) : (
        <>
          <SpendingReport screen={screen} />
          <CashflowReport screen={screen} />
        </>
      )}
    </section>
  )
}

function Controls({ screen }: { readonly screen: ScreenRef }) {
  const { t } = useTranslation()
  const formats = useFormats()
  const granularity = useSelector(screen, selectGranularity)
  const period = useSelector(screen, selectPeriod)
  const refreshing = useSelector(screen, selectIsRefreshing)
  const step = granularity === 'Month' ? 1 : 12
  const label = granularity === 'Month' ? formats.month(period) : period.slice(0, 4)
  return (
    <div className="statistics__controls">
      <ToggleButtonGroup
        className="statistics__toggle"
        aria-label={t('statistics.granularity')}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[granularity]}
        onSelectionChange={(keys) => {
          const next = GRANULARITIES.find((value) => keys.has(value))
          if (next !== undefined) screen.send({ type: 'statistics.granularity', granularity: next })
        }}
      >
        {GRANULARITIES.map((value) => (
          <ToggleButton key={value} id={value} className="statistics__toggle-button">
            {t(`statistics.granularityOption.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <fieldset className="statistics__period">
        <legend className="visually-hidden">{t('statistics.period')}</legend>
        <Button
          className="button statistics__step"
          aria-label={t(`statistics.previous.${granularity}`)}
          onPress={() => screen.send({ type: 'statistics.period', period: addMonths(period, -step) })}
        >
          {'‹'}
        </Button>
        <output className="statistics__period-label" aria-live="polite">
          {label}
        </output>
        <Button
          className="button statistics__step"
          aria-label={t(`statistics.next.${granularity}`)}
          onPress={() => screen.send({ type: 'statistics.period', period: addMonths(period, step) })}
        >
          {'›'}
        </Button>
      </fieldset>
      {refreshing ? (
        <span className="statistics__refreshing" role="status">
          {t('statistics.loading')}
        </span>
      ) : null}
    </div>
  )
}

/** Names and kinds of the budget's categories, for rows the server names by id. */
const useCategoryInfo = () => {
  const groups = useBudget(selectGroups)
  return useMemo(() => {
    const info = new Map<string, CategoryInfo>()
    const groupNames = new Map<string, string>()
    for (const { group, categories } of groups) {
      groupNames.set(group.id, group.name)
      for (const category of categories)
        info.set(category.id, {
          name: category.name,
          groupId: group.id,
          groupName: group.name,
          type: category.type,
          spendingClass: category.spendingClass,
        })
    }
    return { infoOf: (id: string) => info.get(id), groupNames }
  }, [groups])
}

const periodName = (granularity: Granularity, period: PeriodKey, formats: Formats) =>
  granularity === 'Month' ? formats.month(period) : period.slice(0, 4)

function SpendingReport({ screen }: { readonly screen: ScreenRef }) {
  const { t } = useTranslation()
  const formats = useFormats()
  const id = useId()
  const chart = useRef<SVGSVGElement>(null)
  const months = useSelector(screen, selectMonths)
  const granularity = useSelector(screen, selectGranularity)
  const period = useSelector(screen, selectPeriod)
  const { infoOf, groupNames } = useCategoryInfo()
  const dimension = useDimension()
  const rows = useMemo(
    () => spendingRows(months, granularity, period, dimension.value, infoOf),
    [months, granularity, period, dimension.value, infoOf],
  )
  const nameOf = (key: string) =>
    dimension.value === 'category'
      ? (infoOf(key)?.name ?? t('statistics.unknown'))
      : dimension.value === 'group'
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
  const title = t('statistics.spending.title')
  const previousLabel = t(`statistics.spending.previous.${granularity}`)
  const header = [
    t(`statistics.dimension.${dimension.value}`),
    t('statistics.spending.spent'),
    t('statistics.spending.share'),
  ]
  const comparisons =
    granularity === 'Month' ? [previousLabel, t('statistics.spending.yearAgo')] : [previousLabel]
  const csv = () =>
    downloadCsv(`${t('statistics.spending.file')}-${when}.csv`, [
      [...header, ...comparisons],
      ...rows.map((row) => [
        nameOf(row.key),
        formats.money(row.spent),
        formats.percent(row.share),
        formats.money(row.previous),
        ...(granularity === 'Month' ? [formats.money(row.yearAgo)] : []),
      ]),
    ])
  return (
    <section className="statistics__report" aria-labelledby={`${id}-title`}>
      <div className="statistics__report-head">
        <h2 id={`${id}-title`} className="statistics__report-title">
          {title}
        </h2>
        <label className="statistics__dimension">
          <span className="field__label">{t('statistics.dimension.label')}</span>
          <select
            className="field__input"
            value={dimension.value}
            onChange={(event) => dimension.set(event.target.value)}
          >
            {DIMENSIONS.map((value) => (
              <option key={value} value={value}>
                {t(`statistics.dimension.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="statistics__summary">{summary}</p>
      <SpendingChart
        ref={chart}
        rows={rows}
        label={`${title}: ${when}`}
        nameOf={nameOf}
        formats={formats}
        t={t}
      />
      <Exports onCsv={csv} chart={chart} fileName={`${t('statistics.spending.file')}-${when}.png`} />
      <p className="statistics__caption" aria-hidden="true">{`${title}: ${when}`}</p>
      <TableScroll label={`${title}: ${when}`}>
        <table className="statistics__table">
          <caption className="visually-hidden">{`${title}: ${when}`}</caption>
          <thead>
            <tr>
              {[...header, ...comparisons].map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{nameOf(row.key)}</th>
                <td>{formats.money(row.spent)}</td>
                <td>{formats.percent(row.share)}</td>
                <td>{formats.money(row.previous)}</td>
                {granularity === 'Month' ? <td>{formats.money(row.yearAgo)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  )
}

/** Which breakdown the spending report shows; kept in the view (it reads nothing new). */
const useDimension = () => {
  const [value, setValue] = useState<Dimension>('category')
  return {
    value,
    set: (next: string) => {
      const found = DIMENSIONS.find((dimension) => dimension === next)
      if (found !== undefined) setValue(found)
    },
  }
}

function Exports({
  onCsv,
  chart,
  fileName,
}: {
  readonly onCsv: () => void
  readonly chart: React.RefObject<SVGSVGElement | null>
  readonly fileName: string
}) {
  const { t } = useTranslation()
  return (
    <div className="statistics__exports">
      <Button className="button" onPress={onCsv}>
        {t('statistics.csv')}
      </Button>
      <Button
        className="button"
        onPress={() => {
          const svg = chart.current
          if (svg === null) return
          const background = getComputedStyle(document.body).backgroundColor
          void downloadPng(fileName, svg, background)
        }}
      >
        {t('statistics.png')}
      </Button>
    </div>
  )
}

/** A table wider than a phone scrolls sideways; the region takes focus so keyboard users can scroll it too. */
function TableScroll({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <section className="statistics__table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  )
}

const ROW_HEIGHT = 36
const CHART_WIDTH = 360

/**
 * The chart's box width in CSS pixels, so it is drawn 1:1 and its 12 px labels stay 12 px from 320 px to wide
 * (a fixed viewBox would shrink them on phones and blow them up on desktops).
 */
const useChartWidth = () => {
  const [width, setWidth] = useState(CHART_WIDTH)
  const observer = useRef<ResizeObserver | null>(null)
  const measure = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect()
    if (element === null) return
    const update = () => setWidth(Math.max(200, Math.floor(element.clientWidth)))
    update()
    observer.current = new ResizeObserver(update)
    observer.current.observe(element)
  }, [])
  return { width, measure }
}

function SpendingChart({
  ref,
  rows,
  label,
  nameOf,
  formats,
  t,
}: {
  readonly ref: React.Ref<SVGSVGElement>
  readonly rows: ReadonlyArray<SpendingRow>
  readonly label: string
  readonly nameOf: (key: string) => string
  readonly formats: Formats
  readonly t: TFunction
}) {
  const { width, measure } = useChartWidth()
  const shown = rows.filter((row) => row.spent > 0)
  const height = Math.max(shown.length, 1) * ROW_HEIGHT + 4
  const max = Math.max(1, ...shown.map((row) => row.spent))
  const x = scaleLinear<number>({ domain: [0, max], range: [0, width - 4] })
  return (
    <div ref={measure} className="statistics__chart-box">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group names the chart. */}
      <svg
        ref={ref}
        className="statistics__chart"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-label={label}
      >
        {shown.map((row, index) => {
          const text = t('statistics.spending.bar', {
            name: nameOf(row.key),
            amount: formats.money(row.spent),
            share: formats.percent(row.share),
          })
          return (
            <Group
              key={row.key}
              top={index * ROW_HEIGHT}
              className="statistics__bar"
              tabIndex={0}
              role="img"
              aria-label={text}
            >
              <title>{text}</title>
              <text className="statistics__bar-label" x={2} y={13}>
                {`${nameOf(row.key)} · ${formats.money(row.spent)} · ${formats.percent(row.share)}`}
              </text>
              <Bar
                className="statistics__bar-fill"
                x={2}
                y={17}
                height={12}
                width={Math.max(1, x(row.spent))}
                rx={2}
              />
            </Group>
          )
        })}
      </svg>
    </div>
  )
}

function CashflowReport({ screen }: { readonly screen: ScreenRef }) {
  const { t } = useTranslation()
  const formats = useFormats()
  const id = useId()
  const chart = useRef<SVGSVGElement>(null)
  const months = useSelector(screen, selectMonths)
  const granularity = useSelector(screen, selectGranularity)
  const period = useSelector(screen, selectPeriod)
  // A month report: the 12 months ending with it; a year report: that year's months.
  const last = granularity === 'Month' ? period : addMonths(period, 12 - Number(period.slice(4)))
  const rows = useMemo(() => cashflowRows(months, last), [months, last])
  const total = cashflowTotal(rows)
  const range = `${formats.month(rows[0]?.month ?? last)} – ${formats.month(last)}`
  const title = t('statistics.cashflow.title')
  const summary =
    total.savingRate === null
      ? t('statistics.cashflow.noIncome', { range })
      : t('statistics.cashflow.summary', {
          range,
          income: formats.money(total.income),
          spent: formats.money(total.spent),
          rate: formats.percent(total.savingRate),
        })
  const header = [
    t('statistics.cashflow.month'),
    t('statistics.cashflow.income'),
    t('statistics.cashflow.spent'),
    t('statistics.cashflow.saved'),
    t('statistics.cashflow.rate'),
  ]
  const cells = (row: CashflowRow) => [
    formats.money(row.income),
    formats.money(row.spent),
    formats.money(row.saved),
    formats.percent(row.savingRate),
  ]
  const csv = () =>
    downloadCsv(`${t('statistics.cashflow.file')}-${last}.csv`, [
      header,
      ...rows.map((row) => [formats.month(row.month), ...cells(row)]),
    ])
  return (
    <section className="statistics__report" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="statistics__report-title">
        {title}
      </h2>
      <p className="statistics__summary">{summary}</p>
      <CashflowChart ref={chart} rows={rows} label={`${title}: ${range}`} formats={formats} t={t} />
      <p className="statistics__legend">
        <span className="statistics__key statistics__key--income" aria-hidden="true" />
        {t('statistics.cashflow.income')}
        <span className="statistics__key statistics__key--spent" aria-hidden="true" />
        {t('statistics.cashflow.spent')}
      </p>
      <Exports onCsv={csv} chart={chart} fileName={`${t('statistics.cashflow.file')}-${last}.png`} />
      <p className="statistics__caption" aria-hidden="true">{`${title}: ${range}`}</p>
      <TableScroll label={`${title}: ${range}`}>
        <table className="statistics__table">
          <caption className="visually-hidden">{`${title}: ${range}`}</caption>
          <thead>
            <tr>
              {header.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.month}>
                <th scope="row">{formats.month(row.month)}</th>
                {cells(row).map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('statistics.cashflow.total')}</th>
              <td>{formats.money(total.income)}</td>
              <td>{formats.money(total.spent)}</td>
              <td>{formats.money(total.saved)}</td>
              <td>{formats.percent(total.savingRate)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </section>
  )
}

const CASHFLOW_HEIGHT = 160
const AXIS = 16

function CashflowChart({
  ref,
  rows,
  label,
  formats,
  t,
}: {
  readonly ref: React.Ref<SVGSVGElement>
  readonly rows: ReadonlyArray<CashflowRow>
  readonly label: string
  readonly formats: Formats
  readonly t: TFunction
}) {
  const { width, measure } = useChartWidth()
  const x = scaleBand<string>({ domain: rows.map((row) => row.month), range: [0, width], padding: 0.2 })
  const max = Math.max(1, ...rows.flatMap((row) => [row.income, row.spent]))
  const y = scaleLinear<number>({ domain: [0, max], range: [CASHFLOW_HEIGHT - AXIS, 4] })
  const half = x.bandwidth() / 2
  return (
    <div ref={measure} className="statistics__chart-box">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group names the chart. */}
      <svg
        ref={ref}
        className="statistics__chart"
        width={width}
        height={CASHFLOW_HEIGHT}
        viewBox={`0 0 ${width} ${CASHFLOW_HEIGHT}`}
        role="group"
        aria-label={label}
      >
        {rows.map((row) => {
          const left = x(row.month) ?? 0
          const text = t('statistics.cashflow.bar', {
            month: formats.month(row.month),
            income: formats.money(row.income),
            spent: formats.money(row.spent),
            rate: formats.percent(row.savingRate),
          })
          const top = (amount: number) => y(Math.max(0, amount))
          return (
            <Group key={row.month} className="statistics__bar" tabIndex={0} role="img" aria-label={text}>
              <title>{text}</title>
              <Bar
                className="statistics__bar-income"
                x={left}
                y={top(row.income)}
                width={half}
                height={CASHFLOW_HEIGHT - AXIS - top(row.income)}
              />
              <Bar
                className="statistics__bar-spent"
                x={left + half}
                y={top(row.spent)}
                width={half}
                height={CASHFLOW_HEIGHT - AXIS - top(row.spent)}
              />
              <text
                className="statistics__axis-label"
                x={left + half}
                y={CASHFLOW_HEIGHT - 4}
                textAnchor="middle"
              >
                {formats.shortMonth(row.month)}
              </text>
            </Group>
          )
        })}
      </svg>
    </div>
  )
}
