import * as HashMap from 'effect/HashMap'
import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import { decide } from '../../../domain/decide.ts'
import { evolve, replay } from '../../../domain/evolve.ts'
import { accountBalance, monthView } from '../../../domain/monthView.ts'
import { closeForChanges, initialState, openForChanges } from '../../../domain/state.ts'
import { foldsIntoSummary, summaryOf, transactionsNeeded } from '../../../domain/summary.ts'
import type { BudgetCommand, ImportableCommandDraft } from '../../../schemas/budgetCommands.ts'
import type { BudgetEvent } from '../../../schemas/budgetEvents.ts'
import { MAX_AMOUNT } from '../../../schemas/money.ts'
import { command, eventsOf, ledger, period, refusalOf, transactionId } from './fixtures.ts'

/** A new budget, as `POST /api/budget` makes it: the system group, Uncategorized and the income destination. */
const emptyBudget = () => {
  const book = ledger()
  book.do('CreateBudget', {
    budgetId: 'budget-1',
    name: 'Nowy',
    currency: 'PLN',
    uncategorizedGroupId: 'group-system',
    uncategorizedCategoryId: 'uncategorized',
    incomeCategoryId: 'ready-to-assign',
  })
  return book
}

/** The same budget with a starter set, a target on one of its categories and a saved filter. */
const budgetWithStarterSet = () => {
  const book = emptyBudget()
  book.do('CreateCategoryGroup', { categoryGroupId: 'starter-bills', name: 'Rachunki' })
  book.do('CreateCategory', {
    categoryId: 'starter-rent',
    categoryGroupId: 'starter-bills',
    name: 'Czynsz',
    type: 'Expense',
  })
  book.do('CreateCategory', {
    categoryId: 'starter-food',
    categoryGroupId: 'starter-bills',
    name: 'Jedzenie',
    type: 'Expense',
  })
  book.do('SetTarget', {
    targetId: 'starter-target',
    categoryId: 'starter-rent',
    type: 'NeededForSpendingMonthly',
    amount: 150_000,
  })
  book.do('SaveFilter', { filterId: 'starter-filter', name: 'Duże', criteria: { minValue: 100_000 } })
  return book
}

/** Drafts as a converter makes them: decoded through the command schema (via `command`), meta dropped. */
const draft = <T extends ImportableCommandDraft['_tag']>(
  tag: T,
  fields: Parameters<typeof command<T>>[1],
): ImportableCommandDraft => {
  const decoded: BudgetCommand = command(tag, fields)
  const { commandId: _id, at: _at, userId: _user, ...rest } = decoded
  // A decoded command of an importable tag, without its meta, is that tag's draft.
  return rest as ImportableCommandDraft
}

const importedBudget = (): ImportableCommandDraft[] => [
  draft('RenameBudget', { name: 'Budżet z YNAB' }),
  draft('ChangeCurrency', { currency: 'EUR' }),
  draft('CreateCategoryGroup', { categoryGroupId: 'g-bills', name: 'Opłaty' }),
  draft('CreateCategory', {
    categoryId: 'c-rent',
    categoryGroupId: 'g-bills',
    name: 'Czynsz',
    type: 'Expense',
  }),
  draft('CreateCategory', {
    categoryId: 'c-food',
    categoryGroupId: 'g-bills',
    name: 'Żywność',
    type: 'Expense',
  }),
  draft('SetCategoryHidden', { categoryId: 'c-food', hidden: true }),
  draft('OpenBankAccount', {
    bankAccountId: 'a-checking',
    name: 'Konto',
    type: 'unconnected',
    balance: 100_000,
    date: '2025-01-01',
  }),
  draft('OpenBankAccount', {
    bankAccountId: 'a-savings',
    name: 'Oszczędności',
    type: 'unconnected',
    balance: 0,
    date: '2025-01-01',
  }),
  draft('ImportTransactions', {
    items: [
      {
        _tag: 'AddTransaction',
        transactionId: 't-rent',
        bankAccountId: 'a-checking',
        date: '2025-01-05',
        payee: 'Spółdzielnia',
        value: -80_000,
        splits: [{ categoryId: 'c-rent', value: -80_000 }],
        cleared: true,
      },
      {
        _tag: 'AddTransfer',
        transferId: 'x-1',
        outflowTransactionId: 'x-1-out',
        inflowTransactionId: 'x-1-in',
        fromBankAccountId: 'a-checking',
        toBankAccountId: 'a-savings',
        date: '2025-01-10',
        value: 10_000,
      },
    ],
  }),
  draft('EditTransaction', { transactionId: 'x-1-in', cleared: true }),
  draft('SetAssigned', { periodKey: '202501', categoryId: 'c-rent', value: 80_000 }),
  draft('SetAssigned', { periodKey: '202502', categoryId: 'c-rent', value: 80_000 }),
  draft('SetTarget', {
    targetId: 'tg-rent',
    categoryId: 'c-rent',
    type: 'NeededForSpendingMonthly',
    amount: 80_000,
  }),
]

const importOf = (commands: ImportableCommandDraft[], commandId = 'import-1') =>
  command('ImportBudget', { source: 'ynab', commands, commandId })

const onlyImported = (events: readonly BudgetEvent[]) => {
  expect(events).toHaveLength(1)
  const [imported] = events
  if (imported?._tag !== 'BudgetImported') throw new Error(`expected BudgetImported, got ${imported?._tag}`)
  return imported
}

describe('ImportBudget', () => {
  it('runs every command on the state its predecessors left and wraps their events in one BudgetImported', () => {
    const imported = onlyImported(eventsOf(emptyBudget().state, importOf(importedBudget())))
    expect(imported.source).toBe('ynab')
    expect(imported.events.map((event) => event._tag)).toEqual([
      'BudgetRenamed',
      'CurrencyChanged',
      'CategoryGroupCreated',
      'CategoryCreated',
      'CategoryCreated',
      'CategoryHiddenChanged',
      'BankAccountOpened',
      'BankAccountOpened',
      'TransactionsImported',
      'TransferEdited',
      'AssignedSet',
      'AssignedSet',
      'TargetSet',
    ])
  })

  it('gives each command the id <import id>/<n>, the import’s time and its actor', () => {
    const imported = onlyImported(eventsOf(emptyBudget().state, importOf(importedBudget(), 'imp-7')))
    const assignments = imported.events.filter((event) => event._tag === 'AssignedSet')
    expect(assignments.map((event) => event.commandId)).toEqual(['imp-7/10', 'imp-7/11'])
    expect(assignments[0]).toMatchObject({ at: '2025-01-15T10:00:00Z', by: 'user-1' })
  })

  it('leaves the budget as running the same commands one by one would, with no undo history', () => {
    const empty = emptyBudget()
    const after = evolve(empty.state, onlyImported(eventsOf(empty.state, importOf(importedBudget()))))
    const oneByOne = emptyBudget()
    for (const each of importedBudget()) oneByOne.run(command(each._tag, each as never))
    for (const key of ['202501', '202502', '202503']) {
      expect(monthView(after, period(key))).toEqual(monthView(oneByOne.state, period(key)))
    }
    for (const id of oneByOne.state.accounts.keys())
      expect(accountBalance(after, id)).toEqual(accountBalance(oneByOne.state, id))
    expect(after.budget).toMatchObject({ name: 'Budżet z YNAB', currency: 'EUR' })
    expect(after.categories.get('c-food' as never)?.hidden).toBe(true)
    expect(after.undoStack).toBeNull()
    expect(oneByOne.state.undoStack).not.toBeNull()
  })

  it('replaces a starter set, its targets and saved filters with the imported structure', () => {
    const book = budgetWithStarterSet()
    const imported = onlyImported(eventsOf(book.state, importOf(importedBudget())))
    expect(imported.events.slice(0, 5)).toEqual([
      { _tag: 'CategoryDeleted', categoryId: 'starter-rent', movedToCategoryId: 'uncategorized' },
      { _tag: 'CategoryDeleted', categoryId: 'starter-food', movedToCategoryId: 'uncategorized' },
      { _tag: 'CategoryGroupDeleted', categoryGroupId: 'starter-bills' },
      { _tag: 'FilterDeleted', filterId: 'starter-filter' },
      { _tag: 'BudgetRenamed', name: 'Budżet z YNAB' },
    ])
    const after = evolve(book.state, imported)
    expect([...after.groups.keys()].sort()).toEqual(['g-bills', 'group-system'])
    expect([...after.categories.keys()].sort()).toEqual([
      'c-food',
      'c-rent',
      'ready-to-assign',
      'uncategorized',
    ])
    expect([...after.targets.keys()]).toEqual(['c-rent'])
    expect(after.filters.size).toBe(0)
  })

  it('keeps the system categories, mapping imported money into them', () => {
    const commands = [
      draft('OpenBankAccount', {
        bankAccountId: 'a',
        name: 'Konto',
        type: 'unconnected',
        balance: 0,
        date: '2025-03-01',
      }),
      draft('AddTransaction', {
        transactionId: 't-pay',
        bankAccountId: 'a',
        date: '2025-03-10',
        payee: 'Pracodawca',
        value: 500_000,
        splits: [{ categoryId: 'ready-to-assign', value: 500_000 }],
      }),
    ]
    const book = emptyBudget()
    const after = evolve(book.state, onlyImported(eventsOf(book.state, importOf(commands))))
    expect(monthView(after, period('202503')).readyToAssign).toBe(500_000)
  })

  it('refuses a budget that has an account', () => {
    const book = emptyBudget()
    book.do('OpenBankAccount', {
      bankAccountId: 'mine',
      name: 'Moje',
      type: 'unconnected',
      balance: 0,
      date: '2025-01-01',
    })
    expect(refusalOf(book.state, importOf(importedBudget()))).toEqual({
      _tag: 'BudgetNotEmpty',
      code: 'budget-not-empty',
    })
  })

  it('refuses a budget where money was ever assigned, even if it is back to zero', () => {
    const book = budgetWithStarterSet()
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'starter-food', value: 1_000 })
    expect(refusalOf(book.state, importOf([]))._tag).toBe('BudgetNotEmpty')
    book.do('SetAssigned', { periodKey: '202501', categoryId: 'starter-food', value: 0 })
    expect(HashMap.size(book.state.categoryMonths)).toBe(0)
    expect(refusalOf(book.state, importOf([]))._tag).toBe('BudgetNotEmpty')
  })

  it('refuses a deleted or missing budget', () => {
    expect(refusalOf(initialState, importOf([]))._tag).toBe('BudgetNotFound')
    const book = emptyBudget()
    book.do('DeleteBudget', {})
    expect(refusalOf(book.state, importOf([]))._tag).toBe('BudgetNotFound')
  })

  it('is all or nothing: the first refused command refuses the import with its own error', () => {
    const commands = [
      ...importedBudget(),
      draft('AddTransaction', {
        transactionId: 't-lost',
        bankAccountId: 'nowhere',
        date: '2025-01-05',
        payee: 'X',
        value: -1,
        splits: [],
      }),
      draft('SetAssigned', { periodKey: '202503', categoryId: 'c-rent', value: 1 }),
    ]
    const book = emptyBudget()
    expect(refusalOf(book.state, importOf(commands))).toEqual({
      _tag: 'BankAccountNotFound',
      code: 'bank-account-not-found',
      bankAccountId: 'nowhere',
    })
    // An inner import's refusal keeps the index of the item it refused.
    const duplicate = draft('ImportTransactions', {
      items: [
        {
          _tag: 'AddTransaction',
          transactionId: 't-rent',
          bankAccountId: 'a-checking',
          date: '2025-01-06',
          payee: 'Again',
          value: -1,
          splits: [],
        },
      ],
    })
    expect(refusalOf(book.state, importOf([...importedBudget(), duplicate]))).toMatchObject({
      _tag: 'TransactionAlreadyExists',
      itemIndex: 0,
    })
  })

  it('refuses a command an earlier one makes impossible, as it would be one command later', () => {
    const commands = [
      draft('CreateCategoryGroup', { categoryGroupId: 'g', name: 'A' }),
      draft('CreateCategoryGroup', { categoryGroupId: 'g', name: 'B' }),
    ]
    expect(refusalOf(emptyBudget().state, importOf(commands))._tag).toBe('CategoryGroupAlreadyExists')
  })

  it('is bounded as a whole: totals past the bound refuse the import', () => {
    const accounts = Array.from({ length: 120 }, (_, index) =>
      draft('OpenBankAccount', {
        bankAccountId: `a-${index}`,
        name: `Konto ${index}`,
        type: 'unconnected',
        balance: MAX_AMOUNT,
        date: '2025-01-01',
      }),
    )
    expect(refusalOf(emptyBudget().state, importOf(accounts))._tag).toBe('BudgetTotalsTooLarge')
    expect(Result.isSuccess(decide(importOf(accounts.slice(0, 10)), emptyBudget().state))).toBe(true)
  })

  it('changes nothing when there is nothing to import or replace', () => {
    expect(eventsOf(emptyBudget().state, importOf([]))).toEqual([])
  })

  it('never changes the state it decides on, even one open for changes', () => {
    const open = openForChanges(emptyBudget().state)
    eventsOf(open, importOf(importedBudget()))
    const closed = closeForChanges(open)
    expect(HashMap.size(closed.transactions)).toBe(0)
    expect(HashMap.size(closed.accountMonths)).toBe(0)
    expect(closed.accounts.size).toBe(0)
  })

  it('replays: the stream with a BudgetImported folds to the same state as evolving it', () => {
    const book = budgetWithStarterSet()
    const events = eventsOf(book.state, importOf(importedBudget()))
    const folded = events.reduce(evolve, book.state)
    const replayed = replay([...book.events, ...events])
    expect(monthView(replayed, period('202501'))).toEqual(monthView(folded, period('202501')))
    expect(replayed.transactionCount).toBe(3)
  })

  it('needs no stored transactions to decide, and folds into a summary even where it edits its own', () => {
    const book = emptyBudget()
    expect(transactionsNeeded([importOf(importedBudget())]).ids.size).toBe(0)
    const [imported] = eventsOf(book.state, importOf(importedBudget()))
    if (imported === undefined) throw new Error('no event')
    expect(foldsIntoSummary(summaryOf(book.state), imported)).toBe(true)
    const foreignEdit: BudgetEvent = {
      _tag: 'BudgetImported',
      source: 'koperta',
      events: [{ _tag: 'TransactionDeleted', transactionId: transactionId('not-held') }],
    }
    expect(foldsIntoSummary(summaryOf(book.state), foreignEdit)).toBe(false)
  })
})
