import { useMemo } from 'react'
import { selectGroups } from '../../../machines/openBudget/index.ts'
import type { CategoryInfo } from '../../../machines/statistics/statistics.figures.ts'
import { useBudget } from '../../openBudget/OpenBudget.tsx'

/** Names and kinds of the budget's categories, for rows the server names by id; in the month view's order. */
export const useCategoryInfo = () => {
  const groups = useBudget(selectGroups)
  return useMemo(() => {
    const info = new Map<string, CategoryInfo>()
    const groupNames = new Map<string, string>()
    for (const { group, categories } of groups) {
      groupNames.set(group.id, group.name)
      for (const category of categories)
        info.set(category.id, {
          name: category.name,
          groupId: group.id,
          groupName: group.name,
          type: category.type,
          spendingClass: category.spendingClass,
        })
    }
    return { infoOf: (id: string) => info.get(id), groupNames, groups }
  }, [groups])
}
