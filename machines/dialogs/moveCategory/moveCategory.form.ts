import type { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import { type Checked, REQUIRED } from '../shared/dialog.validation.ts'

export type GroupOrder = { readonly id: CategoryGroupId; readonly categoryIds: ReadonlyArray<CategoryId> }

export type MoveCategoryProps = {
  readonly categoryId: CategoryId
  /** Null when the category is gone (deleted elsewhere): the user must then pick a group. */
  readonly currentGroupId: CategoryGroupId | null
  /** Every group with its categories in order, as the budget shows them. */
  readonly groups: ReadonlyArray<GroupOrder>
}
export type MoveCategoryFields = { readonly groupId: CategoryGroupId | null }
export type MoveCategoryValue = { readonly groupId: CategoryGroupId }

export const initialMoveCategoryFields = (props: MoveCategoryProps): MoveCategoryFields => ({
  groupId: props.currentGroupId,
})

export const checkMoveCategory = (
  fields: MoveCategoryFields,
  props: MoveCategoryProps,
): Checked<MoveCategoryValue, MoveCategoryFields> => {
  if (fields.groupId === null) return { ok: false, errors: { groupId: REQUIRED } }
  if (!props.groups.some((group) => group.id === fields.groupId))
    return { ok: false, errors: { groupId: REQUIRED } }
  return { ok: true, value: { groupId: fields.groupId } }
}

/** The category goes to the end of the chosen group; staying in its group changes nothing. */
export const buildMoveCategory = (
  value: MoveCategoryValue,
  props: MoveCategoryProps,
): ReadonlyArray<CommandDraft> => {
  if (value.groupId === props.currentGroupId) return []
  const target = props.groups.find((group) => group.id === value.groupId)
  const others = (target?.categoryIds ?? []).filter((id) => id !== props.categoryId)
  return [
    { _tag: 'ReorderCategories', categoryGroupId: value.groupId, categoryIds: [...others, props.categoryId] },
  ]
}
