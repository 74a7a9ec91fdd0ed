import * as HashMap from 'effect/HashMap'
import * as Result from 'effect/Result'
import type { Target } from '../schemas/budget.ts'
import type { BudgetCommandOf } from '../schemas/budgetCommands.ts'
import type { BudgetEvent } from '../schemas/budgetEvents.ts'
import { isKnownCurrency } from './currency.ts'
import { type Decision, fail, findCategory, liveBudget, samePermutation } from './decision.ts'
import { type BudgetState, incomeDestinationOf } from './state.ts'

// Budgets, category groups, categories, targets and saved filters.

export const createBudget = (command: BudgetCommandOf<'CreateBudget'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    if (state.budget !== null) return yield* fail('BudgetAlreadyExists', {})
    if (!isKnownCurrency(command.currency))
      return yield* fail('UnknownCurrency', { currency: command.currency })
    return [
      {
        _tag: 'BudgetCreated',
        budgetId: command.budgetId,
        name: command.name,
        currency: command.currency,
        uncategorizedGroupId: command.uncategorizedGroupId,
        uncategorizedCategoryId: command.uncategorizedCategoryId,
        createdAt: command.at,
        createdBy: command.userId,
      },
      { _tag: 'IncomeDestinationCreated', categoryId: command.incomeCategoryId },
    ]
  })

export const createIncomeDestination = (
  command: BudgetCommandOf<'CreateIncomeDestination'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    if (incomeDestinationOf(state) !== undefined) return []
    if (state.categories.has(command.categoryId))
      return yield* fail('CategoryAlreadyExists', { categoryId: command.categoryId })
    return [{ _tag: 'IncomeDestinationCreated', categoryId: command.categoryId }]
  })

export const renameBudget = (command: BudgetCommandOf<'RenameBudget'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    const budget = yield* liveBudget(state)
    return budget.name === command.name ? [] : [{ _tag: 'BudgetRenamed', name: command.name }]
  })

/** Money already recorded is in the old currency's minor units, so the currency locks with the first amount. */
const hasMoney = (state: BudgetState) =>
  state.transactionCount > 0 ||
  HashMap.size(state.categoryMonths) > 0 ||
  [...state.accounts.values()].some((account) => account.openingBalance !== 0)

export const changeCurrency = (command: BudgetCommandOf<'ChangeCurrency'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    const budget = yield* liveBudget(state)
    if (!isKnownCurrency(command.currency))
      return yield* fail('UnknownCurrency', { currency: command.currency })
    if (budget.currency === command.currency) return []
    if (hasMoney(state)) return yield* fail('CurrencyLocked', {})
    return [{ _tag: 'CurrencyChanged', currency: command.currency }]
  })

export const resetBudget = (command: BudgetCommandOf<'ResetBudget'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    // In id order: the decision must not depend on the order a state's maps were filled in.
    const openingBalances = [...state.accounts.values()]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((account) => {
        const totals = state.accountTotals.get(account.id) ?? { cleared: 0, uncleared: 0 }
        // Sums of Minor amounts held as numbers in the aggregates.
        return {
          bankAccountId: account.id,
          balance: (totals.cleared + totals.uncleared) as typeof account.openingBalance,
        }
      })
    return [{ _tag: 'BudgetReset', date: command.date, openingBalances }]
  })

export const deleteBudget = (_command: BudgetCommandOf<'DeleteBudget'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    return [{ _tag: 'BudgetDeleted' }]
  })

export const createCategoryGroup = (
  command: BudgetCommandOf<'CreateCategoryGroup'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    if (state.groups.has(command.categoryGroupId)) {
      return yield* fail('CategoryGroupAlreadyExists', { categoryGroupId: command.categoryGroupId })
    }
    return [{ _tag: 'CategoryGroupCreated', categoryGroupId: command.categoryGroupId, name: command.name }]
  })

const findGroup = (
  state: BudgetState,
  categoryGroupId: BudgetCommandOf<'RenameCategoryGroup'>['categoryGroupId'],
) => {
  const group = state.groups.get(categoryGroupId)
  return group ? Result.succeed(group) : fail('CategoryGroupNotFound', { categoryGroupId })
}

export const renameCategoryGroup = (
  command: BudgetCommandOf<'RenameCategoryGroup'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const group = yield* findGroup(state, command.categoryGroupId)
    if (group.name === command.name) return []
    return [{ _tag: 'CategoryGroupRenamed', categoryGroupId: group.id, name: command.name }]
  })

export const reorderCategoryGroups = (
  command: BudgetCommandOf<'ReorderCategoryGroups'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    if (!samePermutation(command.categoryGroupIds, state.groups.keys()))
      return yield* fail('ReorderListMismatch', {})
    const unchanged = command.categoryGroupIds.every(
      (id, position) => state.groups.get(id)?.position === position,
    )
    return unchanged ? [] : [{ _tag: 'CategoryGroupsReordered', categoryGroupIds: command.categoryGroupIds }]
  })

export const setCategoryGroupHidden = (
  command: BudgetCommandOf<'SetCategoryGroupHidden'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const group = yield* findGroup(state, command.categoryGroupId)
    if (group.hidden === command.hidden) return []
    return [{ _tag: 'CategoryGroupHiddenChanged', categoryGroupId: group.id, hidden: command.hidden }]
  })

export const deleteCategoryGroup = (
  command: BudgetCommandOf<'DeleteCategoryGroup'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    const budget = yield* liveBudget(state)
    const group = yield* findGroup(state, command.categoryGroupId)
    const members = [...state.categories.values()]
      .filter((category) => category.categoryGroupId === group.id)
      .sort((a, b) => a.position - b.position)
    if (members.some((category) => category.id === budget.uncategorizedCategoryId)) {
      return yield* fail('UncategorizedCannotBeDeleted', {})
    }
    const into = yield* findCategory(state, command.moveToCategoryId)
    if (into.categoryGroupId === group.id) return yield* fail('InvalidMoveTarget', { categoryId: into.id })
    const events: BudgetEvent[] = members.map((category) => ({
      _tag: 'CategoryDeleted',
      categoryId: category.id,
      movedToCategoryId: into.id,
    }))
    events.push({ _tag: 'CategoryGroupDeleted', categoryGroupId: group.id })
    return events
  })

export const createCategory = (command: BudgetCommandOf<'CreateCategory'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    if (state.categories.has(command.categoryId)) {
      return yield* fail('CategoryAlreadyExists', { categoryId: command.categoryId })
    }
    yield* findGroup(state, command.categoryGroupId)
    return [
      {
        _tag: 'CategoryCreated',
        categoryId: command.categoryId,
        categoryGroupId: command.categoryGroupId,
        name: command.name,
        type: command.type,
        spendingClass: command.spendingClass ?? 'Undefined',
      },
    ]
  })

export const renameCategory = (command: BudgetCommandOf<'RenameCategory'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const category = yield* findCategory(state, command.categoryId)
    if (category.name === command.name) return []
    return [{ _tag: 'CategoryRenamed', categoryId: category.id, name: command.name }]
  })

export const reorderCategories = (
  command: BudgetCommandOf<'ReorderCategories'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    yield* findGroup(state, command.categoryGroupId)
    for (const categoryId of command.categoryIds) yield* findCategory(state, categoryId)
    // The list is the group's new content: everything already in it, plus any category moving in.
    const current = [...state.categories.values()].filter(
      (c) => c.categoryGroupId === command.categoryGroupId,
    )
    const listed = new Set(command.categoryIds)
    if (listed.size !== command.categoryIds.length || current.some((category) => !listed.has(category.id))) {
      return yield* fail('ReorderListMismatch', {})
    }
    const unchanged = command.categoryIds.every((id, position) => {
      const category = state.categories.get(id)
      return category?.categoryGroupId === command.categoryGroupId && category.position === position
    })
    if (unchanged) return []
    return [
      {
        _tag: 'CategoriesReordered',
        categoryGroupId: command.categoryGroupId,
        categoryIds: command.categoryIds,
      },
    ]
  })

export const setCategoryHidden = (
  command: BudgetCommandOf<'SetCategoryHidden'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const category = yield* findCategory(state, command.categoryId)
    if (category.hidden === command.hidden) return []
    return [{ _tag: 'CategoryHiddenChanged', categoryId: category.id, hidden: command.hidden }]
  })

export const setCategorySpendingClass = (
  command: BudgetCommandOf<'SetCategorySpendingClass'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const category = yield* findCategory(state, command.categoryId)
    if (category.spendingClass === command.spendingClass) return []
    return [
      { _tag: 'CategorySpendingClassChanged', categoryId: category.id, spendingClass: command.spendingClass },
    ]
  })

export const deleteCategory = (command: BudgetCommandOf<'DeleteCategory'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    const budget = yield* liveBudget(state)
    const category = yield* findCategory(state, command.categoryId)
    if (category.id === budget.uncategorizedCategoryId) return yield* fail('UncategorizedCannotBeDeleted', {})
    if (category.id === incomeDestinationOf(state)?.id)
      return yield* fail('IncomeDestinationCannotBeDeleted', {})
    const into = yield* findCategory(state, command.moveToCategoryId)
    if (into.id === category.id) return yield* fail('InvalidMoveTarget', { categoryId: into.id })
    return [{ _tag: 'CategoryDeleted', categoryId: category.id, movedToCategoryId: into.id }]
  })

export const setTarget = (command: BudgetCommandOf<'SetTarget'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const category = yield* findCategory(state, command.categoryId)
    if (category.type === 'Income')
      return yield* fail('CannotAssignToIncomeCategory', { categoryId: category.id })
    if (command.amount <= 0) return yield* fail('AmountMustBePositive', { value: command.amount })
    const needsDate = command.type === 'NeededForSpendingByDate' || command.cadenceMonths !== undefined
    if (needsDate && command.dueDate === undefined) return yield* fail('TargetNeedsDueDate', {})
    const target: Target = {
      id: command.targetId,
      categoryId: category.id,
      type: command.type,
      amount: command.amount,
      dueDate: command.dueDate ?? null,
      cadenceMonths: command.cadenceMonths ?? null,
    }
    const current = state.targets.get(category.id)
    if (current && JSON.stringify(current) === JSON.stringify(target)) return []
    return [{ _tag: 'TargetSet', target }]
  })

export const removeTarget = (command: BudgetCommandOf<'RemoveTarget'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const target = state.targets.get(command.categoryId)
    if (!target) return yield* fail('TargetNotFound', { categoryId: command.categoryId })
    return [{ _tag: 'TargetRemoved', targetId: target.id, categoryId: target.categoryId }]
  })

export const saveFilter = (command: BudgetCommandOf<'SaveFilter'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const current = state.filters.get(command.filterId)
    // A view's report is taken as sent: a `subject` naming no category is kept like criteria's unknown ids, since
    // deleting a category leaves views naming it and renaming such a view must still work.
    const report = command.report === undefined ? {} : { report: command.report }
    const saved = { id: command.filterId, name: command.name, criteria: command.criteria, ...report }
    if (current && JSON.stringify(current) === JSON.stringify(saved)) return []
    return [
      {
        _tag: 'FilterSaved',
        filterId: command.filterId,
        name: command.name,
        criteria: command.criteria,
        ...report,
      },
    ]
  })

export const deleteFilter = (command: BudgetCommandOf<'DeleteFilter'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    if (!state.filters.has(command.filterId))
      return yield* fail('FilterNotFound', { filterId: command.filterId })
    return [{ _tag: 'FilterDeleted', filterId: command.filterId }]
  })
