import * as HashMap from 'effect/HashMap'
import { describe, expect, it } from 'vitest'
import { incomeDestinationOf, initialState, monthOf } from '../../../domain/state.ts'
import { categoryId, command, event, eventsOf, given, period, refusalOf, starterBudget } from './fixtures.ts'

const create = () =>
  command('CreateBudget', {
    budgetId: 'budget-1',
    name: 'Dom',
    currency: 'PLN',
    uncategorizedGroupId: 'group-system',
    uncategorizedCategoryId: 'uncategorized',
    incomeCategoryId: 'ready-to-assign',
  })

describe('CreateBudget', () => {
  it('creates the budget with its Uncategorized category', () => {
    const events = eventsOf(initialState, create())
    expect(events).toEqual([
      {
        _tag: 'BudgetCreated',
        budgetId: 'budget-1',
        name: 'Dom',
        currency: 'PLN',
        uncategorizedGroupId: 'group-system',
        uncategorizedCategoryId: 'uncategorized',
        createdAt: '2025-01-15T10:00:00Z',
        createdBy: 'user-1',
      },
      { _tag: 'IncomeDestinationCreated', categoryId: 'ready-to-assign' },
    ])
    const state = given(events)
    expect(state.categories.get('uncategorized' as never)).toMatchObject({
      origin: 'Uncategorized',
      type: 'Expense',
    })
    expect(incomeDestinationOf(state)).toMatchObject({
      id: 'ready-to-assign',
      categoryGroupId: 'group-system',
      origin: 'Uncategorized',
      type: 'Income',
    })
  })
  it('refuses a second creation of the same stream', () => {
    expect(refusalOf(starterBudget().state, create())).toEqual({
      _tag: 'BudgetAlreadyExists',
      code: 'budget-already-exists',
    })
  })
  it('refuses a currency outside ISO 4217', () => {
    const unknown = command('CreateBudget', {
      budgetId: 'b',
      name: 'X',
      currency: 'ABC',
      uncategorizedGroupId: 'g',
      uncategorizedCategoryId: 'u',
      incomeCategoryId: 'i',
    })
    expect(refusalOf(initialState, unknown)).toEqual({
      _tag: 'UnknownCurrency',
      code: 'unknown-currency',
      currency: 'ABC',
    })
  })
})

describe('RenameBudget, ChangeCurrency, DeleteBudget', () => {
  it('renames, and does nothing for the same name', () => {
    const { state } = starterBudget()
    expect(eventsOf(state, command('RenameBudget', { name: 'Nowy' }))).toEqual([
      { _tag: 'BudgetRenamed', name: 'Nowy' },
    ])
    expect(eventsOf(state, command('RenameBudget', { name: 'Dom' }))).toEqual([])
  })
  it('changes the currency while no money is recorded', () => {
    const { state } = starterBudget()
    expect(eventsOf(state, command('ChangeCurrency', { currency: 'EUR' }))).toEqual([
      { _tag: 'CurrencyChanged', currency: 'EUR' },
    ])
    expect(eventsOf(state, command('ChangeCurrency', { currency: 'PLN' }))).toEqual([])
  })
  it('locks the currency once a transaction exists', () => {
    const book = starterBudget()
    book.do('AddTransaction', {
      transactionId: 't1',
      bankAccountId: 'checking',
      date: '2025-01-02',
      payee: 'x',
      value: -100,
      splits: [],
    })
    expect(refusalOf(book.state, command('ChangeCurrency', { currency: 'EUR' }))).toEqual({
      _tag: 'CurrencyLocked',
      code: 'currency-locked',
    })
  })
  it('deletes the budget; afterwards every command meets BudgetNotFound', () => {
    const book = starterBudget()
    expect(book.do('DeleteBudget', {})).toEqual([{ _tag: 'BudgetDeleted' }])
    expect(refusalOf(book.state, command('RenameBudget', { name: 'X' }))).toEqual({
      _tag: 'BudgetNotFound',
      code: 'budget-not-found',
    })
    expect(refusalOf(initialState, command('DeleteBudget', {}))._tag).toBe('BudgetNotFound')
  })
})

describe('a budget that does not exist', () => {
  it('refuses every command but CreateBudget with BudgetNotFound, and nothing happens', () => {
    for (const cmd of [
      command('RenameBudget', { name: 'X' }),
      command('CreateCategoryGroup', { categoryGroupId: 'g', name: 'G' }),
      command('OpenBankAccount', {
        bankAccountId: 'a',
        name: 'A',
        type: 'unconnected',
        balance: 0,
        date: '2025-01-01',
      }),
      command('AddTransaction', {
        transactionId: 't',
        bankAccountId: 'a',
        date: '2025-01-01',
        payee: '',
        value: 1,
        splits: [],
      }),
      command('SetAssigned', { periodKey: '202501', categoryId: 'c', value: 1 }),
      command('UndoLastAssignment', {}),
      command('SaveFilter', { filterId: 'f', name: 'F', criteria: {} }),
    ]) {
      expect(refusalOf(initialState, cmd)).toEqual({ _tag: 'BudgetNotFound', code: 'budget-not-found' })
    }
  })
})

describe('ResetBudget', () => {
  it('keeps structure and restarts accounts at their working balance on the reset date', () => {
    const book = starterBudget()
    book.do('AddTransaction', {
      transactionId: 't1',
      bankAccountId: 'checking',
      date: '2025-01-02',
      payee: 'x',
      value: 5_000,
      splits: [{ categoryId: 'salary', value: 5_000 }],
    })
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 3_000 })
    expect(book.do('ResetBudget', { date: '2025-03-01' })).toEqual([
      {
        _tag: 'BudgetReset',
        date: '2025-03-01',
        openingBalances: [{ bankAccountId: 'checking', balance: 5_000 }],
      },
    ])
    expect(book.state.transactionCount).toBe(0)
    expect(HashMap.size(book.state.categoryMonths)).toBe(0)
    expect(book.state.categories.size).toBe(6)
    expect(book.state.accounts.get('checking' as never)).toMatchObject({
      openingBalance: 5_000,
      openingDate: '2025-03-01',
    })
  })
})

describe('category groups', () => {
  it('creates, renames, hides and reorders groups', () => {
    const { state } = starterBudget()
    expect(
      eventsOf(state, command('CreateCategoryGroup', { categoryGroupId: 'g-new', name: 'Nowa' })),
    ).toEqual([{ _tag: 'CategoryGroupCreated', categoryGroupId: 'g-new', name: 'Nowa' }])
    expect(
      eventsOf(state, command('RenameCategoryGroup', { categoryGroupId: 'group-bills', name: 'Opłaty' })),
    ).toEqual([{ _tag: 'CategoryGroupRenamed', categoryGroupId: 'group-bills', name: 'Opłaty' }])
    expect(
      eventsOf(state, command('SetCategoryGroupHidden', { categoryGroupId: 'group-bills', hidden: true })),
    ).toEqual([{ _tag: 'CategoryGroupHiddenChanged', categoryGroupId: 'group-bills', hidden: true }])
    const order = ['group-bills', 'group-system', 'group-income']
    expect(eventsOf(state, command('ReorderCategoryGroups', { categoryGroupIds: order }))).toEqual([
      { _tag: 'CategoryGroupsReordered', categoryGroupIds: order },
    ])
  })
  it('does nothing for the same name, the same visibility or the same order', () => {
    const { state } = starterBudget()
    expect(
      eventsOf(state, command('RenameCategoryGroup', { categoryGroupId: 'group-bills', name: 'Rachunki' })),
    ).toEqual([])
    expect(
      eventsOf(state, command('SetCategoryGroupHidden', { categoryGroupId: 'group-bills', hidden: false })),
    ).toEqual([])
    const same = ['group-system', 'group-income', 'group-bills']
    expect(eventsOf(state, command('ReorderCategoryGroups', { categoryGroupIds: same }))).toEqual([])
  })
  it('refuses unknown groups, duplicates and incomplete orders', () => {
    const { state } = starterBudget()
    expect(refusalOf(state, command('RenameCategoryGroup', { categoryGroupId: 'nope', name: 'X' }))).toEqual({
      _tag: 'CategoryGroupNotFound',
      code: 'category-group-not-found',
      categoryGroupId: 'nope',
    })
    expect(
      refusalOf(state, command('CreateCategoryGroup', { categoryGroupId: 'group-bills', name: 'X' }))._tag,
    ).toBe('CategoryGroupAlreadyExists')
    expect(
      refusalOf(state, command('ReorderCategoryGroups', { categoryGroupIds: ['group-bills'] }))._tag,
    ).toBe('ReorderListMismatch')
  })
  it('deletes a group by deleting its categories into a chosen category first', () => {
    const { state } = starterBudget()
    expect(
      eventsOf(
        state,
        command('DeleteCategoryGroup', { categoryGroupId: 'group-bills', moveToCategoryId: 'uncategorized' }),
      ),
    ).toEqual([
      { _tag: 'CategoryDeleted', categoryId: 'rent', movedToCategoryId: 'uncategorized' },
      { _tag: 'CategoryDeleted', categoryId: 'food', movedToCategoryId: 'uncategorized' },
      { _tag: 'CategoryDeleted', categoryId: 'holiday', movedToCategoryId: 'uncategorized' },
      { _tag: 'CategoryGroupDeleted', categoryGroupId: 'group-bills' },
    ])
  })
  it('refuses to delete the group holding Uncategorized, or to move into the group being deleted', () => {
    const { state } = starterBudget()
    expect(
      refusalOf(
        state,
        command('DeleteCategoryGroup', { categoryGroupId: 'group-system', moveToCategoryId: 'food' }),
      )._tag,
    ).toBe('UncategorizedCannotBeDeleted')
    expect(
      refusalOf(
        state,
        command('DeleteCategoryGroup', { categoryGroupId: 'group-bills', moveToCategoryId: 'food' }),
      ),
    ).toEqual({
      _tag: 'InvalidMoveTarget',
      code: 'invalid-move-target',
      categoryId: 'food',
    })
  })
})

describe('categories', () => {
  it('creates a category with Undefined spending class by default', () => {
    const { state } = starterBudget()
    expect(
      eventsOf(
        state,
        command('CreateCategory', {
          categoryId: 'fun',
          categoryGroupId: 'group-bills',
          name: 'Kino',
          type: 'Expense',
        }),
      ),
    ).toEqual([
      {
        _tag: 'CategoryCreated',
        categoryId: 'fun',
        categoryGroupId: 'group-bills',
        name: 'Kino',
        type: 'Expense',
        spendingClass: 'Undefined',
      },
    ])
  })
  it('refuses a category in an unknown group, or with a taken id', () => {
    const { state } = starterBudget()
    expect(
      refusalOf(
        state,
        command('CreateCategory', { categoryId: 'x', categoryGroupId: 'nope', name: 'X', type: 'Expense' }),
      )._tag,
    ).toBe('CategoryGroupNotFound')
    expect(
      refusalOf(
        state,
        command('CreateCategory', {
          categoryId: 'food',
          categoryGroupId: 'group-bills',
          name: 'X',
          type: 'Expense',
        }),
      ),
    ).toEqual({
      _tag: 'CategoryAlreadyExists',
      code: 'category-already-exists',
      categoryId: 'food',
    })
  })
  it('renames, hides, changes spending class — and does nothing when nothing changes', () => {
    const { state } = starterBudget()
    expect(eventsOf(state, command('RenameCategory', { categoryId: 'food', name: 'Spożywcze' }))).toEqual([
      { _tag: 'CategoryRenamed', categoryId: 'food', name: 'Spożywcze' },
    ])
    expect(eventsOf(state, command('SetCategoryHidden', { categoryId: 'food', hidden: true }))).toEqual([
      { _tag: 'CategoryHiddenChanged', categoryId: 'food', hidden: true },
    ])
    expect(
      eventsOf(state, command('SetCategorySpendingClass', { categoryId: 'food', spendingClass: 'Fun' })),
    ).toEqual([{ _tag: 'CategorySpendingClassChanged', categoryId: 'food', spendingClass: 'Fun' }])
    expect(eventsOf(state, command('RenameCategory', { categoryId: 'food', name: 'Jedzenie' }))).toEqual([])
    expect(eventsOf(state, command('SetCategoryHidden', { categoryId: 'food', hidden: false }))).toEqual([])
    expect(
      eventsOf(state, command('SetCategorySpendingClass', { categoryId: 'food', spendingClass: 'Food' })),
    ).toEqual([])
    expect(refusalOf(state, command('RenameCategory', { categoryId: 'ghost', name: 'X' }))).toEqual({
      _tag: 'CategoryNotFound',
      code: 'category-not-found',
      categoryId: 'ghost',
    })
  })
  it('reorders within a group and moves a category into another group', () => {
    const book = starterBudget()
    book.do('ReorderCategories', { categoryGroupId: 'group-income', categoryIds: ['food', 'salary'] })
    expect(book.state.categories.get('food' as never)).toMatchObject({
      categoryGroupId: 'group-income',
      position: 0,
    })
    expect(book.state.categories.get('salary' as never)).toMatchObject({ position: 1 })
    expect(
      refusalOf(
        book.state,
        command('ReorderCategories', { categoryGroupId: 'group-income', categoryIds: ['salary'] }),
      )._tag,
    ).toBe('ReorderListMismatch')
    expect(
      eventsOf(
        book.state,
        command('ReorderCategories', { categoryGroupId: 'group-income', categoryIds: ['food', 'salary'] }),
      ),
    ).toEqual([])
  })
  it('deletes a category, moving its transactions and assignments to the chosen one', () => {
    const book = starterBudget()
    book.do('AddTransaction', {
      transactionId: 't1',
      bankAccountId: 'checking',
      date: '2025-01-02',
      payee: 'x',
      value: -700,
      splits: [{ categoryId: 'food', value: -700 }],
    })
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 1_000 })
    expect(book.do('DeleteCategory', { categoryId: 'food', moveToCategoryId: 'rent' })).toEqual([
      { _tag: 'CategoryDeleted', categoryId: 'food', movedToCategoryId: 'rent' },
    ])
    expect(monthOf(book.state, categoryId('rent'), period('202501'))).toEqual({
      assigned: 1_000,
      activity: -700,
    })
    expect(book.state.categories.has('food' as never)).toBe(false)
  })
  it('refuses to delete Uncategorized, to delete into itself, or into an unknown category', () => {
    const { state } = starterBudget()
    expect(
      refusalOf(state, command('DeleteCategory', { categoryId: 'uncategorized', moveToCategoryId: 'food' })),
    ).toEqual({
      _tag: 'UncategorizedCannotBeDeleted',
      code: 'uncategorized-cannot-be-deleted',
    })
    expect(
      refusalOf(state, command('DeleteCategory', { categoryId: 'food', moveToCategoryId: 'food' }))._tag,
    ).toBe('InvalidMoveTarget')
    expect(
      refusalOf(state, command('DeleteCategory', { categoryId: 'food', moveToCategoryId: 'ghost' }))._tag,
    ).toBe('CategoryNotFound')
  })
})

describe('targets', () => {
  it('sets a target, does nothing when it is the same, and removes it', () => {
    const book = starterBudget()
    const set = {
      targetId: 'tg1',
      categoryId: 'rent',
      type: 'NeededForSpendingMonthly',
      amount: 200_000,
    } as const
    expect(book.do('SetTarget', set)).toEqual([
      {
        _tag: 'TargetSet',
        target: {
          id: 'tg1',
          categoryId: 'rent',
          type: 'NeededForSpendingMonthly',
          amount: 200_000,
          dueDate: null,
          cadenceMonths: null,
        },
      },
    ])
    expect(eventsOf(book.state, command('SetTarget', set))).toEqual([])
    expect(book.do('RemoveTarget', { categoryId: 'rent' })).toEqual([
      { _tag: 'TargetRemoved', targetId: 'tg1', categoryId: 'rent' },
    ])
  })
  it('refuses a by-date target without a date, a non-positive amount, an Income category, or removing nothing', () => {
    const { state } = starterBudget()
    expect(
      refusalOf(
        state,
        command('SetTarget', {
          targetId: 't',
          categoryId: 'rent',
          type: 'NeededForSpendingByDate',
          amount: 1,
        }),
      )._tag,
    ).toBe('TargetNeedsDueDate')
    expect(
      refusalOf(
        state,
        command('SetTarget', { targetId: 't', categoryId: 'rent', type: 'SavingsBuilder', amount: 0 }),
      )._tag,
    ).toBe('AmountMustBePositive')
    expect(
      refusalOf(
        state,
        command('SetTarget', { targetId: 't', categoryId: 'salary', type: 'SavingsBuilder', amount: 5 }),
      )._tag,
    ).toBe('CannotAssignToIncomeCategory')
    expect(refusalOf(state, command('RemoveTarget', { categoryId: 'rent' }))).toEqual({
      _tag: 'TargetNotFound',
      code: 'target-not-found',
      categoryId: 'rent',
    })
  })
})

describe('saved filters', () => {
  it('saves, re-saves identically to no effect, and deletes', () => {
    const book = starterBudget()
    const filter = {
      filterId: 'f1',
      name: 'Jedzenie 2025',
      criteria: { categoryIds: ['food'], fromDate: '2025-01-01', direction: 'Outflow' },
    } as const
    expect(book.do('SaveFilter', filter)).toEqual([{ _tag: 'FilterSaved', ...filter }])
    expect(eventsOf(book.state, command('SaveFilter', filter))).toEqual([])
    expect(book.do('DeleteFilter', { filterId: 'f1' })).toEqual([{ _tag: 'FilterDeleted', filterId: 'f1' }])
    expect(refusalOf(book.state, command('DeleteFilter', { filterId: 'f1' }))).toEqual({
      _tag: 'FilterNotFound',
      code: 'filter-not-found',
      filterId: 'f1',
    })
  })

  // Issue 31: a filter with `report` is a saved statistics view.
  const view = {
    filterId: 'v1',
    name: 'Jedzenie, trend',
    criteria: { bankAccountIds: ['checking'], fromDate: '2025-01-01' },
    report: { kind: 'Trends', granularity: 'Month', subject: 'food' },
  } as const

  it('saves a view with its report, and a change of the report alone is a change', () => {
    const book = starterBudget()
    expect(book.do('SaveFilter', view)).toEqual([{ _tag: 'FilterSaved', ...view }])
    expect(book.state.filters.get(view.filterId as never)).toEqual({
      id: 'v1',
      name: view.name,
      criteria: view.criteria,
      report: view.report,
    })
    expect(eventsOf(book.state, command('SaveFilter', view))).toEqual([])
    const byClass = { ...view, report: { kind: 'Trends', granularity: 'Month', subject: 'Food' } } as const
    expect(book.do('SaveFilter', byClass)).toEqual([{ _tag: 'FilterSaved', ...byClass }])
    // Saved again without a report, it is a plain filter once more.
    const { report: _report, ...plain } = view
    expect(book.do('SaveFilter', plain)).toEqual([{ _tag: 'FilterSaved', ...plain }])
    expect(book.state.filters.get(view.filterId as never)).not.toHaveProperty('report')
  })

  it('keeps a view whose subject names no category, as criteria keep unknown ids; renaming it still works', () => {
    const book = starterBudget()
    const unknown = { ...view, report: { kind: 'Trends', granularity: 'Year', subject: 'gone' } } as const
    expect(book.do('SaveFilter', unknown)).toEqual([{ _tag: 'FilterSaved', ...unknown }])
    book.do('SaveFilter', view)
    book.do('DeleteCategory', { categoryId: 'food', moveToCategoryId: 'rent' })
    expect(book.do('SaveFilter', { ...view, name: 'Dawne jedzenie' })).toEqual([
      { _tag: 'FilterSaved', ...view, name: 'Dawne jedzenie' },
    ])
  })

  it('replays a FilterSaved written before views as a filter without a report', () => {
    const state = given([
      ...starterBudget().events,
      event({ _tag: 'FilterSaved', filterId: 'old', name: 'Stary', criteria: { minValue: 100 } }),
    ])
    expect(state.filters.get('old' as never)).toEqual({
      id: 'old',
      name: 'Stary',
      criteria: { minValue: 100 },
    })
  })

  it('refuses, by its schema, a report of an unknown kind, dimension or granularity', () => {
    for (const report of [
      { kind: 'Pie', granularity: 'Month' },
      { kind: 'Spending', granularity: 'Week' },
      { kind: 'Spending', granularity: 'Month', dimension: 'payee' },
      { kind: 'Trends', granularity: 'Month', subject: '' },
      { kind: 'Spending' },
    ])
      expect(() => command('SaveFilter', { ...view, report } as never)).toThrow()
  })
})
