import type { CategoryId } from '../../../schemas/ids.ts'
import type { Minor } from '../../../schemas/money.ts'

/** A select value for "where the money comes from / goes to": a category or Ready to Assign. */
export const READY_TO_ASSIGN = 'readyToAssign'
export type MoneySource = CategoryId | typeof READY_TO_ASSIGN

/** The domain's spelling: null is Ready to Assign. */
export const toCategoryOrNull = (source: MoneySource): CategoryId | null =>
  source === READY_TO_ASSIGN ? null : source

/** A category's available amount this month, as the view read it from the month view. */
export type SourceBalance = { readonly categoryId: CategoryId; readonly available: Minor }

export const availableOf = (balances: ReadonlyArray<SourceBalance>, categoryId: CategoryId): number =>
  balances.find((balance) => balance.categoryId === categoryId)?.available ?? 0

/** The balances a money dialog starts from, read from the month's categories when it opens. */
export const balancesOf = (
  categories: ReadonlyArray<{ readonly id: CategoryId; readonly available: Minor }>,
): ReadonlyArray<SourceBalance> =>
  categories.map((category) => ({ categoryId: category.id, available: category.available }))
