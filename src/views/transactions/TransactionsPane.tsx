import { formatDateText } from '../../../domain/dateText.ts'
import { registerTotals } from '../../../domain/register.ts'
import './texts.ts'
import './transactions.css'
import { useParams } from '@tanstack/react-router'
import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { amountText } from '../../../machines/dialogs/shared/index.ts'
import {
  selectAccounts,
  selectBudget,
  selectGroups,
  selectSavedFilters,
  selectTransactionsLoadState,
} from '../../../machines/openBudget/index.ts'
import { selectUserId } from '../../../machines/openBudget/selectors/category.ts'
import {
  barFromCriteria,
  criteriaFromBar,
  EMPTY_FILTER_BAR,
  type FilterBar,
  type FilterBarField,
  filterableCategories,
  selectIncomeDestinationId,
  selectRegisterRows,
  selectTransactionLookups,
  shownRows,
} from '../../../machines/openBudget/selectors/transactions.ts'
import { BankAccountId, type CategoryId, FilterId, type TransactionId } from '../../../schemas/ids.ts'
import { CurrencyCode } from '../../../schemas/money.ts'
import { BarSelect } from '../../components/filters/BarSelect.tsx'
import { SaveFilterDialog } from '../../components/filters/SaveFilterDialog.tsx'
import { Money } from '../../components/money/Money.tsx'
import { useDevice } from '../../layouts/useDevice.ts'
import { useBudget, useBudgetRef, useNeedTransactions, usePermissions } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import { useMemberNames } from '../activity/useMemberNames.ts'
import { TransactionEditorDialog } from '../dialogs/transactionEditor/TransactionEditorDialog.tsx'
import { useOpenDialog } from '../dialogs/useDialog.ts'
import { useCategoryName } from '../month/names.ts'
import { DraftsSection } from '../templates/DraftsSection.tsx'
import { authorLabeller } from './authors.ts'
import { FilterBarFields } from './FilterBar.tsx'
import { ClearedLegend, TransactionGrid } from './TransactionGrid.tsx'

const PLN = CurrencyCode.make('PLN')

type EditorState = { readonly transactionId?: TransactionId } | null

/** The transaction list with its filter bar; an account or category narrows it from the start. */
export function TransactionsPane({
  bankAccountId,
  categoryId,
  periodKey,
  heading = 'title',
  showTotals = true,
  importLink = true,
}: {
  readonly bankAccountId?: BankAccountId
  readonly categoryId?: CategoryId
  /** Only this month's transactions (YYYYMM), e.g. the mobile month list. */
  readonly periodKey?: string
  /**
   * What the pane says about its list: its title and what it spans, only the span (the page names the list, as a
   * phone's top bar does), or nothing (a phone's month list, whose page names the month).
   */
  readonly heading?: 'title' | 'scope' | 'none'
  /** Whether an account's list shows its totals (off where the page above already does: the phone's account). */
  readonly showTotals?: boolean
  /** The import's link in the toolbar (off where the page offers it beside the account's other actions). */
  readonly importLink?: boolean
}) {
  const { t, i18n } = useTranslation()
  const nameOf = useCategoryName()
  const budgetRef = useBudgetRef()
  const loadState = useBudget(selectTransactionsLoadState)
  useNeedTransactions()
  const currency = useBudget(selectBudget)?.currency ?? PLN
  const rows = useBudget(selectRegisterRows)
  const incomeDestinationId = useBudget(selectIncomeDestinationId)
  const lookups = useBudget(selectTransactionLookups)
  const accounts = useBudget(selectAccounts)
  const groups = useBudget(selectGroups)
  const savedFilters = useBudget(
    selectSavedFilters,
    (a, b) => a.length === b.length && a.every((f, i) => f === b[i]),
  )
  const locale = i18n.resolvedLanguage ?? 'pl'
  const { budgetId } = useParams({ strict: false })
  const userId = useBudget(selectUserId)
  const members = useMemberNames(useBudget((snapshot) => snapshot.context.budgetId))
  // Who entered each row, only when the budget has more than one member.
  const author = useMemo(
    () =>
      authorLabeller(members, userId, {
        you: t('transactions.author.you'),
        lineYou: t('transactions.author.lineYou'),
        former: t('transactions.author.former'),
        member: t('transactions.author.member'),
        line: (name) => t('transactions.author.line', { name }),
      }),
    [members, userId, t],
  )

  const initialBar = (): FilterBar => ({
    ...EMPTY_FILTER_BAR,
    bankAccountId: bankAccountId ?? '',
    categoryId: categoryId ?? '',
  })
  const [bar, setBar] = useState<FilterBar>(initialBar)
  const device = useDevice()
  // The list stays in view; the filters open on demand, or at once on a desktop when an account or category narrows
  // the list (a phone's screen would show the filters instead of the transactions; its title names the account).
  const narrowed = bankAccountId !== undefined || categoryId !== undefined
  const [filtersOpen, setFiltersOpen] = useState(narrowed && device === 'desktop')
  useEffect(() => {
    setBar((current) => ({ ...current, bankAccountId: bankAccountId ?? '', categoryId: categoryId ?? '' }))
    if (narrowed && device === 'desktop') setFiltersOpen(true)
  }, [bankAccountId, categoryId, narrowed, device])
  const [appliedFilterId, setAppliedFilterId] = useState<string>('')
  const [saving, setSaving] = useState(false)
  const [editor, setEditor] = useState<EditorState>(null)
  const openDialog = useOpenDialog()
  // Desktop: the editor's address goes in the budget route's search. Phones show the list on routes of its own,
  // under no dialog route of SPEC's: the editor opens over it from local state and closing returns to the list.
  // A reader filters and reads the list; adding, editing, importing and saving filters are writes.
  const { canEdit } = usePermissions()
  const openEditor = (transactionId?: TransactionId) => {
    if (!canEdit) return
    if (device === 'mobile') setEditor(transactionId === undefined ? {} : { transactionId })
    else openDialog({ kind: 'transaction', transactionId })
  }

  const { criteria, invalid, active } = criteriaFromBar(bar, currency)
  const deferredCriteria = useDeferredValue(criteria)
  const criteriaKey = JSON.stringify(deferredCriteria)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the criteria object is compared by its JSON.
  const shown = useMemo(
    () => shownRows(rows, periodKey, deferredCriteria, incomeDestinationId),
    [rows, criteriaKey, periodKey, incomeDestinationId],
  )
  // One account in the list (the route's, or the filter's): its register, with running balances and totals.
  const registerOf = bar.bankAccountId === '' ? undefined : BankAccountId.make(bar.bankAccountId)
  const totals = useMemo(
    () => (registerOf === undefined ? null : registerTotals(rows, registerOf)),
    [rows, registerOf],
  )
  const transactionCount = useMemo(() => rows.filter((row) => row.kind === 'transaction').length, [rows])
  const shownCount = useMemo(() => shown.filter((row) => row.kind === 'transaction').length, [shown])
  // The opening rows are listed but are no transactions: the count says them apart so it matches what is listed.
  const shownOpenings = shown.length - shownCount

  const accountChoices = accounts.map(({ account }) => ({ id: account.id, label: account.name }))
  const categoryChoices = useMemo(
    () => filterableCategories(groups).map((category) => ({ id: category.id, label: nameOf(category) })),
    [groups, nameOf],
  )

  const change = (field: FilterBarField, value: string) => {
    setBar((current) => ({ ...current, [field]: value }))
    setAppliedFilterId('')
  }
  const applySaved = (id: string) => {
    setAppliedFilterId(id)
    const saved = savedFilters.find((filter) => filter.id === id)
    if (saved)
      setBar(
        barFromCriteria(
          saved.criteria,
          (amount) => amountText(amount, { currency, locale }),
          (date) => formatDateText(date, locale),
        ),
      )
    else setBar(initialBar())
  }
  const saveFilter = (name: string) => {
    const filterId = FilterId.make(crypto.randomUUID())
    budgetRef.send({ type: 'budget.command', commands: [{ _tag: 'SaveFilter', filterId, name, criteria }] })
    setAppliedFilterId(filterId)
    setSaving(false)
  }
  const deleteFilter = () => {
    if (appliedFilterId === '') return
    budgetRef.send({
      type: 'budget.command',
      commands: [{ _tag: 'DeleteFilter', filterId: FilterId.make(appliedFilterId) }],
    })
    setAppliedFilterId('')
  }

  const status =
    loadState === 'loading'
      ? t('transactions.status.loading')
      : transactionCount === 0
        ? t(rows.length === 0 ? 'transactions.status.empty' : 'transactions.status.onlyStartingBalance')
        : shownCount === 0
          ? t('transactions.status.noMatches')
          : shownOpenings === 0
            ? t('transactions.status.count', { count: shownCount, n: shownCount.toLocaleString(locale) })
            : t('transactions.status.countWithOpenings', {
                transactions: t('transactions.status.count', {
                  count: shownCount,
                  n: shownCount.toLocaleString(locale),
                }),
                openings: t('transactions.status.openings', {
                  count: shownOpenings,
                  n: shownOpenings.toLocaleString(locale),
                }),
              })
  const registerAccount =
    registerOf === undefined ? undefined : accounts.find(({ account }) => account.id === registerOf)?.account
  const accountName = registerAccount?.name
  // The list's name: the account's register, else the category's transactions, else every transaction.
  // The page's heading already names the account or 'every transaction'; only a category's list needs its own.
  const title =
    accountName === undefined
      ? categoryChoices.find((choice) => choice.id === bar.categoryId)?.label
      : undefined

  return (
    <section className="tx-pane" aria-label={t('transactions.pane.label')}>
      {heading === 'none' ? null : (
        <header className="tx-pane__header">
          {heading === 'title' && title !== undefined ? (
            <h2 className="tx-pane__title" title={title}>
              {title}
            </h2>
          ) : null}
          <p className="tx-pane__scope">
            {registerOf === undefined
              ? t('transactions.heading.allScope')
              : t('transactions.heading.accountScope')}
          </p>
          {/* A phone's account page says it above, in the account's card. */}
          {registerAccount?.offBudget === true && heading === 'title' ? (
            <p className="tx-pane__scope">{t('transactions.heading.trackingScope')}</p>
          ) : null}
        </header>
      )}
      {totals === null || !showTotals ? null : (
        <section className="tx-totals-box" aria-label={t('transactions.totals.label')}>
          <dl className="tx-totals">
            <div className="tx-totals__item">
              <dt>{t('transactions.totals.cleared')}</dt>
              <dd>
                <Money amount={totals.cleared} currency={currency} />
              </dd>
            </div>
            <div className="tx-totals__op tx-totals__op--plus" aria-hidden="true" />
            <div className="tx-totals__item">
              <dt>{t('transactions.totals.uncleared')}</dt>
              <dd>
                <Money amount={totals.uncleared} currency={currency} />
              </dd>
            </div>
            <div className="tx-totals__op tx-totals__op--equals" aria-hidden="true" />
            <div className="tx-totals__item tx-totals__item--working">
              <dt>{t('transactions.totals.working')}</dt>
              <dd>
                <Money amount={totals.working} currency={currency} />
              </dd>
            </div>
          </dl>
        </section>
      )}
      <div className="tx-pane__toolbar">
        {canEdit ? (
          <Button className="button button--primary" onPress={() => openEditor()}>
            {t('transactions.add')}
          </Button>
        ) : null}
        {budgetId === undefined || !importLink || !canEdit ? null : (
          // Where people look for it: the register imports into its own account, the full list asks which.
          <Link className="button button--quiet" href={paths.importTransactions(budgetId, registerOf)}>
            {t('transactions.importFromFile')}
          </Link>
        )}
        <Button
          className="button button--quiet"
          aria-expanded={filtersOpen}
          aria-controls="tx-filters"
          onPress={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? t('transactions.filters.hide') : t('transactions.filters.show')}
        </Button>
      </div>
      {filtersOpen ? (
        <section id="tx-filters" className="filter-panel" aria-label={t('transactions.filters.label')}>
          <FilterBarFields
            bar={bar}
            invalid={invalid}
            accounts={accountChoices}
            categories={categoryChoices}
            onChange={change}
          />
          <div className="tx-filters__saved">
            <BarSelect
              anyLabel={t('transactions.filters.any')}
              label={t('transactions.saved.label')}
              value={appliedFilterId}
              choices={savedFilters.map((filter) => ({ id: filter.id, label: filter.name }))}
              onChange={applySaved}
            />
            {canEdit ? (
              <>
                <Button className="button button--quiet" isDisabled={!active} onPress={() => setSaving(true)}>
                  {t('transactions.saved.saveButton')}
                </Button>
                <Button
                  className="button button--quiet"
                  isDisabled={appliedFilterId === ''}
                  onPress={deleteFilter}
                >
                  {t('transactions.saved.delete')}
                </Button>
              </>
            ) : null}
            <Button
              className="button button--quiet"
              isDisabled={!active}
              onPress={() => {
                setBar(EMPTY_FILTER_BAR)
                setAppliedFilterId('')
              }}
            >
              {t('transactions.filters.clear')}
            </Button>
          </div>
        </section>
      ) : null}
      <DraftsSection bankAccountId={registerOf} currency={currency} />
      <div className="tx-pane__statusbar">
        <p className="tx-pane__status" role="status">
          {status}
        </p>
        {loadState !== 'loading' && shown.length > 0 ? <ClearedLegend t={t} /> : null}
      </div>
      {loadState !== 'loading' && shown.length > 0 ? (
        <TransactionGrid
          rows={shown}
          register={registerOf !== undefined}
          lookups={lookups}
          currency={currency}
          onOpen={(transaction) => openEditor(transaction.id)}
          author={author}
        />
      ) : null}
      {saving ? (
        <SaveFilterDialog
          texts={{
            title: t('transactions.saved.saveTitle'),
            name: t('transactions.saved.name'),
            save: t('transactions.saved.save'),
          }}
          onSave={saveFilter}
          onClose={() => setSaving(false)}
        />
      ) : null}
      {editor === null ? null : (
        <TransactionEditorDialog
          onClosed={() => setEditor(null)}
          {...(editor.transactionId === undefined ? {} : { transactionId: editor.transactionId })}
          {...(editor.transactionId !== undefined || categoryId === undefined ? {} : { categoryId })}
          {...(editor.transactionId !== undefined || bankAccountId === undefined ? {} : { bankAccountId })}
        />
      )}
    </section>
  )
}
