import * as Schema from 'effect/Schema'
import {
  AssignmentRecordId,
  BankAccountId,
  BudgetId,
  CategoryGroupId,
  CategoryId,
  CommandId,
  FilterId,
  isIdText,
  TargetId,
  TransactionId,
  TransferId,
  UserId,
} from './ids.ts'
import { CurrencyCode, Instant, IsoDate, isIsoDate, isMinor, Minor, PeriodKey } from './money.ts'
import { isMultiLineText, isSingleLineText } from './text.ts'

// Enumerations of SPEC §3, spelled as there.
export const TransactionDirection = Schema.Literals(['Inflow', 'Outflow', 'Internal'])
export type TransactionDirection = typeof TransactionDirection.Type
export const TransactionKind = Schema.Literals(['Draft', 'Regular'])
export type TransactionKind = typeof TransactionKind.Type
export const TargetType = Schema.Literals([
  'NeededForSpendingMonthly',
  'NeededForSpendingByDate',
  'SavingsBuilder',
  'SavingsBuilderMonthly',
  'DebtPayment',
])
export type TargetType = typeof TargetType.Type
export const CategoryType = Schema.Literals(['Income', 'Expense', 'Saving'])
export type CategoryType = typeof CategoryType.Type
export const SpendingClass = Schema.Literals([
  'Housing',
  'Food',
  'Transport',
  'Self',
  'Fun',
  'Savings',
  'Undefined',
])
export type SpendingClass = typeof SpendingClass.Type
export const CategoryOrigin = Schema.Literals(['UserDefined', 'Uncategorized'])
export type CategoryOrigin = typeof CategoryOrigin.Type
export const AccountState = Schema.Literals(['Active', 'Closed'])
export type AccountState = typeof AccountState.Type
export const BankAccountType = Schema.Literals(['unconnected', 'connected'])
export type BankAccountType = typeof BankAccountType.Type
export const BudgetRole = Schema.Literals(['Owner', 'Guest'])
export type BudgetRole = typeof BudgetRole.Type
/** What a member may do: an Owner always edits; a Guest edits or only reads (issue 30, beyond SPEC). */
export const BudgetAccess = Schema.Literals(['Edit', 'Read'])
export type BudgetAccess = typeof BudgetAccess.Type
export const OperationType = Schema.Literals(['Transaction', 'Transfer', 'Reconcile'])
export type OperationType = typeof OperationType.Type
export const AssignmentSource = Schema.Literals(['manual', 'move', 'cover', 'auto-assign', 'undo'])
export type AssignmentSource = typeof AssignmentSource.Type
export const AutoAssignOption = Schema.Literals([
  'underfunded',
  'assignedLastMonth',
  'spentLastMonth',
  'averageAssigned',
  'averageSpent',
  'resetAvailable',
  'resetAssigned',
])
export type AutoAssignOption = typeof AutoAssignOption.Type
/** Where a whole imported budget came from: Koperta's own file, YNAB's API export, Actual Budget's export zip. */
export const BudgetImportSource = Schema.Literals(['koperta', 'ynab', 'actual'])
export type BudgetImportSource = typeof BudgetImportSource.Type

export const Name = Schema.String.pipe(Schema.check(Schema.isNonEmpty(), Schema.isMaxLength(200)))

const TEXT_MAX_LENGTH = 1000
export const Text = Schema.String.pipe(Schema.check(Schema.isMaxLength(TEXT_MAX_LENGTH)))

// What a request may write (schemas/text.ts): stored entities and events keep `Name` and `Text`, which read any
// stored value, so a stricter rule never makes a budget unreadable.
/** A name a request sets: one line, no control characters. */
export const NewName = Name.check(isSingleLineText)
/** A payee a request sets: one line, no control characters. */
export const NewPayee = Text.check(isSingleLineText)
/** A memo a request sets: may span lines; no other control characters. */
export const NewMemo = Text.check(isMultiLineText)

export const Budget = Schema.Struct({
  id: BudgetId,
  name: Name,
  currency: CurrencyCode,
  uncategorizedCategoryId: CategoryId,
  createdAt: Instant,
  createdBy: UserId,
})
export type Budget = typeof Budget.Type

export const CategoryGroup = Schema.Struct({
  id: CategoryGroupId,
  name: Name,
  hidden: Schema.Boolean,
  position: Schema.Int,
})
export type CategoryGroup = typeof CategoryGroup.Type

export const Category = Schema.Struct({
  id: CategoryId,
  categoryGroupId: CategoryGroupId,
  name: Name,
  type: CategoryType,
  spendingClass: SpendingClass,
  origin: CategoryOrigin,
  hidden: Schema.Boolean,
  position: Schema.Int,
})
export type Category = typeof Category.Type

export const BankAccount = Schema.Struct({
  id: BankAccountId,
  name: Name,
  type: BankAccountType,
  state: AccountState,
  openingBalance: Minor,
  openingDate: IsoDate,
  lastReconciledAt: Schema.NullOr(IsoDate),
  /**
   * A tracking account (a loan's, issue 32 §2): its balance stays outside the budget, its transactions carry no
   * category, and a transfer between it and a budget account crosses the budget's edge and carries one.
   */
  offBudget: Schema.Boolean,
})
export type BankAccount = typeof BankAccount.Type

export const Split = Schema.Struct({ categoryId: CategoryId, value: Minor })
export type Split = typeof Split.Type

export const Transaction = Schema.Struct({
  id: TransactionId,
  bankAccountId: BankAccountId,
  date: IsoDate,
  payee: Text,
  memo: Text,
  value: Minor,
  direction: TransactionDirection,
  kind: TransactionKind,
  cleared: Schema.Boolean,
  reconciled: Schema.Boolean,
  /** Empty only for a transfer side; otherwise the split values sum exactly to `value`. */
  splits: Schema.Array(Split),
  transferId: Schema.NullOr(TransferId),
  /**
   * Who entered it or last changed it (the acting user of the command whose event carries this version). Absent
   * in events written before authorship was recorded; null on the wire for such a stored row.
   */
  enteredBy: Schema.optionalKey(Schema.NullOr(UserId)),
})
export type Transaction = typeof Transaction.Type

/** A transfer's two sides, by id: the outflow carries the negative amount. */
export const TransferSides = Schema.Struct({
  transferId: TransferId,
  outflowTransactionId: TransactionId,
  inflowTransactionId: TransactionId,
})
export type TransferSides = typeof TransferSides.Type

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isText = (value: unknown) => typeof value === 'string' && value.length <= TEXT_MAX_LENGTH
const isSplit = (value: unknown) => isRecord(value) && isIdText(value.categoryId) && isMinor(value.value)
const directions: ReadonlyArray<unknown> = TransactionDirection.literals
const kinds: ReadonlyArray<unknown> = TransactionKind.literals

/**
 * Transaction's rules as one guard, for a budget's 100 000 transactions in one answer (schemas/budgetSnapshot.ts):
 * the parser's steps per field took ~2 µs a transaction, this a tenth of that. A property test holds it equal to
 * `Schema.is(Transaction)` over valid and broken values of every field.
 */
export const isTransaction = (value: unknown): value is Transaction =>
  isRecord(value) &&
  isIdText(value.id) &&
  isIdText(value.bankAccountId) &&
  isIsoDate(value.date) &&
  isText(value.payee) &&
  isText(value.memo) &&
  isMinor(value.value) &&
  directions.includes(value.direction) &&
  kinds.includes(value.kind) &&
  typeof value.cleared === 'boolean' &&
  typeof value.reconciled === 'boolean' &&
  Array.isArray(value.splits) &&
  value.splits.every(isSplit) &&
  (value.transferId === null || isIdText(value.transferId)) &&
  (!('enteredBy' in value) || value.enteredBy === null || isIdText(value.enteredBy))

/** The longest repeat a target may be set to; the UI offers the same range. */
export const maxCadenceMonths = 120
/**
 * A repeat for a new target: 1 to 120 months. Stored targets (`Target`) keep the looser shape so that events
 * written before this bound still read.
 */
export const CadenceMonths = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: maxCadenceMonths }))

export const Target = Schema.Struct({
  id: TargetId,
  categoryId: CategoryId,
  type: TargetType,
  amount: Minor,
  /** Date targets (by date, savings builder with a goal date, debt paid off by). */
  dueDate: Schema.NullOr(IsoDate),
  /** Repeat a date target every N months after its due date; null means once. */
  cadenceMonths: Schema.NullOr(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
})
export type Target = typeof Target.Type

export const FilterCriteria = Schema.Struct({
  bankAccountIds: Schema.optionalKey(Schema.Array(BankAccountId)),
  categoryIds: Schema.optionalKey(Schema.Array(CategoryId)),
  payeeText: Schema.optionalKey(Schema.String),
  minValue: Schema.optionalKey(Minor),
  maxValue: Schema.optionalKey(Minor),
  fromDate: Schema.optionalKey(IsoDate),
  toDate: Schema.optionalKey(IsoDate),
  direction: Schema.optionalKey(TransactionDirection),
  kind: Schema.optionalKey(TransactionKind),
})
export type FilterCriteria = typeof FilterCriteria.Type

/** A statistics period's length (issue 31 §4); here so that a saved view can name one (schemas/statistics.ts). */
export const Granularity = Schema.Literals(['Month', 'Year'])
export type Granularity = typeof Granularity.Type

/** The statistics reports (issue 31 §1), re-exported by schemas/statistics.ts. */
export const ReportKind = Schema.Literals(['Spending', 'CashFlow', 'Trends', 'BudgetVsActual', 'NetWorth'])
export type ReportKind = typeof ReportKind.Type

/**
 * What a saved view shows (issue 31 §1 "saved as a view"): its filter's criteria are the view's filter. Defined here,
 * not in schemas/statistics.ts, because statistics.ts imports this module. `subject` (Trends) is a category id or a
 * spending class; a category deleted since keeps its id here, like criteria keep theirs (it then matches nothing).
 */
export const ReportView = Schema.Struct({
  kind: ReportKind,
  granularity: Granularity,
  dimension: Schema.optionalKey(Schema.Literals(['category', 'group', 'spendingClass'])),
  subject: Schema.optionalKey(Schema.Union([SpendingClass, CategoryId])),
})
export type ReportView = typeof ReportView.Type

/** A filter with `report` is a saved view; the transactions pane reads only its criteria. */
export const SavedFilter = Schema.Struct({
  id: FilterId,
  name: Name,
  criteria: FilterCriteria,
  report: Schema.optionalKey(ReportView),
})
export type SavedFilter = typeof SavedFilter.Type

export const AssignmentRecord = Schema.Struct({
  id: AssignmentRecordId,
  commandId: CommandId,
  periodKey: PeriodKey,
  at: Instant,
  by: UserId,
  source: AssignmentSource,
  /** null is Ready to Assign. */
  fromCategoryId: Schema.NullOr(CategoryId),
  toCategoryId: Schema.NullOr(CategoryId),
  /** Always positive: money went from `from` to `to`. */
  amount: Minor,
})
export type AssignmentRecord = typeof AssignmentRecord.Type

/** Explanation of a target's status as an i18n key with parameters (amounts in minor units). */
export const TargetExplanation = Schema.Struct({
  key: Schema.String,
  params: Schema.Record(Schema.String, Schema.Union([Schema.Number, Schema.String])),
})
export type TargetExplanation = typeof TargetExplanation.Type

export const CategoryMonth = Schema.Struct({
  id: CategoryId,
  categoryGroupId: CategoryGroupId,
  name: Name,
  type: CategoryType,
  assigned: Minor,
  activity: Minor,
  available: Minor,
  target: Schema.optionalKey(
    Schema.Struct({
      type: TargetType,
      neededThisMonth: Minor,
      underfunded: Minor,
      explanation: TargetExplanation,
    }),
  ),
})
export type CategoryMonth = typeof CategoryMonth.Type

export const MonthView = Schema.Struct({
  periodKey: PeriodKey,
  readyToAssign: Minor,
  assignedInFuture: Minor,
  overspent: Minor,
  categories: Schema.Array(CategoryMonth),
})
export type MonthView = typeof MonthView.Type

export const AccountBalance = Schema.Struct({
  bankAccountId: BankAccountId,
  cleared: Minor,
  uncleared: Minor,
  working: Minor,
})
export type AccountBalance = typeof AccountBalance.Type
