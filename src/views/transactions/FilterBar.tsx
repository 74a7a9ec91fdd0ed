import { ChoiceSelect } from '../../components/dialog/FormDialog.tsx'
import './texts.ts'
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import type { FilterBar, FilterBarField } from '../../../machines/openBudget/selectors/transactions.ts'

export type BarChoice = { readonly id: string; readonly label: string }

// react-aria keys cannot be empty; '' (any) travels as this key.
const ANY = '__any__'

export function BarSelect({
  label,
  value,
  choices,
  onChange,
}: {
  readonly label: string
  readonly value: string
  readonly choices: ReadonlyArray<BarChoice>
  readonly onChange: (value: string) => void
}) {
  const { t } = useTranslation()
  const items = [{ id: ANY, label: t('transactions.filters.any') }, ...choices]
  return (
    <ChoiceSelect
      className="field tx-filter"
      label={label}
      value={value === '' ? ANY : value}
      choices={items}
      error=""
      onChange={(id) => onChange(id === ANY ? '' : id)}
    />
  )
}

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
  readonly type?: 'text' | 'date' | 'search'
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
  const error = (field: FilterBarField, key: string) => (invalid.includes(field) ? t(key) : undefined)
  const amountError = (field: FilterBarField) => error(field, 'transactions.filters.amountInvalid')
  const dateError = (field: FilterBarField) => error(field, 'validation.date')
  return (
    <div className="tx-filters__fields">
      <BarSelect
        label={t('transactions.filters.account')}
        value={bar.bankAccountId}
        choices={accounts}
        onChange={(value) => onChange('bankAccountId', value)}
      />
      <BarSelect
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
      <BarText
        label={t('transactions.filters.fromDate')}
        value={bar.fromDate}
        type="date"
        onChange={(value) => onChange('fromDate', value)}
        invalid={dateError('fromDate')}
      />
      <BarText
        label={t('transactions.filters.toDate')}
        value={bar.toDate}
        type="date"
        onChange={(value) => onChange('toDate', value)}
        invalid={dateError('toDate')}
      />
      <BarSelect
        label={t('transactions.filters.direction')}
        value={bar.direction}
        choices={(['Inflow', 'Outflow', 'Internal'] as const).map((id) => ({
          id,
          label: t(`transactions.direction.${id}`),
        }))}
        onChange={(value) => onChange('direction', value)}
      />
      <BarSelect
        label={t('transactions.filters.kind')}
        value={bar.kind}
        choices={(['Regular', 'Draft'] as const).map((id) => ({ id, label: t(`transactions.kind.${id}`) }))}
        onChange={(value) => onChange('kind', value)}
      />
      <p className="field__description tx-filters__hint">{t('transactions.filters.amountHint')}</p>
    </div>
  )
}
