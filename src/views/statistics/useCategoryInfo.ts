import { useMemo } from 'react'
import { selectGroups } from '../../../machines/openBudget/index.ts'
import type { CategoryInfo } from '../../../machines/statistics/statistics.figures.ts'
import { useBudget } from '../../openBudget/OpenBudget.tsx'
import { useCategoryName } from '../month/names.ts'

/**
 * Names and kinds of the budget's categories, for rows the server names by id; in the month view's order. The
 * built-in category and its group are named as the month view names them ("Bez kategorii"), not by their i18n key.
 */
export const useCategoryInfo = () => {
  const groups = useBudget(selectGroups)
  const categoryName = useCategoryName()
  return useMemo(() => {
    const info = new Map<string, CategoryInfo>()
    const groupNames = new Map<string, string>()
    for (const { group, categories } of groups) {
      // The system group holds the built-in "Bez kategorii" (and the income destination); the month view names it so.
      const builtIn = categories.find(
        (category) => category.origin === 'Uncategorized' && category.type !== 'Income',
      )
      const groupName = builtIn === undefined ? group.name : categoryName(builtIn)
      groupNames.set(group.id, groupName)
      for (const category of categories)
        info.set(category.id, {
          name: categoryName(category),
          groupId: group.id,
          groupName,
          type: category.type,
          spendingClass: category.spendingClass,
        })
    }
    return { infoOf: (id: string) => info.get(id), groupNames, groups }
  }, [groups, categoryName])
}
