import type { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { GroupWithCategories } from '../../openBudget/index.ts'
import type { CategoryChoice } from '../../openBudget/selectors/month.ts'
import type { DeleteConfirmProps } from './deleteConfirm.form.ts'

/** The categories a delete dialog's money and transactions may go to: every one but those being deleted. */
export const moveToChoices = (
  all: ReadonlyArray<CategoryChoice>,
  props: DeleteConfirmProps,
): ReadonlyArray<CategoryChoice> => {
  const doomed: ReadonlyArray<CategoryId> =
    props.kind === 'category' ? [props.categoryId] : props.kind === 'group' ? props.categoryIds : []
  return all.filter((choice) => !doomed.includes(choice.id))
}

/** The group's categories in order (deleted with it), or null when the group is gone. */
export const groupCategoryIds = (
  groups: ReadonlyArray<GroupWithCategories>,
  groupId: CategoryGroupId,
): ReadonlyArray<CategoryId> | null => {
  const entry = groups.find((item) => item.group.id === groupId)
  return entry === undefined ? null : entry.categories.map((category) => category.id)
}
