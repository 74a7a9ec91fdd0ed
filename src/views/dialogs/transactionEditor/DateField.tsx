import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import {
  selectTransactionErrors,
  selectTransactionFields,
  type TransactionFormRef,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import { DateField as TypedDateField } from '../../../components/date/DateField.tsx'
import { errorText } from './errorText.ts'

/** The transaction's date: the app's one date field, bound to the editor's form. */
export function DateField({ form }: { readonly form: TransactionFormRef }) {
  const { t } = useTranslation()
  const date = useSelector(form, (snapshot) => selectTransactionFields(snapshot).date)
  const error = useSelector(form, (snapshot) => selectTransactionErrors(snapshot).fields.date)
  return (
    <TypedDateField
      label={t('transactions.editor.date')}
      value={date}
      onChange={(value) => form.send({ type: 'form.change', field: 'date', value })}
      error={errorText(t, error)}
    />
  )
}
