import type { Transaction } from '../../../schemas/budget.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import { type Checked, type FieldErrors, REQUIRED } from '../shared/dialog.validation.ts'

/**
 * Changes the category a transfer carries across the budget's edge (issue 32 §2): `transaction` is the side the
 * person opened (either side will do: the domain puts the category on the budget side; null when it is gone, and
 * nothing is sent), `categoryId` the category it carries now.
 */
export type TransferCategoryProps = {
  readonly transaction: Transaction | null
  readonly categoryId: CategoryId | null
}

export type TransferCategoryFields = { readonly categoryId: CategoryId | null }

export type TransferCategoryValue = { readonly categoryId: CategoryId }

export const initialTransferCategoryFields = (props: TransferCategoryProps): TransferCategoryFields => ({
  categoryId: props.categoryId,
})

export const checkTransferCategory = (
  fields: TransferCategoryFields,
): Checked<TransferCategoryValue, TransferCategoryFields> => {
  const errors: FieldErrors<TransferCategoryFields> = {}
  if (fields.categoryId === null) {
    errors.categoryId = REQUIRED
    return { ok: false, errors }
  }
  return { ok: true, value: { categoryId: fields.categoryId } }
}

/** One split naming the category: the domain keeps the transfer's amounts and moves the category to its budget side. */
export const buildTransferCategory = (
  value: TransferCategoryValue,
  props: TransferCategoryProps,
): ReadonlyArray<CommandDraft> =>
  value.categoryId === props.categoryId || props.transaction === null
    ? []
    : [
        {
          _tag: 'EditTransaction',
          transactionId: props.transaction.id,
          splits: [{ categoryId: value.categoryId, value: props.transaction.value }],
        },
      ]
