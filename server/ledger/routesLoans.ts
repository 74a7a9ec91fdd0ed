import * as Result from 'effect/Result'
import type { FastifyRequest } from 'fastify'
import { scheduleOf } from '../../domain/decideLoans.ts'
import type { BudgetState } from '../../domain/state.ts'
import type { BudgetCommandDraft } from '../../schemas/budgetCommands.ts'
import {
  BankAccountId,
  CategoryGroupId,
  CategoryId,
  LoanId,
  TargetId,
  type TransactionId,
  type TransferId,
} from '../../schemas/ids.ts'
import { BudgetParams } from '../../schemas/ledgerApi.ts'
import type { Loan, LoanScheduleRow } from '../../schemas/loans.ts'
import { Loan as LoanView } from '../../schemas/loans.ts'
import {
  CreateLoanBody,
  LoanActivityList,
  LoanList,
  LoanParams,
  LoanSchedule,
  LoansSchedule,
  OverpayLoanBody,
  PayLoanInstallmentBody,
  RecordLoanActivityBody,
} from '../../schemas/loansApi.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { type AnyRoute, defineRoute } from '../http/route.ts'
import { found, readableHead, readReply, runCommand } from './http.ts'
import { budgetNotFound } from './problems.ts'
import { mintedIds } from './routesMoney.ts'
import { readAtOneVersion } from './service.ts'
import { todayOf } from './today.ts'
import { timeOrderedUuid } from './uuidv7.ts'

// Loans over HTTP (issue 32 §3). The terms and activities are the state's (domain/decideLoans.ts); every schedule
// is computed from them on read (domain/loans/), so it is regenerated after every activity and never stored.

const tags = ['loans']

const loanNotFound = (): ProblemError =>
  new ProblemError(makeProblem(404, 'not_found', 'There is no such loan in this budget.'))

/** The budget's state at its current version (the cached summary holds the loans), or 404. */
const readLoans = async (request: Parameters<typeof readableHead>[0], budgetId: string) => {
  await readableHead(request, budgetId)
  const read = await readAtOneVersion(request.server.ledger, budgetId, async () => undefined)
  if (read === undefined) throw budgetNotFound()
  return read
}

/** A stored loan's schedule: the decision that stored it computed it, so a refusal here is a broken invariant. */
const rowsOf = (loan: Loan): readonly LoanScheduleRow[] => {
  const schedule = scheduleOf(loan, loan.activities)
  if (Result.isFailure(schedule)) throw new Error(`loan ${loan.id} has no schedule: ${schedule.failure._tag}`)
  return schedule.success.rows
}

const loansOf = (state: BudgetState): readonly Loan[] => [...state.loans.values()]

/** The group a loan's own category goes into when the app names none (Polish first, like the product). */
const defaultLoanGroup = 'Kredyty'

/** A command that moves money into a loan, less the loan it is about. */
type LoanMoneyDraft =
  | Omit<Extract<BudgetCommandDraft, { _tag: 'PayLoanInstallment' }>, 'loanId'>
  | Omit<Extract<BudgetCommandDraft, { _tag: 'OverpayLoan' }>, 'loanId'>

/** The new ids of a transfer into the loan's account. */
type TransferIds = {
  readonly transferId: TransferId
  readonly outflowTransactionId: TransactionId
  readonly inflowTransactionId: TransactionId
}

/**
 * A write that moves money into a loan (a payment, an overpayment): its transfer's ids and any other minted here,
 * the command built from them, the loan as it then stands in the answer.
 */
const moveMoney = (
  request: FastifyRequest,
  params: { readonly budgetId: string; readonly loanId: LoanId },
  command: (ids: TransferIds, mint: () => TransactionId) => LoanMoneyDraft,
) => {
  const { minted, mint, mintTransfer } = mintedIds()
  const ids = { transferId: mintTransfer(), outflowTransactionId: mint(), inflowTransactionId: mint() }
  return runCommand(request, params.budgetId, {
    status: 201,
    minted,
    commands: (meta) => [{ ...command(ids, mint), ...meta(0), loanId: params.loanId }],
    answer: (after) => found(after.loans.get(params.loanId), 'loan'),
  })
}

export const loanRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/loans',
    operationId: 'listLoans',
    summary: 'The loans of a budget (SPEC loans): terms, links, state and activities, in the order created',
    tags,
    params: BudgetParams,
    responses: { 200: { description: 'The loans.', schema: LoanList } },
    handler: async ({ params, request }) => {
      const read = await readLoans(request, params.budgetId)
      return readReply(loansOf(read.state), read.version)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/loans-schedule',
    operationId: 'listLoansSchedule',
    summary: "Every loan's schedule (SPEC loans-schedule), each row with its loanId, loan by loan",
    tags,
    params: BudgetParams,
    responses: { 200: { description: 'The rows.', schema: LoansSchedule } },
    handler: async ({ params, request }) => {
      const read = await readLoans(request, params.budgetId)
      return readReply(
        loansOf(read.state).flatMap((loan) => rowsOf(loan).map((row) => ({ loanId: loan.id, ...row }))),
        read.version,
      )
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/loan-activities',
    operationId: 'listLoanActivities',
    summary: "Every loan's activities (SPEC loans-activities), loan by loan, each in the order recorded",
    tags,
    params: BudgetParams,
    responses: { 200: { description: 'The activities.', schema: LoanActivityList } },
    handler: async ({ params, request }) => {
      const read = await readLoans(request, params.budgetId)
      return readReply(
        loansOf(read.state).flatMap((loan) =>
          loan.activities.map((activity, index) => ({ loanId: loan.id, index, activity })),
        ),
        read.version,
      )
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/loans/:loanId/schedule',
    operationId: 'getLoanSchedule',
    summary:
      "A loan's schedule from its terms and every activity: one row per installment from 1, in minor units; payment = principal + interest, overpayment = extra principal right after it, balance = owed after both",
    tags,
    params: LoanParams,
    responses: { 200: { description: 'The schedule.', schema: LoanSchedule } },
    handler: async ({ params, request }) => {
      const read = await readLoans(request, params.budgetId)
      const loan = read.state.loans.get(params.loanId)
      if (loan === undefined) throw loanNotFound()
      return readReply(rowsOf(loan), read.version)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/loans',
    operationId: 'createLoan',
    summary:
      'Record a loan (principal in minor units, annualRate a decimal string in percent, 0 to 100, at most 4 decimals); the server makes its id. Without bankAccountId it opens the loan its own tracking (off-budget) account at minus what is owed today; without categoryId it makes the loan its own category (in categoryGroupName, default "Kredyty") with a DebtPayment target at the next installment',
    tags,
    params: BudgetParams,
    body: CreateLoanBody,
    responses: { 201: { description: 'The new loan.', schema: LoanView } },
    handler: async ({ params, body, request }) => {
      const loanId = LoanId.make(timeOrderedUuid())
      const { categoryGroupName, ...terms } = body
      const ownAccount =
        body.bankAccountId === undefined
          ? {
              ownAccount: {
                bankAccountId: BankAccountId.make(timeOrderedUuid()),
                openingDate: await todayOf(request),
              },
            }
          : {}
      const ownCategory =
        body.categoryId === undefined
          ? {
              ownCategory: {
                categoryId: CategoryId.make(timeOrderedUuid()),
                categoryGroupId: CategoryGroupId.make(timeOrderedUuid()),
                groupName: categoryGroupName ?? defaultLoanGroup,
              },
            }
          : {}
      const targetId = TargetId.make(timeOrderedUuid())
      return runCommand(request, params.budgetId, {
        status: 201,
        commands: (meta) => [
          { _tag: 'CreateLoan', ...meta(0), loanId, ...terms, ...ownAccount, ...ownCategory, targetId },
        ],
        answer: (after) => found(after.loans.get(loanId), 'loan'),
      })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/loans/:loanId/activities',
    operationId: 'recordLoanActivity',
    summary:
      "Record an activity on an active loan (e.g. PrincipalChange: an overpayment right after an installment, ShortenTerm or LowerInstallment; InterestRateChange from an installment on); the schedule is regenerated. An overpayment recorded here was paid from outside the budget: the loan's tracking account records it, without a category",
    tags,
    params: LoanParams,
    body: RecordLoanActivityBody,
    responses: { 201: { description: 'The loan with the activity.', schema: LoanView } },
    handler: async ({ params, body, request }) => {
      const { minted, mint } = mintedIds()
      return runCommand(request, params.budgetId, {
        status: 201,
        minted,
        commands: (meta) => [
          {
            _tag: 'RecordLoanActivity',
            ...meta(0),
            loanId: params.loanId,
            activity: body,
            // An overpayment paid from elsewhere lowers the tracking account too (domain/decideLoans.ts).
            ...(body.type === 'PrincipalChange' ? { adjustmentTransactionId: mint() } : {}),
          },
        ],
        answer: (after) => found(after.loans.get(params.loanId), 'loan'),
      })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/loans/:loanId/payments',
    operationId: 'payLoanInstallment',
    summary:
      "Pay an installment as scheduled from a budget account: the principal part moves into the loan's account as a transfer carrying the loan's category, the interest part is spending in that category, and a Payment is recorded",
    tags,
    params: LoanParams,
    body: PayLoanInstallmentBody,
    responses: { 201: { description: 'The loan with the payment.', schema: LoanView } },
    handler: async ({ params, body, request }) =>
      moveMoney(request, params, (ids, mint) => ({
        _tag: 'PayLoanInstallment',
        ...body,
        ...ids,
        interestTransactionId: mint(),
      })),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/loans/:loanId/overpayments',
    operationId: 'overpayLoan',
    summary:
      "Overpay a loan from a budget account right after an installment (ShortenTerm or LowerInstallment): a PrincipalChange, and the money moved into the loan's account carrying its category",
    tags,
    params: LoanParams,
    body: OverpayLoanBody,
    responses: { 201: { description: 'The loan with the overpayment.', schema: LoanView } },
    handler: async ({ params, body, request }) =>
      moveMoney(request, params, (ids) => ({ _tag: 'OverpayLoan', ...body, ...ids })),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/loans/:loanId/close',
    operationId: 'closeLoan',
    summary:
      'Close a loan by hand (repaid, sold, refinanced): its state becomes Closed and it takes no more activities',
    tags,
    params: LoanParams,
    responses: { 200: { description: 'The closed loan.', schema: LoanView } },
    handler: async ({ params, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'CloseLoan', ...meta(0), loanId: params.loanId }],
        answer: (after) => found(after.loans.get(params.loanId), 'loan'),
      }),
  }),
]
