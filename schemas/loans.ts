import * as Schema from 'effect/Schema'
import { Name } from './budget.ts'
import { BankAccountId, CategoryId, LoanId } from './ids.ts'
import { IsoDate, Minor } from './money.ts'

// Loans (SPEC loans, loans-activities, loan-schedule; issue 32). The terms and the activities are the facts; the
// schedule is computed from them (domain/loans/), never stored as the source of truth.

/** SPEC §3 loan payment type: `Constant` = annuity, "raty równe"; `Decreasing` = "raty malejące". */
export const LoanPaymentType = Schema.Literals(['Decreasing', 'Constant'])
export type LoanPaymentType = typeof LoanPaymentType.Type

/** SPEC §3 loan activity type. */
export const LoanActivityType = Schema.Literals([
  'Payment',
  'InterestPaid',
  'InterestRateChange',
  'Reconcile',
  'TargetDateChange',
  'PaymentTypeChange',
  'PrincipalChange',
  'PaymentDayChange',
  'SkipPayments',
  'SkippedPayment',
])
export type LoanActivityType = typeof LoanActivityType.Type

/**
 * How a month's interest is counted: `Monthly` = balance × annual rate / 12 (the default); `Actual365` = balance ×
 * annual rate × days since the previous installment (the disbursement for the first) / 365.
 */
export const LoanDayCount = Schema.Literals(['Monthly', 'Actual365'])
export type LoanDayCount = typeof LoanDayCount.Type

/** What an overpayment keeps: the installment (fewer installments) or the end date (a lower installment). */
export const OverpaymentMode = Schema.Literals(['ShortenTerm', 'LowerInstallment'])
export type OverpaymentMode = typeof OverpaymentMode.Type

/**
 * The annual interest rate in percent as a decimal string ("7.5", "3.3", "0"). Decoding checks only the form;
 * the range (0 to 100) and the precision (at most 4 decimals) are the domain's rules, refused with typed errors
 * (domain/loans/rate.ts), so the API answers with the reason instead of a bare schema failure.
 */
export const AnnualRate = Schema.String.pipe(Schema.check(Schema.isPattern(/^\d+(\.\d+)?$/)))
export type AnnualRate = typeof AnnualRate.Type

/** An installment's number, counted from 1; the domain checks it against the schedule. */
export const InstallmentNumber = Schema.Int

/** A day of the month for the payments; a shorter month pays on its last day. */
export const PaymentDay = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 31 }))

/** A loan's terms as agreed: what `POST …/loans` carries (issue 32 §3), less its name and links. */
export const LoanTerms = Schema.Struct({
  /** The amount borrowed, in minor units. */
  principal: Minor,
  annualRate: AnnualRate,
  /** The number of monthly installments. */
  installments: Schema.Int,
  paymentType: LoanPaymentType,
  firstPaymentDate: IsoDate,
  disbursementDate: Schema.optionalKey(IsoDate),
  /** `Monthly` when absent; `Actual365` needs the disbursement date. */
  dayCount: Schema.optionalKey(LoanDayCount),
})
export type LoanTerms = typeof LoanTerms.Type

/** What the borrower actually paid for installment `installment` (recorded; the plan does not move). */
export const LoanPayment = Schema.Struct({
  type: Schema.Literal('Payment'),
  installment: InstallmentNumber,
  value: Minor,
})
/** The interest the bank actually charged for installment `installment` (recorded; the plan does not move). */
export const LoanInterestPaid = Schema.Struct({
  type: Schema.Literal('InterestPaid'),
  installment: InstallmentNumber,
  value: Minor,
})
/** A new rate (e.g. a WIBOR reset) from installment `fromInstallment` on. */
export const LoanInterestRateChange = Schema.Struct({
  type: Schema.Literal('InterestRateChange'),
  fromInstallment: InstallmentNumber,
  annualRate: AnnualRate,
})
/** The bank says the balance after installment `afterInstallment` is `balance`. */
export const LoanReconcile = Schema.Struct({
  type: Schema.Literal('Reconcile'),
  afterInstallment: InstallmentNumber,
  balance: Minor,
})
/** Re-plan from installment `fromInstallment` so that the last installment falls in the month of `targetDate`. */
export const LoanTargetDateChange = Schema.Struct({
  type: Schema.Literal('TargetDateChange'),
  fromInstallment: InstallmentNumber,
  targetDate: IsoDate,
})
/** Constant ↔ Decreasing from installment `fromInstallment` on. */
export const LoanPaymentTypeChange = Schema.Struct({
  type: Schema.Literal('PaymentTypeChange'),
  fromInstallment: InstallmentNumber,
  paymentType: LoanPaymentType,
})
/** An overpayment ("nadpłata") of `value` right after installment `afterInstallment`. */
export const LoanPrincipalChange = Schema.Struct({
  type: Schema.Literal('PrincipalChange'),
  afterInstallment: InstallmentNumber,
  value: Minor,
  mode: OverpaymentMode,
})
export type LoanPrincipalChange = typeof LoanPrincipalChange.Type
/** Installments from `fromInstallment` on fall on `paymentDay` of their month. */
export const LoanPaymentDayChange = Schema.Struct({
  type: Schema.Literal('PaymentDayChange'),
  fromInstallment: InstallmentNumber,
  paymentDay: PaymentDay,
})
/** Credit holidays: `count` installments from `fromInstallment` suspended, no interest, the term extends. */
export const LoanSkipPayments = Schema.Struct({
  type: Schema.Literal('SkipPayments'),
  fromInstallment: InstallmentNumber,
  count: Schema.Int,
})
/** One installment deferred by the bank: its interest is added to the balance, the term extends by one. */
export const LoanSkippedPayment = Schema.Struct({
  type: Schema.Literal('SkippedPayment'),
  installment: InstallmentNumber,
})

/** One activity on a loan, told apart by `type` (SPEC's loan activity types, each with its own fields). */
export const LoanActivity = Schema.Union([
  LoanPayment,
  LoanInterestPaid,
  LoanInterestRateChange,
  LoanReconcile,
  LoanTargetDateChange,
  LoanPaymentTypeChange,
  LoanPrincipalChange,
  LoanPaymentDayChange,
  LoanSkipPayments,
  LoanSkippedPayment,
])
export type LoanActivity = typeof LoanActivity.Type

/** SPEC §3 account or loan state: a loan is Closed when repaid, or by hand. */
export const LoanState = Schema.Literals(['Active', 'Closed'])
export type LoanState = typeof LoanState.Type

/**
 * A loan in a budget (issue 32 §2): its terms and every activity recorded on it, in the order recorded (the
 * schedule is computed from them), the account that tracks its balance and the category its installments go to.
 */
export const Loan = Schema.Struct({
  id: LoanId,
  name: Name,
  ...LoanTerms.fields,
  /** The account tracking the loan's balance; null for a loan recorded without one. */
  bankAccountId: Schema.NullOr(BankAccountId),
  categoryId: Schema.NullOr(CategoryId),
  state: LoanState,
  activities: Schema.Array(LoanActivity),
})
export type Loan = typeof Loan.Type

/**
 * One row of a schedule (issue 32 §3), in minor units: `payment` = `principal` + `interest` (the regular
 * installment), `overpayment` = extra principal paid right after it (0 when none), `balance` = what is owed after
 * the installment and its overpayment.
 */
export const LoanScheduleRow = Schema.Struct({
  number: Schema.Int,
  date: IsoDate,
  payment: Minor,
  principal: Minor,
  interest: Minor,
  overpayment: Minor,
  balance: Minor,
})
export type LoanScheduleRow = typeof LoanScheduleRow.Type

// Expected refusals of the loan arithmetic. `code` is the stable wire code of the problem document (422).

/** Which activity (its index in the list given) a refusal is about. */
const ActivityIndex = Schema.Int

export const LoanPrincipalOutOfRange = Schema.TaggedStruct('LoanPrincipalOutOfRange', {
  code: Schema.Literal('loan-principal-out-of-range'),
  principal: Schema.Int,
  maximum: Schema.Int,
})
export const LoanInstallmentsOutOfRange = Schema.TaggedStruct('LoanInstallmentsOutOfRange', {
  code: Schema.Literal('loan-installments-out-of-range'),
  installments: Schema.Int,
  maximum: Schema.Int,
})
export const LoanRateOutOfRange = Schema.TaggedStruct('LoanRateOutOfRange', {
  code: Schema.Literal('loan-rate-out-of-range'),
  annualRate: Schema.String,
  activityIndex: Schema.optionalKey(ActivityIndex),
})
export const LoanRateTooPrecise = Schema.TaggedStruct('LoanRateTooPrecise', {
  code: Schema.Literal('loan-rate-too-precise'),
  annualRate: Schema.String,
  activityIndex: Schema.optionalKey(ActivityIndex),
})
export const LoanDisbursementDateInvalid = Schema.TaggedStruct('LoanDisbursementDateInvalid', {
  code: Schema.Literal('loan-disbursement-date-invalid'),
  /** Missing for an `Actual365` loan, or not before the first payment. */
  reason: Schema.Literals(['Missing', 'NotBeforeFirstPayment']),
})
export const LoanActivityOutOfRange = Schema.TaggedStruct('LoanActivityOutOfRange', {
  code: Schema.Literal('loan-activity-out-of-range'),
  activityIndex: ActivityIndex,
  installment: Schema.Int,
  /** The schedule's last installment when the activity was reached. */
  lastInstallment: Schema.Int,
})
export const LoanActivityValueInvalid = Schema.TaggedStruct('LoanActivityValueInvalid', {
  code: Schema.Literal('loan-activity-value-invalid'),
  activityIndex: ActivityIndex,
  value: Schema.Int,
})
export const LoanOverpaymentExceedsBalance = Schema.TaggedStruct('LoanOverpaymentExceedsBalance', {
  code: Schema.Literal('loan-overpayment-exceeds-balance'),
  activityIndex: ActivityIndex,
  value: Minor,
  balance: Minor,
})
/** A target date before the installment the re-plan starts from, or too far for the longest schedule. */
export const LoanTargetDateOutOfRange = Schema.TaggedStruct('LoanTargetDateOutOfRange', {
  code: Schema.Literal('loan-target-date-out-of-range'),
  activityIndex: ActivityIndex,
  targetDate: IsoDate,
  /** The date of the installment the re-plan starts from. */
  fromDate: IsoDate,
})

export const LoanError = Schema.Union([
  LoanPrincipalOutOfRange,
  LoanInstallmentsOutOfRange,
  LoanRateOutOfRange,
  LoanRateTooPrecise,
  LoanDisbursementDateInvalid,
  LoanActivityOutOfRange,
  LoanActivityValueInvalid,
  LoanOverpaymentExceedsBalance,
  LoanTargetDateOutOfRange,
])
export type LoanError = typeof LoanError.Type
