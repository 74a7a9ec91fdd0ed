import './accounts.css'
import { useRouterState } from '@tanstack/react-router'
import { useId } from 'react'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { type AccountWithBalance, selectBudget, selectLoadState } from '../../../machines/openBudget/index.ts'
import { selectAccountsOverview } from '../../../machines/openBudget/selectors/accounts.ts'
import { CurrencyCode } from '../../../schemas/money.ts'
import { Money } from '../../components/money/Money.tsx'
import { OpenBudget, useBudget, usePermissions } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import { periodOrCurrent } from './shared.tsx'

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')

/**
 * The side panel's budget section (desktop): the month, all transactions, each open account with its working
 * balance, the accounts and the budget's settings. Loaded on demand by the side panel when a route has a budget.
 */
export default function BudgetNav({
  budgetId,
  periodKey,
}: {
  readonly budgetId: string
  readonly periodKey: string | undefined
}) {
  return (
    <OpenBudget budgetId={budgetId}>
      <BudgetNavBody budgetId={budgetId} periodKey={periodOrCurrent(periodKey)} />
    </OpenBudget>
  )
}

function BudgetNavBody({ budgetId, periodKey }: { readonly budgetId: string; readonly periodKey: string }) {
  const { t } = useTranslation()
  const headingId = useId()
  const accountsId = useId()
  const location = useRouterState({ select: (state) => state.location })
  const here = `${location.pathname}${location.searchStr}`
  const ready = useBudget(selectLoadState) === 'ready'
  const trackingId = useId()
  // Budget accounts, then tracking ones apart: a loan's debt is not money in the budget.
  const { onBudget, tracking } = useBudget(selectAccountsOverview)
  const budget = useBudget(selectBudget)
  // The import only changes the budget: a reader is not sent there.
  const { canEdit } = usePermissions()
  const currency = budget?.currency ?? FALLBACK_CURRENCY
  const current = (href: string) => (decodeURI(here) === href ? { 'aria-current': 'page' as const } : {})
  const item = (href: string, label: string) => (
    <li>
      <Link className="side-panel__link" href={href} {...current(href)}>
        {label}
      </Link>
    </li>
  )
  const accountLinks = (id: string, heading: string, accounts: ReadonlyArray<AccountWithBalance>) =>
    accounts.length === 0 ? null : (
      <>
        <h3 id={id} className="budget-nav__subheading">
          {heading}
        </h3>
        <ul className="side-panel__list" aria-labelledby={id}>
          {accounts.map(({ account, balance }) => {
            const href = paths.period(budgetId, periodKey, { view: 'transactions', account: account.id })
            return (
              <li key={account.id}>
                <Link className="side-panel__link budget-nav__account" href={href} {...current(href)}>
                  <span className="budget-nav__account-name" title={account.name}>
                    {account.name}
                  </span>
                  <Money amount={balance.working} currency={currency} />
                </Link>
              </li>
            )
          })}
        </ul>
      </>
    )
  return (
    <section className="budget-nav" aria-labelledby={headingId}>
      {/* The open budget's own name: with several budgets, the person sees which one this is. */}
      <h2 id={headingId} className="budget-nav__heading" title={budget?.name}>
        {budget?.name ?? t('accounts.nav.label')}
      </h2>
      <ul className="side-panel__list">
        {item(paths.period(budgetId, periodKey), t('accounts.nav.budget'))}
        {item(paths.period(budgetId, periodKey, { view: 'transactions' }), t('accounts.nav.allTransactions'))}
      </ul>
      {ready ? accountLinks(accountsId, t('accounts.nav.accountsHeading'), onBudget) : null}
      {ready ? accountLinks(trackingId, t('accounts.nav.trackingHeading'), tracking) : null}
      <ul className="side-panel__list">
        {item(paths.period(budgetId, periodKey, { view: 'accounts' }), t('accounts.nav.accounts'))}
        {canEdit ? item(paths.importTransactions(budgetId), t('accounts.nav.import')) : null}
        {item(paths.budgetSettings(budgetId), t('accounts.nav.settings'))}
        {item(paths.activity(budgetId), t('accounts.nav.activity'))}
        {item(paths.statistics(budgetId), t('accounts.nav.statistics'))}
        {item(paths.loans(budgetId), t('accounts.nav.loans'))}
      </ul>
    </section>
  )
}
