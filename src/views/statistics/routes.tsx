import './statistics.css'
import './texts.ts'
import { Link, useParams } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  filterOfText,
  filterText,
  sameFilter,
  selectFilter,
  selectGranularity,
  selectIsFiltered,
  selectIsRefreshing,
  selectMonths,
  selectNetWorth,
  selectPeriod,
  selectReport,
  selectStatus,
  statisticsMachine,
} from '../../../machines/statistics/index.ts'
import { isEmpty, isNetWorthEmpty } from '../../../machines/statistics/statistics.figures.ts'
import { narrowsBeyondCategories } from '../../../machines/statistics/statistics.filter.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { OpenBudget } from '../../openBudget/OpenBudget.tsx'
import { createStatisticsPort } from '../../ports/statisticsPort.ts'
import { paths } from '../../router/paths.ts'
import { BudgetReport } from './BudgetReport.tsx'
import { CashflowReport } from './CashflowReport.tsx'
import { Controls } from './Controls.tsx'
import { NetWorthReport } from './NetWorthReport.tsx'
import { SpendingReport } from './SpendingReport.tsx'
import { StatisticsFilterBar } from './StatisticsFilterBar.tsx'
import { TrendsReport } from './TrendsReport.tsx'
import { type ChoiceChange, useChoice } from './useChoice.ts'

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
  const { choice, choose, addressFilter, showFilter } = useChoice()
  // The address opens the screen; later choices reach the machine through the effect below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the machine's input is read once, at its start.
  const input = useMemo(
    () => ({
      port: createStatisticsPort(loadApi),
      budgetId,
      period: choice.period,
      granularity: choice.granularity,
      report: choice.report,
      filter: filterOfText(addressFilter),
    }),
    [loadApi, budgetId],
  )
  const screen = useActorRef(statisticsMachine, { input })
  const status = useSelector(screen, selectStatus)
  const months = useSelector(screen, selectMonths)
  const netWorth = useSelector(screen, selectNetWorth)
  const period = useSelector(screen, selectPeriod)
  const report = useSelector(screen, selectReport)
  const refreshing = useSelector(screen, selectIsRefreshing)
  const filtered = useSelector(screen, selectIsFiltered)
  const filter = useSelector(screen, selectFilter)
  const spendingNarrowed = narrowsBeyondCategories(filter)
  // The filter lives in the address too, so a reload or a shared link keeps it: the machine's changes are written
  // there, and Back or Forward to another filter reaches the machine (the bar then starts afresh from it).
  const [barKey, setBarKey] = useState(0)
  // Only the machine's changes count here (reacting to the address would undo Back): its own come below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is read, not followed.
  useEffect(() => {
    const text = filterText(filter)
    if (text !== addressFilter) showFilter(text)
  }, [filter])
  useEffect(() => {
    const fromAddress = filterOfText(addressFilter)
    if (sameFilter(fromAddress, selectFilter(screen.getSnapshot()))) return
    screen.send({ type: 'statistics.filter', filter: fromAddress })
    setBarKey((key) => key + 1)
  }, [screen, addressFilter])
  // A choice on the screen asks the machine first, so the read is on the wire before the address changes and the
  // reports render (the bench saw Rok redraw the old months for 0.6 s on a throttled phone before asking).
  const chooseAndRead = useCallback(
    (change: ChoiceChange) => {
      if (change.report !== undefined) screen.send({ type: 'statistics.report', report: change.report })
      if (change.granularity !== undefined)
        screen.send({ type: 'statistics.granularity', granularity: change.granularity })
      if (change.period !== undefined) screen.send({ type: 'statistics.period', period: change.period })
      choose(change)
    },
    [screen, choose],
  )
  // Back, Forward or a link changed the address: the machine reads what the new choice needs.
  // Only the address's changes count here: the machine may already hold a choice the address has yet to show.
  useEffect(() => {
    const now = screen.getSnapshot()
    if (choice.report !== selectReport(now)) screen.send({ type: 'statistics.report', report: choice.report })
    if (choice.granularity !== selectGranularity(now))
      screen.send({ type: 'statistics.granularity', granularity: choice.granularity })
    if (choice.period !== selectPeriod(now)) screen.send({ type: 'statistics.period', period: choice.period })
  }, [screen, choice.report, choice.granularity, choice.period])
  return (
    <section className="statistics" aria-label={t('statistics.title')}>
      <Controls choice={choice} choose={chooseAndRead} refreshing={refreshing} />
      <StatisticsFilterBar
        key={barKey}
        screen={screen}
        report={{
          kind: choice.report,
          granularity: choice.granularity,
          dimension: choice.dimension,
          ...(choice.subject === undefined ? {} : { subject: choice.subject }),
        }}
        onOpenReport={(view) =>
          chooseAndRead({
            report: view.kind,
            granularity: view.granularity,
            ...(view.dimension === undefined ? {} : { dimension: view.dimension }),
            ...(view.subject === undefined ? {} : { subject: view.subject }),
          })
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
      ) : report === 'NetWorth' ? (
        isNetWorthEmpty(netWorth) ? (
          <div className="statistics__state">
            <p>{t('statistics.netWorth.empty')}</p>
            <Link className="button" to={paths.period(budgetId, period)}>
              {t('statistics.netWorth.toBudget')}
            </Link>
          </div>
        ) : (
          <NetWorthReport periods={netWorth} choice={choice} />
        )
      ) : isEmpty(months) ? (
        <div className="statistics__state">
          <p>{t(filtered ? 'statisticsFilter.nothing' : 'statistics.empty')}</p>
          <Link className="button" to={paths.period(budgetId, period)}>
            {t('statistics.addTransactions')}
          </Link>
        </div>
      ) : report === 'CashFlow' ? (
        <CashflowReport months={months} choice={choice} />
      ) : report === 'Trends' ? (
        <TrendsReport months={months} choice={choice} choose={choose} />
      ) : report === 'BudgetVsActual' ? (
        <BudgetReport months={months} choice={choice} spendingNarrowed={spendingNarrowed} />
      ) : (
        <SpendingReport months={months} choice={choice} choose={choose} />
      )}
    </section>
  )
}
