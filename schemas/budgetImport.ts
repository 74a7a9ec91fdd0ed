import * as Schema from 'effect/Schema'
import { BudgetImportSource, Name } from './budget.ts'
import { BudgetId } from './ids.ts'
import { CurrencyCode } from './money.ts'

// Whole-budget imports (issue 28 §3): what an import reports, and why a file cannot be imported. Converters live in
// domain/budgetImport/; the route in server/budgetImport/. Every code here has a text in each locale
// (`budgetImport.mapped.<kind>`, `budgetImport.approximated.<code>`, `budgetImport.leftOut.<code>`,
// `budgetImport.fileError.<code>`), so the UI says what happened in the reader's language.

export { BudgetImportSource } from './budget.ts'

/** What an import brought over, counted. */
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
  'templates',
  'loans',
] as const
export const MappedKind = Schema.Literals(mappedKinds)
export type MappedKind = typeof MappedKind.Type

/**
 * What an import brought over only approximately:
 * - `amount-rounded`: amounts finer than the currency's minor unit, rounded half away from zero;
 * - `text-cleaned`: names, payees or memos with control characters (or a name beyond 200 characters, a text beyond
 *   1 000), cleaned or shortened;
 * - `starting-balance-category`: a starting balance categorized elsewhere than Ready to Assign, taken as the opening
 *   balance (which is always income);
 * - `split-transfer`: a split's transfer part, taken out of the split as a transfer of its own;
 * - `transfer-unpaired`: a transfer whose other side is missing, kept as an ordinary transaction;
 * - `tracking-transfer`: a transfer to or from a tracking (off-budget) account, kept as an ordinary transaction;
 * - `credit-card-payments`: credit card payment categories, kept as ordinary categories (every account is cash);
 * - `target-refill`: a "refill up to" spending target, kept as a monthly "set aside" one;
 * - `target-weekly`: a weekly target, kept as a monthly one of 52/12 times the amount (rounded up);
 * - `target-cadence`: a target repeating less often than every 120 months, kept repeating every 120 months;
 * - `closed-account-not-zero`: a closed account with money in it, kept open;
 * - `reconciled-without-date`: reconciled transactions in an account without a reconciliation date, dated by the
 *   last of them;
 * - `currency-assumed`: the file names no currency (Actual had none before 2025), the budget's is kept (once);
 * - `currency-unknown`: the file names a currency Koperta does not know (`params.fileCurrency`), the budget's is
 *   kept (once);
 * - `account-currency`: an account in another currency than the budget's, taken as the budget's;
 * - `split-uncategorized-part`: a split's parts without a category, kept as a transaction beside the split;
 * - `split-sum-mismatch`: a split whose parts do not add up to its total, taken as the sum of its parts (what
 *   Actual's balances add);
 * - `rollover-overspending`: categories that carry overspending over in Actual; Koperta takes it from Ready to
 *   Assign next month;
 * - `held-money`: months with money held for the next month; it stays in Ready to Assign;
 * - `tracking-budget`: Actual's tracking (report) budget, imported as an envelope budget with its budgeted amounts
 *   (once);
 * - `template-twice-a-month`: YNAB's "twice a month", kept as two monthly templates (the next date and 15 days later);
 * - `template-pattern`: an Actual schedule repeating on days one rule cannot name (several days, "last day"), kept
 *   on its next date's day;
 * - `template-amount-range`: an Actual schedule's amount range ("is between"), kept as its middle, matched
 *   approximately (±7.5 %);
 * - `template-weekend`: an Actual schedule moved off weekends, kept moving off weekends and Polish public holidays.
 */
export const approximationCodes = [
  'amount-rounded',
  'text-cleaned',
  'starting-balance-category',
  'split-transfer',
  'transfer-unpaired',
  'tracking-transfer',
  'credit-card-payments',
  'target-refill',
  'target-weekly',
  'target-cadence',
  'closed-account-not-zero',
  'reconciled-without-date',
  'currency-assumed',
  'currency-unknown',
  'account-currency',
  'split-uncategorized-part',
  'split-sum-mismatch',
  'rollover-overspending',
  'held-money',
  'tracking-budget',
  'template-twice-a-month',
  'template-pattern',
  'template-amount-range',
  'template-weekend',
] as const
export const ApproximationCode = Schema.Literals(approximationCodes)
export type ApproximationCode = typeof ApproximationCode.Type

/**
 * What an import left out:
 * - `tracking-accounts` (and `tracking-transactions`, the transactions only they held): Koperta keeps on-budget
 *   accounts only (tracking accounts arrive with loans);
 * - `scheduled-transactions`: scheduled transactions that could not become templates: on a tracking, closed or
 *   deleted account, a transfer to the same account, or a date rule or amount Koperta cannot take;
 * - `scheduled-ended`: scheduled transactions that will not come again (completed, inactive or past their end);
 * - `deleted-transactions`, `deleted-accounts`, `deleted-categories` (their transactions go to Uncategorized,
 *   `params.moved` of them), `deleted-assignments` (amounts assigned to deleted categories);
 * - `targets-unsupported`: goals of a kind Koperta has no target for, or without an amount;
 * - `notes`, `flags`: notes on accounts, categories and months, and transaction flags;
 * - `assignment-history`: who assigned what when (Koperta's own file keeps the amounts, not the history);
 * - `payee-rules`: an app's payee rename rules;
 * - `invalid-dates`: transactions without a real date;
 * - `empty-splits`: split transactions without parts (Actual's balances leave them out too);
 * - `zero-transfers`: transfers of nothing (or of less than the currency's minor unit);
 * - `income-assignments`: amounts budgeted to income categories (Actual's tracking budget plans income).
 */
export const leftOutCodes = [
  'tracking-accounts',
  'tracking-transactions',
  'scheduled-transactions',
  'scheduled-ended',
  'deleted-transactions',
  'deleted-accounts',
  'deleted-categories',
  'deleted-assignments',
  'targets-unsupported',
  'notes',
  'flags',
  'assignment-history',
  'payee-rules',
  'invalid-dates',
  'empty-splits',
  'zero-transfers',
  'income-assignments',
] as const
export const LeftOutCode = Schema.Literals(leftOutCodes)
export type LeftOutCode = typeof LeftOutCode.Type

const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
const Params = Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number]))

export const MappedCount = Schema.Struct({ kind: MappedKind, count: Count })
export const Approximation = Schema.Struct({
  code: ApproximationCode,
  count: Count,
  params: Schema.optionalKey(Params),
})
export const LeftOut = Schema.Struct({ code: LeftOutCode, count: Count, params: Schema.optionalKey(Params) })

/** What an import did, as codes and counts the UI words in the reader's language. */
export const BudgetImportReport = Schema.Struct({
  source: BudgetImportSource,
  /** The budget's name and currency as the file has them (the import renames the budget and sets its currency). */
  name: Name,
  currency: CurrencyCode,
  mapped: Schema.Array(MappedCount),
  approximated: Schema.Array(Approximation),
  leftOut: Schema.Array(LeftOut),
}).annotate({ identifier: 'BudgetImportReport' })
export type BudgetImportReport = typeof BudgetImportReport.Type

/**
 * Why a file cannot be imported at all (nothing is written):
 * - `empty`; `binary` (neither JSON nor a zip); `not-a-budget` (a document such as a PDF); `not-json` (text that
 *   does not parse); `unknown-layout` (JSON of no budget export we know);
 * - `unsupported-version` (a Koperta file of a newer format version); `invalid` (a known layout with fields that are
 *   missing or of the wrong type);
 * - `unsafe-number` (a number beyond ±(2^53 − 1), which JSON readers cannot hold exactly); `amount-too-large` (an
 *   amount beyond the largest a budget takes); `unknown-currency`;
 * - `too-large` (over the upload limit; 413);
 * - Actual Budget's zip: `unsafe-path` (an entry named to escape a folder: `../`, absolute, a backslash),
 *   `missing-database` (no db.sqlite in it), `archive-too-large` (it unpacks past 200 MB, expands suspiciously far
 *   over its packed size — a zip bomb — or holds a table of more rows than a budget has); a broken zip or database
 *   is `invalid`, SQLite without Actual's tables `unknown-layout`.
 */
export const budgetFileErrorCodes = [
  'empty',
  'binary',
  'not-a-budget',
  'not-json',
  'unknown-layout',
  'unsupported-version',
  'invalid',
  'unsafe-number',
  'amount-too-large',
  'unknown-currency',
  'too-large',
  'unsafe-path',
  'missing-database',
  'archive-too-large',
] as const
export const BudgetFileErrorCode = Schema.Literals(budgetFileErrorCodes)
export type BudgetFileErrorCode = typeof BudgetFileErrorCode.Type

/**
 * How a file error answers: 413 past the upload limit, 400 for what is no budget file at all, else 422 (a zip bomb
 * included: what was sent is small, what it holds cannot be taken).
 */
export const budgetFileErrorStatus = (code: BudgetFileErrorCode): 400 | 413 | 422 =>
  code === 'too-large'
    ? 413
    : code === 'empty' || code === 'binary' || code === 'not-a-budget' || code === 'not-json'
      ? 400
      : 422

// ---- The HTTP contract ----

/** `POST /api/budget/{id}/export`: Koperta's own file, or every transaction as CSV for a spreadsheet. */
export const ExportBudgetBody = Schema.Struct({
  format: Schema.Literals(['koperta', 'csv']),
  /** CSV only: `;` (with decimal commas, as Polish spreadsheets read it) or `,` (with decimal points). */
  delimiter: Schema.optionalKey(Schema.Literals([';', ','])),
  /** CSV only: the language of the column names and yes/no values. */
  language: Schema.optionalKey(Schema.Literals(['pl', 'en'])),
}).annotate({ identifier: 'ExportBudgetBody' })
export type ExportBudgetBody = typeof ExportBudgetBody.Type

/** The text fields of `POST /api/budget/import-budget/{id}` beside the file: the source, when the user chose it. */
export const ImportBudgetFields = Schema.Struct({ source: Schema.optionalKey(BudgetImportSource) }).annotate({
  identifier: 'ImportBudgetFields',
})

export const BudgetImportAnswer = Schema.Struct({
  budgetId: BudgetId,
  /** The budget's version after the import (its ETag). */
  version: Schema.Int,
  report: BudgetImportReport,
}).annotate({ identifier: 'BudgetImportAnswer' })
export type BudgetImportAnswer = typeof BudgetImportAnswer.Type
