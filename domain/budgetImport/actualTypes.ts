// An Actual Budget export as plain rows: what server/budgetImport/actualZip.ts reads from its db.sqlite and
// actual.ts converts. What converting gives is every converter's (plan.ts, schemas/budgetImport.ts).

/** accounts: `offbudget`, `closed`, `tombstone` are Actual's 0/1 columns; `currency_code` came in 2025. */
export interface ActualAccount {
  readonly id: string
  readonly name: string
  readonly offbudget: boolean
  readonly closed: boolean
  readonly tombstone: boolean
  readonly sortOrder: number | null
  /** The account's own currency (Actual's multi-currency preview); null when not set. */
  readonly currency: string | null
}

export interface ActualCategoryGroup {
  readonly id: string
  readonly name: string
  readonly isIncome: boolean
  readonly hidden: boolean
  readonly tombstone: boolean
  readonly sortOrder: number | null
}

export interface ActualCategory {
  readonly id: string
  readonly name: string
  readonly groupId: string | null
  readonly isIncome: boolean
  readonly hidden: boolean
  readonly tombstone: boolean
  readonly sortOrder: number | null
}

/** A payee; `transferAccountId` is set on the payee that stands for an account (a transfer's other side). */
export interface ActualPayee {
  readonly id: string
  readonly name: string
  readonly transferAccountId: string | null
  readonly tombstone: boolean
}

/**
 * One row of `transactions`. `amount` is in hundredths (Actual keeps every currency in hundredths), `date` is
 * YYYYMMDD as an integer. A split is a parent row (`isParent`) holding the total and child rows (`isChild`,
 * `parentId`) holding the parts; `transferredId` names the other side of a transfer. `categoryId` and `payeeId` are
 * as stored: they go through `categoryMapping` and `payeeMapping` (merged categories and payees).
 */
export interface ActualTransaction {
  readonly id: string
  readonly accountId: string | null
  readonly categoryId: string | null
  readonly payeeId: string | null
  readonly amount: number
  readonly date: number | null
  readonly notes: string | null
  readonly isParent: boolean
  readonly isChild: boolean
  readonly parentId: string | null
  readonly transferredId: string | null
  readonly cleared: boolean
  readonly reconciled: boolean
  readonly startingBalance: boolean
  readonly tombstone: boolean
  readonly sortOrder: number | null
}

/** One month's budgeted amount of a category (`zero_budgets` or `reflect_budgets`); `month` is YYYYMM. */
export interface ActualBudgetAmount {
  readonly month: number
  readonly categoryId: string
  readonly amount: number
  /** "Rollover overspending": Actual carries this category's negative balance into the next month. */
  readonly carryover: boolean
}

/**
 * One schedule (`schedules`) with its rule's conditions and actions (`rules`, JSON parsed; null when missing or
 * broken) and its next date (`schedules_next_date`: `local_next_date`, else `base_next_date`, YYYYMMDD).
 */
export interface ActualSchedule {
  readonly id: string
  readonly name: string | null
  readonly completed: boolean
  readonly tombstone: boolean
  readonly conditions: unknown
  readonly actions: unknown
  readonly nextDate: number | null
}

export interface ActualRows {
  /** metadata.json's `budgetName`, else its `id` (a slug of the name); null when it has neither. */
  readonly budgetName: string | null
  /** The `budgetType` preference: `envelope` (formerly `rollover`) or `tracking` (formerly `report`). */
  readonly budgetType: 'envelope' | 'tracking'
  /** The `defaultCurrencyCode` preference; null when the file has none (Actual has no currency field before it). */
  readonly currency: string | null
  readonly accounts: readonly ActualAccount[]
  readonly categoryGroups: readonly ActualCategoryGroup[]
  readonly categories: readonly ActualCategory[]
  readonly payees: readonly ActualPayee[]
  readonly transactions: readonly ActualTransaction[]
  readonly categoryMapping: ReadonlyMap<string, string>
  readonly payeeMapping: ReadonlyMap<string, string>
  /** The envelope budget's amounts (`zero_budgets`). */
  readonly envelopeBudgets: readonly ActualBudgetAmount[]
  /** The tracking budget's amounts (`reflect_budgets`). */
  readonly trackingBudgets: readonly ActualBudgetAmount[]
  /** Months with money held for the next month (`zero_budget_months.buffered` ≠ 0). */
  readonly heldMonths: number
  readonly notes: number
  readonly schedules: readonly ActualSchedule[]
  readonly rules: number
}
