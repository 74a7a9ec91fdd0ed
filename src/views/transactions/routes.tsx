import './texts.ts'
import './transactions.css'
import { useNavigate, useParams } from '@tanstack/react-router'
import * as Schema from 'effect/Schema'
import { useCallback } from 'react'
import { Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { CategoryId, TransactionId } from '../../../schemas/ids.ts'
import { OpenBudget } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import { TransactionEditorDialog } from '../dialogs/transactionEditor/TransactionEditorDialog.tsx'
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

/** Mobile: every transaction of the budget (title 'All Transactions' comes from the route). */
export function AllTransactionsRoute() {
  const { budgetId = '', periodKey = currentPeriod() } = useRouteParams()
  return (
    <OpenBudget budgetId={budgetId}>
      <div className="tx-page">
        <BackToMonth budgetId={budgetId} periodKey={periodKey} />
        <TransactionsPane heading="scope" />
      </div>
    </OpenBudget>
  )
}

/** Mobile: the month's transactions. */
export function PeriodTransactionsRoute() {
  const { t } = useTranslation()
  const { budgetId = '', periodKey = currentPeriod() } = useRouteParams()
  const month = /^\d{6}$/u.test(periodKey) ? `${periodKey.slice(4)}.${periodKey.slice(0, 4)}` : periodKey
  return (
    <OpenBudget budgetId={budgetId}>
      <div className="tx-page">
        <BackToMonth budgetId={budgetId} periodKey={periodKey} />
        <p className="tx-page__period">{t('transactions.periodOf', { month })}</p>
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
      <TransactionEditorDialog
        onClosed={close}
        {...(isTransactionId(transactionId) ? { transactionId } : {})}
        {...(isCategoryId(categoryId) ? { categoryId } : {})}
      />
    </OpenBudget>
  )
}
