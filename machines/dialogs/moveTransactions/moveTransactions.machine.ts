import type { Transaction } from '../../../schemas/budget.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import { moveTransactionsDrafts } from '../../openBudget/selectors/category.ts'
import { type Checked, createFormDialogMachine, type FieldErrors, REQUIRED } from '../shared/index.ts'

export type MoveTransactionsProps = {
  readonly categoryId: CategoryId
  /** The month's transactions of the category, as the view read them when the dialog opened. */
  readonly transactions: ReadonlyArray<Transaction>
}
export type MoveTransactionsFields = { readonly to: CategoryId | null }
export type MoveTransactionsValue = { readonly to: CategoryId }

export const checkMoveTransactions = (
  fields: MoveTransactionsFields,
  props: MoveTransactionsProps,
): Checked<MoveTransactionsValue, MoveTransactionsFields> => {
  const errors: FieldErrors<MoveTransactionsFields> = {}
  if (fields.to === null) errors.to = REQUIRED
  else if (fields.to === props.categoryId) errors.to = { key: 'validation.sameCategory' }
  return fields.to === null || Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, value: { to: fields.to } }
}

/** Moves the category's part of every transaction of the month to another category: one command batch. */
export const moveTransactionsMachine = createFormDialogMachine({
  id: 'moveTransactions',
  initialFields: (): MoveTransactionsFields => ({ to: null }),
  check: checkMoveTransactions,
  build: (value: MoveTransactionsValue, props: MoveTransactionsProps) =>
    moveTransactionsDrafts(props.transactions, props.categoryId, value.to),
})
