import { regionalLocale } from '../../i18n/regionalLocale.ts'
import './texts.ts'
import './category.css'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Button, Group } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  type CategoryMonthRef,
  selectCategoryMonth,
  selectCategoryMonthFailed,
  selectCategoryMonthRows,
  selectTransactionsLoaded,
} from '../../../machines/openBudget/index.ts'
import {
  type CategoryTransaction,
  selectCategoryInspector,
  selectCategoryTransactions,
} from '../../../machines/openBudget/selectors/category.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import { Minor, type PeriodKey } from '../../../schemas/money.ts'
import { Money } from '../../components/money/Money.tsx'
import { useBudget, useBudgetRef, usePermissions } from '../../openBudget/OpenBudget.tsx'
import type { DialogAddress } from '../dialogs/address.ts'
import { useOpenDialog } from '../dialogs/useDialog.ts'
import { useCategoryName } from '../month/names.ts'
import { UpcomingSection } from '../templates/UpcomingSection.tsx'
import { payeeText } from '../transactions/payee.ts'
import { AssignmentHistoryList } from './AssignmentHistoryList.tsx'
import { explanationText } from './format.ts'
import { useAmountText, useCurrency } from './shared.ts'

const NOTHING = Minor.make(0)

/** How many of the month's transactions the inspector lists. */
const RECENT_TRANSACTIONS = 5

type Action =
  | 'assign'
  | 'moveMoney'
  | 'cover'
  | 'target'
  | 'moveCategory'
  | 'moveTransactions'
  | 'assignmentHistory'
  | 'transaction'

/** The dialog of each action, the same on both devices (phones: SPEC §2's dialog routes; desktop: `?dialog=…`). */
const dialogOf = (action: Action, categoryId: CategoryId): DialogAddress => {
  switch (action) {
    case 'assignmentHistory':
      return { kind: action }
    default:
      return { kind: action, categoryId }
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
  const openDialog = useOpenDialog()
  const budget = useBudgetRef()
  const currency = useCurrency()
  const format = useAmountText()
  const inspector = useBudget((snapshot) => selectCategoryInspector(snapshot, categoryId, periodKey))
  // Before the budget holds its transactions, activity tells whether the month has any (a month whose
  // transactions cancel out shows the button once they are loaded).
  const transactionsLoaded = useBudget(selectTransactionsLoaded)
  const loadedCount = useBudget(
    (snapshot) => selectCategoryTransactions(snapshot, categoryId, periodKey).length,
  )
  // A reader inspects the figures, the target and the history; every action that writes is left out.
  const { canEdit } = usePermissions()
  if (inspector === null)
    return (
      <section className="category-panel">
        <p className="notice">{t('category.notFound')}</p>
      </section>
    )
  const { category, group, month, target } = inspector
  const act = (action: Action) => openDialog(dialogOf(action, categoryId))
  const isIncome = category.type === 'Income'
  const assigned = month?.assigned ?? NOTHING
  const activity = month?.activity ?? NOTHING
  const hasTransactions = transactionsLoaded ? loadedCount > 0 : activity !== 0
  const available = month?.available ?? NOTHING
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

      {canEdit ? (
        <Group className="category-actions" aria-label={t('category.actions')}>
          {isIncome ? null : (
            <>
              <Button className="button button--primary" onPress={() => act('assign')}>
                {t('category.assign')}
              </Button>
              <Button className="button button--quiet" onPress={() => act('moveMoney')}>
                {t('category.moveMoney')}
              </Button>
              {overspent ? (
                <Button className="button button--quiet" onPress={() => act('cover')}>
                  {t('category.cover')}
                </Button>
              ) : null}
            </>
          )}
          <Button className="button button--quiet" onPress={() => act('moveCategory')}>
            {t('category.moveCategory')}
          </Button>
          {hasTransactions ? (
            <Button className="button button--quiet" onPress={() => act('moveTransactions')}>
              {t('category.moveTransactions')}
            </Button>
          ) : null}
        </Group>
      ) : null}

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
          {canEdit ? (
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
          ) : null}
        </section>
      )}

      <UpcomingSection categoryId={categoryId} periodKey={periodKey} currency={currency} />

      <section className="category-section" aria-labelledby={`${headingId}-transactions`}>
        <h3 id={`${headingId}-transactions`} className="category-section__title">
          {t('category.transactionsTitle')}
        </h3>
        <MonthTransactions categoryId={categoryId} periodKey={periodKey} name={nameOf(category)} />
        {canEdit ? (
          <div className="category-actions">
            <Button className="button button--quiet" onPress={() => act('transaction')}>
              {t('category.addTransaction')}
            </Button>
          </div>
        ) : null}
      </section>

      <section className="category-section" aria-labelledby={`${headingId}-history`}>
        <h3 id={`${headingId}-history`} className="category-section__title">
          {t('category.historyTitle')}
        </h3>
        <AssignmentHistoryList periodKey={periodKey} categoryId={categoryId} />
        <div className="category-actions">
          <Button className="button button--quiet" onPress={() => act('assignmentHistory')}>
            {t('category.showHistory')}
          </Button>
        </div>
      </section>
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
  const day = new Intl.DateTimeFormat(regionalLocale(locale), { dateStyle: 'short', timeZone: 'UTC' })
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
            <Money amount={Minor.make(amount)} currency={currency} />
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
