import type { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import { type Checked, REQUIRED } from '../shared/dialog.validation.ts'

/**
 * What is being deleted. A category or group takes its money and transactions to a category the user picks;
 * anything else (transaction, account reset, budget, target, filter) is the given commands.
 */
export type DeleteConfirmProps =
  | { readonly kind: 'category'; readonly categoryId: CategoryId }
  | {
      readonly kind: 'group'
      readonly categoryGroupId: CategoryGroupId
      readonly categoryIds: ReadonlyArray<CategoryId>
    }
  | { readonly kind: 'commands'; readonly commands: ReadonlyArray<CommandDraft> }
export type DeleteConfirmFields = { readonly moveToCategoryId: CategoryId | null }
export type DeleteConfirmValue = { readonly moveToCategoryId: CategoryId | null }

export const initialDeleteFields = (): DeleteConfirmFields => ({ moveToCategoryId: null })

const doomed = (props: DeleteConfirmProps): ReadonlyArray<CategoryId> =>
  props.kind === 'category' ? [props.categoryId] : props.kind === 'group' ? props.categoryIds : []

export const checkDelete = (
  fields: DeleteConfirmFields,
  props: DeleteConfirmProps,
): Checked<DeleteConfirmValue, DeleteConfirmFields> => {
  if (props.kind === 'commands') return { ok: true, value: { moveToCategoryId: null } }
  const target = fields.moveToCategoryId
  if (target === null) return { ok: false, errors: { moveToCategoryId: REQUIRED } }
  if (doomed(props).includes(target))
    return { ok: false, errors: { moveToCategoryId: { key: 'validation.sameCategory' } } }
  return { ok: true, value: { moveToCategoryId: target } }
}

export const buildDelete = (
  value: DeleteConfirmValue,
  props: DeleteConfirmProps,
): ReadonlyArray<CommandDraft> => {
  if (props.kind === 'commands') return props.commands
  // checkDelete guarantees a target for categories and groups; without one nothing is sent.
  if (value.moveToCategoryId === null) return []
  return props.kind === 'category'
    ? [{ _tag: 'DeleteCategory', categoryId: props.categoryId, moveToCategoryId: value.moveToCategoryId }]
    : [
        {
          _tag: 'DeleteCategoryGroup',
          categoryGroupId: props.categoryGroupId,
          moveToCategoryId: value.moveToCategoryId,
        },
      ]
}
