import { describe, expect, it } from 'vitest'
import { accountBalance, assignmentRecords, monthView } from '../../../domain/monthView.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { period, starterBudget } from './fixtures.ts'

// YNAB behaviour, as its public help describes it, with exact numbers in grosz.
const jan = period('202501')
const feb = period('202502')
const mar = period('202503')

const row = (view: ReturnType<typeof monthView>, id: string) => {
  const found = view.categories.find((category) => category.id === id)
  if (!found) throw new Error(`no category ${id}`)
  return found
}

const withSalary = (amount = 500_000) => {
  const book = starterBudget()
  book.do('AddTransaction', {
    transactionId: 'pay-jan',
    bankAccountId: 'checking',
    date: '2025-01-10',
    payee: 'Pracodawca',
    value: amount,
    splits: [{ categoryId: 'salary', value: amount }],
  })
  return book
}

describe('YNAB behaviour', () => {
  it('income categorized to an Income category becomes Ready to Assign in its month, not before', () => {
    const book = withSalary()
    expect(monthView(book.state, jan).readyToAssign).toBe(500_000)
    expect(monthView(book.state, period('202412')).readyToAssign).toBe(0)
    expect(monthView(book.state, feb).readyToAssign).toBe(500_000)
  })

  it('an opening balance is income to Ready to Assign on its date', () => {
    const book = starterBudget()
    book.do('OpenBankAccount', {
      bankAccountId: 'cash',
      name: 'Gotówka',
      type: 'unconnected',
      balance: 12_345,
      date: '2025-02-03',
    })
    expect(monthView(book.state, jan).readyToAssign).toBe(0)
    expect(monthView(book.state, feb).readyToAssign).toBe(12_345)
  })

  it('assigning lowers Ready to Assign; over-assigning drives it negative', () => {
    const book = withSalary()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'rent', value: 200_000 })
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 100_000 })
    expect(monthView(book.state, jan).readyToAssign).toBe(200_000)
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'holiday', value: 300_000 })
    const view = monthView(book.state, jan)
    expect(view.readyToAssign).toBe(-100_000)
    expect(row(view, 'holiday')).toMatchObject({ assigned: 300_000, activity: 0, available: 300_000 })
  })

  it('spending lowers the category available and the account, not Ready to Assign', () => {
    const book = withSalary()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 100_000 })
    book.do('AddTransaction', {
      transactionId: 'shop',
      bankAccountId: 'checking',
      date: '2025-01-12',
      payee: 'Biedronka',
      value: -30_000,
      splits: [{ categoryId: 'food', value: -30_000 }],
    })
    const view = monthView(book.state, jan)
    expect(row(view, 'food')).toMatchObject({ assigned: 100_000, activity: -30_000, available: 70_000 })
    expect(view.readyToAssign).toBe(400_000)
    expect(accountBalance(book.state, BankAccountId.make('checking')).working).toBe(470_000)
  })

  it('carries a positive balance into the next month', () => {
    const book = withSalary()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 100_000 })
    book.do('AddTransaction', {
      transactionId: 'shop',
      bankAccountId: 'checking',
      date: '2025-01-12',
      payee: 'Biedronka',
      value: -30_000,
      splits: [{ categoryId: 'food', value: -30_000 }],
    })
    expect(row(monthView(book.state, feb), 'food')).toMatchObject({
      assigned: 0,
      activity: 0,
      available: 70_000,
    })
    expect(row(monthView(book.state, mar), 'food').available).toBe(70_000)
  })

  it('resets cash overspending to zero next month and takes it from next month’s Ready to Assign', () => {
    const book = withSalary()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 10_000 })
    book.do('AddTransaction', {
      transactionId: 'feast',
      bankAccountId: 'checking',
      date: '2025-01-20',
      payee: 'Restauracja',
      value: -25_000,
      splits: [{ categoryId: 'food', value: -25_000 }],
    })
    const january = monthView(book.state, jan)
    expect(row(january, 'food').available).toBe(-15_000)
    expect(january.overspent).toBe(15_000)
    expect(january.readyToAssign).toBe(490_000)
    const february = monthView(book.state, feb)
    expect(row(february, 'food').available).toBe(0)
    expect(february.overspent).toBe(0)
    expect(february.readyToAssign).toBe(475_000)
  })

  it('moves money between categories and back to Ready to Assign, recording each move', () => {
    const book = withSalary()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'rent', value: 200_000 })
    book.do('MoveMoney', { periodKey: '202501', fromCategoryId: 'rent', toCategoryId: 'food', value: 50_000 })
    book.do('MoveMoney', { periodKey: '202501', fromCategoryId: 'food', toCategoryId: null, value: 10_000 })
    const view = monthView(book.state, jan)
    expect(row(view, 'rent')).toMatchObject({ assigned: 150_000, available: 150_000 })
    expect(row(view, 'food')).toMatchObject({ assigned: 40_000, available: 40_000 })
    expect(view.readyToAssign).toBe(310_000)
    expect(
      assignmentRecords(book.state, jan).map((r) => [r.source, r.fromCategoryId, r.toCategoryId, r.amount]),
    ).toEqual([
      ['manual', null, 'rent', 200_000],
      ['move', 'rent', 'food', 50_000],
      ['move', 'food', null, 10_000],
    ])
  })

  it('covers overspending from another category', () => {
    const book = withSalary()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'rent', value: 200_000 })
    book.do('AddTransaction', {
      transactionId: 'feast',
      bankAccountId: 'checking',
      date: '2025-01-20',
      payee: 'Restauracja',
      value: -15_000,
      splits: [{ categoryId: 'food', value: -15_000 }],
    })
    book.do('CoverOverspending', { periodKey: '202501', overspentCategoryId: 'food', fromCategoryId: 'rent' })
    const view = monthView(book.state, jan)
    expect(row(view, 'food')).toMatchObject({ assigned: 15_000, activity: -15_000, available: 0 })
    expect(row(view, 'rent').available).toBe(185_000)
    expect(view.overspent).toBe(0)
    expect(monthView(book.state, feb).readyToAssign).toBe(300_000)
  })

  it('splits one payment three ways, each category carrying its part', () => {
    const book = withSalary()
    book.do('AddTransaction', {
      transactionId: 'market',
      bankAccountId: 'checking',
      date: '2025-01-21',
      payee: 'Targ',
      value: -30_000,
      splits: [
        { categoryId: 'food', value: -10_000 },
        { categoryId: 'rent', value: -15_000 },
        { categoryId: 'holiday', value: -5_000 },
      ],
    })
    const view = monthView(book.state, jan)
    expect([row(view, 'food').activity, row(view, 'rent').activity, row(view, 'holiday').activity]).toEqual([
      -10_000, -15_000, -5_000,
    ])
    expect(accountBalance(book.state, BankAccountId.make('checking')).working).toBe(470_000)
  })

  it('a transfer between budget accounts moves money without touching categories or Ready to Assign', () => {
    const book = withSalary()
    book.do('OpenBankAccount', {
      bankAccountId: 'savings',
      name: 'Oszczędności',
      type: 'unconnected',
      balance: 0,
      date: '2025-01-01',
    })
    const before = monthView(book.state, jan)
    book.do('AddTransfer', {
      transferId: 'transfer-1',
      outflowTransactionId: 'transfer-1-out',
      inflowTransactionId: 'transfer-1-in',
      fromBankAccountId: 'checking',
      toBankAccountId: 'savings',
      date: '2025-01-22',
      value: 100_000,
    })
    expect(monthView(book.state, jan)).toEqual(before)
    expect(accountBalance(book.state, BankAccountId.make('checking')).working).toBe(400_000)
    expect(accountBalance(book.state, BankAccountId.make('savings')).working).toBe(100_000)
  })

  it('a refund into an expense category raises its available', () => {
    const book = withSalary()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 50_000 })
    book.do('AddTransaction', {
      transactionId: 'boots',
      bankAccountId: 'checking',
      date: '2025-01-05',
      payee: 'Sklep',
      value: -20_000,
      splits: [{ categoryId: 'food', value: -20_000 }],
    })
    book.do('AddTransaction', {
      transactionId: 'refund',
      bankAccountId: 'checking',
      date: '2025-01-09',
      payee: 'Sklep',
      value: 5_000,
      splits: [{ categoryId: 'food', value: 5_000 }],
    })
    const view = monthView(book.state, jan)
    expect(row(view, 'food')).toMatchObject({ activity: -15_000, available: 35_000 })
    expect(view.readyToAssign).toBe(450_000)
  })

  it('an outflow categorized to an Income category lowers Ready to Assign', () => {
    const book = withSalary()
    book.do('AddTransaction', {
      transactionId: 'payback',
      bankAccountId: 'checking',
      date: '2025-01-25',
      payee: 'Pracodawca',
      value: -7_000,
      splits: [{ categoryId: 'salary', value: -7_000 }],
    })
    expect(monthView(book.state, jan).readyToAssign).toBe(493_000)
  })

  it('assigning in a future month lowers this month’s Ready to Assign and shows as assigned in future', () => {
    const book = withSalary()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 20_000 })
    book.do('SetAssigned', { periodKey: '202502', categoryId: 'food', value: 50_000 })
    const january = monthView(book.state, jan)
    expect(january.readyToAssign).toBe(430_000)
    expect(january.assignedInFuture).toBe(50_000)
    expect(row(january, 'food').available).toBe(20_000)
    const february = monthView(book.state, feb)
    expect(february.assignedInFuture).toBe(0)
    expect(february.readyToAssign).toBe(430_000)
    expect(row(february, 'food')).toMatchObject({ assigned: 50_000, available: 70_000 })
  })
})
