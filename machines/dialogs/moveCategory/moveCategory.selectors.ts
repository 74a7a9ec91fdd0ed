import type { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { GroupWithCategories } from '../../openBudget/index.ts'
import type { MoveCategoryProps } from './moveCategory.form.ts'

export type MoveCategoryModel = {
  /** The category's name, '' when it is gone. */
  readonly name: string
  /** The dialog's props: where the category is now and every group's order. */
  readonly props: MoveCategoryProps
  /** The groups it may go to: the visible ones, and its own even when hidden. */
  readonly choices: ReadonlyArray<{ readonly id: CategoryGroupId; readonly label: string }>
}

/** What the move-category dialog shows and starts from, read from the budget's groups. */
export const moveCategoryModel = (
  groups: ReadonlyArray<GroupWithCategories>,
  categoryId: CategoryId,
): MoveCategoryModel => {
  const current = groups.find((entry) => entry.categories.some((category) => category.id === categoryId))
  return {
    name: current?.categories.find((category) => category.id === categoryId)?.name ?? '',
    props: {
      categoryId,
      currentGroupId: current?.group.id ?? null,
      groups: groups.map((entry) => ({
        id: entry.group.id,
        categoryIds: entry.categories.map((category) => category.id),
      })),
    },
    choices: groups
      .filter((entry) => !entry.group.hidden || entry.group.id === current?.group.id)
      .map((entry) => ({ id: entry.group.id, label: entry.group.name })),
  }
}
