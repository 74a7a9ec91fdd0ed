import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import { decide } from '../../../domain/decide.ts'
import { evolve } from '../../../domain/evolve.ts'
import type { BudgetState } from '../../../domain/state.ts'
import { checkMoveTransactions } from '../../../machines/dialogs/moveTransactions/index.ts'
import { stamp } from '../../../machines/openBudget/index.ts'
import {
  autoAssignPreviewOf,
  categoryTransactionsOf,
  moveTransactionsDrafts,
  recordsOfCategory,
} from '../../../machines/openBudget/selectors/category.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import { explanationText, monthText } from '../../../src/views/category/format.ts'
import { categoryId, period, starterBudget } from '../domain/fixtures.ts'

const jan = period('202501')

/** Starter budget with 1 000 zł income, 300 zł on food (200 zł spent, one split with rent), a 500 zł target. */
const arranged = () => {
  const book = starterBudget()
  book.do('AddTransaction', {
    transactionId: 'pay',
    bankAccountId: 'checking',
    date: '2025-01-02',
    payee: 'Praca',
    value: 100_000,
    splits: [{ categoryId: 'salary', value: 100_000 }],
  })
  book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 30_000 })
  book.do('AddTransaction', {
    transactionId: 'shop',
    bankAccountId: 'checking',
    date: '2025-01-10',
    payee: 'Sklep',
    value: -20_000,
    splits: [
      { categoryId: 'food', value: -15_000 },
      { categoryId: 'rent', value: -5_000 },
    ],
  })
  book.do('AddTransaction', {
    transactionId: 'old',
    bankAccountId: 'checking',
    date: '2024-12-30',
    payee: 'Stary',
    value: -1_000,
    splits: [{ categoryId: 'food', value: -1_000 }],
  })
  book.do('SetTarget', {
    targetId: 'target-food',
    categoryId: 'food',
    type: 'NeededForSpendingMonthly',
    amount: 50_000,
  })
  return book
}

const transactionsOf = (state: BudgetState): Transaction[] =>
  [...state.transactions].map(([, value]) => value)

describe('category transactions', () => {
  it('lists the month’s transactions with a split in the category and the category’s part of each', () => {
    const { state } = arranged()
    const found = categoryTransactionsOf(transactionsOf(state), categoryId('food'), jan)
    expect(found.map((entry) => [entry.transaction.id, entry.amount])).toEqual([['shop', -15_000]])
  })

  it('re-categorises only the category’s splits, one EditTransaction each, and the domain accepts them', () => {
    const { state } = arranged()
    const found = categoryTransactionsOf(transactionsOf(state), categoryId('food'), jan)
    const drafts = moveTransactionsDrafts(
      found.map((entry) => entry.transaction),
      categoryId('food'),
      categoryId('rent'),
    )
    expect(drafts).toEqual([
      { _tag: 'EditTransaction', transactionId: 'shop', splits: [{ categoryId: 'rent', value: -20_000 }] },
    ])
    let after = state
    for (const draft of drafts) {
      const command = stamp(draft, { commandId: 'c1', at: '2025-01-20T10:00:00Z', userId: 'user-1' } as never)
      const decision = decide(command, after)
      expect(Result.isSuccess(decision)).toBe(true)
      if (Result.isSuccess(decision)) for (const event of decision.success) after = evolve(after, event)
    }
    expect(categoryTransactionsOf(transactionsOf(after), categoryId('food'), jan)).toEqual([])
  })

  it('leaves reconciled transactions out', () => {
    const { state } = arranged()
    const shop = transactionsOf(state).find((transaction) => transaction.id === 'shop')
    if (!shop) throw new Error('no shop')
    expect(
      moveTransactionsDrafts([{ ...shop, reconciled: true }], categoryId('food'), categoryId('rent')),
    ).toEqual([])
  })

  it('asks for a different category to move to', () => {
    const props = { categoryId: categoryId('food'), transactions: [] }
    expect(checkMoveTransactions({ to: null }, props)).toEqual({
      ok: false,
      errors: { to: { key: 'validation.required' } },
    })
    expect(checkMoveTransactions({ to: categoryId('food') }, props).ok).toBe(false)
    expect(checkMoveTransactions({ to: categoryId('rent') }, props)).toEqual({
      ok: true,
      value: { to: 'rent' },
    })
  })
})

describe('auto-assign preview', () => {
  it('says how many categories each option changes and by how much in total', () => {
    const { state } = arranged()
    const preview = autoAssignPreviewOf(state, jan)
    // Food has a 500 zł monthly target with 300 zł assigned.
    expect(preview.underfunded).toEqual({ categories: 1, total: 20_000 })
    expect(preview.resetAssigned).toEqual({ categories: 1, total: -30_000 })
    // Nothing was assigned before January.
    expect(preview.assignedLastMonth).toEqual({ categories: 1, total: -30_000 })
  })
})

describe('assignment history', () => {
  it('keeps the records touching the category, newest first', () => {
    const record = (id: string, at: string, from: string | null, to: string | null) =>
      ({ id, at, fromCategoryId: from, toCategoryId: to }) as never
    const records = [
      record('a', '2025-01-01T10:00:00Z', null, 'food'),
      record('b', '2025-01-03T10:00:00Z', 'rent', null),
      record('c', '2025-01-02T10:00:00Z', 'food', 'rent'),
    ]
    expect(recordsOfCategory(records, categoryId('food')).map((entry) => entry.id)).toEqual(['c', 'a'])
    expect(recordsOfCategory(records, null).map((entry) => entry.id)).toEqual(['b', 'c', 'a'])
  })
})

describe('target explanation', () => {
  it('formats the amounts and spells out the due month under this area’s keys', () => {
    const format = (amount: number) => `${(amount / 100).toFixed(2)} zł`
    expect(
      explanationText(
        {
          key: 'target.NeededForSpendingByDate.past',
          params: { amount: 12_000, dueMonth: '202503', underfunded: 0, monthsLeft: 2 },
        },
        format,
        'pl',
      ),
    ).toEqual({
      key: 'category.target.NeededForSpendingByDate_past',
      params: { amount: '120.00 zł', dueMonth: 'marzec 2025', underfunded: '0.00 zł', monthsLeft: 2 },
    })
    expect(monthText('202512', 'en')).toBe('December 2025')
  })
})
