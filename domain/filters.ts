import type { FilterCriteria, Transaction } from '../schemas/budget.ts'

/** Whether a transaction matches saved-filter criteria; absent criteria match everything. */
export const matchesFilter = (criteria: FilterCriteria, transaction: Transaction): boolean => {
  const { bankAccountIds, categoryIds, payeeText, minValue, maxValue, fromDate, toDate, direction, kind } =
    criteria
  if (bankAccountIds && !bankAccountIds.includes(transaction.bankAccountId)) return false
  if (categoryIds && !transaction.splits.some((split) => categoryIds.includes(split.categoryId))) return false
  if (payeeText && !transaction.payee.toLocaleLowerCase().includes(payeeText.toLocaleLowerCase()))
    return false
  if (minValue !== undefined && transaction.value < minValue) return false
  if (maxValue !== undefined && transaction.value > maxValue) return false
  if (fromDate !== undefined && transaction.date < fromDate) return false
  if (toDate !== undefined && transaction.date > toDate) return false
  if (direction !== undefined && transaction.direction !== direction) return false
  if (kind !== undefined && transaction.kind !== kind) return false
  return true
}
