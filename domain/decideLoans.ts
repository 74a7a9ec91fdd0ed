import * as Result from 'effect/Result'
import type { Target } from '../schemas/budget.ts'
import type { BudgetCommandOf } from '../schemas/budgetCommands.ts'
import type { BudgetError } from '../schemas/budgetErrors.ts'
import type { BudgetEvent } from '../schemas/budgetEvents.ts'
import type { BankAccountId, CategoryId, LoanId, TargetId } from '../schemas/ids.ts'
import type { Loan, LoanActivity, LoanScheduleRow, LoanTerms } from '../schemas/loans.ts'
import type { IsoDate, Minor } from '../schemas/money.ts'
import * as money from './decideMoney.ts'
import { type Decision, fail, findCategory, liveBudget } from './decision.ts'
import { dateInMonth, dayOf, monthIndexOf } from './loans/calendar.ts'
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

/** The day the money was lent: the disbursement, or a month before the first payment when it is not known. */
const lentOn = (terms: LoanTerms): IsoDate =>
  terms.disbursementDate ??
  dateInMonth(monthIndexOf(terms.firstPaymentDate) - 1, dayOf(terms.firstPaymentDate))

/** What is owed on `date` by the schedule: the balance after the last installment due before it. */
export const owedOn = (terms: LoanTerms, rows: readonly LoanScheduleRow[], date: IsoDate): Minor => {
  let owed = terms.principal
  for (const row of rows) {
    if (row.date >= date) break
    owed = row.balance
  }
  return owed
}

/**
 * The next installment to pay: the first one that pays (neither suspended nor deferred), is due on or after the
 * day its account began tracking the loan, and has no Payment recorded; undefined when every one is settled.
 */
export const nextInstallment = (
  loan: Loan,
  schedule: LoanSchedule,
  since: IsoDate | undefined,
): LoanScheduleRow | undefined => {
  const paid = new Set(loan.activities.flatMap((a) => (a.type === 'Payment' ? [a.installment] : [])))
  return schedule.rows.find(
    (row, index) =>
      schedule.notes[index]?.kind === 'Regular' &&
      !paid.has(row.number) &&
      (since === undefined || row.date >= since),
  )
}

/**
 * Keeps the loan's category's DebtPayment target at its next installment, paid off by its last one (issue 32
 * §2). A target of another kind is the person's and stays; a category without one gets one only given an id.
 */
const debtTarget = (
  state: BudgetState,
  loan: Loan,
  schedule: LoanSchedule,
  since: IsoDate | undefined,
  newTargetId: TargetId | undefined,
): BudgetEvent[] => {
  if (loan.categoryId === null) return []
  const current = state.targets.get(loan.categoryId)
  if (current !== undefined && current.type !== 'DebtPayment') return []
  const id = current?.id ?? newTargetId
  const next = nextInstallment(loan, schedule, since)
  const last = schedule.rows.at(-1)
  if (id === undefined || next === undefined || last === undefined || next.payment <= 0) return []
  const target: Target = {
    id,
    categoryId: loan.categoryId,
    type: 'DebtPayment',
    amount: next.payment,
    dueDate: last.date,
    cadenceMonths: null,
  }
  if (current && JSON.stringify(current) === JSON.stringify(target)) return []
  return [{ _tag: 'TargetSet', target }]
}

/** A closed loan asks nothing more of its category: its DebtPayment target goes (a target of another kind stays). */
const withoutDebtTarget = (state: BudgetState, loan: Loan): BudgetEvent[] => {
  const target = loan.categoryId === null ? undefined : state.targets.get(loan.categoryId)
  return target?.type === 'DebtPayment'
    ? [{ _tag: 'TargetRemoved', targetId: target.id, categoryId: target.categoryId }]
    : []
}

/** The events that give a new loan its own tracking account, and its own category, where it names none. */
const ownLinks = (
  command: BudgetCommandOf<'CreateLoan'>,
  state: BudgetState,
  rows: readonly LoanScheduleRow[],
): Result.Result<
  { events: BudgetEvent[]; loan: Pick<Loan, 'bankAccountId' | 'categoryId'>; since: IsoDate | undefined },
  BudgetError
> =>
  Result.gen(function* () {
    const events: BudgetEvent[] = []
    let bankAccountId = command.bankAccountId ?? null
    let since: IsoDate | undefined
    if (bankAccountId !== null) since = (yield* money.activeAccount(state, bankAccountId)).openingDate
    else if (command.ownAccount !== undefined) {
      const own = command.ownAccount
      if (state.accounts.has(own.bankAccountId))
        return yield* fail('BankAccountAlreadyExists', { bankAccountId: own.bankAccountId })
      const lent = lentOn(command)
      // biome-ignore lint/complexity/useMathMinMax: ISO dates compare as strings; Math.max would make numbers.
      const openingDate = own.openingDate > lent ? own.openingDate : lent
      // What is owed is minus the balance: a debt (a Minor's negation is a Minor).
      const owed = owedOn(command, rows, openingDate)
      events.push({
        _tag: 'BankAccountOpened',
        bankAccountId: own.bankAccountId,
        name: command.name,
        type: 'unconnected',
        openingBalance: -owed as Minor,
        openingDate,
        offBudget: true,
      })
      bankAccountId = own.bankAccountId
      since = openingDate
    }
    let categoryId = command.categoryId ?? null
    if (categoryId !== null) yield* findCategory(state, categoryId)
    else if (command.ownCategory !== undefined) {
      const own = command.ownCategory
      if (state.categories.has(own.categoryId))
        return yield* fail('CategoryAlreadyExists', { categoryId: own.categoryId })
      const group = [...state.groups.values()].find((g) => g.name === own.groupName)
      if (group === undefined) {
        if (state.groups.has(own.categoryGroupId))
          return yield* fail('CategoryGroupAlreadyExists', { categoryGroupId: own.categoryGroupId })
        events.push({
          _tag: 'CategoryGroupCreated',
          categoryGroupId: own.categoryGroupId,
          name: own.groupName,
        })
      }
      events.push({
        _tag: 'CategoryCreated',
        categoryId: own.categoryId,
        categoryGroupId: group?.id ?? own.categoryGroupId,
        name: command.name,
        type: 'Expense',
        spendingClass: 'Housing',
      })
      categoryId = own.categoryId
    }
    return { events, loan: { bankAccountId, categoryId }, since }
  })

/** The day the loan's account began tracking it: installments due before it were paid before. */
export const trackedSince = (state: BudgetState, loan: Pick<Loan, 'bankAccountId'>) =>
  loan.bankAccountId === null ? undefined : state.accounts.get(loan.bankAccountId)?.openingDate

export const createLoan = (command: BudgetCommandOf<'CreateLoan'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    if (state.loans.has(command.loanId)) return yield* fail('LoanAlreadyExists', { loanId: command.loanId })
    const terms = termsOf(command)
    const schedule = yield* scheduleOf(terms, [])
    const links = yield* ownLinks(command, state, schedule.rows)
    const loan: Loan = {
      id: command.loanId,
      name: command.name,
      ...terms,
      ...links.loan,
      state: 'Active',
      activities: [],
    }
    // A new category has no target yet, as the state before it says.
    return [
      ...links.events,
      { _tag: 'LoanCreated', loan },
      ...debtTarget(state, loan, schedule, links.since, command.targetId),
    ]
  })

export const recordLoanActivity = (
  command: BudgetCommandOf<'RecordLoanActivity'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const loan = yield* activeLoan(state, command.loanId)
    const recorded = yield* withActivity(state, loan, command.activity)
    return [...(yield* paidFromElsewhere(state, loan, command)), ...recorded]
  })

/** An overpayment paid from outside the budget: the loan's tracking account takes it, with no category. */
const paidFromElsewhere = (
  state: BudgetState,
  loan: Loan,
  command: BudgetCommandOf<'RecordLoanActivity'>,
): Result.Result<readonly BudgetEvent[], BudgetError> => {
  const { activity, adjustmentTransactionId } = command
  if (
    activity.type !== 'PrincipalChange' ||
    adjustmentTransactionId === undefined ||
    loan.bankAccountId === null
  )
    return Result.succeed([])
  const account = state.accounts.get(loan.bankAccountId)
  if (account === undefined || !account.offBudget || account.state === 'Closed') return Result.succeed([])
  // Dated with the installment it follows (the schedule already took the activity, so the row exists).
  const schedule = scheduleOf(loan, loan.activities)
  const row = Result.isSuccess(schedule) ? schedule.success.rows[activity.afterInstallment - 1] : undefined
  if (row === undefined) return Result.succeed([])
  return money.addTransaction(
    {
      _tag: 'AddTransaction',
      transactionId: adjustmentTransactionId,
      bankAccountId: account.id,
      date: row.date,
      payee: loan.name,
      value: activity.value,
      splits: [],
      cleared: true,
    },
    state,
  )
}

/**
 * An activity recorded on the loan, with what follows from it: the category's DebtPayment target moves to the
 * next installment, and a loan left with nothing to pay (its last installment paid, or an overpayment of all that
 * was owed) is Closed.
 */
const withActivity = (
  state: BudgetState,
  loan: Loan,
  activity: LoanActivity,
): Result.Result<BudgetEvent[], BudgetError> =>
  Result.gen(function* () {
    const updated: Loan = { ...loan, activities: [...loan.activities, activity] }
    const since = trackedSince(state, loan)
    const schedule = yield* scheduleOf(updated, updated.activities)
    // Within the schedule (checked above), but not re-planning what was paid.
    const paid = lastPaid(loan)
    const from = changesFrom(activity)
    if (from !== undefined && from <= paid)
      return yield* fail('LoanInstallmentPaid', { loanId: loan.id, installment: from, lastPaid: paid })
    const events: BudgetEvent[] = [
      { _tag: 'LoanActivityRecorded', loanId: loan.id, activity },
      ...debtTarget(state, updated, schedule, since, undefined),
    ]
    const settles = activity.type === 'Payment' || activity.type === 'PrincipalChange'
    if (settles && nextInstallment(updated, schedule, since) === undefined)
      events.push({ _tag: 'LoanClosed', loanId: loan.id }, ...withoutDebtTarget(state, loan))
    return events
  })

/** The last installment a Payment was recorded for (0: none). */
const lastPaid = (loan: Loan): number =>
  loan.activities.reduce((last, a) => (a.type === 'Payment' ? Math.max(last, a.installment) : last), 0)

/**
 * The first installment an activity changes, for those that re-plan rows (a paid installment stays as paid): a
 * rate, type, day, target date or holidays from j, a deferral of j. Overpayments, reconciliations and records of
 * what was paid come after or beside an installment and change none already paid.
 */
const changesFrom = (activity: LoanActivity): number | undefined => {
  switch (activity.type) {
    case 'InterestRateChange':
    case 'TargetDateChange':
    case 'PaymentTypeChange':
    case 'PaymentDayChange':
    case 'SkipPayments':
      return activity.fromInstallment
    case 'SkippedPayment':
      return activity.installment
    case 'Payment':
    case 'InterestPaid':
    case 'Reconcile':
    case 'PrincipalChange':
      return undefined
  }
}

/** The loan's account and category, which paying it needs, and a budget account to pay from. */
const paymentLinks = (
  state: BudgetState,
  loan: Loan,
  fromBankAccountId: BudgetCommandOf<'OverpayLoan'>['fromBankAccountId'],
) =>
  Result.gen(function* () {
    if (loan.bankAccountId === null || loan.categoryId === null)
      return yield* fail('LoanHasNoAccount', { loanId: loan.id })
    const from = yield* money.activeAccount(state, fromBankAccountId)
    if (from.offBudget) return yield* fail('LoanPaidFromTrackingAccount', { bankAccountId: from.id })
    // A loan kept in a budget account: moving money there stays inside the budget and carries no category.
    const into = yield* money.activeAccount(state, loan.bankAccountId)
    const transferCategory = into.offBudget ? { categoryId: loan.categoryId } : {}
    return { bankAccountId: into.id, categoryId: loan.categoryId, transferCategory }
  })

/** The transfer that moves `value` from the paying budget account into the loan's account. */
const intoLoan = (
  command: BudgetCommandOf<'PayLoanInstallment'> | BudgetCommandOf<'OverpayLoan'>,
  links: {
    readonly bankAccountId: BankAccountId
    readonly transferCategory: { readonly categoryId?: CategoryId }
  },
  value: Minor,
) => ({
  _tag: 'AddTransfer' as const,
  transferId: command.transferId,
  outflowTransactionId: command.outflowTransactionId,
  inflowTransactionId: command.inflowTransactionId,
  fromBankAccountId: command.fromBankAccountId,
  toBankAccountId: links.bankAccountId,
  date: command.date,
  value,
  ...links.transferCategory,
})

export const payLoanInstallment = (
  command: BudgetCommandOf<'PayLoanInstallment'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const loan = yield* activeLoan(state, command.loanId)
    const links = yield* paymentLinks(state, loan, command.fromBankAccountId)
    const schedule = yield* scheduleOf(loan, loan.activities)
    const index = schedule.rows.findIndex((row) => row.number === command.installment)
    const row = schedule.rows[index]
    const refuse = (reason: 'AlreadyPaid' | 'NotPaying' | 'NotInSchedule') =>
      fail('LoanInstallmentNotPayable', { loanId: loan.id, installment: command.installment, reason })
    if (row === undefined) return yield* refuse('NotInSchedule')
    if (schedule.notes[index]?.kind !== 'Regular') return yield* refuse('NotPaying')
    if (loan.activities.some((a) => a.type === 'Payment' && a.installment === row.number))
      return yield* refuse('AlreadyPaid')
    if (
      command.interestTransactionId === command.outflowTransactionId ||
      command.interestTransactionId === command.inflowTransactionId
    )
      return yield* fail('TransactionAlreadyExists', { transactionId: command.interestTransactionId })
    const events: BudgetEvent[] = []
    if (row.principal > 0)
      events.push(...(yield* money.addTransfer(intoLoan(command, links, row.principal), state)))
    if (row.interest > 0)
      events.push(
        ...(yield* money.addTransaction(
          {
            _tag: 'AddTransaction',
            transactionId: command.interestTransactionId,
            bankAccountId: command.fromBankAccountId,
            date: command.date,
            payee: loan.name,
            // Spending: the interest leaves the budget (a Minor's negation is a Minor).
            value: -row.interest as Minor,
            splits: [{ categoryId: links.categoryId, value: -row.interest as Minor }],
          },
          state,
        )),
      )
    const payment: LoanActivity = { type: 'Payment', installment: row.number, value: row.payment }
    return [...events, ...(yield* withActivity(state, loan, payment))]
  })

export const overpayLoan = (command: BudgetCommandOf<'OverpayLoan'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const loan = yield* activeLoan(state, command.loanId)
    const links = yield* paymentLinks(state, loan, command.fromBankAccountId)
    const overpayment: LoanActivity = {
      type: 'PrincipalChange',
      afterInstallment: command.afterInstallment,
      value: command.value,
      mode: command.mode,
    }
    // The schedule's refusal first: an overpayment past the balance moves no money.
    const recorded = yield* withActivity(state, loan, overpayment)
    const transfer = yield* money.addTransfer(intoLoan(command, links, command.value), state)
    return [...transfer, ...recorded]
  })

export const closeLoan = (command: BudgetCommandOf<'CloseLoan'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const loan = yield* activeLoan(state, command.loanId)
    return [{ _tag: 'LoanClosed', loanId: loan.id }, ...withoutDebtTarget(state, loan)]
  })
