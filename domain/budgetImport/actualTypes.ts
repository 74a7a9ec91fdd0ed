import type { OpenBudgetCommandDraft } from '../../schemas/budgetCommands.ts'
import type { CurrencyCode } from '../../schemas/money.ts'

// An Actual Budget export as plain rows (server/budgetImport/actualZip.ts reads them from its db.sqlite), and what
// converting one gives.

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
  readonly schedules: number
  readonly rules: number
}

// ---- Twins of the shared whole-budget import types (budget-import branch: schemas/budgetImport.ts and
// domain/budgetImport/plan.ts). Same shapes and, where the meaning is the same, the same codes; on merge these give
// way to imports, and the codes only Actual needs join the shared lists (each with its texts). ----

/**
 * Why an Actual export cannot be imported at all (nothing is written); the shared `BudgetFileErrorCode`s plus
 * `unsafe-path` (an entry named to escape a folder: `../`, absolute, a backslash) and `missing-database` (a zip
 * without db.sqlite). `invalid`: a broken zip or database, or an amount that is no integer; `unknown-layout`: a
 * db.sqlite without Actual's tables; `too-large`: past the 200 MB or ratio cap (a zip bomb); `unsafe-number`: an
 * amount past ±(2^53 − 1); `amount-too-large`: past the largest amount a budget takes.
 */
export const actualImportErrors = [
  'invalid',
  'unknown-layout',
  'too-large',
  'unsafe-number',
  'amount-too-large',
  'unsafe-path',
  'missing-database',
] as const
export type ActualImportError = (typeof actualImportErrors)[number]
/** The errors only the Actual import has; their texts are `budgetImport.fileError.<code>` in each locale. */
export const actualOnlyErrors = [
  'unsafe-path',
  'missing-database',
] as const satisfies readonly ActualImportError[]

/** The shared `mappedKinds`, in their order. */
export const mappedKinds = [
  'categoryGroups',
  'categories',
  'hiddenCategories',
  'accounts',
  'closedAccounts',
  'transactions',
  'transfers',
  'splitTransactions',
  'reconciledAccounts',
  'assignments',
  'targets',
  'filters',
] as const
export type MappedKind = (typeof mappedKinds)[number]

/**
 * What the Actual import approximates. Shared codes: `amount-rounded`, `text-cleaned`, `split-transfer`,
 * `transfer-unpaired`, `tracking-transfer`, `closed-account-not-zero`. Actual's own:
 * - `currency-assumed`: the file names no currency (Actual had none before 2025), the budget's is kept;
 * - `currency-unknown`: the file names a currency Koperta does not know (`params.fileCurrency`);
 * - `account-currency`: an account in another currency than the budget's, taken as the budget's;
 * - `split-uncategorized-part`: a split's parts without a category, kept as a transaction beside the split;
 * - `split-sum-mismatch`: a split whose parts do not add up to its total, taken as the sum of its parts (what
 *   Actual's balances add);
 * - `rollover-overspending`: categories that carry overspending over in Actual; Koperta takes it from Ready to
 *   Assign next month;
 * - `held-money`: months with money held for the next month; it stays in Ready to Assign;
 * - `tracking-budget`: a tracking (report) budget, imported as an envelope budget with its budgeted amounts.
 */
export const approximationCodes = [
  'amount-rounded',
  'text-cleaned',
  'split-transfer',
  'transfer-unpaired',
  'tracking-transfer',
  'closed-account-not-zero',
  'currency-assumed',
  'currency-unknown',
  'account-currency',
  'split-uncategorized-part',
  'split-sum-mismatch',
  'rollover-overspending',
  'held-money',
  'tracking-budget',
] as const
export type ApproximationCode = (typeof approximationCodes)[number]
/** The approximations only the Actual import has (texts: `budgetImport.approximated.<code>`). */
export const actualOnlyApproximations = [
  'currency-assumed',
  'currency-unknown',
  'account-currency',
  'split-uncategorized-part',
  'split-sum-mismatch',
  'rollover-overspending',
  'held-money',
  'tracking-budget',
] as const satisfies readonly ApproximationCode[]

/**
 * What the Actual import leaves out. Shared codes: `tracking-accounts`, `tracking-transactions`,
 * `scheduled-transactions`, `deleted-transactions`, `deleted-accounts`, `deleted-categories` (`params.moved`: their
 * transactions, gone to Uncategorized), `deleted-assignments`, `notes`, `payee-rules`. Actual's own:
 * - `invalid-dates`: transactions without a real date;
 * - `empty-splits`: split transactions without parts (Actual's balances leave them out too);
 * - `zero-transfers`: transfers of nothing;
 * - `income-assignments`: amounts budgeted to income categories (a tracking budget's income plan).
 */
export const leftOutCodes = [
  'tracking-accounts',
  'tracking-transactions',
  'scheduled-transactions',
  'deleted-transactions',
  'deleted-accounts',
  'deleted-categories',
  'deleted-assignments',
  'notes',
  'payee-rules',
  'invalid-dates',
  'empty-splits',
  'zero-transfers',
  'income-assignments',
] as const
export type LeftOutCode = (typeof leftOutCodes)[number]
/** What only the Actual import leaves out (texts: `budgetImport.leftOut.<code>`). */
export const actualOnlyLeftOut = [
  'invalid-dates',
  'empty-splits',
  'zero-transfers',
  'income-assignments',
] as const satisfies readonly LeftOutCode[]

type Params = Readonly<Record<string, string | number>>

/** What an import did, as codes and counts the UI words in the reader's language. */
export interface BudgetImportReport {
  readonly source: 'actual'
  readonly name: string
  readonly currency: CurrencyCode
  readonly mapped: readonly { readonly kind: MappedKind; readonly count: number }[]
  readonly approximated: readonly {
    readonly code: ApproximationCode
    readonly count: number
    readonly params?: Params
  }[]
  readonly leftOut: readonly {
    readonly code: LeftOutCode
    readonly count: number
    readonly params?: Params
  }[]
}

/** What a whole-budget import may run: every command on an open budget but those that end or restart it. */
export type ImportableCommandDraft = Exclude<OpenBudgetCommandDraft, { _tag: 'ResetBudget' | 'DeleteBudget' }>

export type BudgetConversion =
  | {
      readonly ok: true
      readonly name: string
      readonly currency: CurrencyCode
      readonly commands: readonly ImportableCommandDraft[]
      readonly report: BudgetImportReport
    }
  | { readonly ok: false; readonly error: ActualImportError }

/** A new id for what the import creates (the domain makes none); the kind only helps reading tests. */
export type Mint = (kind: 'group' | 'category' | 'account' | 'transaction' | 'transfer') => string
