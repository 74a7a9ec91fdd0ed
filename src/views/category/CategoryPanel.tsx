import './texts.ts'
import './category.css'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Button, Group } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  type CategoryMonthRef,
  selectCategoryMonth,
  selectCategoryMonthFailed,
  selectCategoryMonthRows,
  selectTransactionsLoaded,
} from '../../../machines/budget/index.ts'
import {
  type CategoryTransaction,
  selectCategoryInspector,
  selectCategoryTransactions,
} from '../../../machines/budget/selectors/category.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { Minor, PeriodKey } from '../../../schemas/money.ts'
import { useBudget, useBudgetRef } from '../../budget/OpenBudget.tsx'
import { Money } from '../../components/money/Money.tsx'
import { useDevice } from '../../layouts/useDevice.ts'
import { paths } from '../../router/paths.ts'
import { useCategoryName } from '../budget/names.ts'
import { TransactionEditorDialog } from '../dialogs/transactionEditor/TransactionEditorDialog.tsx'
import { payeeText } from '../transactions/payee.ts'
import {
  AssignDialog,
  AssignmentHistoryDialog,
  AssignmentHistoryList,
  CoverDialog,
  MoveCategoryDialog,
  MoveMoneyDialog,
  MoveTransactionsDialog,
  TargetDialog,
} from './dialogs.tsx'
import { explanationText } from './format.ts'
import { useAmountText, useBudgetParams, useCurrency, useGoTo } from './shared.ts'

/** How many of the month's transactions the inspector lists. */
const RECENT_TRANSACTIONS = 5

type Action =
  | 'assign'
  | 'move-money'
  | 'cover'
  | 'target'
  | 'move'
  | 'move-transactions'
  | 'assignment-history'
  | 'add-transaction'

/** The mobile route of each action (SPEC §2 dialog routes); desktop opens the same dialogs from local state. */
const mobilePath = (action: Action, budgetId: string, periodKey: string, categoryId: string): string => {
  switch (action) {
    case 'assign':
      return paths.assign(budgetId, periodKey, categoryId)
    case 'assignment-history':
      return paths.assignmentHistory(budgetId, periodKey)
    case 'add-transaction':
      return paths.transactionEditor(budgetId, periodKey, categoryId)
    default:
      return paths.categoryDialog(budgetId, periodKey, categoryId, action)
  }
}

/** The selected category's inspector: figures, target, recent transactions, assignment history, and its actions. */
export function CategoryPanel({
  categoryId,
  periodKey,
}: {
  readonly categoryId: CategoryId
  readonly periodKey: PeriodKey
}) {
  const { t, i18n } = useTranslation()
  const nameOf = useCategoryName()
  const device = useDevice()
  const { budgetId } = useBudgetParams()
  const goTo = useGoTo()
  const budget = useBudgetRef()
  const currency = useCurrency()
  const format = useAmountText()
  const [open, setOpen] = useState<Action | null>(null)
  const inspector = useBudget((snapshot) => selectCategoryInspector(snapshot, categoryId, periodKey))
  // Before the budget holds its transactions, activity tells whether the month has any (a month whose
  // transactions cancel out shows the button once they are loaded).
  const transactionsLoaded = useBudget(selectTransactionsLoaded)
  const loadedCount = useBudget(
    (snapshot) => selectCategoryTransactions(snapshot, categoryId, periodKey).length,
  )
  if (inspector === null)
    return (
      <section className="category-panel">
        <p className="notice">{t('category.notFound')}</p>
      </section>
    )
  const { category, group, month, target } = inspector
  const act = (action: Action) => {
    if (device === 'mobile') goTo(mobilePath(action, budgetId, periodKey, categoryId))
    else setOpen(action)
  }
  const close = () => setOpen(null)
  const isIncome = category.type === 'Income'
  const assigned = month?.assigned ?? (0 as Minor)
  const activity = month?.activity ?? (0 as Minor)
  const hasTransactions = transactionsLoaded ? loadedCount > 0 : activity !== 0
  const available = month?.available ?? (0 as Minor)
  const overspent = available < 0
  const locale = i18n.resolvedLanguage ?? 'pl'
  const explanation = month?.target ? explanationText(month.target.explanation, format, locale) : null
  const headingId = `category-panel-${categoryId}`
  return (
    <section className="category-panel" aria-labelledby={headingId}>
      <header className="category-panel__header">
        <h2 id={headingId} className="category-panel__title">
          {nameOf(category)}
        </h2>
        {group === null ? null : (
          <p className="category-panel__group">{t('category.group', { name: group.name })}</p>
        )}
      </header>

      <dl className="category-figures">
        <div className="category-figures__item">
          <dt>{t('category.assigned')}</dt>
          <dd>
            <Money amount={assigned} currency={currency} />
          </dd>
        </div>
        <div className="category-figures__item">
          <dt>{t('category.activity')}</dt>
          <dd>
            <Money amount={activity} currency={currency} />
          </dd>
        </div>
        <div className="category-figures__item">
          <dt>{t('category.available')}</dt>
          <dd>
            <Money amount={available} currency={currency} />
          </dd>
        </div>
      </dl>

      {overspent ? (
        <p className="category-alert">{t('category.overspent', { amount: format(-available) })}</p>
      ) : null}
      {isIncome ? <p className="category-empty">{t('category.incomeNote')}</p> : null}

      <Group className="category-actions" aria-label={t('category.actions')}>
        {isIncome ? null : (
          <>
            <Button className="button button--primary" onPress={() => act('assign')}>
              {t('category.assign')}
            </Button>
            <Button className="button button--quiet" onPress={() => act('move-money')}>
              {t('category.moveMoney')}
            </Button>
            {overspent ? (
              <Button className="button button--quiet" onPress={() => act('cover')}>
                {t('category.cover')}
              </Button>
            ) : null}
          </>
        )}
        <Button className="button button--quiet" onPress={() => act('move')}>
          {t('category.moveCategory')}
        </Button>
        {hasTransactions ? (
          <Button className="button button--quiet" onPress={() => act('move-transactions')}>
            {t('category.moveTransactions')}
          </Button>
        ) : null}
      </Group>

      {isIncome ? null : (
        <section className="category-section" aria-labelledby={`${headingId}-target`}>
          <h3 id={`${headingId}-target`} className="category-section__title">
            {t('category.targetTitle')}
          </h3>
          {target === null || month?.target === undefined ? (
            <p className="category-empty">{t('category.noTarget')}</p>
          ) : (
            <>
              <p className="category-target__type">{t(`category.targetTypes.${month.target.type}`)}</p>
              <dl className="category-target">
                <dt>{t('category.neededThisMonth')}</dt>
                <dd>
                  <Money amount={month.target.neededThisMonth} currency={currency} />
                </dd>
                <dt>{t('category.underfunded')}</dt>
                <dd>
                  <Money amount={month.target.underfunded} currency={currency} />
                </dd>
              </dl>
              {explanation === null ? null : <p>{t(explanation.key, explanation.params)}</p>}
              {month.target.underfunded === 0 && month.target.neededThisMonth > 0 ? (
                <p className="category-empty">{t('category.funded')}</p>
              ) : null}
            </>
          )}
          <div className="category-actions">
            <Button className="button button--quiet" onPress={() => act('target')}>
              {target === null ? t('category.setTarget') : t('category.editTarget')}
            </Button>
            {target === null ? null : (
              <Button
                className="button button--quiet"
                onPress={() =>
                  budget.send({ type: 'budget.command', commands: [{ _tag: 'RemoveTarget', categoryId }] })
                }
              >
                {t('category.removeTarget')}
              </Button>
            )}
          </div>
        </section>
      )}

      <section className="category-section" aria-labelledby={`${headingId}-transactions`}>
        <h3 id={`${headingId}-transactions`} className="category-section__title">
          {t('category.transactionsTitle')}
        </h3>
        <MonthTransactions categoryId={categoryId} periodKey={periodKey} name={nameOf(category)} />
        <div className="category-actions">
          <Button className="button button--quiet" onPress={() => act('add-transaction')}>
            {t('category.addTransaction')}
          </Button>
        </div>
      </section>

      <section className="category-section" aria-labelledby={`${headingId}-history`}>
        <h3 id={`${headingId}-history`} className="category-section__title">
          {t('category.historyTitle')}
        </h3>
        <AssignmentHistoryList periodKey={periodKey} categoryId={categoryId} />
        <div className="category-actions">
          <Button className="button button--quiet" onPress={() => act('assignment-history')}>
            {t('category.showHistory')}
          </Button>
        </div>
      </section>

      {open === 'assign' ? (
        <AssignDialog periodKey={periodKey} categoryId={categoryId} onClosed={close} />
      ) : null}
      {open === 'move-money' ? (
        <MoveMoneyDialog periodKey={periodKey} from={categoryId} onClosed={close} />
      ) : null}
      {open === 'cover' ? (
        <CoverDialog periodKey={periodKey} categoryId={categoryId} onClosed={close} />
      ) : null}
      {open === 'target' ? (
        <TargetDialog periodKey={periodKey} categoryId={categoryId} onClosed={close} />
      ) : null}
      {open === 'move' ? <MoveCategoryDialog categoryId={categoryId} onClosed={close} /> : null}
      {open === 'move-transactions' ? (
        <MoveTransactionsDialog periodKey={periodKey} categoryId={categoryId} onClosed={close} />
      ) : null}
      {open === 'assignment-history' ? (
        <AssignmentHistoryDialog periodKey={periodKey} onClosed={close} />
      ) : null}
      {open === 'add-transaction' ? (
        <TransactionEditorDialog categoryId={categoryId} onClosed={close} />
      ) : null}
    </section>
  )
}

/**
 * The category's transactions this month: from the open budget once it holds its transactions (exact and
 * optimistic), else from the server's page for this category and month, so opening a category never downloads
 * the whole state of a big budget.
 */
type MonthTransactionsProps = {
  readonly categoryId: CategoryId
  readonly periodKey: PeriodKey
  readonly name: string
}

function MonthTransactions(props: MonthTransactionsProps) {
  const loaded = useBudget(selectTransactionsLoaded)
  return loaded ? (
    <LoadedMonthTransactions {...props} />
  ) : (
    <PagedMonthTransactions key={`${props.categoryId}\u0000${props.periodKey}`} {...props} />
  )
}

function LoadedMonthTransactions({ categoryId, periodKey, name }: MonthTransactionsProps) {
  const rows = useBudget((snapshot) => selectCategoryTransactions(snapshot, categoryId, periodKey))
  return <TransactionRows rows={rows} name={name} />
}

function PagedMonthTransactions({ categoryId, periodKey, name }: MonthTransactionsProps) {
  const { t } = useTranslation()
  const budget = useBudgetRef()
  // The open budget reads the month page by page in a child of its own, and tells it of every new version.
  useEffect(() => {
    budget.send({ type: 'budget.watchCategoryMonth', categoryId, periodKey })
    return () => {
      if (budget.getSnapshot().status === 'active') budget.send({ type: 'budget.unwatchCategoryMonth' })
    }
  }, [budget, categoryId, periodKey])
  const month = useBudget((snapshot) => selectCategoryMonth(snapshot, categoryId, periodKey))
  if (month === null)
    return (
      <p className="category-empty" role="status">
        {t('category.loadingTransactions')}
      </p>
    )
  return <PagedRows month={month} name={name} />
}

function PagedRows({ month, name }: { readonly month: CategoryMonthRef; readonly name: string }) {
  const { t } = useTranslation()
  const rows = useSelector(month, selectCategoryMonthRows)
  const failed = useSelector(month, selectCategoryMonthFailed)
  if (failed)
    return (
      <p className="category-empty" role="alert">
        {t('category.transactionsUnavailable')}
      </p>
    )
  if (rows === null)
    return (
      <p className="category-empty" role="status">
        {t('category.loadingTransactions')}
      </p>
    )
  return <TransactionRows rows={rows} name={name} />
}

/** The newest few of the month's transactions and how many older ones there are. */
function TransactionRows({
  rows,
  name,
}: {
  readonly rows: ReadonlyArray<CategoryTransaction>
  readonly name: string
}) {
  const { t, i18n } = useTranslation()
  const currency = useCurrency()
  const locale = i18n.resolvedLanguage ?? 'pl'
  if (rows.length === 0) return <p className="category-empty">{t('category.noTransactions')}</p>
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  return (
    <>
      <ul className="category-list" aria-label={t('category.transactionsLabel', { name })}>
        {rows.slice(0, RECENT_TRANSACTIONS).map(({ transaction, amount }) => (
          <li key={transaction.id} className="category-list__item">
            <span className="category-list__main">
              <span>{payeeText(t, transaction, t('category.noPayee'))}</span>
              <span className="category-list__meta">
                {day.format(new Date(`${transaction.date}T00:00:00Z`))}
              </span>
            </span>
            <Money amount={amount as Minor} currency={currency} />
          </li>
        ))}
      </ul>
      {rows.length > RECENT_TRANSACTIONS ? (
        <p className="category-empty">
          {t('category.moreTransactions', { count: rows.length - RECENT_TRANSACTIONS })}
        </p>
      ) : null}
    </>
  )
}
