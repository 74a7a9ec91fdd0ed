import { useId } from 'react'
import { Button, Link, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  balancePoints,
  type LoanSummary,
  loanSummary,
  type ScheduleLine,
  scheduleLines,
  scheduleOfLoan,
} from '../../../machines/loans/index.ts'
import {
  type LoanLinks,
  selectLoanLinks,
  selectOwedByAccount,
  selectTrackedSince,
} from '../../../machines/openBudget/selectors/loans.ts'
import { type Loan, LoanActivityType } from '../../../schemas/loans.ts'
import { useBudget } from '../../openBudget/OpenBudget.tsx'
import type { LoansSearch } from '../../router/loansSearch.ts'
import { paths } from '../../router/paths.ts'
import { ActivityList } from './ActivityList.tsx'
import type { LoanFormats } from './format.ts'
import { BalanceChart, SplitChart } from './LoanCharts.tsx'
import { ScheduleTable } from './ScheduleTable.tsx'

const sameLinks = (a: LoanLinks, b: LoanLinks) => a.account === b.account && a.category === b.category

/** `/budget/$budgetId/loans/$loanId`: the summary, the charts, the schedule, the activities and what can be done. */
export function LoanPage({
  budgetId,
  loan,
  formats,
  canEdit,
  onOpen,
}: {
  readonly budgetId: string
  readonly loan: Loan
  readonly formats: LoanFormats
  readonly canEdit: boolean
  readonly onOpen: (dialog: LoansSearch) => void
}) {
  const { t } = useTranslation()
  const scheduleId = useId()
  const activitiesId = useId()
  const outcome = scheduleOfLoan(loan)
  const since = useBudget((snapshot) => selectTrackedSince(snapshot, loan))
  const owed = useBudget((snapshot) => selectOwedByAccount(snapshot, loan))
  const active = loan.state === 'Active'
  return (
    <article className="loan" aria-labelledby={`${scheduleId}-name`}>
      <Link className="loans__back" href={paths.loans(budgetId)}>
        {t('loans.page.back')}
      </Link>
      <div className="loans__toolbar">
        <h2 id={`${scheduleId}-name`} className="loans__heading loan__name">
          {loan.name}
        </h2>
        <span className={`loans__state loans__state--${loan.state}`}>{t(`loans.state.${loan.state}`)}</span>
      </div>
      {canEdit && active ? (
        <div className="loan__actions">
          <Button className="button button--primary" onPress={() => onOpen({ dialog: 'payment' })}>
            {t('loans.payment.open')}
          </Button>
          <MenuTrigger>
            <Button className="button button--quiet">{t('loans.activity.open')}</Button>
            {/* Below the button always (a long menu scrolls): flipped over it on a short screen, a tap would land on an item. */}
            <Popover className="popover" placement="bottom start" shouldFlip={false}>
              <Menu
                className="menu"
                onAction={(key) => {
                  const activity = LoanActivityType.literals.find((type) => type === key)
                  if (activity !== undefined) onOpen({ dialog: 'activity', activity })
                }}
              >
                {LoanActivityType.literals.map((type) => (
                  <MenuItem key={type} id={type} className="menu__item">
                    {t(`loans.activity.${type}.title`)}
                  </MenuItem>
                ))}
              </Menu>
            </Popover>
          </MenuTrigger>
          <Button className="button button--quiet" onPress={() => onOpen({ dialog: 'close' })}>
            {t('loans.close.open')}
          </Button>
        </div>
      ) : null}
      {!outcome.ok ? (
        <p className="notice notice--error" role="alert">
          {t(`budget.errors.${outcome.code}`)}
        </p>
      ) : (
        <LoanFigures
          loan={loan}
          summary={loanSummary(loan, outcome.schedule, since, owed)}
          lines={scheduleLines(outcome.schedule)}
          formats={formats}
          scheduleId={scheduleId}
        />
      )}
      <section className="loan__section" aria-labelledby={activitiesId}>
        <h3 id={activitiesId} className="loan__subheading">
          {t('loans.activities.title')}
        </h3>
        <ActivityList loan={loan} formats={formats} />
      </section>
    </article>
  )
}

function LoanFigures({
  loan,
  summary,
  lines,
  formats,
  scheduleId,
}: {
  readonly loan: Loan
  readonly summary: LoanSummary
  readonly lines: ReadonlyArray<ScheduleLine>
  readonly formats: LoanFormats
  readonly scheduleId: string
}) {
  const { t } = useTranslation()
  const links = useBudget((snapshot) => selectLoanLinks(snapshot, loan), sameLinks)
  const figure = (key: string, value: string) => (
    <div className="loan__figure">
      <dt>{t(`loans.summary.${key}`)}</dt>
      <dd>{value}</dd>
    </div>
  )
  return (
    <>
      <dl className="loan__summary">
        {figure('borrowed', formats.money(summary.borrowed))}
        {figure('outstanding', formats.money(summary.outstanding))}
        {figure('rate', formats.rate(summary.rate))}
        {figure(
          'next',
          summary.next === null || loan.state === 'Closed'
            ? t('loans.summary.noNext')
            : t('loans.summary.nextText', {
                date: formats.date(summary.next.date),
                payment: formats.money(summary.next.payment),
              }),
        )}
        {figure('end', formats.date(summary.end))}
        {figure('totalInterest', formats.money(summary.totalInterest))}
        {figure('paymentType', t(`loans.paymentType.${loan.paymentType}`))}
        {figure('installments', String(summary.installments))}
        {links.account === null ? null : figure('account', links.account)}
        {links.category === null ? null : figure('category', links.category)}
      </dl>
      <div className="loan__charts">
        <BalanceChart points={balancePoints(loan, lines)} formats={formats} />
        <SplitChart lines={lines} formats={formats} />
      </div>
      <section className="loan__section">
        <h3 id={scheduleId} className="loan__subheading">
          {t('loans.schedule.title')}
        </h3>
        <ScheduleTable lines={lines} formats={formats} labelledBy={scheduleId} />
      </section>
    </>
  )
}
