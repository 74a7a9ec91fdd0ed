import type { CategoryGroup } from '../../../schemas/budget.ts'
import { CategoryGroupId } from '../../../schemas/ids.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import { type Checked, checkName, type FieldErrors, take } from '../shared/dialog.validation.ts'

export type GroupEditProps =
  | { readonly mode: 'create' }
  | { readonly mode: 'edit'; readonly group: CategoryGroup }
export type GroupEditFields = { readonly name: string }
export type GroupEditValue = { readonly name: string }

export const initialGroupFields = (props: GroupEditProps): GroupEditFields => ({
  name: props.mode === 'edit' ? props.group.name : '',
})

export const checkGroup = (fields: GroupEditFields): Checked<GroupEditValue, GroupEditFields> => {
  const errors: FieldErrors<GroupEditFields> = {}
  const name = take(errors, 'name', checkName(fields.name))
  return name === undefined ? { ok: false, errors } : { ok: true, value: { name } }
}

export const buildGroup = (
  value: GroupEditValue,
  props: GroupEditProps,
  newId: () => string,
): ReadonlyArray<CommandDraft> => {
  if (props.mode === 'create')
    // A fresh opaque id for the new group.
    return [{ _tag: 'CreateCategoryGroup', categoryGroupId: CategoryGroupId.make(newId()), name: value.name }]
  return value.name === props.group.name
    ? []
    : [{ _tag: 'RenameCategoryGroup', categoryGroupId: props.group.id, name: value.name }]
}
