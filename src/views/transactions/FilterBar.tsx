import './texts.ts'
import * as Result from 'effect/Result'
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { checkDate } from '../../../machines/dialogs/shared/index.ts'
import type { FilterBar, FilterBarField } from '../../../machines/openBudget/selectors/transactions.ts'
import { DateField } from '../../components/date/DateField.tsx'
import { type BarChoice, BarSelect } from '../../components/filters/BarSelect.tsx'

function BarText({
  label,
  value,
  onChange,
  invalid,
  type = 'text',
  description,
  inputMode,
}: {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly invalid?: string | undefined
  readonly type?: 'text' | 'search'
  readonly description?: string
  readonly inputMode?: 'decimal'
}) {
  return (
    <TextField
      className="field tx-filter"
      value={value}
      onChange={onChange}
      type={type}
      isInvalid={invalid !== undefined}
      {...(inputMode === undefined ? {} : { inputMode })}
    >
      <Label className="field__label">{label}</Label>
      <Input className="field__input" />
      {description === undefined ? null : (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{invalid ?? ''}</FieldError>
    </TextField>
  )
}

/** The filter bar: every field narrows the list at once; amounts are signed (outflows below zero). */
export function FilterBarFields({
  bar,
  invalid,
  accounts,
  categories,
  onChange,
}: {
  readonly bar: FilterBar
  readonly invalid: ReadonlyArray<FilterBarField>
  readonly accounts: ReadonlyArray<BarChoice>
  readonly categories: ReadonlyArray<BarChoice>
  readonly onChange: (field: FilterBarField, value: string) => void
}) {
  const { t } = useTranslation()
  const anyLabel = t('transactions.filters.any')
  const error = (field: FilterBarField, key: string) => (invalid.includes(field) ? t(key) : undefined)
  const amountError = (field: FilterBarField) => error(field, 'transactions.filters.amountInvalid')
  // An unreadable date says why, as the dialogs' date fields do ('31.02.2026 nie istnieje.').
  const dateError = (field: 'fromDate' | 'toDate') => {
    if (!invalid.includes(field)) return ''
    const checked = checkDate(bar[field])
    return Result.isFailure(checked) ? t(checked.failure.key, checked.failure.params ?? {}) : ''
  }
  return (
    <div className="filter-panel__fields tx-filters__fields">
      <BarSelect
        anyLabel={anyLabel}
        label={t('transactions.filters.account')}
        value={bar.bankAccountId}
        choices={accounts}
        onChange={(value) => onChange('bankAccountId', value)}
      />
      <BarSelect
        anyLabel={anyLabel}
        label={t('transactions.filters.category')}
        value={bar.categoryId}
        choices={categories}
        onChange={(value) => onChange('categoryId', value)}
      />
      <BarText
        label={t('transactions.filters.payee')}
        value={bar.payee}
        type="search"
        onChange={(value) => onChange('payee', value)}
      />
      <BarText
        label={t('transactions.filters.minAmount')}
        value={bar.minAmount}
        inputMode="decimal"
        onChange={(value) => onChange('minAmount', value)}
        invalid={amountError('minAmount')}
      />
      <BarText
        label={t('transactions.filters.maxAmount')}
        value={bar.maxAmount}
        inputMode="decimal"
        onChange={(value) => onChange('maxAmount', value)}
        invalid={amountError('maxAmount')}
      />
      <DateField
        className="field tx-filter"
        label={t('transactions.filters.fromDate')}
        value={bar.fromDate}
        onChange={(value) => onChange('fromDate', value)}
        error={dateError('fromDate')}
      />
      <DateField
        className="field tx-filter"
        label={t('transactions.filters.toDate')}
        value={bar.toDate}
        onChange={(value) => onChange('toDate', value)}
        error={dateError('toDate')}
      />
      <BarSelect
        anyLabel={anyLabel}
        label={t('transactions.filters.direction')}
        value={bar.direction}
        choices={(['Inflow', 'Outflow', 'Internal'] as const).map((id) => ({
          id,
          label: t(`transactions.direction.${id}`),
        }))}
        onChange={(value) => onChange('direction', value)}
      />
      <BarSelect
        anyLabel={anyLabel}
        label={t('transactions.filters.kind')}
        value={bar.kind}
        choices={(['Regular', 'Draft'] as const).map((id) => ({ id, label: t(`transactions.kind.${id}`) }))}
        onChange={(value) => onChange('kind', value)}
      />
      <p className="field__description tx-filters__hint">{t('transactions.filters.amountHint')}</p>
    </div>
  )
}
