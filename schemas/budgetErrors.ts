import * as Schema from 'effect/Schema'
import {
  BankAccountId,
  CategoryGroupId,
  CategoryId,
  FilterId,
  ImportId,
  LoanId,
  TemplateId,
  TransactionId,
  TransferId,
} from './ids.ts'
import { LoanError } from './loans.ts'
import { CurrencyCode, IsoDate, Minor } from './money.ts'

// Expected refusals of the budget domain. `_tag` names them in code; `code` is the stable wire code of the
// problem document (422); `messageKey` is the i18n key the UI shows where SPEC gives a text.
const codeOfTag = new Map<string, string>()

/** The item of an import (ImportTransactions) a refusal is about, counted from 0. */
const ItemIndex = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

const refusal = <
  const Tag extends string,
  const Code extends string,
  const Fields extends Schema.Struct.Fields,
>(
  tag: Tag,
  code: Code,
  fields: Fields,
) => {
  codeOfTag.set(tag, code)
  return Schema.TaggedStruct(tag, {
    code: Schema.Literal(code),
    itemIndex: Schema.optionalKey(ItemIndex),
    ...fields,
  })
}

export const BudgetNotFound = refusal('BudgetNotFound', 'budget-not-found', {})
export const BudgetAlreadyExists = refusal('BudgetAlreadyExists', 'budget-already-exists', {})
export const UnknownCurrency = refusal('UnknownCurrency', 'unknown-currency', { currency: CurrencyCode })
export const CurrencyLocked = refusal('CurrencyLocked', 'currency-locked', {})
export const CategoryGroupNotFound = refusal('CategoryGroupNotFound', 'category-group-not-found', {
  categoryGroupId: CategoryGroupId,
})
export const CategoryGroupAlreadyExists = refusal(
  'CategoryGroupAlreadyExists',
  'category-group-already-exists',
  {
    categoryGroupId: CategoryGroupId,
  },
)
export const CategoryNotFound = refusal('CategoryNotFound', 'category-not-found', { categoryId: CategoryId })
export const CategoryAlreadyExists = refusal('CategoryAlreadyExists', 'category-already-exists', {
  categoryId: CategoryId,
})
export const UncategorizedCannotBeDeleted = refusal(
  'UncategorizedCannotBeDeleted',
  'uncategorized-cannot-be-deleted',
  {},
)
export const IncomeDestinationCannotBeDeleted = refusal(
  'IncomeDestinationCannotBeDeleted',
  'income-destination-cannot-be-deleted',
  {},
)
export const InvalidMoveTarget = refusal('InvalidMoveTarget', 'invalid-move-target', {
  categoryId: CategoryId,
})
export const ReorderListMismatch = refusal('ReorderListMismatch', 'reorder-list-mismatch', {})
export const BankAccountNotFound = refusal('BankAccountNotFound', 'bank-account-not-found', {
  bankAccountId: BankAccountId,
})
export const BankAccountAlreadyExists = refusal('BankAccountAlreadyExists', 'bank-account-already-exists', {
  bankAccountId: BankAccountId,
})
export const AccountNotZero = refusal('AccountNotZero', 'account-not-zero', {
  bankAccountId: BankAccountId,
  balance: Minor,
})
export const AccountClosed = refusal('AccountClosed', 'account-closed', { bankAccountId: BankAccountId })
export const TransactionNotFound = refusal('TransactionNotFound', 'transaction-not-found', {
  transactionId: TransactionId,
})
export const TransactionAlreadyExists = refusal('TransactionAlreadyExists', 'transaction-already-exists', {
  transactionId: TransactionId,
})
export const SplitsDoNotSumToValue = refusal('SplitsDoNotSumToValue', 'splits-do-not-sum-to-value', {
  messageKey: Schema.Literal('validation.splitsSum'),
  value: Minor,
  splitsTotal: Minor,
})
export const TransferToSameAccount = refusal('TransferToSameAccount', 'transfer-to-same-account', {})
export const TransferAlreadyExists = refusal('TransferAlreadyExists', 'transfer-already-exists', {
  transferId: TransferId,
})
export const TransferHasNoCategories = refusal('TransferHasNoCategories', 'transfer-has-no-categories', {})
/** A tracking account's transactions stay outside the budget: they carry no category (issue 32 §2). */
export const OffBudgetHasNoCategories = refusal('OffBudgetHasNoCategories', 'off-budget-has-no-categories', {
  bankAccountId: BankAccountId,
})
export const AmountMustBePositive = refusal('AmountMustBePositive', 'amount-must-be-positive', {
  value: Minor,
})
export const ReconciledTransactionLocked = refusal(
  'ReconciledTransactionLocked',
  'reconciled-transaction-locked',
  {
    transactionId: TransactionId,
  },
)
export const CannotAssignToIncomeCategory = refusal(
  'CannotAssignToIncomeCategory',
  'cannot-assign-to-income',
  {
    categoryId: CategoryId,
  },
)
export const SameCategoryMove = refusal('SameCategoryMove', 'same-category-move', {})
export const CategoryNotOverspent = refusal('CategoryNotOverspent', 'category-not-overspent', {
  categoryId: CategoryId,
})
export const NothingToCoverWith = refusal('NothingToCoverWith', 'nothing-to-cover-with', {
  categoryId: CategoryId,
})
export const NothingToUndo = refusal('NothingToUndo', 'nothing-to-undo', {})
export const TargetNotFound = refusal('TargetNotFound', 'target-not-found', { categoryId: CategoryId })
export const TargetNeedsDueDate = refusal('TargetNeedsDueDate', 'target-needs-due-date', {})
export const FilterNotFound = refusal('FilterNotFound', 'filter-not-found', { filterId: FilterId })
export const ImportNotFound = refusal('ImportNotFound', 'import-not-found', { importId: ImportId })
export const ImportAlreadyExists = refusal('ImportAlreadyExists', 'import-already-exists', {
  importId: ImportId,
})
/** Undo takes an import back only whole: a transaction changed, deleted or reconciled since keeps it. */
export const ImportChangedSince = refusal('ImportChangedSince', 'import-changed-since', {
  importId: ImportId,
  changed: Schema.Int,
})
/** A transaction an import would turn into a transfer's other side cannot be: a transfer side, reconciled, gone. */
export const CannotReplaceTransaction = refusal('CannotReplaceTransaction', 'cannot-replace-transaction', {
  transactionId: TransactionId,
})
/** The command would take the budget's totals past their bound (domain/bounds.ts, MAX_GROSS). */
export const BudgetTotalsTooLarge = refusal('BudgetTotalsTooLarge', 'budget-totals-too-large', {})

export const TemplateNotFound = refusal('TemplateNotFound', 'template-not-found', { templateId: TemplateId })
export const TemplateAlreadyExists = refusal('TemplateAlreadyExists', 'template-already-exists', {
  templateId: TemplateId,
})
/** A template's end date (inclusive) lies before its start date. */
export const TemplateEndsBeforeStart = refusal('TemplateEndsBeforeStart', 'template-ends-before-start', {})
/** A transfer template moves money out of its account: its value must be negative. */
export const TransferTemplateNeedsOutflow = refusal(
  'TransferTemplateNeedsOutflow',
  'transfer-template-needs-outflow',
  { value: Minor },
)
/** The date is not one of the template's occurrences. */
export const OccurrenceNotFound = refusal('OccurrenceNotFound', 'occurrence-not-found', {
  templateId: TemplateId,
  date: IsoDate,
})
/** Confirming a transfer template's occurrence needs the new transfer's ids (`transfer`). */
export const OccurrenceNeedsTransfer = refusal('OccurrenceNeedsTransfer', 'occurrence-needs-transfer', {
  templateId: TemplateId,
})

/** Confirming an occurrence that was skipped (server/ledger/routesTemplates.ts; the domain adds nothing for it). */
export const OccurrenceSkipped = refusal('OccurrenceSkipped', 'occurrence-skipped', {
  templateId: TemplateId,
  date: IsoDate,
})
/** Confirming an occurrence again whose completing transaction was deleted since: there is none to answer with. */
export const OccurrenceTransactionGone = refusal('OccurrenceTransactionGone', 'occurrence-transaction-gone', {
  templateId: TemplateId,
  date: IsoDate,
})

export const LoanNotFound = refusal('LoanNotFound', 'loan-not-found', { loanId: LoanId })
export const LoanAlreadyExists = refusal('LoanAlreadyExists', 'loan-already-exists', { loanId: LoanId })
/** An activity on a Closed loan, or closing it again. */
export const LoanIsClosed = refusal('LoanIsClosed', 'loan-closed', { loanId: LoanId })
/** Paying needs the loan's tracking account and category (a loan recorded with neither has nowhere to pay to). */
export const LoanHasNoAccount = refusal('LoanHasNoAccount', 'loan-has-no-account', { loanId: LoanId })
/** The installment was paid already, is suspended or deferred, or is not in the schedule. */
export const LoanInstallmentNotPayable = refusal(
  'LoanInstallmentNotPayable',
  'loan-installment-not-payable',
  {
    loanId: LoanId,
    installment: Schema.Int,
    reason: Schema.Literals(['AlreadyPaid', 'NotPaying', 'NotInSchedule']),
  },
)
/** An activity would re-plan an installment already paid (a holiday, a new rate from it …). */
export const LoanInstallmentPaid = refusal('LoanInstallmentPaid', 'loan-installment-paid', {
  loanId: LoanId,
  installment: Schema.Int,
  /** The last installment paid: a change may start after it. */
  lastPaid: Schema.Int,
})
/** A loan is paid from a budget account: the money crosses the budget's edge into the loan's account. */
export const LoanPaidFromTrackingAccount = refusal(
  'LoanPaidFromTrackingAccount',
  'loan-paid-from-tracking-account',
  {
    bankAccountId: BankAccountId,
  },
)

// The loan arithmetic's refusals (schemas/loans.ts) are budget refusals as they are: a command that would make a
// loan's schedule refuse is refused with the schedule's reason.
for (const [tag, code] of [
  ['LoanPrincipalOutOfRange', 'loan-principal-out-of-range'],
  ['LoanInstallmentsOutOfRange', 'loan-installments-out-of-range'],
  ['LoanRateOutOfRange', 'loan-rate-out-of-range'],
  ['LoanRateTooPrecise', 'loan-rate-too-precise'],
  ['LoanDisbursementDateInvalid', 'loan-disbursement-date-invalid'],
  ['LoanActivityOutOfRange', 'loan-activity-out-of-range'],
  ['LoanActivityValueInvalid', 'loan-activity-value-invalid'],
  ['LoanOverpaymentExceedsBalance', 'loan-overpayment-exceeds-balance'],
  ['LoanTargetDateOutOfRange', 'loan-target-date-out-of-range'],
] as const)
  codeOfTag.set(tag, code)

/** A whole-budget import goes only into a budget with no accounts, transactions or assignments yet (409). */
export const BudgetNotEmpty = refusal('BudgetNotEmpty', 'budget-not-empty', {})

export const BudgetError = Schema.Union([
  BudgetNotFound,
  BudgetAlreadyExists,
  UnknownCurrency,
  CurrencyLocked,
  CategoryGroupNotFound,
  CategoryGroupAlreadyExists,
  CategoryNotFound,
  CategoryAlreadyExists,
  UncategorizedCannotBeDeleted,
  IncomeDestinationCannotBeDeleted,
  InvalidMoveTarget,
  ReorderListMismatch,
  BankAccountNotFound,
  BankAccountAlreadyExists,
  AccountNotZero,
  AccountClosed,
  TransactionNotFound,
  TransactionAlreadyExists,
  SplitsDoNotSumToValue,
  TransferToSameAccount,
  TransferAlreadyExists,
  TransferHasNoCategories,
  OffBudgetHasNoCategories,
  AmountMustBePositive,
  ReconciledTransactionLocked,
  CannotAssignToIncomeCategory,
  SameCategoryMove,
  CategoryNotOverspent,
  NothingToCoverWith,
  NothingToUndo,
  TargetNotFound,
  TargetNeedsDueDate,
  FilterNotFound,
  ImportNotFound,
  ImportAlreadyExists,
  ImportChangedSince,
  CannotReplaceTransaction,
  BudgetTotalsTooLarge,
  BudgetNotEmpty,
  TemplateNotFound,
  TemplateAlreadyExists,
  TemplateEndsBeforeStart,
  TransferTemplateNeedsOutflow,
  OccurrenceNotFound,
  OccurrenceNeedsTransfer,
  OccurrenceSkipped,
  OccurrenceTransactionGone,
  LoanNotFound,
  LoanAlreadyExists,
  LoanIsClosed,
  LoanHasNoAccount,
  LoanInstallmentNotPayable,
  LoanInstallmentPaid,
  LoanPaidFromTrackingAccount,
  // The schedule's own refusals (domain/loans), listed once in schemas/loans.ts.
  ...LoanError.members,
])
export type BudgetError = typeof BudgetError.Type
export type BudgetErrorCode = BudgetError['code']

/** Builds an error value without spelling its code twice. */
export const budgetError = <T extends BudgetError['_tag']>(
  tag: T,
  fields: Omit<Extract<BudgetError, { _tag: T }>, '_tag' | 'code'>,
): Extract<BudgetError, { _tag: T }> =>
  // The code comes from the same table the schema was built from, so the value matches its member.
  ({ _tag: tag, code: codeOfTag.get(tag), ...fields }) as Extract<BudgetError, { _tag: T }>

/**
 * The refusal a 422 problem document describes (its `code` plus the error's own fields, as the server writes
 * them), or undefined when the body is not one of ours.
 */
export const budgetErrorFromProblem = (problem: unknown): BudgetError | undefined => {
  if (typeof problem !== 'object' || problem === null || !('code' in problem)) return undefined
  const tag = [...codeOfTag].find(([, code]) => code === problem.code)?.[0]
  if (tag === undefined) return undefined
  const decoded = Schema.decodeUnknownOption(BudgetError)({ ...problem, _tag: tag })
  return decoded._tag === 'Some' ? decoded.value : undefined
}
