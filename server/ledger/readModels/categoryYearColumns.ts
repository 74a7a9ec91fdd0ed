import { sql } from 'kysely'
import { absurd } from '../../../domain/absurd.ts'
import { monthsInYears } from '../../../domain/monthView.ts'
import { periodOfDate, yearOfPeriod } from '../../../domain/period.ts'
import { monthsOf } from '../../../domain/state.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import { jsonParameter } from '../../db/jsonParameters.ts'
import { categoryYearRows } from '../rows.ts'
import { chunked, deletePairs, type Pass, pairKey, type ReadModel, splitKey } from './readModel.ts'
import { transactionVersions } from './transactionVersions.ts'

const pass = (): Pass => {
  /** (category, year) pairs whose months changed: that year's row of month columns is written again. */
  const categoryYears = new Set<string>()
  /** Categories all of whose years are written again (a deleted category, and the one that took its months). */
  const wholeCategories = new Set<CategoryId>()
  const touchTransaction = (transaction: Transaction | undefined) => {
    if (transaction === undefined) return
    const year = yearOfPeriod(periodOfDate(transaction.date))
    for (const split of transaction.splits) categoryYears.add(pairKey(split.categoryId, year))
  }
  const touchAssignment = (categoryId: CategoryId | null, period: PeriodKey) => {
    if (categoryId !== null) categoryYears.add(pairKey(categoryId, yearOfPeriod(period)))
  }
  return {
    touch: (before, event) => {
      switch (event._tag) {
        case 'TransactionAdded':
        case 'TransactionEdited':
        case 'TransactionDeleted':
        case 'TransferAdded':
        case 'TransferEdited':
        case 'TransferDeleted':
        case 'TransactionsImported':
        case 'ImportUndone':
          for (const transaction of transactionVersions(before, event)) touchTransaction(transaction)
          return
        case 'AssignedSet':
          touchAssignment(event.categoryId, event.periodKey)
          return
        case 'MoneyMoved':
        case 'OverspendingCovered':
          touchAssignment(event.fromCategoryId, event.periodKey)
          touchAssignment(event.toCategoryId, event.periodKey)
          return
        case 'AutoAssigned':
        case 'AssignmentUndone':
          for (const change of event.changes) touchAssignment(change.categoryId, change.periodKey)
          return
        case 'CategoryDeleted':
          wholeCategories.add(event.categoryId)
          wholeCategories.add(event.movedToCategoryId)
          return
        case 'BudgetCreated':
        case 'BudgetRenamed':
        case 'CurrencyChanged':
        case 'BudgetReset':
        case 'BudgetDeleted':
        case 'IncomeDestinationCreated':
        case 'CategoryGroupCreated':
        case 'CategoryGroupRenamed':
        case 'CategoryGroupsReordered':
        case 'CategoryGroupHiddenChanged':
        case 'CategoryGroupDeleted':
        case 'CategoryCreated':
        case 'CategoryRenamed':
        case 'CategoriesReordered':
        case 'CategoryHiddenChanged':
        case 'CategorySpendingClassChanged':
        case 'BankAccountOpened':
        case 'BankAccountRenamed':
        case 'BankAccountClosed':
        // Reconciling flags transactions; no amount moves.
        case 'AccountReconciled':
        case 'TargetSet':
        case 'TargetRemoved':
        case 'FilterSaved':
        case 'FilterDeleted':
        case 'TemplateCreated':
        case 'TemplateEdited':
        case 'TemplateDeleted':
        case 'OccurrenceCompleted':
        case 'OccurrencesSkippedThrough':
        case 'DraftHorizonSet':
        case 'LoanCreated':
        case 'LoanActivityRecorded':
        case 'LoanClosed':
          return
        // The read models are written whole after an import (projection.ts#rewritesWhole).
        case 'BudgetImported':
          return
        default:
          return absurd(event)
      }
    },
    write: async (out, { budgetId, after: state }) => {
      const yearsOf = new Map<CategoryId, Set<string>>()
      for (const key of categoryYears) {
        const [categoryId, year] = splitKey(key)
        // The key was built by touch() from a branded category id.
        const category = categoryId as CategoryId
        if (wholeCategories.has(category)) continue
        const years = yearsOf.get(category)
        if (years === undefined) yearsOf.set(category, new Set([year]))
        else years.add(year)
      }
      const rows = []
      const gone: [string, string][] = []
      for (const [categoryId, years] of yearsOf) {
        const written = categoryYearRows(budgetId, categoryId, monthsInYears(state, categoryId, years), years)
        rows.push(...written)
        const kept = new Set(written.map((row) => row.year))
        for (const year of years) if (!kept.has(year)) gone.push([categoryId, year])
      }
      const whole = [...wholeCategories]
      for (const chunk of chunked(whole)) {
        await out.change(
          out.db
            .deleteFrom('category_year_columns')
            .where('budget_id', '=', budgetId)
            .where('category_id', 'in', chunk),
          'category_year_columns',
        )
      }
      for (const categoryId of whole)
        rows.push(...categoryYearRows(budgetId, categoryId, monthsOf(state.categoryMonths, categoryId)))
      await deletePairs(out, 'category_year_columns', budgetId, ['category_id', 'year'], gone)
      if (rows.length > 0) {
        // One JSON parameter of positional rows: a bulk import's 150 categories stay one statement. `json` (not
        // jsonb) keeps each column's text as written.
        const values = `[${rows.map((row) => `[${JSON.stringify(row.category_id)},${JSON.stringify(row.year)},${row.periods},${row.assigned},${row.activity}]`).join(',')}]`
        await out.change(
          sql`
      insert into category_year_columns (budget_id, category_id, year, periods, assigned, activity)
      select ${budgetId}, r->>0, r->>1, r->2, r->3, r->4
      from json_array_elements(${jsonParameter(values)}::json) as r
      on conflict (budget_id, category_id, year) do update set
        periods = excluded.periods, assigned = excluded.assigned, activity = excluded.activity
    `,
          'category_year_columns',
        )
      }
    },
  }
}

/**
 * `category_year_columns`: a category's months of one year (assigned and activity as columns in period order),
 * written again for each (category, year) an event touched, and whole for a deleted category and its heir.
 */
export const categoryYearColumns: ReadModel = {
  table: 'category_year_columns',
  pass,
  rows: (budgetId, state) =>
    [...state.categoryMonths].flatMap(([categoryId]) =>
      categoryYearRows(budgetId, categoryId, monthsOf(state.categoryMonths, categoryId)),
    ),
}
