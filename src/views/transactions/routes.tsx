import './texts.ts'
import './transactions.css'
import { useNavigate, useParams } from '@tanstack/react-router'
import * as Schema from 'effect/Schema'
import { useCallback } from 'react'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { CategoryId, TransactionId } from '../../../schemas/ids.ts'
import { EditorsOnly } from '../../openBudget/EditorsOnly.tsx'
import { OpenBudget } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import { TransactionEditorDialog } from '../dialogs/transactionEditor/TransactionEditorDialog.tsx'
import { monthName } from '../month/MonthHeader.tsx'
import { TransactionsPane } from './TransactionsPane.tsx'

type Params = {
  readonly budgetId?: string
  readonly periodKey?: string
  readonly categoryId?: string
  readonly transactionId?: string
}

const isCategoryId = Schema.is(CategoryId)
const isTransactionId = Schema.is(TransactionId)

const useRouteParams = (): Params => useParams({ strict: false }) as Params

const currentPeriod = () => {
  const now = new Date()
  return `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`
}

function BackToMonth({ budgetId, periodKey }: { readonly budgetId: string; readonly periodKey: string }) {
  const { t } = useTranslation()
  return (
    <Link className="tx-page__back" href={paths.period(budgetId, periodKey)}>
      {t('transactions.backToMonth')}
    </Link>
  )
}

/**
 * Phones: the all-transactions list and the month's list are two scopes of one list; the switch between them is
 * what makes the month's list reachable by tapping (the tab bar leads to all of them).
 */
function ScopeSwitch({
  budgetId,
  periodKey,
  current,
}: {
  readonly budgetId: string
  readonly periodKey: string
  readonly current: 'all' | 'month'
}) {
  const { t, i18n } = useTranslation()
  const scopes = [
    { scope: 'all', label: t('transactions.scope.all'), href: paths.allTransactions(budgetId, periodKey) },
    {
      scope: 'month',
      label: monthName(periodKey, i18n.language),
      href: paths.periodTransactions(budgetId, periodKey),
    },
  ] as const
  return (
    <nav className="tx-scope" aria-label={t('transactions.scope.label')}>
      {scopes.map(({ scope, label, href }) => (
        <Link
          key={scope}
          className="tx-scope__option"
          href={href}
          {...(scope === current ? { 'aria-current': 'page' } : {})}
        >
          {label}
        </Link>
      ))}
    </nav>
  )
}

/** Mobile: every transaction of the budget (title 'All Transactions' comes from the route). */
export function AllTransactionsRoute() {
  const { budgetId = '', periodKey = currentPeriod() } = useRouteParams()
  return (
    <OpenBudget budgetId={budgetId}>
      <div className="tx-page">
        <BackToMonth budgetId={budgetId} periodKey={periodKey} />
        <ScopeSwitch budgetId={budgetId} periodKey={periodKey} current="all" />
        <TransactionsPane heading="scope" />
      </div>
    </OpenBudget>
  )
}

/** Mobile: the month's transactions. */
export function PeriodTransactionsRoute() {
  const { budgetId = '', periodKey = currentPeriod() } = useRouteParams()
  return (
    <OpenBudget budgetId={budgetId}>
      <div className="tx-page">
        <BackToMonth budgetId={budgetId} periodKey={periodKey} />
        <ScopeSwitch budgetId={budgetId} periodKey={periodKey} current="month" />
        <TransactionsPane periodKey={periodKey} heading="none" />
      </div>
    </OpenBudget>
  )
}

/** Mobile dialog route: the editor as a full-height sheet; closing goes back to the month. */
export function TransactionEditorRoute() {
  const { budgetId = '', periodKey = currentPeriod(), categoryId, transactionId } = useRouteParams()
  const navigate = useNavigate()
  const close = useCallback(() => {
    void navigate({ href: paths.period(budgetId, periodKey) })
  }, [navigate, budgetId, periodKey])
  return (
    <OpenBudget budgetId={budgetId}>
      <EditorsOnly>
        <TransactionEditorDialog
          onClosed={close}
          {...(isTransactionId(transactionId) ? { transactionId } : {})}
          {...(isCategoryId(categoryId) ? { categoryId } : {})}
        />
      </EditorsOnly>
    </OpenBudget>
  )
}
