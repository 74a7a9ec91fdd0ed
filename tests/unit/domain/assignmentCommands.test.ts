import { describe, expect, it } from 'vitest'
import { assignmentRecords, monthView } from '../../../domain/monthView.ts'
import { command, eventsOf, period, refusalOf, starterBudget } from './fixtures.ts'

const jan = period('202501')
const meta = { commandId: expect.any(String), at: '2025-01-15T10:00:00Z', by: 'user-1' }

const funded = () => {
  const book = starterBudget()
  book.do('AddTransaction', {
    transactionId: 'pay',
    bankAccountId: 'checking',
    date: '2025-01-02',
    payee: 'P',
    value: 100_000,
    splits: [{ categoryId: 'salary', value: 100_000 }],
  })
  return book
}

const row = (book: ReturnType<typeof starterBudget>, id: string, p = jan) =>
  monthView(book.state, p).categories.find((category) => category.id === id)

describe('SetAssigned', () => {
  it('sets the assigned amount with its delta', () => {
    const book = funded()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 3_000 })
    expect(
      eventsOf(book.state, command('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 1_000 })),
    ).toEqual([
      {
        _tag: 'AssignedSet',
        ...meta,
        periodKey: '202501',
        categoryId: 'food',
        assigned: 1_000,
        delta: -2_000,
      },
    ])
  })
  it('does nothing when the amount is unchanged', () => {
    const { state } = funded()
    expect(
      eventsOf(state, command('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 0 })),
    ).toEqual([])
  })
  it('refuses Income categories and unknown ones', () => {
    const { state } = funded()
    expect(
      refusalOf(state, command('SetAssigned', { periodKey: '202501', categoryId: 'salary', value: 1 })),
    ).toEqual({
      _tag: 'CannotAssignToIncomeCategory',
      code: 'cannot-assign-to-income',
      categoryId: 'salary',
    })
    expect(
      refusalOf(state, command('SetAssigned', { periodKey: '202501', categoryId: 'ghost', value: 1 }))._tag,
    ).toBe('CategoryNotFound')
  })
})

describe('MoveMoney', () => {
  it('moves between categories and from Ready to Assign', () => {
    const { state } = funded()
    expect(
      eventsOf(
        state,
        command('MoveMoney', { periodKey: '202501', fromCategoryId: null, toCategoryId: 'rent', value: 500 }),
      ),
    ).toEqual([
      {
        _tag: 'MoneyMoved',
        ...meta,
        periodKey: '202501',
        fromCategoryId: null,
        toCategoryId: 'rent',
        amount: 500,
      },
    ])
  })
  it('refuses a move to the same place, a non-positive amount, and Income categories', () => {
    const { state } = funded()
    expect(
      refusalOf(
        state,
        command('MoveMoney', { periodKey: '202501', fromCategoryId: 'rent', toCategoryId: 'rent', value: 5 }),
      )._tag,
    ).toBe('SameCategoryMove')
    expect(
      refusalOf(
        state,
        command('MoveMoney', { periodKey: '202501', fromCategoryId: null, toCategoryId: null, value: 5 }),
      )._tag,
    ).toBe('SameCategoryMove')
    expect(
      refusalOf(
        state,
        command('MoveMoney', { periodKey: '202501', fromCategoryId: 'rent', toCategoryId: 'food', value: 0 }),
      ),
    ).toEqual({
      _tag: 'AmountMustBePositive',
      code: 'amount-must-be-positive',
      value: 0,
    })
    expect(
      refusalOf(
        state,
        command('MoveMoney', {
          periodKey: '202501',
          fromCategoryId: 'salary',
          toCategoryId: 'food',
          value: 1,
        }),
      )._tag,
    ).toBe('CannotAssignToIncomeCategory')
  })
})

describe('CoverOverspending', () => {
  const overspent = () => {
    const book = funded()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'rent', value: 400 })
    book.do('AddTransaction', {
      transactionId: 's',
      bankAccountId: 'checking',
      date: '2025-01-03',
      payee: 'S',
      value: -1_000,
      splits: [{ categoryId: 'food', value: -1_000 }],
    })
    return book
  }
  it('covers from Ready to Assign in full', () => {
    const { state } = overspent()
    expect(
      eventsOf(
        state,
        command('CoverOverspending', {
          periodKey: '202501',
          overspentCategoryId: 'food',
          fromCategoryId: null,
        }),
      ),
    ).toEqual([
      {
        _tag: 'OverspendingCovered',
        ...meta,
        periodKey: '202501',
        fromCategoryId: null,
        toCategoryId: 'food',
        amount: 1_000,
      },
    ])
  })
  it('covers from a category only as far as its available reaches', () => {
    const book = overspent()
    book.do('CoverOverspending', { periodKey: '202501', overspentCategoryId: 'food', fromCategoryId: 'rent' })
    expect(row(book, 'food')?.available).toBe(-600)
    expect(row(book, 'rent')?.available).toBe(0)
  })
  it('refuses a category that is not overspent, and a source with nothing available', () => {
    const book = overspent()
    expect(
      refusalOf(
        book.state,
        command('CoverOverspending', {
          periodKey: '202501',
          overspentCategoryId: 'rent',
          fromCategoryId: null,
        }),
      ),
    ).toEqual({
      _tag: 'CategoryNotOverspent',
      code: 'category-not-overspent',
      categoryId: 'rent',
    })
    expect(
      refusalOf(
        book.state,
        command('CoverOverspending', {
          periodKey: '202501',
          overspentCategoryId: 'food',
          fromCategoryId: 'holiday',
        }),
      ),
    ).toEqual({
      _tag: 'NothingToCoverWith',
      code: 'nothing-to-cover-with',
      categoryId: 'holiday',
    })
  })
})

describe('AutoAssign', () => {
  const history = () => {
    const book = funded()
    // Three months of food: assigned 300, 600, 900; spent 150, 300, 450.
    for (const [p, assigned, spent, day] of [
      ['202410', 300, 150, '2024-10-05'],
      ['202411', 600, 300, '2024-11-05'],
      ['202412', 900, 450, '2024-12-05'],
    ] as const) {
      book.do('SetAssigned', { periodKey: p, categoryId: 'food', value: assigned })
      book.do('AddTransaction', {
        transactionId: `s${p}`,
        bankAccountId: 'checking',
        date: day,
        payee: 'S',
        value: -spent,
        splits: [{ categoryId: 'food', value: -spent }],
      })
    }
    return book
  }
  const proposal = (option: string, categoryIds = ['food']) =>
    eventsOf(
      history().state,
      command('AutoAssign', { periodKey: '202501', option: option as never, categoryIds }),
    )
  const deltaFor = (option: string) => {
    const [event] = proposal(option)
    return event?._tag === 'AutoAssigned' ? event.changes.map((c) => [c.categoryId, c.delta]) : []
  }
  it('assigned last month copies December’s 900', () =>
    expect(deltaFor('assignedLastMonth')).toEqual([['food', 900]]))
  it('spent last month assigns December’s 450', () =>
    expect(deltaFor('spentLastMonth')).toEqual([['food', 450]]))
  it('average assigned over three months is 600', () =>
    expect(deltaFor('averageAssigned')).toEqual([['food', 600]]))
  it('average spent over three months is 300', () =>
    expect(deltaFor('averageSpent')).toEqual([['food', 300]]))
  it('reset available assigns away what is available', () => {
    const book = history()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 100 })
    // available: 150 + 300 + 450 carried + 100 = 1 000
    const [event] = eventsOf(
      book.state,
      command('AutoAssign', { periodKey: '202501', option: 'resetAvailable', categoryIds: ['food'] }),
    )
    expect(event).toMatchObject({
      _tag: 'AutoAssigned',
      changes: [{ categoryId: 'food', periodKey: '202501', delta: -1_000 }],
    })
  })
  it('reset assigned brings assigned back to zero', () => {
    const book = history()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 250 })
    const [event] = eventsOf(
      book.state,
      command('AutoAssign', { periodKey: '202501', option: 'resetAssigned' }),
    )
    expect(event).toMatchObject({ changes: [{ categoryId: 'food', delta: -250 }] })
  })
  it('underfunded funds each target’s shortfall', () => {
    const book = funded()
    book.do('SetTarget', {
      targetId: 'tg',
      categoryId: 'rent',
      type: 'NeededForSpendingMonthly',
      amount: 2_000,
    })
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'rent', value: 500 })
    const [event] = book.do('AutoAssign', { periodKey: '202501', option: 'underfunded' })
    expect(event).toMatchObject({ option: 'underfunded', changes: [{ categoryId: 'rent', delta: 1_500 }] })
    expect(row(book, 'rent')?.target).toMatchObject({ neededThisMonth: 2_000, underfunded: 0 })
    expect(assignmentRecords(book.state, jan).at(-1)).toMatchObject({
      source: 'auto-assign',
      fromCategoryId: null,
      toCategoryId: 'rent',
      amount: 1_500,
    })
  })
  it('does nothing when nothing would change', () => {
    const { state } = funded()
    expect(eventsOf(state, command('AutoAssign', { periodKey: '202501', option: 'resetAssigned' }))).toEqual(
      [],
    )
  })
})

describe('UndoLastAssignment', () => {
  it('reverses the last assignment command, then the one before', () => {
    const book = funded()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 700 })
    book.do('MoveMoney', { periodKey: '202501', fromCategoryId: 'food', toCategoryId: 'rent', value: 200 })
    const [undo] = book.do('UndoLastAssignment', {})
    expect(undo).toMatchObject({
      _tag: 'AssignmentUndone',
      periodKey: '202501',
      changes: [
        { categoryId: 'food', periodKey: '202501', delta: 200 },
        { categoryId: 'rent', periodKey: '202501', delta: -200 },
      ],
    })
    expect([row(book, 'food')?.assigned, row(book, 'rent')?.assigned]).toEqual([700, 0])
    book.do('UndoLastAssignment', {})
    expect(row(book, 'food')?.assigned).toBe(0)
    expect(assignmentRecords(book.state, jan).map((r) => r.source)).toEqual([
      'manual',
      'move',
      'undo',
      'undo',
      'undo',
    ])
  })
  it('refuses when there is nothing to undo', () => {
    const { state } = funded()
    expect(refusalOf(state, command('UndoLastAssignment', {}))).toEqual({
      _tag: 'NothingToUndo',
      code: 'nothing-to-undo',
    })
  })
})
