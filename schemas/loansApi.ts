import * as Schema from 'effect/Schema'
import * as Struct from 'effect/Struct'
import { NewName } from './budget.ts'
import { CreateLoan, OverpayLoan, PayLoanInstallment } from './budgetCommands.ts'
import { BudgetId, LoanId } from './ids.ts'
import { Loan, LoanActivity, LoanScheduleRow } from './loans.ts'

// The HTTP contract of loans (issue 32 §3): bodies, parameters and answers of server/ledger/routesLoans.ts.
// Commands and events are in budgetCommands.ts / budgetEvents.ts; the arithmetic in domain/loans/.

export const LoanParams = Schema.Struct({ budgetId: BudgetId, loanId: LoanId })

/**
 * A new loan: its terms (`principal` in minor units, `annualRate` a decimal string in percent), its name, and the
 * account and category it is linked to. The server makes its id. Without `bankAccountId` the loan gets its own
 * tracking (off-budget) account, opened with what is owed today; without `categoryId` its own category, named as
 * the loan, in the group `categoryGroupName` (found by name or made; "Kredyty" when absent), with a DebtPayment
 * target at the next installment.
 */
export const CreateLoanBody = Schema.Struct({
  ...Struct.omit(CreateLoan.fields, ['_tag', 'loanId', 'ownAccount', 'ownCategory', 'targetId']),
  categoryGroupName: Schema.optionalKey(NewName),
})

/** Pays one installment as scheduled from a budget account (issue 32 §2). */
export const PayLoanInstallmentBody = Schema.Struct(
  Struct.pick(PayLoanInstallment.fields, ['installment', 'fromBankAccountId', 'date']),
)

/** An overpayment paid from a budget account: a PrincipalChange and the money moved into the loan's account. */
export const OverpayLoanBody = Schema.Struct(
  Struct.pick(OverpayLoan.fields, ['afterInstallment', 'value', 'mode', 'fromBankAccountId', 'date']),
)

/** One activity, told apart by `type` (e.g. an overpayment `PrincipalChange`, a rate change `InterestRateChange`). */
export const RecordLoanActivityBody = LoanActivity

export const LoanList = Schema.Array(Loan)

/** A loan's schedule, one row per installment numbered from 1 (issue 32 §3). */
export const LoanSchedule = Schema.Array(LoanScheduleRow)

/** Every loan's schedule in one list (SPEC loans-schedule): each row names its loan. */
export const LoansScheduleRow = Schema.Struct({ loanId: LoanId, ...LoanScheduleRow.fields })
export const LoansSchedule = Schema.Array(LoansScheduleRow)

/** One recorded activity (SPEC loans-activities): its loan, its place in the loan's list (from 0) and itself. */
export const LoanActivityEntry = Schema.Struct({ loanId: LoanId, index: Schema.Int, activity: LoanActivity })
export const LoanActivityList = Schema.Array(LoanActivityEntry)
