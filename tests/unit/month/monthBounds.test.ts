import { expect, it } from 'vitest'
import { buildMonthModel } from '../../../machines/openBudget/selectors/month.ts'
import type { Category, CategoryGroup, CategoryMonth, MonthView } from '../../../schemas/budget.ts'
import { CategoryGroupId, CategoryId } from '../../../schemas/ids.ts'
import { type Minor, PeriodKey } from '../../../schemas/money.ts'

// Issue 26 §1: a budget stored before the bound on its totals (domain/bounds.ts) may serve totals saturated at
// 2^53 − 1; the month table still renders, its group totals saturated too.
it('a group whose categories hold saturated totals renders a saturated total instead of throwing', () => {
  const groupId = CategoryGroupId.make('group')
  const huge = Number.MAX_SAFE_INTEGER as Minor
  const group: CategoryGroup = { id: groupId, name: 'G', hidden: false, position: 0 }
  const categories: Category[] = ['a', 'b'].map((id, position) => ({
    id: CategoryId.make(id),
    categoryGroupId: groupId,
    name: id,
    type: 'Expense',
    spendingClass: 'Undefined',
    origin: 'UserDefined',
    hidden: false,
    position,
  }))
  const months: CategoryMonth[] = categories.map((category) => ({
    id: category.id,
    categoryGroupId: groupId,
    name: category.name,
    type: 'Expense',
    assigned: huge,
    activity: 0 as Minor,
    available: huge,
  }))
  const view: MonthView = {
    periodKey: PeriodKey.make('202501'),
    readyToAssign: huge,
    assignedInFuture: 0 as Minor,
    overspent: 0 as Minor,
    categories: months,
  }
  const model = buildMonthModel(view, [{ group, categories }], null, false)
  expect(model.groups[0]).toMatchObject({ assigned: huge, available: huge, activity: 0 })
})
