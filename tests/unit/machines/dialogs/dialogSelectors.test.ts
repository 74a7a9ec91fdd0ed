import { describe, expect, it } from 'vitest'
import { groupCategoryIds, moveToChoices } from '../../../../machines/dialogs/deleteConfirm/index.ts'
import { moveCategoryModel } from '../../../../machines/dialogs/moveCategory/index.ts'
import { isDatedTargetType, TARGET_TYPES } from '../../../../machines/dialogs/target/index.ts'
import type { GroupWithCategories } from '../../../../machines/openBudget/index.ts'
import { Category, CategoryGroup } from '../../../../schemas/budget.ts'
import { CategoryGroupId, CategoryId } from '../../../../schemas/ids.ts'

const group = (id: string, name: string, hidden = false) =>
  CategoryGroup.make({ id: CategoryGroupId.make(id), name, hidden, position: 0 })
const category = (id: string, groupId: string) =>
  Category.make({
    id: CategoryId.make(id),
    categoryGroupId: CategoryGroupId.make(groupId),
    name: id,
    type: 'Expense',
    spendingClass: 'Undefined',
    origin: 'UserDefined',
    hidden: false,
    position: 0,
  })

const groups: ReadonlyArray<GroupWithCategories> = [
  { group: group('bills', 'Rachunki'), categories: [category('rent', 'bills'), category('power', 'bills')] },
  { group: group('old', 'Stare', true), categories: [category('gym', 'old')] },
  { group: group('food', 'Jedzenie'), categories: [] },
]

describe('move category selectors', () => {
  it('offers the visible groups and the category’s own, hidden or not', () => {
    const model = moveCategoryModel(groups, CategoryId.make('gym'))
    expect(model.name).toBe('gym')
    expect(model.props.currentGroupId).toBe('old')
    expect(model.choices.map((choice) => choice.id)).toEqual(['bills', 'old', 'food'])
    expect(moveCategoryModel(groups, CategoryId.make('rent')).choices.map((choice) => choice.id)).toEqual([
      'bills',
      'food',
    ])
  })

  it('starts without a group when the category is gone', () => {
    const model = moveCategoryModel(groups, CategoryId.make('gone'))
    expect(model.name).toBe('')
    expect(model.props.currentGroupId).toBeNull()
  })
})

describe('delete selectors', () => {
  const all = ['rent', 'power', 'gym'].map((id) => ({
    id: CategoryId.make(id),
    name: id,
    system: false,
    type: 'Expense' as const,
  }))

  it('never offers a category that is being deleted as where its money goes', () => {
    expect(
      moveToChoices(all, { kind: 'category', categoryId: CategoryId.make('rent') }).map((c) => c.id),
    ).toEqual(['power', 'gym'])
    const doomed = groupCategoryIds(groups, CategoryGroupId.make('bills')) ?? []
    expect(
      moveToChoices(all, {
        kind: 'group',
        categoryGroupId: CategoryGroupId.make('bills'),
        categoryIds: doomed,
      }).map((c) => c.id),
    ).toEqual(['gym'])
    expect(groupCategoryIds(groups, CategoryGroupId.make('none'))).toBeNull()
  })
})

describe('target selectors', () => {
  it('shows a date for the dated kinds only', () => {
    expect(TARGET_TYPES.filter(isDatedTargetType)).toEqual([
      'NeededForSpendingByDate',
      'SavingsBuilder',
      'DebtPayment',
    ])
  })
})
