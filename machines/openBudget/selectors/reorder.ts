import type { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import type { MonthGroup, MonthModel } from './month.ts'

export type Direction = 'up' | 'down'

/**
 * Moving one item up or down among the items shown, within the full order (hidden items keep their places).
 * Returns the new full order, or null when the item cannot move that way.
 */
export const moveWithin = <T>(
  full: ReadonlyArray<T>,
  shown: ReadonlyArray<T>,
  item: T,
  direction: Direction,
): ReadonlyArray<T> | null => {
  const at = shown.indexOf(item)
  if (at === -1) return null
  const neighbour = shown[direction === 'up' ? at - 1 : at + 1]
  if (neighbour === undefined) return null
  const from = full.indexOf(item)
  const to = full.indexOf(neighbour)
  if (from === -1 || to === -1) return null
  const next = [...full]
  next[from] = neighbour
  next[to] = item
  return next
}

/** A category moved up or down among its group's shown rows: the group and its new full order, or null. */
export const categoryReorder = (
  model: MonthModel,
  categoryId: CategoryId,
  direction: Direction,
): { readonly groupId: CategoryGroupId; readonly categoryIds: ReadonlyArray<CategoryId> } | null => {
  const group = model.groups.find((item) => item.rows.some((row) => row.id === categoryId))
  if (group === undefined) return null
  const shown = group.rows.map((row) => row.id)
  const categoryIds = moveWithin(group.categoryIds, shown, categoryId, direction)
  return categoryIds === null ? null : { groupId: group.id, categoryIds }
}

/** A group moved up or down among the shown groups the user made (the system group stays put), or null. */
export const groupReorder = (
  model: MonthModel,
  groupId: CategoryGroupId,
  direction: Direction,
): ReadonlyArray<CategoryGroupId> | null => {
  const shown = model.groups.filter((group) => !group.system).map((group) => group.id)
  return moveWithin(model.groupIds, shown, groupId, direction)
}

/** The selected category when this group holds it, else null: only that group's rows re-render on a selection. */
export const selectionInGroup = (group: MonthGroup, selectedId: CategoryId | null): CategoryId | null =>
  group.rows.some((row) => row.id === selectedId) ? selectedId : null
