import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import { scheduleOf } from '../../../domain/decideLoans.ts'
import { evolve } from '../../../domain/evolve.ts'
import { needOfCommand } from '../../../domain/permissions.ts'
import { fromSnapshot, toSnapshot } from '../../../domain/snapshot.ts'
import { type CommandInput, command, eventsOf, refusalOf, starterBudget } from './fixtures.ts'

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
