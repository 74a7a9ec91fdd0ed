import * as Schema from 'effect/Schema'
import * as Tuple from 'effect/Tuple'
import {
  AutoAssignOption,
  BankAccountType,
  BudgetImportSource,
  CadenceMonths,
  CategoryType,
  FilterCriteria,
  NewMemo,
  NewName,
  NewPayee,
  ReportView,
  SpendingClass,
  TargetType,
  TransactionKind,
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
import { LoanActivity, LoanTerms, OverpaymentMode } from './loans.ts'
import { Amount, CurrencyCode, Instant, IsoDate, Minor, PeriodKey } from './money.ts'
import {
  AmountMatch,
  DraftHorizonDays,
  HolidayShift,
  RecurrenceFrequency,
  TemplateInterval,
  TemplateOccurrenceCount,
} from './templates.ts'

// Commands, imperative. Each is declared as its draft (what a view or the app's open budget asks, new entity ids
// included: the domain makes none); the command the domain decides is the draft stamped with who, when and its id.
const Meta = { commandId: CommandId, at: Instant, userId: UserId }
// Commands are what requests write: their text follows the rules for writes (schemas/text.ts, docs/api/text.md),
// not the lenient stored shapes. Names and payees are one line; `Text` here is a memo's, which may span lines.
const Name = NewName
const Text = NewMemo

export const CreateBudget = Schema.TaggedStruct('CreateBudget', {
  budgetId: BudgetId,
  name: Name,
  currency: CurrencyCode,
  uncategorizedGroupId: CategoryGroupId,
  uncategorizedCategoryId: CategoryId,
  /** The income destination ("Do przydzielenia"): inflows categorized here are Ready to Assign. */
  incomeCategoryId: CategoryId,
})
/** Gives a budget made before income destinations existed its own; nothing when it has one. */
export const CreateIncomeDestination = Schema.TaggedStruct('CreateIncomeDestination', {
  categoryId: CategoryId,
})
export const RenameBudget = Schema.TaggedStruct('RenameBudget', { name: Name })
export const ChangeCurrency = Schema.TaggedStruct('ChangeCurrency', { currency: CurrencyCode })
export const ResetBudget = Schema.TaggedStruct('ResetBudget', { date: IsoDate })
export const DeleteBudget = Schema.TaggedStruct('DeleteBudget', {})

export const CreateCategoryGroup = Schema.TaggedStruct('CreateCategoryGroup', {
  categoryGroupId: CategoryGroupId,
  name: Name,
})
export const RenameCategoryGroup = Schema.TaggedStruct('RenameCategoryGroup', {
  categoryGroupId: CategoryGroupId,
  name: Name,
})
export const ReorderCategoryGroups = Schema.TaggedStruct('ReorderCategoryGroups', {
  categoryGroupIds: Schema.Array(CategoryGroupId),
})
export const SetCategoryGroupHidden = Schema.TaggedStruct('SetCategoryGroupHidden', {
  categoryGroupId: CategoryGroupId,
  hidden: Schema.Boolean,
})
export const DeleteCategoryGroup = Schema.TaggedStruct('DeleteCategoryGroup', {
  categoryGroupId: CategoryGroupId,
  moveToCategoryId: CategoryId,
})

export const CreateCategory = Schema.TaggedStruct('CreateCategory', {
  categoryId: CategoryId,
  categoryGroupId: CategoryGroupId,
  name: Name,
  type: CategoryType,
  spendingClass: Schema.optionalKey(SpendingClass),
})
export const RenameCategory = Schema.TaggedStruct('RenameCategory', {
  categoryId: CategoryId,
  name: Name,
})
/** Places the listed categories, in order, into the group (moving them there if needed). */
export const ReorderCategories = Schema.TaggedStruct('ReorderCategories', {
  categoryGroupId: CategoryGroupId,
  categoryIds: Schema.Array(CategoryId),
})
export const SetCategoryHidden = Schema.TaggedStruct('SetCategoryHidden', {
  categoryId: CategoryId,
  hidden: Schema.Boolean,
})
export const SetCategorySpendingClass = Schema.TaggedStruct('SetCategorySpendingClass', {
  categoryId: CategoryId,
  spendingClass: SpendingClass,
})
export const DeleteCategory = Schema.TaggedStruct('DeleteCategory', {
  categoryId: CategoryId,
  moveToCategoryId: CategoryId,
})

export const OpenBankAccount = Schema.TaggedStruct('OpenBankAccount', {
  bankAccountId: BankAccountId,
  name: Name,
  type: BankAccountType,
  balance: Amount,
  date: IsoDate,
  /** A tracking (off-budget) account; a budget account when absent. */
  offBudget: Schema.optionalKey(Schema.Boolean),
})
export const RenameBankAccount = Schema.TaggedStruct('RenameBankAccount', {
  bankAccountId: BankAccountId,
  name: Name,
})
export const CloseBankAccount = Schema.TaggedStruct('CloseBankAccount', {
  bankAccountId: BankAccountId,
})

export const SplitInput = Schema.Struct({ categoryId: CategoryId, value: Amount })
export type SplitInput = typeof SplitInput.Type

/** value is signed: inflow positive, outflow negative. No splits means Uncategorized. */
const TransactionToAdd = {
  transactionId: TransactionId,
  bankAccountId: BankAccountId,
  date: IsoDate,
  payee: NewPayee,
  memo: Schema.optionalKey(Text),
  value: Amount,
  splits: Schema.Array(SplitInput),
  kind: Schema.optionalKey(TransactionKind),
  cleared: Schema.optionalKey(Schema.Boolean),
}
export const AddTransaction = Schema.TaggedStruct('AddTransaction', TransactionToAdd)
/** Absent fields stay as they are. A reconciled transaction changes only with allowReconciledEdit. */
export const EditTransaction = Schema.TaggedStruct('EditTransaction', {
  transactionId: TransactionId,
  bankAccountId: Schema.optionalKey(BankAccountId),
  date: Schema.optionalKey(IsoDate),
  payee: Schema.optionalKey(NewPayee),
  memo: Schema.optionalKey(Text),
  value: Schema.optionalKey(Amount),
  splits: Schema.optionalKey(Schema.Array(SplitInput)),
  kind: Schema.optionalKey(TransactionKind),
  cleared: Schema.optionalKey(Schema.Boolean),
  allowReconciledEdit: Schema.optionalKey(Schema.Boolean),
})
export const DeleteTransaction = Schema.TaggedStruct('DeleteTransaction', {
  transactionId: TransactionId,
  allowReconciledEdit: Schema.optionalKey(Schema.Boolean),
})

/** value > 0 moves from `fromBankAccountId` to `toBankAccountId`. */
const TransferToAdd = {
  transferId: TransferId,
  outflowTransactionId: TransactionId,
  inflowTransactionId: TransactionId,
  fromBankAccountId: BankAccountId,
  toBankAccountId: BankAccountId,
  date: IsoDate,
  value: Amount,
  memo: Schema.optionalKey(Text),
  /** Only across the budget's edge (a budget account ↔ a tracking one): the budget side's category. */
  categoryId: Schema.optionalKey(CategoryId),
}
export const AddTransfer = Schema.TaggedStruct('AddTransfer', TransferToAdd)

/**
 * Transactions and transfers added together, all or nothing (a bulk import): one TransactionsImported. A refusal
 * names the item it refused (`itemIndex`).
 */
export const ImportTransactions = Schema.TaggedStruct('ImportTransactions', {
  items: Schema.Array(
    Schema.Union([
      Schema.TaggedStruct('AddTransaction', TransactionToAdd),
      Schema.TaggedStruct('AddTransfer', TransferToAdd),
    ]),
  ),
  /** A bank file's import (the server's import routes): recorded so it can be undone and not repeated. */
  file: Schema.optionalKey(
    Schema.Struct({
      importId: ImportId,
      bankAccountId: BankAccountId,
      format: Text,
      fileName: Text,
      /** Each added transaction's key in the file. */
      keys: Schema.Array(Schema.Struct({ transactionId: TransactionId, key: Text })),
      /** Existing transactions (in other accounts) that a transfer among the items replaces. */
      replaces: Schema.Array(TransactionId),
    }),
  ),
})
/** Takes a bank-file import back whole; refused once any of its transactions was changed or reconciled. */
export const UndoImport = Schema.TaggedStruct('UndoImport', { importId: ImportId })

/** The user states the bank's cleared balance; a difference becomes an adjustment transaction. */
export const ReconcileAccount = Schema.TaggedStruct('ReconcileAccount', {
  bankAccountId: BankAccountId,
  date: IsoDate,
  balance: Amount,
  adjustmentTransactionId: TransactionId,
  /** Where the adjustment goes; Uncategorized when absent. */
  adjustmentCategoryId: Schema.optionalKey(CategoryId),
})

export const SetAssigned = Schema.TaggedStruct('SetAssigned', {
  periodKey: PeriodKey,
  categoryId: CategoryId,
  value: Amount,
})
/** null means Ready to Assign. */
export const MoveMoney = Schema.TaggedStruct('MoveMoney', {
  periodKey: PeriodKey,
  fromCategoryId: Schema.NullOr(CategoryId),
  toCategoryId: Schema.NullOr(CategoryId),
  value: Amount,
})
/** Moves the overspent amount (or what the source has, if less) into the overspent category. */
export const CoverOverspending = Schema.TaggedStruct('CoverOverspending', {
  periodKey: PeriodKey,
  overspentCategoryId: CategoryId,
  fromCategoryId: Schema.NullOr(CategoryId),
})
export const AutoAssign = Schema.TaggedStruct('AutoAssign', {
  periodKey: PeriodKey,
  option: AutoAssignOption,
  /** Limit to these categories; all visible Expense and Saving categories when absent. */
  categoryIds: Schema.optionalKey(Schema.Array(CategoryId)),
})
export const UndoLastAssignment = Schema.TaggedStruct('UndoLastAssignment', {})

export const SetTarget = Schema.TaggedStruct('SetTarget', {
  targetId: TargetId,
  categoryId: CategoryId,
  type: TargetType,
  amount: Amount,
  dueDate: Schema.optionalKey(IsoDate),
  cadenceMonths: Schema.optionalKey(CadenceMonths),
})
export const RemoveTarget = Schema.TaggedStruct('RemoveTarget', { categoryId: CategoryId })

export const SaveFilter = Schema.TaggedStruct('SaveFilter', {
  filterId: FilterId,
  name: Name,
  criteria: Schema.Struct({ ...FilterCriteria.fields, payeeText: Schema.optionalKey(NewPayee) }),
  /** Saves the filter as a view of this report (issue 31); without it, a plain transaction filter. */
  report: Schema.optionalKey(ReportView),
})
export const DeleteFilter = Schema.TaggedStruct('DeleteFilter', { filterId: FilterId })

/**
 * A recurring transaction (issue 29). `value` is signed like a transaction's; with `toBankAccountId` it is a
 * transfer (negative: money leaves `bankAccountId`) and takes no splits. `interval` defaults to 1, `shift` to None,
 * `amountMatch` to Exact; `endDate` is inclusive and `occurrences` counts them all from the start.
 */
const TemplateFields = {
  bankAccountId: BankAccountId,
  toBankAccountId: Schema.optionalKey(BankAccountId),
  payee: NewPayee,
  memo: Schema.optionalKey(Text),
  value: Amount,
  splits: Schema.Array(SplitInput),
  frequency: RecurrenceFrequency,
  interval: Schema.optionalKey(TemplateInterval),
  startDate: IsoDate,
  endDate: Schema.optionalKey(IsoDate),
  occurrences: Schema.optionalKey(TemplateOccurrenceCount),
  shift: Schema.optionalKey(HolidayShift),
  amountMatch: Schema.optionalKey(AmountMatch),
}
export const CreateTemplate = Schema.TaggedStruct('CreateTemplate', {
  templateId: TemplateId,
  ...TemplateFields,
})
/**
 * Absent fields stay as they are; `null` clears `toBankAccountId`, `endDate` or `occurrences`. Changes the
 * occurrences not yet acted on; confirmed ones are transactions of their own and stay.
 */
export const EditTemplate = Schema.TaggedStruct('EditTemplate', {
  templateId: TemplateId,
  bankAccountId: Schema.optionalKey(BankAccountId),
  toBankAccountId: Schema.optionalKey(Schema.NullOr(BankAccountId)),
  payee: Schema.optionalKey(NewPayee),
  memo: Schema.optionalKey(Text),
  value: Schema.optionalKey(Amount),
  splits: Schema.optionalKey(Schema.Array(SplitInput)),
  frequency: Schema.optionalKey(RecurrenceFrequency),
  interval: Schema.optionalKey(TemplateInterval),
  startDate: Schema.optionalKey(IsoDate),
  endDate: Schema.optionalKey(Schema.NullOr(IsoDate)),
  occurrences: Schema.optionalKey(Schema.NullOr(TemplateOccurrenceCount)),
  shift: Schema.optionalKey(HolidayShift),
  amountMatch: Schema.optionalKey(AmountMatch),
})
/** The template goes; transactions its occurrences made stay. */
export const DeleteTemplate = Schema.TaggedStruct('DeleteTemplate', { templateId: TemplateId })
/**
 * Records an occurrence (`date`, as the template computes it) as a Regular transaction dated `transactionDate`
 * (default: the occurrence's date), optionally with another value and splits; a transfer template needs `transfer`.
 * An occurrence already acted on adds nothing.
 */
export const ConfirmOccurrence = Schema.TaggedStruct('ConfirmOccurrence', {
  templateId: TemplateId,
  date: IsoDate,
  transactionId: TransactionId,
  transfer: Schema.optionalKey(Schema.Struct({ transferId: TransferId, inflowTransactionId: TransactionId })),
  transactionDate: Schema.optionalKey(IsoDate),
  value: Schema.optionalKey(Amount),
  splits: Schema.optionalKey(Schema.Array(SplitInput)),
  cleared: Schema.optionalKey(Schema.Boolean),
})
export const SkipOccurrence = Schema.TaggedStruct('SkipOccurrence', { templateId: TemplateId, date: IsoDate })
/** Clears a backlog: every occurrence on or before `date` not acted on counts as skipped. */
export const SkipOccurrencesThrough = Schema.TaggedStruct('SkipOccurrencesThrough', {
  templateId: TemplateId,
  date: IsoDate,
})
/** How many days ahead occurrences become drafts, for the whole budget. */
export const SetDraftHorizon = Schema.TaggedStruct('SetDraftHorizon', { days: DraftHorizonDays })

/**
 * A loan (issue 32): its terms as agreed, checked by the loan arithmetic (domain/loans/). `bankAccountId` links
 * the account tracking its balance, `categoryId` the category its installments go to; both must exist.
 */
export const CreateLoan = Schema.TaggedStruct('CreateLoan', {
  loanId: LoanId,
  name: Name,
  ...LoanTerms.fields,
  bankAccountId: Schema.optionalKey(BankAccountId),
  categoryId: Schema.optionalKey(CategoryId),
  /**
   * Without `bankAccountId`: the loan's own tracking account, opened with what is owed on `openingDate` (the
   * later of that day and the disbursement), installments due before it counting as paid before tracking began.
   */
  ownAccount: Schema.optionalKey(Schema.Struct({ bankAccountId: BankAccountId, openingDate: IsoDate })),
  /** Without `categoryId`: the loan's own category, named as the loan, in the group named `groupName`. */
  ownCategory: Schema.optionalKey(
    Schema.Struct({ categoryId: CategoryId, categoryGroupId: CategoryGroupId, groupName: Name }),
  ),
  /** The id of the DebtPayment target the loan sets on its category when the category has no target. */
  targetId: Schema.optionalKey(TargetId),
})
/**
 * Pays installment `installment` as the schedule has it, from a budget account: the principal part is a transfer
 * into the loan's account carrying the loan's category, the interest part spending in it; a Payment is recorded.
 */
export const PayLoanInstallment = Schema.TaggedStruct('PayLoanInstallment', {
  loanId: LoanId,
  installment: Schema.Int,
  fromBankAccountId: BankAccountId,
  date: IsoDate,
  transferId: TransferId,
  outflowTransactionId: TransactionId,
  inflowTransactionId: TransactionId,
  interestTransactionId: TransactionId,
})
/** An overpayment (PrincipalChange) paid from a budget account: a transfer into the loan's account. */
export const OverpayLoan = Schema.TaggedStruct('OverpayLoan', {
  loanId: LoanId,
  afterInstallment: Schema.Int,
  value: Minor,
  mode: OverpaymentMode,
  fromBankAccountId: BankAccountId,
  date: IsoDate,
  transferId: TransferId,
  outflowTransactionId: TransactionId,
  inflowTransactionId: TransactionId,
})
/** One activity on an active loan (an overpayment, a rate change …); refused when the schedule refuses it. */
export const RecordLoanActivity = Schema.TaggedStruct('RecordLoanActivity', {
  loanId: LoanId,
  activity: LoanActivity,
  /**
   * An overpayment recorded without money moved from a budget account (paid from elsewhere) still lowers what is
   * owed: with this id, the loan's tracking account records it (no category), so its balance stays minus the debt.
   */
  adjustmentTransactionId: Schema.optionalKey(TransactionId),
})
/** The loan is Closed by hand (repaid, sold, refinanced); its history stays. */
export const CloseLoan = Schema.TaggedStruct('CloseLoan', { loanId: LoanId })

/** A command on a budget that exists (every draft but CreateBudget): what `POST …/commands` takes. */
export const OpenBudgetCommandDraft = Schema.Union([
  CreateIncomeDestination,
  RenameBudget,
  ChangeCurrency,
  ResetBudget,
  DeleteBudget,
  CreateCategoryGroup,
  RenameCategoryGroup,
  ReorderCategoryGroups,
  SetCategoryGroupHidden,
  DeleteCategoryGroup,
  CreateCategory,
  RenameCategory,
  ReorderCategories,
  SetCategoryHidden,
  SetCategorySpendingClass,
  DeleteCategory,
  OpenBankAccount,
  RenameBankAccount,
  CloseBankAccount,
  AddTransaction,
  EditTransaction,
  DeleteTransaction,
  AddTransfer,
  ImportTransactions,
  UndoImport,
  ReconcileAccount,
  SetAssigned,
  MoveMoney,
  CoverOverspending,
  AutoAssign,
  UndoLastAssignment,
  SetTarget,
  RemoveTarget,
  SaveFilter,
  DeleteFilter,
  CreateTemplate,
  EditTemplate,
  DeleteTemplate,
  ConfirmOccurrence,
  SkipOccurrence,
  SkipOccurrencesThrough,
  SetDraftHorizon,
  CreateLoan,
  RecordLoanActivity,
  CloseLoan,
  PayLoanInstallment,
  OverpayLoan,
])
export type OpenBudgetCommandDraft = typeof OpenBudgetCommandDraft.Type

/**
 * What a whole-budget import may run inside an empty budget (issue 28 §3): every command on an open budget but those
 * that end, restart or import a budget. Listed rather than derived, so a new command is importable only by choice.
 */
export const ImportableCommandDraft = Schema.Union([
  CreateIncomeDestination,
  RenameBudget,
  ChangeCurrency,
  CreateCategoryGroup,
  RenameCategoryGroup,
  ReorderCategoryGroups,
  SetCategoryGroupHidden,
  DeleteCategoryGroup,
  CreateCategory,
  RenameCategory,
  ReorderCategories,
  SetCategoryHidden,
  SetCategorySpendingClass,
  DeleteCategory,
  OpenBankAccount,
  RenameBankAccount,
  CloseBankAccount,
  AddTransaction,
  EditTransaction,
  DeleteTransaction,
  AddTransfer,
  ImportTransactions,
  ReconcileAccount,
  SetAssigned,
  MoveMoney,
  CoverOverspending,
  AutoAssign,
  UndoLastAssignment,
  SetTarget,
  RemoveTarget,
  SaveFilter,
  DeleteFilter,
  CreateTemplate,
  SkipOccurrencesThrough,
  SetDraftHorizon,
  CreateLoan,
  RecordLoanActivity,
  CloseLoan,
])
export type ImportableCommandDraft = typeof ImportableCommandDraft.Type

/**
 * A whole budget brought in (YNAB, Actual, Koperta's own file) as the commands that rebuild it, decided one after
 * another on the empty budget, all or nothing: one BudgetImported. Not one of `OpenBudgetCommandDraft` (what the
 * app's open budget sends): imports arrive as files through `POST /api/budget/import-budget/{id}`.
 */
export const ImportBudget = Schema.TaggedStruct('ImportBudget', {
  source: BudgetImportSource,
  commands: Schema.Array(ImportableCommandDraft),
})

/** Every command as it is asked for, without who, when and its id. */
export const BudgetCommandDraft = Schema.Union([
  CreateBudget,
  ImportBudget,
  ...OpenBudgetCommandDraft.members,
])
export type BudgetCommandDraft = typeof BudgetCommandDraft.Type

/** A command as the domain decides it: its draft stamped with who, when and the command's id. */
export const BudgetCommand = BudgetCommandDraft.mapMembers(Tuple.map(Schema.fieldsAssign(Meta)))
export type BudgetCommand = typeof BudgetCommand.Type
export type BudgetCommandOf<T extends BudgetCommand['_tag']> = Extract<BudgetCommand, { _tag: T }>
/** An item of an import: a transaction or a transfer to add, without meta of its own (the import's is theirs). */
export type ImportItem = BudgetCommandOf<'ImportTransactions'>['items'][number]
