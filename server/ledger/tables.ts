import type { ColumnType, Kysely } from 'kysely'
import type { Tables } from '../db/tables.ts'

// Row shapes of migration 0003_ledger. bigint columns come back from the pg driver as strings (precision);
// readers turn them into numbers with `amount()` — every stored amount is a safe integer.

type Bigint = ColumnType<string | number, number, number>
type Json<T> = ColumnType<T, string, string>

export interface BudgetsRow {
  id: string
  name: string
  currency: string
  uncategorized_category_id: string
  created_at: string
  created_by: string
  version: Bigint
  deleted: ColumnType<boolean, boolean | undefined, boolean>
  /** Which evolve wrote the budget's read models (READ_MODEL_FORMAT); another one is rebuilt on first use. */
  read_model_format: ColumnType<number, number | undefined, number>
  /** The budget's number of transactions (its summary's `transactionCount`). */
  transaction_count: ColumnType<string | number, number | undefined, number>
  /** Days ahead a template's occurrence becomes a draft (migration 0017). */
  draft_horizon_days: ColumnType<number, number | undefined, number>
}

export interface BudgetMembersRow {
  budget_id: string
  user_id: string
  role: 'Owner' | 'Guest'
  /** An Owner always edits (a check constraint); a Guest edits or only reads (migration 0019). */
  access: ColumnType<'Edit' | 'Read', 'Edit' | 'Read' | undefined, 'Edit' | 'Read'>
  joined_at: ColumnType<Date, Date | string | undefined, Date | string>
  invited_by: ColumnType<string | null, string | null | undefined, string | null>
  last_active_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Invitations to a budget: single-use links, only the SHA-256 of the secret kept (migration 0019). */
export interface BudgetInvitationsRow {
  budget_id: string
  id: string
  token_hash: string
  email: string
  role: 'Guest'
  access: 'Edit' | 'Read'
  invited_by: string
  created_at: ColumnType<Date, Date | string, Date | string>
  expires_at: ColumnType<Date, Date | string, Date | string>
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  accepted_by: ColumnType<string | null, string | null | undefined, string | null>
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** One row per open event stream: who has the budget open now (migration 0019). */
export interface BudgetPresenceRow {
  budget_id: string
  connection_id: string
  user_id: string
  seen_at: ColumnType<Date, Date | string, Date | string>
}

export interface BudgetEventsRow {
  budget_id: string
  seq: Bigint
  type: string
  data: Json<unknown>
  actor_user_id: string
  command_id: string
  recorded_at: ColumnType<Date, Date | undefined, Date>
}

export interface BudgetCommandsRow {
  budget_id: string
  command_id: string
  version: Bigint
  status: number
  response: Json<unknown>
  /** Digest of the request that used the command id (0011); null on rows written before. */
  request_digest: ColumnType<string | null, string | undefined, string | undefined>
}

export interface CategoryGroupsRow {
  budget_id: string
  id: string
  name: string
  hidden: boolean
  position: number
}

export interface CategoriesRow {
  budget_id: string
  id: string
  category_group_id: string
  name: string
  type: string
  spending_class: string
  origin: string
  hidden: boolean
  position: number
}

export interface BankAccountsRow {
  budget_id: string
  id: string
  name: string
  type: string
  state: string
  opening_balance: Bigint
  opening_date: string
  last_reconciled_at: string | null
  off_budget: boolean
  cleared: Bigint
  uncleared: Bigint
}

export interface TransactionsRow {
  budget_id: string
  id: string
  bank_account_id: string
  date: string
  payee: string
  memo: string
  value: Bigint
  direction: string
  kind: string
  cleared: boolean
  reconciled: boolean
  splits: Json<unknown>
  transfer_id: string | null
  /** Who entered or last changed it (migration 0020); null for versions older than authorship. */
  entered_by: string | null
}

/** A category's months of one year as columns in period order, each column a JSON array (migration 0008). */
export interface CategoryYearColumnsRow {
  budget_id: string
  category_id: string
  /** YYYY, the periods' first four characters. */
  year: string
  periods: Json<readonly string[]>
  assigned: Json<readonly number[]>
  activity: Json<readonly number[]>
}

export interface AccountMonthsRow {
  budget_id: string
  bank_account_id: string
  period: string
  net: Bigint
}

export interface AssignmentRecordsRow {
  budget_id: string
  period: string
  position: number
  id: string
  command_id: string
  at: string
  by: string
  source: string
  from_category_id: string | null
  to_category_id: string | null
  amount: Bigint
}

export interface TargetsRow {
  budget_id: string
  category_id: string
  id: string
  type: string
  amount: Bigint
  due_date: string | null
  cadence_months: number | null
}

export interface FiltersRow {
  budget_id: string
  id: string
  name: string
  criteria: Json<unknown>
  /** A saved view's report (migration 0021); null for a plain filter. */
  report: ColumnType<unknown, string | null, string | null>
}

/** One bank-file import (migration 0015): its record as the budget snapshot keeps it. */
export interface BudgetImportsRow {
  budget_id: string
  id: string
  record: Json<unknown>
}

/** One loan (migration 0022): the loan as the budget snapshot keeps it. */
export interface BudgetLoansRow {
  budget_id: string
  id: string
  record: Json<unknown>
}

/** A recurring transaction template (migration 0017; SPEC transactionTemplates). Dates are YYYY-MM-DD. */
export interface TransactionTemplatesRow {
  budget_id: string
  id: string
  bank_account_id: string
  to_bank_account_id: string | null
  payee: string
  memo: string
  value: Bigint
  frequency: string
  interval: number
  start_date: string
  end_date: string | null
  occurrences: number | null
  shift: string
  amount_match: string
  skipped_through: string | null
}

/** One split of a template, in the template's order (SPEC transactionTemplateSplits). */
export interface TransactionTemplateSplitsRow {
  budget_id: string
  template_id: string
  position: number
  category_id: string
  value: Bigint
}

/** What was done with one occurrence of a template (its date as the template computes it). */
export interface TemplateCompletionsRow {
  budget_id: string
  template_id: string
  date: string
  outcome: string
  transaction_id: string | null
}

/** One undoable assignment command of the budget's undo stack (migration 0006); the highest position is on top. */
export interface BudgetUndoRow {
  budget_id: string
  command_id: string
  position: Bigint
  period: string
  changes: Json<unknown>
}

export interface LedgerTables {
  budgets: BudgetsRow
  budget_members: BudgetMembersRow
  budget_invitations: BudgetInvitationsRow
  budget_presence: BudgetPresenceRow
  budget_events: BudgetEventsRow
  budget_commands: BudgetCommandsRow
  category_groups: CategoryGroupsRow
  categories: CategoriesRow
  bank_accounts: BankAccountsRow
  transactions: TransactionsRow
  category_year_columns: CategoryYearColumnsRow
  account_months: AccountMonthsRow
  assignment_records: AssignmentRecordsRow
  targets: TargetsRow
  filters: FiltersRow
  budget_undo: BudgetUndoRow
  budget_imports: BudgetImportsRow
  budget_transaction_templates: TransactionTemplatesRow
  budget_transaction_template_splits: TransactionTemplateSplitsRow
  budget_template_completions: TemplateCompletionsRow
  budget_loans: BudgetLoansRow
}

export type LedgerDb = Kysely<LedgerTables>

/** The ledger's view of the app's database handle. */
export const ledgerDb = (db: Kysely<Tables>): LedgerDb =>
  // The same connection pool seen with the ledger's tables; migration 0003 created them.
  db as unknown as LedgerDb

/** A stored bigint amount as a number; stored amounts are safe integers by construction. */
export const amount = (value: string | number): number => Number(value)

/** Tables holding a budget's read models (everything a rebuild rewrites). */
export const readModelTables = [
  'category_groups',
  'categories',
  'bank_accounts',
  'transactions',
  'category_year_columns',
  'account_months',
  'assignment_records',
  'targets',
  'filters',
  'budget_undo',
  'budget_imports',
  'budget_transaction_templates',
  'budget_transaction_template_splits',
  'budget_template_completions',
  'budget_loans',
] as const
