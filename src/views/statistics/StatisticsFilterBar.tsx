import './statisticsFilter.css'
import './texts.ts'
import { useSelector } from '@xstate/react'
import * as Result from 'effect/Result'
import { useId, useMemo, useState } from 'react'
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { formatDateText, parseDateText } from '../../../domain/dateText.ts'
import { checkDate } from '../../../machines/dialogs/shared/index.ts'
import { selectAccounts, selectGroups, selectSavedFilters } from '../../../machines/openBudget/index.ts'
import { filterableCategories } from '../../../machines/openBudget/selectors/transactions.ts'
import {
  criteriaFromFilter,
  filterFromCriteria,
  ignoresCriteria,
  isFiltered,
  NO_FILTER,
  type StatisticsFilter,
  selectFilter,
  type statisticsMachine,
} from '../../../machines/statistics/index.ts'
import type { SavedFilter } from '../../../schemas/budget.ts'
import { BankAccountId, CategoryId, FilterId } from '../../../schemas/ids.ts'
import type { IsoDate } from '../../../schemas/money.ts'
import type { ReportView } from '../../../schemas/statistics.ts'
import { DateField } from '../../components/date/DateField.tsx'
import { type BarChoice, BarSelect } from '../../components/filters/BarSelect.tsx'
import { SaveFilterDialog } from '../../components/filters/SaveFilterDialog.tsx'
import { useBudget, useBudgetRef, useEditGate } from '../../openBudget/OpenBudget.tsx'
import { useCategoryName } from '../month/names.ts'

// The statistics' filter bar (issue 31 §1): a saved filter's accounts, categories, payee and dates narrow every
// report; the current report with its filter can be saved as a view (a saved filter with `report`).

type ScreenRef = ActorRefFrom<typeof statisticsMachine>
type DateFieldName = 'fromDate' | 'toDate'

// A saved filter may name several accounts or categories; the select shows them as one choice and keeps them.
const SEVERAL = '__several__'

const sameList = (a: ReadonlyArray<SavedFilter>, b: ReadonlyArray<SavedFilter>) =>
  a.length === b.length && a.every((filter, index) => filter === b[index])

/** A select's value for a list of ids: '' (any), the one id, or SEVERAL. */
const selectValue = (ids: ReadonlyArray<string>) =>
  ids.length === 0 ? '' : ids.length === 1 ? (ids[0] ?? '') : SEVERAL

/** The filter in words, as the page says it above the charts ("Liczone są tylko transakcje z konta „Karta”, …"). */
const useFilterWords = (
  filter: StatisticsFilter,
  accountName: (id: string) => string | undefined,
  categoryName: (id: string) => string | undefined,
): string | null => {
  const { t, i18n } = useTranslation()
  const locale = i18n.resolvedLanguage ?? 'pl'
  if (!isFiltered(filter)) return null
  const list = new Intl.ListFormat(locale, { type: 'conjunction' })
  const quoted = (text: string) =>
    t('statisticsFilter.quote', { text, interpolation: { escapeValue: false } })
  const names = (ids: ReadonlyArray<string>, nameOf: (id: string) => string | undefined) =>
    list.format(ids.map((id) => quoted(nameOf(id) ?? t('statisticsFilter.unknown'))))
  const date = (value: IsoDate) => formatDateText(value, locale)
  const plain = { interpolation: { escapeValue: false } }
  const parts = [
    filter.accountIds.length === 0
      ? null
      : t(filter.accountIds.length === 1 ? 'statisticsFilter.accountOne' : 'statisticsFilter.accountMany', {
          names: names(filter.accountIds, accountName),
          ...plain,
        }),
    filter.categoryIds.length === 0
      ? null
      : t(
          filter.categoryIds.length === 1 ? 'statisticsFilter.categoryOne' : 'statisticsFilter.categoryMany',
          {
            names: names(filter.categoryIds, categoryName),
            ...plain,
          },
        ),
    filter.payee === '' ? null : t('statisticsFilter.payeeText', { text: quoted(filter.payee), ...plain }),
    filter.fromDate !== null && filter.toDate !== null
      ? t('statisticsFilter.between', { from: date(filter.fromDate), to: date(filter.toDate), ...plain })
      : filter.fromDate !== null
        ? t('statisticsFilter.from', { date: date(filter.fromDate), ...plain })
        : filter.toDate !== null
          ? t('statisticsFilter.to', { date: date(filter.toDate), ...plain })
          : null,
  ].filter((part) => part !== null)
  return t('statisticsFilter.summary', { parts: parts.join(', '), ...plain })
}

/** The dates as typed: the filter's, in the user's language. */
const textsOf = (filter: StatisticsFilter, locale: string) => ({
  fromDate: filter.fromDate === null ? '' : formatDateText(filter.fromDate, locale),
  toDate: filter.toDate === null ? '' : formatDateText(filter.toDate, locale),
  payee: filter.payee,
})

export function StatisticsFilterBar({
  screen,
  report,
  onOpenReport,
}: {
  readonly screen: ScreenRef
  /** The report shown, saved with a view; none: "Zapisz widok" saves the filter alone. */
  readonly report?: ReportView
  /** Opens a saved view's report (the route's search params). */
  readonly onOpenReport?: (report: ReportView) => void
}) {
  const { t, i18n } = useTranslation()
  const locale = i18n.resolvedLanguage ?? 'pl'
  const id = useId()
  const filter = useSelector(screen, selectFilter)
  const accounts = useBudget(selectAccounts)
  const groups = useBudget(selectGroups)
  const savedFilters = useBudget(selectSavedFilters, sameList)
  const budgetRef = useBudgetRef()
  // Readers filter and read; saving a view is a write (the reason is the read-only banner's text).
  const gate = useEditGate()
  const categoryLabel = useCategoryName()
  const [open, setOpen] = useState(false)
  const [texts, setTexts] = useState(() => textsOf(filter, locale))
  const [datesOrder, setDatesOrder] = useState(false)
  const [appliedId, setAppliedId] = useState('')
  const [saving, setSaving] = useState(false)

  const accountChoices: ReadonlyArray<BarChoice> = accounts.map(({ account }) => ({
    id: account.id,
    label: account.name,
  }))
  const categoryChoices: ReadonlyArray<BarChoice> = useMemo(
    () =>
      filterableCategories(groups).map((category) => ({ id: category.id, label: categoryLabel(category) })),
    [groups, categoryLabel],
  )
  const accountName = (key: string) => accountChoices.find((choice) => choice.id === key)?.label
  const categoryName = (key: string) => categoryChoices.find((choice) => choice.id === key)?.label
  const words = useFilterWords(filter, accountName, categoryName)
  const applied = savedFilters.find((saved) => saved.id === appliedId)
  const views = savedFilters.filter((saved) => saved.report !== undefined)

  const apply = (next: StatisticsFilter) => screen.send({ type: 'statistics.filter', filter: next })
  /** A change made by hand: the filter is no longer the saved one. */
  const change = (next: StatisticsFilter) => {
    setAppliedId('')
    apply(next)
  }
  const showFilter = (next: StatisticsFilter) => {
    setTexts(textsOf(next, locale))
    setDatesOrder(false)
    apply(next)
  }
  const clear = () => {
    setAppliedId('')
    showFilter(NO_FILTER)
  }
  const applySaved = (savedId: string) => {
    const saved = savedFilters.find((candidate) => candidate.id === savedId)
    if (saved === undefined) return clear()
    setAppliedId(saved.id)
    showFilter(filterFromCriteria(saved.criteria))
    if (saved.report !== undefined) onOpenReport?.(saved.report)
  }
  const several = (ids: ReadonlyArray<string>, nameOf: (id: string) => string | undefined) =>
    ids.length > 1
      ? [
          {
            id: SEVERAL,
            label: t('statisticsFilter.several', {
              names: ids.map((key) => nameOf(key) ?? t('statisticsFilter.unknown')).join(', '),
              interpolation: { escapeValue: false },
            }),
          },
        ]
      : []

  const readDate = (text: string): IsoDate | null | undefined => {
    if (text.trim() === '') return null
    const parsed = parseDateText(text)
    return Result.isSuccess(parsed) ? parsed.success : undefined
  }
  const dateError = (field: DateFieldName) => {
    const text = texts[field]
    if (text.trim() === '' || readDate(text) !== undefined)
      return field === 'toDate' && datesOrder ? t('statisticsFilter.datesOrder') : ''
    const checked = checkDate(text)
    return Result.isFailure(checked) ? t(checked.failure.key, checked.failure.params ?? {}) : ''
  }
  const changeDate = (field: DateFieldName, text: string) => {
    const next = { ...texts, [field]: text }
    setTexts(next)
    const fromDate = readDate(next.fromDate)
    const toDate = readDate(next.toDate)
    // An unreadable date, or an end before the start, waits for the user; the figures keep the last good filter.
    if (fromDate === undefined || toDate === undefined) return
    const backwards = fromDate !== null && toDate !== null && fromDate > toDate
    setDatesOrder(backwards)
    if (!backwards) change({ ...filter, fromDate, toDate })
  }
  const commitPayee = () => {
    const payee = texts.payee.trim()
    if (payee !== filter.payee) change({ ...filter, payee })
  }
  const save = (name: string) => {
    const filterId = FilterId.make(crypto.randomUUID())
    budgetRef.send({
      type: 'budget.command',
      commands: [
        {
          _tag: 'SaveFilter',
          filterId,
          name,
          criteria: criteriaFromFilter(filter),
          ...(report === undefined ? {} : { report }),
        },
      ],
    })
    setAppliedId(filterId)
    setSaving(false)
  }

  return (
    <section className="statistics-filter" aria-label={t('statisticsFilter.label')}>
      <div className="statistics-filter__head">
        <Button
          className="button statistics-filter__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onPress={() => setOpen((shown) => !shown)}
        >
          {t('statisticsFilter.toggle')}
          <span className="statistics-filter__chevron" aria-hidden="true">
            {open ? '▴' : '▾'}
          </span>
        </Button>
        {words === null ? null : (
          <Button className="button button--quiet" onPress={clear}>
            {t('statisticsFilter.clear')}
          </Button>
        )}
      </div>
      <p className="statistics-filter__words" aria-live="polite">
        {words}
      </p>
      {applied !== undefined && ignoresCriteria(applied.criteria) ? (
        <p className="statistics-filter__note">{t('statisticsFilter.ignored')}</p>
      ) : null}
      {open ? (
        <Form
          id={`${id}-panel`}
          className="filter-panel"
          onSubmit={(event) => {
            // Enter in the payee field applies it.
            event.preventDefault()
            commitPayee()
          }}
        >
          <div className="filter-panel__fields statistics-filter__fields">
            <BarSelect
              className="field"
              label={t('statisticsFilter.account')}
              anyLabel={t('statisticsFilter.any')}
              value={selectValue(filter.accountIds)}
              choices={[...several(filter.accountIds, accountName), ...accountChoices]}
              onChange={(value) => {
                if (value !== SEVERAL)
                  change({ ...filter, accountIds: value === '' ? [] : [BankAccountId.make(value)] })
              }}
            />
            <BarSelect
              className="field"
              label={t('statisticsFilter.category')}
              anyLabel={t('statisticsFilter.any')}
              value={selectValue(filter.categoryIds)}
              choices={[...several(filter.categoryIds, categoryName), ...categoryChoices]}
              onChange={(value) => {
                if (value !== SEVERAL)
                  change({ ...filter, categoryIds: value === '' ? [] : [CategoryId.make(value)] })
              }}
            />
            <TextField
              className="field"
              type="search"
              value={texts.payee}
              maxLength={200}
              onChange={(payee) => setTexts((current) => ({ ...current, payee }))}
              onBlur={commitPayee}
              // The panel has no submit button, so Enter does not submit it: the field applies itself.
              onKeyDown={(event) => {
                if (event.key === 'Enter') commitPayee()
              }}
            >
              <Label className="field__label">{t('statisticsFilter.payee')}</Label>
              <Input className="field__input" />
              <Text slot="description" className="field__description">
                {t('statisticsFilter.payeeHint')}
              </Text>
              <FieldError className="field__error" />
            </TextField>
            <DateField
              label={t('statisticsFilter.fromDate')}
              value={texts.fromDate}
              onChange={(text) => changeDate('fromDate', text)}
              error={dateError('fromDate')}
            />
            <DateField
              label={t('statisticsFilter.toDate')}
              value={texts.toDate}
              onChange={(text) => changeDate('toDate', text)}
              error={dateError('toDate')}
            />
          </div>
          <div className="statistics-filter__saved">
            <BarSelect
              className="field"
              label={t('statisticsFilter.saved')}
              anyLabel={t('statisticsFilter.none')}
              value={appliedId}
              choices={savedFilters.map((saved) => ({ id: saved.id, label: saved.name }))}
              onChange={applySaved}
            />
            <BarSelect
              className="field"
              label={t('statisticsFilter.views')}
              anyLabel={t('statisticsFilter.none')}
              value={views.some((view) => view.id === appliedId) ? appliedId : ''}
              choices={views.map((view) => ({ id: view.id, label: view.name }))}
              onChange={applySaved}
            />
            <Button
              className="button"
              {...gate}
              isDisabled={gate.isDisabled ?? (report === undefined && !isFiltered(filter))}
              onPress={() => setSaving(true)}
            >
              {t('statisticsFilter.saveView')}
            </Button>
          </div>
        </Form>
      ) : null}
      {saving ? (
        <SaveFilterDialog
          texts={{
            title: t('statisticsFilter.saveTitle'),
            name: t('statisticsFilter.name'),
            save: t('statisticsFilter.save'),
          }}
          onSave={save}
          onClose={() => setSaving(false)}
        />
      ) : null}
    </section>
  )
}
