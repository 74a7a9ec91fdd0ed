import { type ReactNode, useId } from 'react'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { AccountWithBalance } from '../../../machines/openBudget/index.ts'
import { selectBalancesTotal, selectBudget } from '../../../machines/openBudget/index.ts'
import {
  selectAccountsOverview,
  selectTrackingTotal,
} from '../../../machines/openBudget/selectors/accounts.ts'
import { CurrencyCode, type Minor } from '../../../schemas/money.ts'
import { Money } from '../../components/money/Money.tsx'
import { useBudget, usePermissions } from '../../openBudget/OpenBudget.tsx'
import { dateLabel, periodLabel } from './shared.tsx'

const FALLBACK_CURRENCY = CurrencyCode.make('PLN')

/** Cleared, uncleared and working balance of one account, with when it was last reconciled. */
export function AccountBalances({ item }: { readonly item: AccountWithBalance }) {
  const { t, i18n } = useTranslation()
  const currency = useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY
  const locale = i18n.resolvedLanguage ?? 'pl'
  const { balance, account } = item
  return (
    <>
      <dl className="account-balances">
        <div>
          <dt>{t('accounts.cleared')}</dt>
          <dd>
            <Money amount={balance.cleared} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t('accounts.uncleared')}</dt>
          <dd>
            <Money amount={balance.uncleared} currency={currency} />
          </dd>
        </div>
      </dl>
      <p className="account-row__meta">
        {account.lastReconciledAt === null
          ? t('accounts.neverReconciled')
          : t('accounts.lastReconciled', { date: dateLabel(account.lastReconciledAt, locale) })}
      </p>
    </>
  )
}

/** One account: its name (a link), working balance, cleared/uncleared and, on desktop, its actions. */
function AccountRow({
  item,
  href,
  actions,
}: {
  readonly item: AccountWithBalance
  readonly href: string
  readonly actions?: ReactNode
}) {
  const { t } = useTranslation()
  const nameId = useId()
  const currency = useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY
  const closed = item.account.state === 'Closed'
  // A tracking account below zero is money owed (a loan's): said in words, not only by the minus and the colour.
  const debt = item.account.offBudget && item.balance.working < 0
  return (
    <li className="account-row" aria-labelledby={nameId}>
      <div className="account-row__main">
        <Link id={nameId} className="account-row__name" href={href}>
          {item.account.name}
        </Link>
        <span className="account-row__working">
          <span className="visually-hidden">{t('accounts.working')} </span>
          {debt ? <span className="account-row__debt">{t('accounts.tracking.debt')}</span> : null}
          <Money amount={item.balance.working} currency={currency} />
        </span>
      </div>
      {closed ? (
        <p className="account-row__meta">{t('accounts.closedState')}</p>
      ) : (
        <AccountBalances item={item} />
      )}
      {actions === undefined || closed ? null : <div className="account-row__actions">{actions}</div>}
    </li>
  )
}

/**
 * SPEC §2 bank account card: 'Bank Accounts | {period}' with the total of balances, the open accounts and the closed
 * ones listed apart. Last/next synchronization belong to connected accounts, which do not exist yet: not shown.
 */
export function AccountsCard({
  periodKey,
  hrefOf,
  actionsOf,
  addButton,
}: {
  readonly periodKey: string
  readonly hrefOf: (item: AccountWithBalance) => string
  readonly actionsOf?: (item: AccountWithBalance) => ReactNode
  readonly addButton: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const headingId = useId()
  const openId = useId()
  const closedId = useId()
  const trackingId = useId()
  const trackingHelpId = useId()
  const { onBudget, tracking, closed } = useBudget(selectAccountsOverview)
  const total = useBudget(selectBalancesTotal)
  const trackingTotal = useBudget(selectTrackingTotal)
  // A reader sees the accounts and their balances; adding one and each account's actions are writes.
  const { canEdit } = usePermissions()
  const currency = useBudget(selectBudget)?.currency ?? FALLBACK_CURRENCY
  const period = periodLabel(periodKey, i18n.resolvedLanguage ?? 'pl')
  const row = (item: AccountWithBalance) => (
    <AccountRow
      key={item.account.id}
      item={item}
      href={hrefOf(item)}
      {...(actionsOf === undefined || !canEdit ? {} : { actions: actionsOf(item) })}
    />
  )
  return (
    <section className="accounts-card" aria-labelledby={headingId}>
      <header className="accounts-card__header">
        <h2 id={headingId} className="accounts-card__title">
          {t('bankAccounts.cardHeader', { period })}
        </h2>
        <p className="accounts-card__total">
          {/* The total is the money in the budget: with tracking accounts listed too, the label says so. */}
          <span>{tracking.length === 0 ? t('bankAccounts.total') : t('accounts.tracking.inBudget')}</span>{' '}
          <Money amount={total as Minor} currency={currency} />
        </p>
      </header>
      {onBudget.length === 0 && tracking.length === 0 && closed.length === 0 ? (
        <div className="accounts-card__empty">
          <p className="accounts-card__empty-title">{t('accounts.empty')}</p>
          <p>{t('accounts.emptyBody')}</p>
        </div>
      ) : onBudget.length === 0 && tracking.length > 0 ? null : (
        <>
          <h3 id={openId} className="accounts-card__subtitle">
            {/* With tracking accounts beside them, the open accounts are named for what sets them apart. */}
            {tracking.length === 0 ? t('accounts.open') : t('accounts.tracking.budgetAccounts')}
          </h3>
          <ul className="account-list" aria-labelledby={openId}>
            {onBudget.map(row)}
          </ul>
        </>
      )}
      {tracking.length === 0 ? null : (
        <>
          <div className="accounts-card__section-header">
            <h3 id={trackingId} className="accounts-card__subtitle">
              {t('accounts.tracking.heading')}
            </h3>
            <p className="accounts-card__section-total">
              <span className="visually-hidden">{t('accounts.tracking.total')} </span>
              <Money amount={trackingTotal as Minor} currency={currency} />
            </p>
          </div>
          <p id={trackingHelpId} className="accounts-card__help">
            {t('accounts.tracking.help')}
          </p>
          <ul
            className="account-list account-list--tracking"
            aria-labelledby={trackingId}
            aria-describedby={trackingHelpId}
          >
            {tracking.map(row)}
          </ul>
        </>
      )}
      {canEdit ? <div className="accounts-card__add">{addButton}</div> : null}
      {closed.length === 0 ? null : (
        <>
          <h3 id={closedId} className="accounts-card__subtitle">
            {t('accounts.closed')}
          </h3>
          <ul className="account-list account-list--closed" aria-labelledby={closedId}>
            {closed.map(row)}
          </ul>
        </>
      )}
    </section>
  )
}
