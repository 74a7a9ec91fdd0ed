import * as Result from 'effect/Result'
import type { BudgetCommandOf } from '../schemas/budgetCommands.ts'
import type { BudgetError } from '../schemas/budgetErrors.ts'
import type { LoanId } from '../schemas/ids.ts'
import type { Loan, LoanActivity, LoanTerms } from '../schemas/loans.ts'
import * as money from './decideMoney.ts'
import { type Decision, fail, findCategory, liveBudget } from './decision.ts'
import { type LoanSchedule, loanSchedule } from './loans/schedule.ts'
import type { BudgetState } from './state.ts'

// Loans in the budget stream (issue 32): the terms and the activities are the facts, and a command is taken only
// when the loan's schedule (domain/loans/) can be computed with it, so a stored loan always has a schedule. The
// schedule's refusal (`LoanError`) is the command's.

const findLoan = (state: BudgetState, loanId: LoanId): Result.Result<Loan, BudgetError> => {
  const loan = state.loans.get(loanId)
  return loan ? Result.succeed(loan) : fail('LoanNotFound', { loanId })
}

const activeLoan = (state: BudgetState, loanId: LoanId): Result.Result<Loan, BudgetError> =>
  Result.flatMap(findLoan(state, loanId), (loan) =>
    loan.state === 'Closed' ? fail('LoanIsClosed', { loanId }) : Result.succeed(loan),
  )

/** A loan's terms alone, in the fixed key order of events and rows. */
export const termsOf = (loan: LoanTerms): LoanTerms => ({
  principal: loan.principal,
  annualRate: loan.annualRate,
  installments: loan.installments,
  paymentType: loan.paymentType,
  firstPaymentDate: loan.firstPaymentDate,
  ...(loan.disbursementDate === undefined ? {} : { disbursementDate: loan.disbursementDate }),
  ...(loan.dayCount === undefined ? {} : { dayCount: loan.dayCount }),
})

/** The loan's schedule from its terms and activities, or the arithmetic's refusal as the budget's. */
export const scheduleOf = (
  loan: LoanTerms,
  activities: readonly LoanActivity[],
): Result.Result<LoanSchedule, BudgetError> => loanSchedule(termsOf(loan), activities)

export const createLoan = (command: BudgetCommandOf<'CreateLoan'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    if (state.loans.has(command.loanId)) return yield* fail('LoanAlreadyExists', { loanId: command.loanId })
    const terms = termsOf(command)
    yield* scheduleOf(terms, [])
    if (command.bankAccountId !== undefined) yield* money.activeAccount(state, command.bankAccountId)
    if (command.categoryId !== undefined) yield* findCategory(state, command.categoryId)
    const loan: Loan = {
      id: command.loanId,
      name: command.name,
      ...terms,
      bankAccountId: command.bankAccountId ?? null,
      categoryId: command.categoryId ?? null,
      state: 'Active',
      activities: [],
    }
    return [{ _tag: 'LoanCreated', loan }]
  })

export const recordLoanActivity = (
  command: BudgetCommandOf<'RecordLoanActivity'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const loan = yield* activeLoan(state, command.loanId)
    yield* scheduleOf(loan, [...loan.activities, command.activity])
    return [{ _tag: 'LoanActivityRecorded', loanId: loan.id, activity: command.activity }]
  })

export const closeLoan = (command: BudgetCommandOf<'CloseLoan'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const loan = yield* activeLoan(state, command.loanId)
    return [{ _tag: 'LoanClosed', loanId: loan.id }]
  })
