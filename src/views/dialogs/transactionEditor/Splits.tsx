import { useSelector } from '@xstate/react'
import {
  type Choice,
  selectCanRemoveSplit,
  selectSplitRemainder,
  selectTransactionErrors,
  selectTransactionFields,
  type TransactionFormRef,
} from '../../../../machines/dialogs/transactionEditor/index.ts'
import type { CurrencyCode } from '../../../../schemas/money.ts'
import { SplitsPart } from '../../../components/dialog/SplitsPart.tsx'

/** The editor's splits: the shared split part bound to the transaction form's split events. */
export function Splits({
  form,
  categories,
  currency,
}: {
  readonly form: TransactionFormRef
  readonly categories: ReadonlyArray<Choice>
  readonly currency: CurrencyCode
}) {
  const splits = useSelector(form, (snapshot) => selectTransactionFields(snapshot).splits)
  const errors = useSelector(form, selectTransactionErrors)
  const remainder = useSelector(form, selectSplitRemainder)
  const canRemove = useSelector(form, selectCanRemoveSplit)
  return (
    <SplitsPart
      binding={{
        splits,
        errors: errors.splits,
        sumError: errors.fields.splits,
        remainder,
        canRemove,
        add: () => form.send({ type: 'split.add' }),
        remove: (index) => form.send({ type: 'split.remove', index }),
        setCategory: (index, categoryId) => form.send({ type: 'split.setCategory', index, categoryId }),
        setAmount: (index, amount) => form.send({ type: 'split.setAmount', index, amount }),
      }}
      categories={categories}
      currency={currency}
    />
  )
}
