import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import { scheduleOf } from '../../../domain/decideLoans.ts'
import { evolve } from '../../../domain/evolve.ts'
import { accountBalance, readyToAssign } from '../../../domain/monthView.ts'
import { needOfCommand } from '../../../domain/permissions.ts'
import { fromSnapshot, toSnapshot } from '../../../domain/snapshot.ts'
import { type CommandInput, command, eventsOf, period, refusalOf, starterBudget } from './fixtures.ts'

// Loans in the budget stream (issue 32): given a budget, when a loan command runs, then these events or this
// refusal. The schedule is computed from the loan's terms and activities (domain/loans/).

/** 300 000 zł at 3.3 % for 30 years, annuity (the worked example of domain/loans/README.md). */
const mortgage = (extra: Partial<CommandInput<'CreateLoan'>> = {}): CommandInput<'CreateLoan'> => ({
  loanId: 'mortgage',
  name: 'Hipoteka',
  principal: 30_000_000,
  annualRate: '3.3',
  installments: 360,
  paymentType: 'Constant',
  firstPaymentDate: '2025-02-10',
  ...extra,
})

const withMortgage = () => {
  const book = starterBudget()
  book.do('CreateLoan', mortgage({ bankAccountId: 'checking', categoryId: 'rent' }))
  return book
}

const scheduleNow = (book: ReturnType<typeof starterBudget>) => {
  const loan = book.state.loans.get('mortgage' as never)
  if (loan === undefined) throw new Error('no loan')
  return Result.getOrThrow(scheduleOf(loan, loan.activities))
}

describe('CreateLoan', () => {
  it('records the terms; the schedule follows from them', () => {
    const book = withMortgage()
    const loan = book.state.loans.get('mortgage' as never)
    expect(loan).toMatchObject({
      name: 'Hipoteka',
      state: 'Active',
      activities: [],
      bankAccountId: 'checking',
    })
    const rows = scheduleNow(book).rows
    expect(rows).toHaveLength(360)
    expect(rows[0]).toMatchObject({ number: 1, payment: 131_387, interest: 82_500 })
    expect(rows.at(-1)?.balance).toBe(0)
  })

  it.each([
    [{ principal: 0 }, 'loan-principal-out-of-range'],
    [{ principal: -5 }, 'loan-principal-out-of-range'],
    [{ installments: 0 }, 'loan-installments-out-of-range'],
    [{ annualRate: '100.5' }, 'loan-rate-out-of-range'],
    [{ annualRate: '3.30001' }, 'loan-rate-too-precise'],
    [{ bankAccountId: 'nowhere' }, 'bank-account-not-found'],
    [{ categoryId: 'nowhere' }, 'category-not-found'],
  ] as const)('refuses %o with %s', (extra, code) => {
    const book = starterBudget()
    expect(refusalOf(book.state, command('CreateLoan', mortgage(extra))).code).toBe(code)
  })

  it('refuses a second loan of the same id', () => {
    const book = withMortgage()
    expect(refusalOf(book.state, command('CreateLoan', mortgage())).code).toBe('loan-already-exists')
  })
})

describe('RecordLoanActivity', () => {
  it('an overpayment that shortens the term regenerates the schedule', () => {
    const book = withMortgage()
    book.do('RecordLoanActivity', {
      loanId: 'mortgage',
      activity: { type: 'PrincipalChange', afterInstallment: 12, value: 5_000_000, mode: 'ShortenTerm' },
    })
    const rows = scheduleNow(book).rows
    expect(rows[11]?.overpayment).toBe(5_000_000)
    expect(rows.length).toBeLessThan(360)
    expect(rows[12]?.payment).toBe(131_387)
  })

  it('an overpayment that lowers the installment keeps the end', () => {
    const book = withMortgage()
    book.do('RecordLoanActivity', {
      loanId: 'mortgage',
      activity: { type: 'PrincipalChange', afterInstallment: 12, value: 5_000_000, mode: 'LowerInstallment' },
    })
    const rows = scheduleNow(book).rows
    expect(rows).toHaveLength(360)
    expect(rows[12]?.payment).toBeLessThan(131_387)
  })

  it('a rate change applies from its installment', () => {
    const book = withMortgage()
    const before = scheduleNow(book).rows
    book.do('RecordLoanActivity', {
      loanId: 'mortgage',
      activity: { type: 'InterestRateChange', fromInstallment: 13, annualRate: '7.5' },
    })
    const rows = scheduleNow(book).rows
    expect(rows.slice(0, 12)).toEqual(before.slice(0, 12))
    expect(rows[12]?.payment).toBeGreaterThan(131_387)
  })

  it.each([
    [
      { type: 'PrincipalChange', afterInstallment: 0, value: 100, mode: 'ShortenTerm' },
      'loan-activity-out-of-range',
    ],
    [
      { type: 'PrincipalChange', afterInstallment: 361, value: 100, mode: 'ShortenTerm' },
      'loan-activity-out-of-range',
    ],
    [
      { type: 'PrincipalChange', afterInstallment: 1, value: 40_000_000, mode: 'ShortenTerm' },
      'loan-overpayment-exceeds-balance',
    ],
    [{ type: 'InterestRateChange', fromInstallment: 2, annualRate: '101' }, 'loan-rate-out-of-range'],
  ] as const)('refuses %o with %s, nothing recorded', (activity, code) => {
    const book = withMortgage()
    const cmd = command('RecordLoanActivity', { loanId: 'mortgage', activity })
    expect(refusalOf(book.state, cmd).code).toBe(code)
  })

  it('refuses an unknown or closed loan', () => {
    const book = withMortgage()
    const activity = { type: 'SkippedPayment', installment: 3 } as const
    expect(refusalOf(book.state, command('RecordLoanActivity', { loanId: 'car', activity })).code).toBe(
      'loan-not-found',
    )
    book.do('CloseLoan', { loanId: 'mortgage' })
    expect(book.state.loans.get('mortgage' as never)?.state).toBe('Closed')
    expect(refusalOf(book.state, command('RecordLoanActivity', { loanId: 'mortgage', activity })).code).toBe(
      'loan-closed',
    )
    expect(refusalOf(book.state, command('CloseLoan', { loanId: 'mortgage' })).code).toBe('loan-closed')
  })
})

describe('loans in the snapshot', () => {
  it('survive toSnapshot/fromSnapshot', () => {
    const book = withMortgage()
    const events = eventsOf(
      book.state,
      command('RecordLoanActivity', {
        loanId: 'mortgage',
        activity: { type: 'InterestRateChange', fromInstallment: 13, annualRate: '7.5' },
      }),
    )
    const state = events.reduce(evolve, book.state)
    expect(fromSnapshot(toSnapshot(state)).loans).toEqual(state.loans)
  })

  it('creating and changing loans needs edit access', () => {
    const tags = ['CreateLoan', 'RecordLoanActivity', 'CloseLoan'] as const
    expect(tags.map((tag) => needOfCommand(tag).level)).toEqual(['edit', 'edit', 'edit'])
  })
})

// Issue 32 §2: a loan in the budget — its own tracking account and category, payments across the budget's edge.

/** A car loan of 12 000 zł over 12 months, lent on 2025-01-15, tracked from the day it was lent. */
const carLoan = (extra: Partial<CommandInput<'CreateLoan'>> = {}): CommandInput<'CreateLoan'> => ({
  loanId: 'car',
  name: 'Samochód',
  principal: 1_200_000,
  annualRate: '6',
  installments: 12,
  paymentType: 'Constant',
  firstPaymentDate: '2025-02-15',
  ownAccount: { bankAccountId: 'car-account', openingDate: '2025-01-01' },
  ownCategory: { categoryId: 'car-category', categoryGroupId: 'group-loans', groupName: 'Kredyty' },
  targetId: 'car-target',
  ...extra,
})

const withCarLoan = () => {
  const book = starterBudget()
  book.do('OpenBankAccount', {
    bankAccountId: 'savings',
    name: 'Oszczędności',
    type: 'unconnected',
    balance: 500_000,
    date: '2025-01-01',
  })
  book.do('CreateLoan', carLoan())
  return book
}

const carSchedule = (book: ReturnType<typeof starterBudget>) => {
  const loan = book.state.loans.get('car' as never)
  if (loan === undefined) throw new Error('no loan')
  return Result.getOrThrow(scheduleOf(loan, loan.activities)).rows
}

const payment = (installment: number, extra: Partial<CommandInput<'PayLoanInstallment'>> = {}) =>
  command('PayLoanInstallment', {
    loanId: 'car',
    installment,
    fromBankAccountId: 'savings',
    date: '2025-03-15',
    transferId: `pay-${installment}`,
    outflowTransactionId: `pay-${installment}-out`,
    inflowTransactionId: `pay-${installment}-in`,
    interestTransactionId: `pay-${installment}-interest`,
    ...extra,
  })

describe('CreateLoan without links', () => {
  it('opens a tracking account at minus the principal, a category in the named group and a DebtPayment target', () => {
    const book = starterBudget()
    const events = eventsOf(book.state, command('CreateLoan', carLoan()))
    expect(events.map((e) => e._tag)).toEqual([
      'BankAccountOpened',
      'CategoryGroupCreated',
      'CategoryCreated',
      'LoanCreated',
      'TargetSet',
    ])
    // Lent a month before the first payment (no disbursement date given), after the day tracking was asked from.
    expect(events[0]).toMatchObject({
      openingBalance: -1_200_000,
      openingDate: '2025-01-15',
      offBudget: true,
    })
    expect(events[2]).toMatchObject({ name: 'Samochód', categoryGroupId: 'group-loans', type: 'Expense' })
    expect(events[3]).toMatchObject({ loan: { bankAccountId: 'car-account', categoryId: 'car-category' } })
    // 12 000 zł at 6 % over 12 months: 1 032,80 zł a month (PMT), paid off by the last installment.
    expect(events[4]).toMatchObject({
      target: { id: 'car-target', type: 'DebtPayment', amount: 103_280, dueDate: '2026-01-15' },
    })
  })

  it('puts the category into a group of that name when there is one, and opens at what is owed today', () => {
    const book = starterBudget()
    const events = eventsOf(
      book.state,
      command('CreateLoan', {
        ...carLoan(),
        ownAccount: { bankAccountId: 'car-account', openingDate: '2025-04-01' },
        ownCategory: { categoryId: 'car-category', categoryGroupId: 'unused', groupName: 'Rachunki' },
      }),
    )
    expect(events.map((e) => e._tag)).not.toContain('CategoryGroupCreated')
    expect(events.find((e) => e._tag === 'CategoryCreated')).toMatchObject({ categoryGroupId: 'group-bills' })
    // Installments of February and March are behind on 1 April: what is owed is March's balance.
    const book2 = starterBudget()
    book2.do('CreateLoan', carLoan())
    const rows = carSchedule(book2)
    expect(events[0]).toMatchObject({ openingDate: '2025-04-01', openingBalance: -(rows[1]?.balance ?? 0) })
    // The target asks for the first installment due since then: April's.
    expect(events.find((e) => e._tag === 'TargetSet')).toMatchObject({ target: { amount: rows[2]?.payment } })
  })

  it("leaves a category's own target of another kind alone", () => {
    const book = starterBudget()
    book.do('SetTarget', {
      targetId: 't',
      categoryId: 'rent',
      type: 'NeededForSpendingMonthly',
      amount: 1_000,
    })
    const events = eventsOf(book.state, command('CreateLoan', carLoan({ categoryId: 'rent' })))
    expect(events.map((e) => e._tag)).not.toContain('TargetSet')
  })

  it('keeps the tracking account out of Ready to Assign', () => {
    const book = withCarLoan()
    expect(readyToAssign(book.state, period('202501'))).toBe(500_000)
  })
})

describe('PayLoanInstallment', () => {
  it('moves the principal into the loan as a categorised transfer and spends the interest', () => {
    const book = withCarLoan()
    const first = carSchedule(book)[0]
    if (first === undefined) throw new Error('no row')
    const events = eventsOf(book.state, payment(1))
    // An annuity's next installment is the same amount: the target stays as it is.
    expect(events.map((e) => e._tag)).toEqual(['TransferAdded', 'TransactionAdded', 'LoanActivityRecorded'])
    expect(events[0]).toMatchObject({
      outflow: {
        bankAccountId: 'savings',
        value: -first.principal,
        splits: [{ categoryId: 'car-category' }],
      },
      inflow: { bankAccountId: 'car-account', value: first.principal, splits: [] },
    })
    expect(events[1]).toMatchObject({
      transaction: { payee: 'Samochód', value: -first.interest, splits: [{ categoryId: 'car-category' }] },
    })
    expect(events[2]).toMatchObject({ activity: { type: 'Payment', installment: 1, value: first.payment } })
    book.run(payment(1))
    expect(accountBalance(book.state, 'car-account' as never).working).toBe(-1_200_000 + first.principal)
    expect(readyToAssign(book.state, period('202503'))).toBe(500_000)
  })

  it.each([
    ['paid already', () => payment(1, { transferId: 'again' }), 'loan-installment-not-payable'],
    ['not in the schedule', () => payment(13), 'loan-installment-not-payable'],
    [
      'from the tracking account',
      () => payment(2, { fromBankAccountId: 'car-account' }),
      'loan-paid-from-tracking-account',
    ],
  ])('refuses a payment %s', (_, make, code) => {
    const book = withCarLoan()
    book.run(payment(1))
    expect(refusalOf(book.state, make()).code).toBe(code)
  })

  it('refuses a suspended installment (credit holidays)', () => {
    const book = withCarLoan()
    book.do('RecordLoanActivity', {
      loanId: 'car',
      activity: { type: 'SkipPayments', fromInstallment: 2, count: 2 },
    })
    expect(refusalOf(book.state, payment(2))).toMatchObject({ reason: 'NotPaying' })
  })

  it('closes the loan with its last installment', () => {
    const book = withCarLoan()
    for (let n = 1; n <= 11; n++) book.run(payment(n))
    expect(book.state.loans.get('car' as never)?.state).toBe('Active')
    expect(book.run(payment(12)).map((e) => e._tag)).toContain('LoanClosed')
    expect(accountBalance(book.state, 'car-account' as never).working).toBe(0)
  })

  it('refuses to pay a loan with no account', () => {
    const book = starterBudget()
    book.do('CreateLoan', mortgage())
    expect(
      refusalOf(book.state, payment(1, { loanId: 'mortgage', fromBankAccountId: 'checking' })).code,
    ).toBe('loan-has-no-account')
  })
})

describe('RecordLoanActivity on a tracked loan', () => {
  it('records an overpayment paid from elsewhere in the tracking account, outside the budget', () => {
    const book = withCarLoan()
    const events = book.do('RecordLoanActivity', {
      loanId: 'car',
      activity: { type: 'PrincipalChange', afterInstallment: 2, value: 100_000, mode: 'ShortenTerm' },
      adjustmentTransactionId: 'elsewhere',
    })
    const rows = carSchedule(book)
    expect(events[0]).toMatchObject({
      _tag: 'TransactionAdded',
      transaction: { bankAccountId: 'car-account', value: 100_000, splits: [], date: rows[1]?.date },
    })
    expect(accountBalance(book.state, 'car-account' as never).working).toBe(-1_100_000)
    expect(readyToAssign(book.state, period('202503'))).toBe(500_000)
  })

  it('moves no money for other activities, or without an id', () => {
    const book = withCarLoan()
    const rate = book.do('RecordLoanActivity', {
      loanId: 'car',
      activity: { type: 'InterestRateChange', fromInstallment: 3, annualRate: '7' },
      adjustmentTransactionId: 'unused',
    })
    expect(rate.map((e) => e._tag)).not.toContain('TransactionAdded')
    const imported = book.do('RecordLoanActivity', {
      loanId: 'car',
      activity: { type: 'PrincipalChange', afterInstallment: 2, value: 100_000, mode: 'ShortenTerm' },
    })
    expect(imported.map((e) => e._tag)).not.toContain('TransactionAdded')
  })
})

describe('a paid installment', () => {
  it.each([
    ['credit holidays from it', { type: 'SkipPayments', fromInstallment: 1, count: 1 }],
    ['a deferral of it', { type: 'SkippedPayment', installment: 2 }],
    ['a new rate from it', { type: 'InterestRateChange', fromInstallment: 2, annualRate: '8' }],
  ] as const)('refuses %s, which would re-plan it', (_, activity) => {
    const book = withCarLoan()
    book.run(payment(1))
    book.run(payment(2))
    expect(refusalOf(book.state, command('RecordLoanActivity', { loanId: 'car', activity }))).toMatchObject({
      code: 'loan-installment-paid',
      lastPaid: 2,
    })
  })

  it('takes a change from the next installment and an overpayment right after the paid one', () => {
    const book = withCarLoan()
    book.run(payment(1))
    book.do('RecordLoanActivity', {
      loanId: 'car',
      activity: { type: 'SkipPayments', fromInstallment: 2, count: 1 },
    })
    book.do('RecordLoanActivity', {
      loanId: 'car',
      activity: { type: 'PrincipalChange', afterInstallment: 1, value: 10_000, mode: 'ShortenTerm' },
    })
    expect(book.state.loans.get('car' as never)?.activities).toHaveLength(3)
  })
})

describe('CloseLoan', () => {
  it("removes the loan's DebtPayment target: a closed loan asks nothing of its category", () => {
    const book = withCarLoan()
    const events = book.do('CloseLoan', { loanId: 'car' })
    expect(events).toEqual([
      { _tag: 'LoanClosed', loanId: 'car' },
      { _tag: 'TargetRemoved', targetId: 'car-target', categoryId: 'car-category' },
    ])
  })
})

describe('OverpayLoan', () => {
  const overpay = (value: number) =>
    command('OverpayLoan', {
      loanId: 'car',
      afterInstallment: 2,
      value,
      mode: 'LowerInstallment',
      fromBankAccountId: 'savings',
      date: '2025-04-20',
      transferId: 'over',
      outflowTransactionId: 'over-out',
      inflowTransactionId: 'over-in',
    })

  it('records the overpayment and moves its money into the loan; the target follows the lower installment', () => {
    const book = withCarLoan()
    book.run(payment(1))
    book.run(payment(2))
    const events = book.run(overpay(300_000))
    expect(events.map((e) => e._tag)).toEqual(['TransferAdded', 'LoanActivityRecorded', 'TargetSet'])
    const rows = carSchedule(book)
    expect(accountBalance(book.state, 'car-account' as never).working).toBe(-(rows[1]?.balance ?? 0))
    expect(rows[2]?.payment).toBeLessThan(rows[1]?.payment ?? 0)
    expect(events[2]).toMatchObject({ target: { amount: rows[2]?.payment } })
  })

  it('refuses more than is owed, moving nothing', () => {
    const book = withCarLoan()
    expect(refusalOf(book.state, overpay(2_000_000)).code).toBe('loan-overpayment-exceeds-balance')
  })
})
