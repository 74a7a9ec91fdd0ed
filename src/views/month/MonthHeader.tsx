import { useRouterState } from '@tanstack/react-router'
import { memo } from 'react'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { nextPeriod, previousPeriod } from '../../../domain/period.ts'
import {
  selectAssignedInFuture,
  selectHasNoMoneyYet,
  selectOverspending,
  selectReadyToAssignOf,
} from '../../../machines/openBudget/selectors/month.ts'
import type { CurrencyCode, PeriodKey } from '../../../schemas/money.ts'
import { Money, toneOf, useFormatAmount } from '../../components/money/Money.tsx'
import { useBudget, usePermissions } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import { currentPeriodKey } from '../../router/periodKey.ts'
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon, WarningIcon } from './icons.tsx'

const monthFormats = new Map<string, Intl.DateTimeFormat>()

/** Intl formatters are costly to build: one per locale. */
const monthFormat = (locale: string) => {
  let format = monthFormats.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    monthFormats.set(locale, format)
  }
  return format
}

/** 'listopad 2026' in Polish, 'November 2026' in English: the month's name in the user's locale, capitalised. */
export const monthName = (periodKey: string, locale: string): string => {
  const date = Date.UTC(Number(periodKey.slice(0, 4)), Number(periodKey.slice(4)) - 1, 1)
  const text = monthFormat(locale).format(date)
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)
}

/** Previous and next month as links (keyboard and back button work as everywhere), the desktop view kept. */
export const MonthSwitcher = memo(function MonthSwitcher({
  budgetId,
  periodKey,
  name,
}: {
  readonly budgetId: string
  readonly periodKey: PeriodKey
  readonly name: string
}) {
  const { t } = useTranslation()
  const search = useRouterState({ select: (state) => state.location.searchStr })
  const href = (key: string) => `${paths.period(budgetId, key)}${search}`
  const current = currentPeriodKey(new Date())
  return (
    <nav className="month-switcher" aria-label={t('budgetView.month.label')}>
      <Link className="icon-button month-switcher__step" href={href(previousPeriod(periodKey))}>
        <ChevronLeftIcon />
        <span className="visually-hidden">{t('budgetView.month.previous')}</span>
      </Link>
      <h2 className="month-switcher__name" aria-live="polite">
        {name}
      </h2>
      <Link className="icon-button month-switcher__step" href={href(nextPeriod(periodKey))}>
        <ChevronRightIcon />
        <span className="visually-hidden">{t('budgetView.month.next')}</span>
      </Link>
      {current === periodKey ? null : (
        <Link className="button button--quiet month-switcher__today" href={href(current)}>
          {t('budgetView.month.current')}
        </Link>
      )}
    </nav>
  )
})

const RTA_TEXTS = {
  positive: { status: 'budgetView.rta.statusPositive', body: 'budgetView.rta.positive' },
  zero: { status: 'budgetView.rta.statusZero', body: 'budgetView.rta.zero' },
  negative: { status: 'budgetView.rta.statusNegative', body: 'budgetView.rta.negative' },
  fresh: { status: 'budgetView.rta.statusFresh', body: 'budgetView.rta.fresh' },
} as const

/** Ready to Assign: the amount (signed), a word for its state, what was assigned ahead, and the actions. */
export const ReadyToAssignBanner = memo(function ReadyToAssignBanner({
  periodKey,
  currency,
  children,
}: {
  readonly periodKey: PeriodKey
  readonly currency: CurrencyCode
  readonly children: React.ReactNode
}) {
  const { t } = useTranslation()
  const format = useFormatAmount(currency)
  const amount = useBudget((snapshot) => selectReadyToAssignOf(snapshot, periodKey))
  const future = useBudget((snapshot) => selectAssignedInFuture(snapshot, periodKey))
  const tone = toneOf(amount)
  const fresh = useBudget(selectHasNoMoneyYet)
  const overspending = useBudget(
    (snapshot) => selectOverspending(snapshot, periodKey),
    (a, b) => a.amount === b.amount && a.categories === b.categories,
  )
  const texts = RTA_TEXTS[tone === 'zero' && fresh ? 'fresh' : tone]
  // A reader cannot follow a call to assign (or to add money): say who does instead.
  const { canEdit } = usePermissions()
  const body = canEdit || (tone === 'zero' && !fresh) ? texts.body : 'budgetView.rta.readerBody'
  return (
    <section className="rta" data-tone={tone} aria-labelledby="rta-title">
      <div className="rta__summary">
        <h2 id="rta-title" className="rta__title">
          {t('budgetView.rta.title')}
        </h2>
        <p className="rta__amount" data-testid="ready-to-assign">
          <Money amount={amount} currency={currency} />
        </p>
        <p className="rta__status">
          {/* The tick means done: every złoty has a job. Money still waiting is no success yet. */}
          {tone === 'negative' ? <WarningIcon /> : tone === 'zero' && !fresh ? <CheckIcon /> : null}
          <strong>{t(texts.status)}</strong>
          <span className="rta__body">{t(body)}</span>
        </p>
        {overspending.amount === 0 ? null : (
          <p className="rta__overspent">
            <WarningIcon />
            <span>
              <strong>
                {t('budgetView.rta.overspent', {
                  count: overspending.categories,
                  amount: format(overspending.amount),
                })}
              </strong>{' '}
              <span className="rta__body">{t('budgetView.rta.overspentHelp')}</span>
            </span>
          </p>
        )}
        {future === 0 ? null : (
          <p className="rta__future">{t('budgetView.rta.future', { amount: format(future) })}</p>
        )}
      </div>
      <div className="rta__actions">{children}</div>
    </section>
  )
})
