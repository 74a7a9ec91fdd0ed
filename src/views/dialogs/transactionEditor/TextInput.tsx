import { useSelector } from '@xstate/react'
import { FieldError, Input, Label, TextField } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  selectTransactionErrors,
  selectTransactionFields,
  type TransactionFormRef,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import { selectAllOnEntry } from '../../../components/money/selectAllOnFocus.ts'
import { errorText } from './errorText.ts'

/** One of the form's text fields (the amount, the memo) with its error. */
export function TextInput({
  form,
  field,
  label,
  inputMode,
  autoFocus = false,
}: {
  readonly form: TransactionFormRef
  readonly field: 'memo' | 'amount'
  readonly label: string
  readonly inputMode?: 'decimal'
  readonly autoFocus?: boolean
}) {
  const { t } = useTranslation()
  const value = useSelector(form, (snapshot) => selectTransactionFields(snapshot)[field])
  const error = useSelector(form, (snapshot) => selectTransactionErrors(snapshot).fields[field])
  return (
    <TextField
      className="field"
      value={value}
      onChange={(text) => form.send({ type: 'form.change', field, value: text })}
      isInvalid={error !== undefined}
      autoFocus={autoFocus}
      {...(inputMode === undefined ? {} : { inputMode })}
    >
      <Label className="field__label">{label}</Label>
      <Input className="field__input" {...(inputMode === 'decimal' ? selectAllOnEntry : {})} />
      <FieldError className="field__error">{errorText(t, error)}</FieldError>
    </TextField>
  )
}
