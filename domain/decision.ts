import * as Result from 'effect/Result'
import type { Budget, Category } from '../schemas/budget.ts'
import { type BudgetError, budgetError } from '../schemas/budgetErrors.ts'
import type { BudgetEvent } from '../schemas/budgetEvents.ts'
import type { CategoryId } from '../schemas/ids.ts'
import type { BudgetState } from './state.ts'

export type Decision = Result.Result<readonly BudgetEvent[], BudgetError>

/** A refusal to `yield*` inside Result.gen. */
export const fail = <T extends BudgetError['_tag']>(
  tag: T,
  fields: Omit<Extract<BudgetError, { _tag: T }>, '_tag' | 'code'>,
): Result.Result<never, BudgetError> => Result.fail(budgetError(tag, fields))

/** The live budget, or the refusal every command but CreateBudget gets on a missing or deleted one. */
export const liveBudget = (state: BudgetState): Result.Result<Budget, BudgetError> =>
  state.budget === null || state.deleted ? fail('BudgetNotFound', {}) : Result.succeed(state.budget)

export const findCategory = (
  state: BudgetState,
  categoryId: CategoryId,
): Result.Result<Category, BudgetError> => {
  const category = state.categories.get(categoryId)
  return category ? Result.succeed(category) : fail('CategoryNotFound', { categoryId })
}

/** A category money can be assigned to: it exists and is not an Income category. */
export const assignableCategory = (
  state: BudgetState,
  categoryId: CategoryId,
): Result.Result<Category, BudgetError> => {
  const category = state.categories.get(categoryId)
  if (!category) return fail('CategoryNotFound', { categoryId })
  return category.type === 'Income'
    ? fail('CannotAssignToIncomeCategory', { categoryId })
    : Result.succeed(category)
}

/** True when two lists hold the same ids, each once. */
export const samePermutation = <T>(given: readonly T[], expected: Iterable<T>): boolean => {
  const wanted = new Set(expected)
  const seen = new Set(given)
  return seen.size === given.length && seen.size === wanted.size && given.every((id) => wanted.has(id))
}
