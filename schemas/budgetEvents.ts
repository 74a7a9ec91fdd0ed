import * as Schema from 'effect/Schema'
import {
  AutoAssignOption,
  BankAccountType,
  BudgetImportSource,
  CategoryType,
  FilterCriteria,
  Name,
  ReportView,
  SpendingClass,
  Target,
  Text,
  Transaction,
  TransferSides,
} from './budget.ts'
import {
  BankAccountId,
  BudgetId,
  CategoryGroupId,
  CategoryId,
  CommandId,
  FilterId,
  ImportId,
  LoanId,
  TargetId,
  TemplateId,
  TransactionId,
  TransferId,
  UserId,
} from './ids.ts'
import { Loan, LoanActivity } from './loans.ts'
import { CurrencyCode, Instant, IsoDate, Minor, PeriodKey } from './money.ts'
import { Completion, TransactionTemplate } from './templates.ts'

// Every fact of a budget stream, past tense. Events carry everything evolve needs: evolve never decides.

export const BudgetCreated = Schema.TaggedStruct('BudgetCreated', {
  budgetId: BudgetId,
  name: Name,
  currency: CurrencyCode,
  uncategorizedGroupId: CategoryGroupId,
  uncategorizedCategoryId: CategoryId,
  createdAt: Instant,
  createdBy: UserId,
})
export const BudgetRenamed = Schema.TaggedStruct('BudgetRenamed', { name: Name })
export const CurrencyChanged = Schema.TaggedStruct('CurrencyChanged', { currency: CurrencyCode })
/** Fresh start: structure stays; money history goes; accounts restart at the carried balances. */
export const BudgetReset = Schema.TaggedStruct('BudgetReset', {
  date: IsoDate,
  openingBalances: Schema.Array(Schema.Struct({ bankAccountId: BankAccountId, balance: Minor })),
})
export const BudgetDeleted = Schema.TaggedStruct('BudgetDeleted', {})
/**
 * The budget's built-in income destination (YNAB's "Inflow: Ready to Assign"): an Income category of the system
 * group, made with every new budget and added once to budgets made before it existed.
 */
export const IncomeDestinationCreated = Schema.TaggedStruct('IncomeDestinationCreated', {
  categoryId: CategoryId,
})

export const CategoryGroupCreated = Schema.TaggedStruct('CategoryGroupCreated', {
  categoryGroupId: CategoryGroupId,
  name: Name,
})
export const CategoryGroupRenamed = Schema.TaggedStruct('CategoryGroupRenamed', {
  categoryGroupId: CategoryGroupId,
  name: Name,
})
export const CategoryGroupsReordered = Schema.TaggedStruct('CategoryGroupsReordered', {
  categoryGroupIds: Schema.Array(CategoryGroupId),
})
export const CategoryGroupHiddenChanged = Schema.TaggedStruct('CategoryGroupHiddenChanged', {
  categoryGroupId: CategoryGroupId,
  hidden: Schema.Boolean,
})
/** Its categories were deleted first, each by its own CategoryDeleted. */
export const CategoryGroupDeleted = Schema.TaggedStruct('CategoryGroupDeleted', {
  categoryGroupId: CategoryGroupId,
})

export const CategoryCreated = Schema.TaggedStruct('CategoryCreated', {
  categoryId: CategoryId,
  categoryGroupId: CategoryGroupId,
  name: Name,
  type: CategoryType,
  spendingClass: SpendingClass,
})
export const CategoryRenamed = Schema.TaggedStruct('CategoryRenamed', { categoryId: CategoryId, name: Name })
export const CategoriesReordered = Schema.TaggedStruct('CategoriesReordered', {
  categoryGroupId: CategoryGroupId,
  categoryIds: Schema.Array(CategoryId),
})
export const CategoryHiddenChanged = Schema.TaggedStruct('CategoryHiddenChanged', {
  categoryId: CategoryId,
  hidden: Schema.Boolean,
})
export const CategorySpendingClassChanged = Schema.TaggedStruct('CategorySpendingClassChanged', {
  categoryId: CategoryId,
  spendingClass: SpendingClass,
})
/**
 * Transactions and activity move to `movedToCategoryId`; assignments move too unless it is an Income category,
 * in which case they return to Ready to Assign. Its target goes.
 */
export const CategoryDeleted = Schema.TaggedStruct('CategoryDeleted', {
  categoryId: CategoryId,
  movedToCategoryId: CategoryId,
})

export const BankAccountOpened = Schema.TaggedStruct('BankAccountOpened', {
  bankAccountId: BankAccountId,
  name: Name,
  type: BankAccountType,
  openingBalance: Minor,
  openingDate: IsoDate,
  /** Present (true) only for a tracking account; events written before them open budget accounts. */
  offBudget: Schema.optionalKey(Schema.Literal(true)),
})
export const BankAccountRenamed = Schema.TaggedStruct('BankAccountRenamed', {
  bankAccountId: BankAccountId,
  name: Name,
})
export const BankAccountClosed = Schema.TaggedStruct('BankAccountClosed', { bankAccountId: BankAccountId })

export const TransactionAdded = Schema.TaggedStruct('TransactionAdded', { transaction: Transaction })
/** Carries the whole new version; evolve takes the old one out and puts this one in. */
export const TransactionEdited = Schema.TaggedStruct('TransactionEdited', { transaction: Transaction })
export const TransactionDeleted = Schema.TaggedStruct('TransactionDeleted', { transactionId: TransactionId })

export const TransferAdded = Schema.TaggedStruct('TransferAdded', {
  transferId: TransferId,
  outflow: Transaction,
  inflow: Transaction,
})
export const TransferEdited = Schema.TaggedStruct('TransferEdited', {
  transferId: TransferId,
  outflow: Transaction,
  inflow: Transaction,
})
export const TransferDeleted = Schema.TaggedStruct('TransferDeleted', {
  transferId: TransferId,
  outflowTransactionId: TransactionId,
  inflowTransactionId: TransactionId,
})

/** A row's key in its bank file (the bank's own id, or a fingerprint of the row): the same row is not imported twice. */
export const ImportKey = Schema.Struct({ transactionId: TransactionId, key: Text })
export type ImportKey = typeof ImportKey.Type

/** Where an import's rows came from, and what undoing it needs. */
export const ImportSource = Schema.Struct({
  importId: ImportId,
  bankAccountId: BankAccountId,
  /** The file's format (`schemas/imports.ts` ImportFormat). */
  format: Text,
  fileName: Text,
  at: Instant,
  by: UserId,
  keys: Schema.Array(ImportKey),
  /**
   * Transactions in other accounts the import turned into the other side of a transfer it adds (as they were, so
   * that undo brings them back). They leave the state before the import's transactions come in.
   */
  replaced: Schema.Array(Transaction),
})
export type ImportSource = typeof ImportSource.Type

/** An occurrence an import's transaction completed (it matched a due draft; issue 29 §1). */
export const OccurrenceLink = Schema.Struct({
  templateId: TemplateId,
  date: IsoDate,
  transactionId: TransactionId,
})
export type OccurrenceLink = typeof OccurrenceLink.Type

/**
 * Transactions and transfers added together, in the order given (a bulk import): one fact and one row of the
 * stream, however many it adds. Both sides of each transfer are among `transactions`.
 */
export const TransactionsImported = Schema.TaggedStruct('TransactionsImported', {
  transactions: Schema.Array(Transaction),
  transfers: Schema.Array(TransferSides),
  /** Present when the rows came from a bank file (not for the bulk route): what undoing it and re-importing need. */
  source: Schema.optionalKey(ImportSource),
  /** Due drafts the imported transactions completed; undoing the import makes them drafts again. */
  completes: Schema.optionalKey(Schema.Array(OccurrenceLink)),
})

/**
 * A bank-file import taken back whole: its transactions and transfers go, and the transactions it turned into
 * transfer sides come back as they were.
 */
export const ImportUndone = Schema.TaggedStruct('ImportUndone', {
  importId: ImportId,
  transactionIds: Schema.Array(TransactionId),
  transferIds: Schema.Array(TransferId),
  restored: Schema.Array(Transaction),
})

export const TemplateCreated = Schema.TaggedStruct('TemplateCreated', { template: TransactionTemplate })
/** Carries the whole new version. */
export const TemplateEdited = Schema.TaggedStruct('TemplateEdited', { template: TransactionTemplate })
export const TemplateDeleted = Schema.TaggedStruct('TemplateDeleted', { templateId: TemplateId })
/**
 * What the user did with one occurrence. A confirmation follows the TransactionAdded (or TransferAdded) it made; an
 * entered transaction that matched a due draft is followed by one too.
 */
export const OccurrenceCompleted = Schema.TaggedStruct('OccurrenceCompleted', {
  templateId: TemplateId,
  completion: Completion,
})
export const OccurrencesSkippedThrough = Schema.TaggedStruct('OccurrencesSkippedThrough', {
  templateId: TemplateId,
  date: IsoDate,
})
export const DraftHorizonSet = Schema.TaggedStruct('DraftHorizonSet', { days: Schema.Int })

/** A loan with its terms (issue 32); `activities` is empty and `state` Active when it is created. */
export const LoanCreated = Schema.TaggedStruct('LoanCreated', { loan: Loan })
/** One activity appended to the loan's; the schedule is recomputed from them all. */
export const LoanActivityRecorded = Schema.TaggedStruct('LoanActivityRecorded', {
  loanId: LoanId,
  activity: LoanActivity,
})
export const LoanClosed = Schema.TaggedStruct('LoanClosed', { loanId: LoanId })

/** Follows the adjustment TransactionAdded when the stated balance differed. */
export const AccountReconciled = Schema.TaggedStruct('AccountReconciled', {
  bankAccountId: BankAccountId,
  date: IsoDate,
  balance: Minor,
  reconciledTransactionIds: Schema.Array(TransactionId),
})

const AssignmentMeta = {
  commandId: CommandId,
  periodKey: PeriodKey,
  at: Instant,
  by: UserId,
}

/** `delta` is what changed; `assigned` the new amount of that category in that month. */
export const AssignedSet = Schema.TaggedStruct('AssignedSet', {
  ...AssignmentMeta,
  categoryId: CategoryId,
  assigned: Minor,
  delta: Minor,
})
/** null is Ready to Assign; amount > 0. */
export const MoneyMoved = Schema.TaggedStruct('MoneyMoved', {
  ...AssignmentMeta,
  fromCategoryId: Schema.NullOr(CategoryId),
  toCategoryId: Schema.NullOr(CategoryId),
  amount: Minor,
})
export const OverspendingCovered = Schema.TaggedStruct('OverspendingCovered', {
  ...AssignmentMeta,
  fromCategoryId: Schema.NullOr(CategoryId),
  toCategoryId: CategoryId,
  amount: Minor,
})
export const AssignmentChange = Schema.Struct({ categoryId: CategoryId, periodKey: PeriodKey, delta: Minor })
export type AssignmentChange = typeof AssignmentChange.Type
export const AutoAssigned = Schema.TaggedStruct('AutoAssigned', {
  ...AssignmentMeta,
  option: AutoAssignOption,
  changes: Schema.Array(AssignmentChange),
})
/** Reverses every change of the command `undoneCommandId`. */
export const AssignmentUndone = Schema.TaggedStruct('AssignmentUndone', {
  ...AssignmentMeta,
  undoneCommandId: CommandId,
  changes: Schema.Array(AssignmentChange),
})

export const TargetSet = Schema.TaggedStruct('TargetSet', { target: Target })
export const TargetRemoved = Schema.TaggedStruct('TargetRemoved', {
  targetId: TargetId,
  categoryId: CategoryId,
})

export const FilterSaved = Schema.TaggedStruct('FilterSaved', {
  filterId: FilterId,
  name: Name,
  criteria: FilterCriteria,
  /** Issue 31's saved views; events written before it have none. */
  report: Schema.optionalKey(ReportView),
})
export const FilterDeleted = Schema.TaggedStruct('FilterDeleted', { filterId: FilterId })

/**
 * The events an ImportBudget's commands can make, and the clearing of the empty budget's own structure before them:
 * none that creates, restarts, deletes or imports a budget.
 */
export const ImportedEvent = Schema.Union([
  BudgetRenamed,
  CurrencyChanged,
  IncomeDestinationCreated,
  CategoryGroupCreated,
  CategoryGroupRenamed,
  CategoryGroupsReordered,
  CategoryGroupHiddenChanged,
  CategoryGroupDeleted,
  CategoryCreated,
  CategoryRenamed,
  CategoriesReordered,
  CategoryHiddenChanged,
  CategorySpendingClassChanged,
  CategoryDeleted,
  BankAccountOpened,
  BankAccountRenamed,
  BankAccountClosed,
  TransactionAdded,
  TransactionEdited,
  TransactionDeleted,
  TransferAdded,
  TransferEdited,
  TransferDeleted,
  TransactionsImported,
  AccountReconciled,
  AssignedSet,
  MoneyMoved,
  OverspendingCovered,
  AutoAssigned,
  AssignmentUndone,
  TargetSet,
  TargetRemoved,
  FilterSaved,
  FilterDeleted,
  TemplateCreated,
  // An imported transaction may complete an imported template's occurrence (AddTransaction matching a draft).
  OccurrenceCompleted,
  OccurrencesSkippedThrough,
  DraftHorizonSet,
  LoanCreated,
  LoanActivityRecorded,
  LoanClosed,
])
export type ImportedEvent = typeof ImportedEvent.Type

/**
 * A whole budget imported into an empty one (ImportBudget): every event its commands made, in order, as one fact
 * and one row of the stream. Evolve folds them in turn.
 */
export const BudgetImported = Schema.TaggedStruct('BudgetImported', {
  source: BudgetImportSource,
  events: Schema.Array(ImportedEvent),
})

export const BudgetEvent = Schema.Union([
  BudgetCreated,
  BudgetRenamed,
  CurrencyChanged,
  BudgetReset,
  BudgetDeleted,
  IncomeDestinationCreated,
  CategoryGroupCreated,
  CategoryGroupRenamed,
  CategoryGroupsReordered,
  CategoryGroupHiddenChanged,
  CategoryGroupDeleted,
  CategoryCreated,
  CategoryRenamed,
  CategoriesReordered,
  CategoryHiddenChanged,
  CategorySpendingClassChanged,
  CategoryDeleted,
  BankAccountOpened,
  BankAccountRenamed,
  BankAccountClosed,
  TransactionAdded,
  TransactionEdited,
  TransactionDeleted,
  TransferAdded,
  TransferEdited,
  TransferDeleted,
  TransactionsImported,
  ImportUndone,
  AccountReconciled,
  AssignedSet,
  MoneyMoved,
  OverspendingCovered,
  AutoAssigned,
  AssignmentUndone,
  TargetSet,
  TargetRemoved,
  FilterSaved,
  FilterDeleted,
  TemplateCreated,
  TemplateEdited,
  TemplateDeleted,
  OccurrenceCompleted,
  OccurrencesSkippedThrough,
  DraftHorizonSet,
  LoanCreated,
  LoanActivityRecorded,
  LoanClosed,
  BudgetImported,
])
export type BudgetEvent = typeof BudgetEvent.Type
export type BudgetEventTag = BudgetEvent['_tag']
