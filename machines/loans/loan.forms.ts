import * as Result from 'effect/Result'
import { BankAccountId, CategoryId, type LoanId } from '../../schemas/ids.ts'
import type {
  Loan,
  LoanActivity,
  LoanActivityType,
  LoanPaymentType,
  OverpaymentMode,
} from '../../schemas/loans.ts'
import { IsoDate, type Minor } from '../../schemas/money.ts'
import {
  type Checked,
  checkAmount,
  checkDate,
  checkName,
  type FieldError,
  type FieldErrors,
  type FormEnv,
  ONE_MINOR_UNIT,
  REQUIRED,
  take,
} from '../dialogs/shared/dialog.validation.ts'
import type { InstallmentPaymentBody, LoanWrite, NewLoanBody } from './loans.port.ts'

// The loan dialogs' forms, pure: fields as typed, the check (messages as i18n keys, the domain's own where the rule
// is the domain's), the write each builds, and where a server refusal is shown.

/** The most installments a loan is agreed for (domain/loans/schedule.ts maxInstallments: 100 years). */
export const MAX_INSTALLMENTS = 1200
/** The longest schedule (holidays and deferrals extend a loan up to twice its length). */
export const MAX_ROWS = 2 * MAX_INSTALLMENTS

const RATE = /^\d{1,3}(\.\d+)?$/u

/** "7,5", "7.5 %", " 3,30" → "7.5", "3.30": the decimal string the API takes, or why not (issue 32 §3). */
export const checkRate = (text: string): Result.Result<string, FieldError> => {
  const rate = text.replace(/%/gu, '').replace(/\s/gu, '').replace(',', '.')
  if (rate === '') return Result.fail(REQUIRED)
  if (!RATE.test(rate)) return Result.fail({ key: 'loans.validation.rate' })
  const decimals = rate.split('.')[1] ?? ''
  if (decimals.length > 4) return Result.fail({ key: 'budget.errors.loan-rate-too-precise' })
  if (Number(rate) > 100) return Result.fail({ key: 'budget.errors.loan-rate-out-of-range' })
  return Result.succeed(rate)
}

/** A whole number from `min` to `max` (installments, a day, a count). */
export const checkWhole = (text: string, min: number, max: number): Result.Result<number, FieldError> => {
  const trimmed = text.trim()
  if (trimmed === '') return Result.fail(REQUIRED)
  const value = /^\d+$/u.test(trimmed) ? Number(trimmed) : Number.NaN
  return Number.isSafeInteger(value) && value >= min && value <= max
    ? Result.succeed(value)
    : Result.fail({ key: 'loans.validation.whole', params: { min, max } })
}

const optionalWhole = (text: string, max: number): Result.Result<number, FieldError> =>
  text.trim() === '' ? Result.succeed(0) : checkWhole(text, 0, max)

const checked = <V, F>(errors: FieldErrors<F>, value: () => V): Checked<V, F> =>
  Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: value() }

// ── A new loan ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Whether the loan makes its own tracking account and category, or is linked to existing ones. */
export type LoanLink = 'own' | 'existing'

export type NewLoanFields = {
  readonly name: string
  readonly principal: string
  readonly annualRate: string
  /** The term: years and months, or (`years` empty) months alone; installments = 12 × years + months. */
  readonly years: string
  readonly months: string
  readonly paymentType: LoanPaymentType
  readonly firstPaymentDate: string
  readonly disbursementDate: string
  readonly link: LoanLink
  readonly bankAccountId: string
  readonly categoryId: string
}

export type NewLoanProps = {
  /** The group of the loan's own category, in the person's language ("Kredyty", "Loans", "Kredite"). */
  readonly categoryGroupName: string
}

export const newLoanFields = (): NewLoanFields => ({
  name: '',
  principal: '',
  annualRate: '',
  years: '',
  months: '',
  paymentType: 'Constant',
  firstPaymentDate: '',
  disbursementDate: '',
  link: 'own',
  bankAccountId: '',
  categoryId: '',
})

/** The number of installments the term fields say, or null while they say none. */
export const installmentsOf = (fields: Pick<NewLoanFields, 'years' | 'months'>): number | null => {
  const years = optionalWhole(fields.years, 100)
  const months = optionalWhole(fields.months, MAX_INSTALLMENTS)
  if (Result.isFailure(years) || Result.isFailure(months)) return null
  const count = years.success * 12 + months.success
  return count > 0 ? count : null
}

export const checkNewLoan = (fields: NewLoanFields, _props: NewLoanProps, env: FormEnv) => {
  const errors: FieldErrors<NewLoanFields> = {}
  const name = take(errors, 'name', checkName(fields.name))
  const principal = take(errors, 'principal', checkAmount(fields.principal, env, { min: ONE_MINOR_UNIT }))
  const annualRate = take(errors, 'annualRate', checkRate(fields.annualRate))
  const years = take(errors, 'years', optionalWhole(fields.years, 100))
  const months = take(errors, 'months', optionalWhole(fields.months, MAX_INSTALLMENTS))
  const installments = (years ?? 0) * 12 + (months ?? 0)
  if (years !== undefined && months !== undefined && (installments < 1 || installments > MAX_INSTALLMENTS))
    errors.years = { key: 'budget.errors.loan-installments-out-of-range' }
  const firstPaymentDate = take(errors, 'firstPaymentDate', checkDate(fields.firstPaymentDate))
  const disbursementDate =
    fields.disbursementDate.trim() === ''
      ? null
      : take(errors, 'disbursementDate', checkDate(fields.disbursementDate))
  if (
    disbursementDate !== null &&
    disbursementDate !== undefined &&
    firstPaymentDate !== undefined &&
    disbursementDate >= firstPaymentDate
  )
    errors.disbursementDate = { key: 'budget.errors.loan-disbursement-date-invalid' }
  if (fields.link === 'existing') {
    if (fields.bankAccountId === '') errors.bankAccountId = REQUIRED
    if (fields.categoryId === '') errors.categoryId = REQUIRED
  }
  return checked(errors, () => ({
    name: name ?? '',
    principal: principal as Minor,
    annualRate: annualRate ?? '',
    installments,
    paymentType: fields.paymentType,
    firstPaymentDate: firstPaymentDate as IsoDate,
    ...(disbursementDate === null || disbursementDate === undefined ? {} : { disbursementDate }),
    ...(fields.link === 'existing'
      ? {
          bankAccountId: BankAccountId.make(fields.bankAccountId),
          categoryId: CategoryId.make(fields.categoryId),
        }
      : {}),
  }))
}

export const buildNewLoan = (value: NewLoanBody, props: NewLoanProps): LoanWrite => ({
  kind: 'create',
  body: value.bankAccountId === undefined ? { ...value, categoryGroupName: props.categoryGroupName } : value,
})

const NEW_LOAN_FIELDS: Readonly<Record<string, keyof NewLoanFields & string>> = {
  'loan-principal-out-of-range': 'principal',
  'loan-installments-out-of-range': 'years',
  'loan-rate-out-of-range': 'annualRate',
  'loan-rate-too-precise': 'annualRate',
  'loan-disbursement-date-invalid': 'disbursementDate',
  'account-not-found': 'bankAccountId',
  'account-closed': 'bankAccountId',
  'category-not-found': 'categoryId',
}

export const newLoanFieldOf = (code: string): (keyof NewLoanFields & string) | null =>
  NEW_LOAN_FIELDS[code] ?? (code.startsWith('loan-') ? 'name' : null)

// ── An activity on a loan ────────────────────────────────────────────────────────────────────────────────────────

/** Every field any activity has; each type reads its own (ACTIVITY_FIELDS). */
export type LoanActivityFields = {
  /** Installment j (from), k (after) or the installment itself, by the type. */
  readonly installment: string
  readonly value: string
  readonly annualRate: string
  readonly balance: string
  readonly targetDate: string
  readonly paymentType: LoanPaymentType
  readonly paymentDay: string
  readonly count: string
  readonly mode: OverpaymentMode
  /** An overpayment paid from a budget account ('' records it alone, the money moved elsewhere) … */
  readonly fromBankAccountId: string
  /** … on this day. */
  readonly date: string
}

export type LoanActivityProps = {
  readonly loan: Loan
  readonly type: LoanActivityType
  /** The installment the form starts at (the next one due, or for an overpayment the last one paid). */
  readonly installment: number
  /** The schedule's last installment now (what the form's installment may name). */
  readonly lastInstallment: number
  /** Today as the person types a date: when an overpayment from an account is paid, unless changed. */
  readonly todayText: string
}

/** Which fields each activity type shows, in order (`installment` always first). */
export const ACTIVITY_FIELDS = {
  Payment: ['installment', 'value'],
  InterestPaid: ['installment', 'value'],
  InterestRateChange: ['installment', 'annualRate'],
  Reconcile: ['installment', 'balance'],
  TargetDateChange: ['installment', 'targetDate'],
  PaymentTypeChange: ['installment', 'paymentType'],
  PrincipalChange: ['installment', 'value', 'mode', 'fromBankAccountId', 'date'],
  PaymentDayChange: ['installment', 'paymentDay'],
  SkipPayments: ['installment', 'count'],
  SkippedPayment: ['installment'],
} as const satisfies Record<LoanActivityType, ReadonlyArray<keyof LoanActivityFields>>

/** How an activity names its installment: before it (from), right after it, or the installment itself. */
export type InstallmentRole = 'from' | 'after' | 'of'

export const INSTALLMENT_ROLE = {
  Payment: 'of',
  InterestPaid: 'of',
  InterestRateChange: 'from',
  Reconcile: 'after',
  TargetDateChange: 'from',
  PaymentTypeChange: 'from',
  PrincipalChange: 'after',
  PaymentDayChange: 'from',
  SkipPayments: 'from',
  SkippedPayment: 'of',
} as const satisfies Record<LoanActivityType, InstallmentRole>

export const loanActivityFields = (props: LoanActivityProps): LoanActivityFields => ({
  installment: String(props.installment),
  value: '',
  annualRate: '',
  balance: '',
  targetDate: '',
  // A change of type is to the other one.
  paymentType: props.loan.paymentType === 'Constant' ? 'Decreasing' : 'Constant',
  paymentDay: '',
  count: '1',
  mode: 'ShortenTerm',
  fromBankAccountId: '',
  date: props.todayText,
})

type ActivityValue = {
  readonly loanId: LoanId
  readonly activity: LoanActivity
  /** An overpayment paid from a budget account: where from and when. */
  readonly paid?: { readonly fromBankAccountId: BankAccountId; readonly date: IsoDate }
}

export const checkLoanActivity = (
  fields: LoanActivityFields,
  props: LoanActivityProps,
  env: FormEnv,
): Checked<ActivityValue, LoanActivityFields> => {
  const errors: FieldErrors<LoanActivityFields> = {}
  const n = take(errors, 'installment', checkWhole(fields.installment, 1, Math.max(1, props.lastInstallment)))
  const positive = () => take(errors, 'value', checkAmount(fields.value, env, { min: ONE_MINOR_UNIT }))
  const activity = ((): LoanActivity | undefined => {
    const at = n ?? 0
    switch (props.type) {
      case 'Payment':
      case 'InterestPaid': {
        const value = take(errors, 'value', checkAmount(fields.value, env, { min: 0 }))
        return value === undefined ? undefined : { type: props.type, installment: at, value }
      }
      case 'InterestRateChange': {
        const annualRate = take(errors, 'annualRate', checkRate(fields.annualRate))
        return annualRate === undefined ? undefined : { type: props.type, fromInstallment: at, annualRate }
      }
      case 'Reconcile': {
        const balance = take(errors, 'balance', checkAmount(fields.balance, env, { min: 0 }))
        return balance === undefined ? undefined : { type: props.type, afterInstallment: at, balance }
      }
      case 'TargetDateChange': {
        const targetDate = take(errors, 'targetDate', checkDate(fields.targetDate))
        return targetDate === undefined ? undefined : { type: props.type, fromInstallment: at, targetDate }
      }
      case 'PaymentTypeChange':
        return { type: props.type, fromInstallment: at, paymentType: fields.paymentType }
      case 'PrincipalChange': {
        const value = positive()
        return value === undefined
          ? undefined
          : { type: props.type, afterInstallment: at, value, mode: fields.mode }
      }
      case 'PaymentDayChange': {
        const paymentDay = take(errors, 'paymentDay', checkWhole(fields.paymentDay, 1, 31))
        return paymentDay === undefined ? undefined : { type: props.type, fromInstallment: at, paymentDay }
      }
      case 'SkipPayments': {
        const count = take(errors, 'count', checkWhole(fields.count, 1, MAX_INSTALLMENTS))
        return count === undefined ? undefined : { type: props.type, fromInstallment: at, count }
      }
      case 'SkippedPayment':
        return { type: props.type, installment: at }
    }
  })()
  const paidFrom = props.type === 'PrincipalChange' && fields.fromBankAccountId !== ''
  const date = paidFrom ? take(errors, 'date', checkDate(fields.date)) : undefined
  return checked(errors, () => ({
    loanId: props.loan.id,
    // The check passed: every field the type reads was read.
    activity: activity as LoanActivity,
    ...(paidFrom && date !== undefined
      ? { paid: { fromBankAccountId: BankAccountId.make(fields.fromBankAccountId), date } }
      : {}),
  }))
}

/** An activity, or an overpayment paid from an account (the server records it and moves the money). */
export const buildLoanActivity = ({ loanId, activity, paid }: ActivityValue): LoanWrite =>
  activity.type === 'PrincipalChange' && paid !== undefined
    ? {
        kind: 'overpayment',
        loanId,
        body: {
          afterInstallment: activity.afterInstallment,
          value: activity.value,
          mode: activity.mode,
          fromBankAccountId: paid.fromBankAccountId,
          date: paid.date,
        },
      }
    : { kind: 'activity', loanId, activity }

/** The field of the activity's own amount, date or count: where "this value is not valid" belongs. */
const VALUE_FIELD = {
  Payment: 'value',
  InterestPaid: 'value',
  InterestRateChange: 'annualRate',
  Reconcile: 'balance',
  TargetDateChange: 'targetDate',
  PaymentTypeChange: 'paymentType',
  PrincipalChange: 'value',
  PaymentDayChange: 'paymentDay',
  SkipPayments: 'count',
  SkippedPayment: 'installment',
} as const satisfies Record<LoanActivityType, keyof LoanActivityFields>

export const loanActivityFieldOf = (code: string, props: LoanActivityProps): keyof LoanActivityFields => {
  if (code.startsWith('account-') || code === 'loan-no-tracking-account') return 'fromBankAccountId'
  switch (code) {
    case 'loan-rate-out-of-range':
    case 'loan-rate-too-precise':
      return 'annualRate'
    case 'loan-activity-value-invalid':
    case 'loan-overpayment-exceeds-balance':
    case 'loan-target-date-out-of-range':
      return VALUE_FIELD[props.type]
    default:
      return 'installment'
  }
}

// ── Paying an installment from a budget account ──────────────────────────────────────────────────────────────────

export type LoanPaymentFields = {
  readonly installment: string
  readonly fromBankAccountId: string
  readonly date: string
}

export type LoanPaymentProps = {
  readonly loan: Loan
  /** The next unpaid installment. */
  readonly installment: number
  readonly lastInstallment: number
  /** The installment's date: what the payment's date starts at (typed text in the person's language). */
  readonly dateText: string
  /** The only budget account, chosen from the start. */
  readonly bankAccountId: string
}

export const loanPaymentFields = (props: LoanPaymentProps): LoanPaymentFields => ({
  installment: String(props.installment),
  fromBankAccountId: props.bankAccountId,
  date: props.dateText,
})

type PaymentValue = { readonly loanId: LoanId; readonly body: InstallmentPaymentBody }

export const checkLoanPayment = (
  fields: LoanPaymentFields,
  props: LoanPaymentProps,
): Checked<PaymentValue, LoanPaymentFields> => {
  const errors: FieldErrors<LoanPaymentFields> = {}
  const installment = take(
    errors,
    'installment',
    checkWhole(fields.installment, 1, Math.max(1, props.lastInstallment)),
  )
  const date = take(errors, 'date', checkDate(fields.date))
  if (fields.fromBankAccountId === '') errors.fromBankAccountId = REQUIRED
  return checked(errors, () => ({
    loanId: props.loan.id,
    body: {
      fromBankAccountId: BankAccountId.make(fields.fromBankAccountId),
      date: date ?? IsoDate.make('1970-01-01'),
      installment: installment ?? 1,
    },
  }))
}

export const buildLoanPayment = (value: PaymentValue): LoanWrite => ({ kind: 'payment', ...value })

export const loanPaymentFieldOf = (code: string): keyof LoanPaymentFields | null =>
  code.startsWith('account-') ? 'fromBankAccountId' : code.startsWith('loan-') ? 'installment' : null

// ── Closing a loan by hand ───────────────────────────────────────────────────────────────────────────────────────

/** Nothing to type: closing asks only for the confirmation. */
export type CloseLoanFields = { readonly confirmed: 'yes' }
export type CloseLoanProps = { readonly loan: Loan }

export const closeLoanFields = (): CloseLoanFields => ({ confirmed: 'yes' })

export const checkCloseLoan = (
  _fields: CloseLoanFields,
  props: CloseLoanProps,
): Checked<{ readonly loanId: LoanId }, CloseLoanFields> => ({ ok: true, value: { loanId: props.loan.id } })

export const buildCloseLoan = (value: { readonly loanId: LoanId }): LoanWrite => ({ kind: 'close', ...value })
