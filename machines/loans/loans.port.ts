import type { BankAccountId, CategoryId, LoanId } from '../../schemas/ids.ts'
import type { Loan, LoanActivity, LoanPaymentType, OverpaymentMode } from '../../schemas/loans.ts'
import type { IsoDate, Minor } from '../../schemas/money.ts'

// The loan screens' writes (issue 32 §3, docs: /work/notes/loans-contract.md): each is one REST request whose answer
// is the loan as it now stands. The open budget hears the events on its live stream, so lists update by themselves.

/** `POST …/loans`: the terms, and either links to an existing account and category or none (the server makes them). */
export type NewLoanBody = {
  readonly name: string
  readonly principal: Minor
  readonly annualRate: string
  readonly installments: number
  readonly paymentType: LoanPaymentType
  readonly firstPaymentDate: IsoDate
  readonly disbursementDate?: IsoDate
  readonly bankAccountId?: BankAccountId
  readonly categoryId?: CategoryId
  /** The group the loan's own category goes into, in the person's language ("Kredyty"). */
  readonly categoryGroupName?: string
}

/** `POST …/loans/{loanId}/payments`: installment `installment` paid as scheduled from a budget account. */
export type InstallmentPaymentBody = {
  readonly fromBankAccountId: BankAccountId
  readonly date: IsoDate
  readonly installment: number
}

/** `POST …/loans/{loanId}/overpayments`: an overpayment paid from a budget account (the money moves too). */
export type OverpaymentBody = {
  readonly afterInstallment: number
  readonly value: Minor
  readonly mode: OverpaymentMode
  readonly fromBankAccountId: BankAccountId
  readonly date: IsoDate
}

/** One write of a loan form. */
export type LoanWrite =
  | { readonly kind: 'create'; readonly body: NewLoanBody }
  | { readonly kind: 'activity'; readonly loanId: LoanId; readonly activity: LoanActivity }
  | { readonly kind: 'payment'; readonly loanId: LoanId; readonly body: InstallmentPaymentBody }
  | { readonly kind: 'overpayment'; readonly loanId: LoanId; readonly body: OverpaymentBody }
  | { readonly kind: 'close'; readonly loanId: LoanId }

/**
 * The answer as a value: the loan, or a refusal with the problem document's `code` (422 `loan-…`, 400
 * `validation_failed`, 403 `read_only`…) and status; `status` null when no answer came (offline, timeout).
 */
export type LoanWriteOutcome =
  | { readonly ok: true; readonly loan: Loan }
  | { readonly ok: false; readonly status: number | null; readonly code: string | null }

/** src/ports/loansPort.ts implements it with the app's HTTP client; tests script it. */
export type LoansPort = {
  write(budgetId: string, write: LoanWrite, signal: AbortSignal): Promise<LoanWriteOutcome>
}
