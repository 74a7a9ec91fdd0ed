import * as Result from 'effect/Result'
import type { AutoAssignOption } from '../schemas/budget.ts'
import type { BudgetCommandOf } from '../schemas/budgetCommands.ts'
import type { AssignmentChange } from '../schemas/budgetEvents.ts'
import type { CategoryId } from '../schemas/ids.ts'
import type { PeriodKey } from '../schemas/money.ts'
import { assignableCategory, type Decision, fail, liveBudget } from './decision.ts'
import { ledgerOf, toMinor } from './monthView.ts'
import { addMonths } from './period.ts'
import { type BudgetState, monthOf } from './state.ts'
import { targetStatus } from './targets.ts'

// Set assigned, move money, cover overspending, auto-assign and undo. Every change becomes an assignment record.

export const setAssigned = (command: BudgetCommandOf<'SetAssigned'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const category = yield* assignableCategory(state, command.categoryId)
    const current = monthOf(state, category.id, command.periodKey).assigned
    if (current === command.value) return []
    return [
      {
        _tag: 'AssignedSet',
        commandId: command.commandId,
        periodKey: command.periodKey,
        at: command.at,
        by: command.userId,
        categoryId: category.id,
        assigned: command.value,
        delta: toMinor(command.value - current),
      },
    ]
  })

export const moveMoney = (command: BudgetCommandOf<'MoveMoney'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    if (command.fromCategoryId === command.toCategoryId) return yield* fail('SameCategoryMove', {})
    if (command.fromCategoryId !== null) yield* assignableCategory(state, command.fromCategoryId)
    if (command.toCategoryId !== null) yield* assignableCategory(state, command.toCategoryId)
    if (command.value <= 0) return yield* fail('AmountMustBePositive', { value: command.value })
    return [
      {
        _tag: 'MoneyMoved',
        commandId: command.commandId,
        periodKey: command.periodKey,
        at: command.at,
        by: command.userId,
        fromCategoryId: command.fromCategoryId,
        toCategoryId: command.toCategoryId,
        amount: command.value,
      },
    ]
  })

export const coverOverspending = (
  command: BudgetCommandOf<'CoverOverspending'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const overspentCategory = yield* assignableCategory(state, command.overspentCategoryId)
    const overspent = -ledgerOf(state, overspentCategory.id, command.periodKey).available
    if (overspent <= 0) return yield* fail('CategoryNotOverspent', { categoryId: overspentCategory.id })
    let amount = overspent
    if (command.fromCategoryId !== null) {
      if (command.fromCategoryId === overspentCategory.id) return yield* fail('SameCategoryMove', {})
      const source = yield* assignableCategory(state, command.fromCategoryId)
      const spare = ledgerOf(state, source.id, command.periodKey).available
      if (spare <= 0) return yield* fail('NothingToCoverWith', { categoryId: source.id })
      amount = Math.min(overspent, spare)
    }
    return [
      {
        _tag: 'OverspendingCovered',
        commandId: command.commandId,
        periodKey: command.periodKey,
        at: command.at,
        by: command.userId,
        fromCategoryId: command.fromCategoryId,
        toCategoryId: overspentCategory.id,
        amount: toMinor(amount),
      },
    ]
  })

const sumOver = (
  months: number,
  state: BudgetState,
  categoryId: CategoryId,
  period: PeriodKey,
  field: 'assigned' | 'activity',
) => {
  let sum = 0
  for (let back = 1; back <= months; back++)
    sum += monthOf(state, categoryId, addMonths(period, -back))[field]
  return sum
}

/**
 * The assigned amount an auto-assign option proposes for one category (YNAB's "Auto-Assign" menu). `null` leaves the
 * category alone. Averages cover the three months before the period and round to the nearest minor unit.
 */
export const proposedAssigned = (
  option: AutoAssignOption,
  state: BudgetState,
  categoryId: CategoryId,
  period: PeriodKey,
): number | null => {
  const ledger = ledgerOf(state, categoryId, period)
  switch (option) {
    case 'underfunded': {
      const target = state.targets.get(categoryId)
      if (!target) return null
      return ledger.assigned + targetStatus(target, { periodKey: period, ...ledger }).underfunded
    }
    case 'assignedLastMonth':
      return monthOf(state, categoryId, addMonths(period, -1)).assigned
    case 'spentLastMonth':
      return Math.max(0, -monthOf(state, categoryId, addMonths(period, -1)).activity)
    case 'averageAssigned':
      return Math.round(sumOver(3, state, categoryId, period, 'assigned') / 3)
    case 'averageSpent':
      return Math.round(Math.max(0, -sumOver(3, state, categoryId, period, 'activity')) / 3)
    case 'resetAvailable':
      return ledger.available > 0 ? ledger.assigned - ledger.available : null
    case 'resetAssigned':
      return 0
  }
}

export const autoAssign = (command: BudgetCommandOf<'AutoAssign'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const chosen = command.categoryIds
    if (chosen) for (const id of chosen) yield* assignableCategory(state, id)
    const candidates = chosen
      ? chosen
      : [...state.categories.values()]
          .filter(
            (category) =>
              category.type !== 'Income' &&
              !category.hidden &&
              state.groups.get(category.categoryGroupId)?.hidden !== true,
          )
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .map((category) => category.id)
    const changes: AssignmentChange[] = []
    for (const categoryId of candidates) {
      const proposed = proposedAssigned(command.option, state, categoryId, command.periodKey)
      if (proposed === null) continue
      const delta = proposed - monthOf(state, categoryId, command.periodKey).assigned
      if (delta !== 0) changes.push({ categoryId, periodKey: command.periodKey, delta: toMinor(delta) })
    }
    if (changes.length === 0) return []
    return [
      {
        _tag: 'AutoAssigned',
        commandId: command.commandId,
        periodKey: command.periodKey,
        at: command.at,
        by: command.userId,
        option: command.option,
        changes,
      },
    ]
  })

export const undoLastAssignment = (
  command: BudgetCommandOf<'UndoLastAssignment'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const last = state.undoStack
    if (last === null) return yield* fail('NothingToUndo', {})
    return [
      {
        _tag: 'AssignmentUndone',
        commandId: command.commandId,
        periodKey: last.periodKey,
        at: command.at,
        by: command.userId,
        undoneCommandId: last.commandId,
        changes: last.changes.map((change) => ({ ...change, delta: toMinor(-change.delta) })),
      },
    ]
  })
