import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { formatDateText } from '../../../../domain/dateText.ts'
import {
  openedAfterDate,
  selectTransactionErrors,
  selectTransactionFields,
  type TransactionFormRef,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import type { AccountWithBalance } from '../../../../machines/openBudget/index.ts'
import { DateField as TypedDateField } from '../../../components/date/DateField.tsx'
import { errorText } from './errorText.ts'

/**
 * The transaction's date: the app's one date field, bound to the editor's form; a date before the chosen account
 * was opened is said, not refused.
 */
export function DateField({
  form,
  accounts,
}: {
  readonly form: TransactionFormRef
  readonly accounts: ReadonlyArray<AccountWithBalance>
}) {
  const { t, i18n } = useTranslation()
  const date = useSelector(form, (snapshot) => selectTransactionFields(snapshot).date)
  const error = useSelector(form, (snapshot) => selectTransactionErrors(snapshot).fields.date)
  const opened = useSelector(form, (snapshot) =>
    openedAfterDate(
      selectTransactionFields(snapshot),
      accounts.map(({ account }) => account),
    ),
  )
  return (
    <TypedDateField
      label={t('transactions.editor.date')}
      value={date}
      onChange={(value) => form.send({ type: 'form.change', field: 'date', value })}
      error={errorText(t, error)}
      warning={
        opened === null
          ? null
          : t('dates.beforeOpening', { date: formatDateText(opened, i18n.resolvedLanguage ?? 'pl') })
      }
    />
  )
}
