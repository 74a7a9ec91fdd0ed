import type { Insertable } from 'kysely'
import { yearOfPeriod } from '../../domain/period.ts'
import { monthColumns } from '../../domain/snapshot.ts'
import type { AccountTotals, MonthEntry, UndoEntry } from '../../domain/state.ts'
import type {
  AssignmentRecord,
  BankAccount,
  Category,
  CategoryGroup,
  SavedFilter,
  Target,
  Transaction,
} from '../../schemas/budget.ts'
import type {
  AccountMonthsRow,
  AssignmentRecordsRow,
  BankAccountsRow,
  BudgetUndoRow,
  CategoriesRow,
  CategoryGroupsRow,
  CategoryYearColumnsRow,
  FiltersRow,
  TargetsRow,
  TransactionsRow,
} from './tables.ts'
import { amount } from './tables.ts'

// Domain values → read-model rows (what the insert side of each table takes). Pure; shared by the inline
// projection and the rebuild, so both write exactly the same rows.

export type GroupInsert = Insertable<CategoryGroupsRow>
export type CategoryInsert = Insertable<CategoriesRow>
export type AccountInsert = Insertable<BankAccountsRow>
export type TransactionInsert = Insertable<TransactionsRow>
export type CategoryYearColumnsInsert = Insertable<CategoryYearColumnsRow>
export type AccountMonthInsert = Insertable<AccountMonthsRow>
export type RecordInsert = Insertable<AssignmentRecordsRow>
export type TargetInsert = Insertable<TargetsRow>
export type FilterInsert = Insertable<FiltersRow>
export type UndoInsert = Insertable<BudgetUndoRow>

export const groupRow = (budgetId: string, group: CategoryGroup): GroupInsert => ({
  budget_id: budgetId,
  id: group.id,
  name: group.name,
  hidden: group.hidden,
  position: group.position,
})

export const categoryRow = (budgetId: string, category: Category): CategoryInsert => ({
  budget_id: budgetId,
  id: category.id,
  category_group_id: category.categoryGroupId,
  name: category.name,
  type: category.type,
  spending_class: category.spendingClass,
  origin: category.origin,
  hidden: category.hidden,
  position: category.position,
})

export const accountRow = (
  budgetId: string,
  account: BankAccount,
  totals: AccountTotals | undefined,
): AccountInsert => ({
  budget_id: budgetId,
  id: account.id,
  name: account.name,
  type: account.type,
  state: account.state,
  opening_balance: account.openingBalance,
  opening_date: account.openingDate,
  last_reconciled_at: account.lastReconciledAt,
  off_budget: account.offBudget,
  cleared: totals?.cleared ?? 0,
  uncleared: totals?.uncleared ?? 0,
})

export const transactionRow = (budgetId: string, transaction: Transaction): TransactionInsert => ({
  budget_id: budgetId,
  id: transaction.id,
  bank_account_id: transaction.bankAccountId,
  date: transaction.date,
  payee: transaction.payee,
  memo: transaction.memo,
  value: transaction.value,
  direction: transaction.direction,
  kind: transaction.kind,
  cleared: transaction.cleared,
  reconciled: transaction.reconciled,
  splits: JSON.stringify(transaction.splits),
  transfer_id: transaction.transferId,
  entered_by: transaction.enteredBy ?? null,
})

/** A stored transaction row (as selected, or as `json_agg` gives it). */
export type TransactionStored = Omit<TransactionsRow, 'budget_id' | 'value' | 'splits' | 'entered_by'> & {
  readonly entered_by?: string | null
  readonly value: string | number
  readonly splits: unknown
}

const splitsInDomainOrder = (stored: unknown): unknown =>
  (stored as Transaction['splits']).map(({ categoryId, value }) => ({ categoryId, value }))

/**
 * The transaction a row holds, keys in the domain's order (decide compares transactions by their JSON) and splits
 * as `{categoryId, value}` (jsonb keeps keys in its own order). The row was written from a typed transaction.
 */
export const transactionOfRow = (row: TransactionStored): Transaction =>
  ({
    id: row.id,
    bankAccountId: row.bank_account_id,
    date: row.date,
    payee: row.payee,
    memo: row.memo,
    value: amount(row.value),
    direction: row.direction,
    kind: row.kind,
    cleared: row.cleared,
    reconciled: row.reconciled,
    splits: splitsInDomainOrder(row.splits),
    transferId: row.transfer_id,
    // Absent rather than null for a version older than authorship, as its event left it.
    ...(row.entered_by == null ? {} : { enteredBy: row.entered_by }),
  }) as Transaction

/**
 * A category's months (in period order: domain/state.ts#MonthRow) as rows of the snapshot's columns
 * (domain/snapshot.ts#monthColumns), one per year, each column's JSON text. `years` limits them to those years.
 */
export const categoryYearRows = (
  budgetId: string,
  categoryId: string,
  ordered: Iterable<MonthEntry>,
  years?: ReadonlySet<string>,
): CategoryYearColumnsInsert[] => {
  const rows: CategoryYearColumnsInsert[] = []
  let year: string | undefined
  let entries: MonthEntry[] = []
  const flush = () => {
    if (year === undefined || (years !== undefined && !years.has(year))) return
    const { periods, assigned, activity } = monthColumns(entries)
    rows.push({
      budget_id: budgetId,
      category_id: categoryId,
      year,
      periods: JSON.stringify(periods),
      assigned: JSON.stringify(assigned),
      activity: JSON.stringify(activity),
    })
  }
  for (const entry of ordered) {
    const entryYear = yearOfPeriod(entry[0])
    if (entryYear !== year) {
      flush()
      year = entryYear
      entries = []
    }
    entries.push(entry)
  }
  flush()
  return rows
}

export const accountMonthRow = (
  budgetId: string,
  bankAccountId: string,
  period: string,
  net: number,
): AccountMonthInsert => ({ budget_id: budgetId, bank_account_id: bankAccountId, period, net })

export const recordRow = (budgetId: string, record: AssignmentRecord, position: number): RecordInsert => ({
  budget_id: budgetId,
  period: record.periodKey,
  position,
  id: record.id,
  command_id: record.commandId,
  at: record.at,
  by: record.by,
  source: record.source,
  from_category_id: record.fromCategoryId,
  to_category_id: record.toCategoryId,
  amount: record.amount,
})

export const targetRow = (budgetId: string, target: Target): TargetInsert => ({
  budget_id: budgetId,
  category_id: target.categoryId,
  id: target.id,
  type: target.type,
  amount: target.amount,
  due_date: target.dueDate,
  cadence_months: target.cadenceMonths,
})

export const filterRow = (budgetId: string, filter: SavedFilter): FilterInsert => ({
  budget_id: budgetId,
  id: filter.id,
  name: filter.name,
  criteria: JSON.stringify(filter.criteria),
  report: filter.report === undefined ? null : JSON.stringify(filter.report),
})

/** An undo entry's row but its position (its depth in the stack, 1 at the bottom), which the writer gives. */
export const undoRow = (budgetId: string, entry: UndoEntry): Omit<UndoInsert, 'position'> => ({
  budget_id: budgetId,
  command_id: entry.commandId,
  period: entry.periodKey,
  changes: JSON.stringify(entry.changes),
})

/** The rows of a whole undo stack, positions 1 (the bottom) up. */
export const undoRows = (budgetId: string, top: UndoEntry | null): UndoInsert[] => {
  const entries: UndoEntry[] = []
  for (let entry = top; entry !== null; entry = entry.next) entries.push(entry)
  return entries.reverse().map((entry, index) => ({ ...undoRow(budgetId, entry), position: index + 1 }))
}
