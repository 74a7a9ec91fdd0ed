import * as HashMap from 'effect/HashMap'
import { describe, expect, it } from 'vitest'
import { monthView } from '../../../domain/monthView.ts'
import { fromSnapshot, fromSnapshotInSteps, toSnapshot } from '../../../domain/snapshot.ts'
import { transactionsNewestFirst } from '../../../domain/transactionOrder.ts'
import { CategoryId } from '../../../schemas/ids.ts'
import { period, starterBudget } from './fixtures.ts'

const months = ['202501', '202502', '202503', '202504']

/** Food overspent in February (reset in March), rent assigned across months, one assignment in the future. */
const history = () => {
  const book = starterBudget()
  for (const [index, key] of months.entries())
    book.do('SetAssigned', { periodKey: key, categoryId: 'rent', value: 100_00 * (index + 1) })
  book.do('SetAssigned', { periodKey: '202501', categoryId: 'food', value: 50_00 })
  book.do('SetAssigned', { periodKey: '202503', categoryId: 'food', value: 30_00 })
  book.do('AddTransaction', {
    transactionId: 't-1',
    bankAccountId: 'checking',
    date: '2025-02-10',
    payee: 'Biedronka',
    value: -75_00,
    splits: [{ categoryId: 'food', value: -75_00 }],
  })
  return book.state
}

describe('the state snapshot', () => {
  it('lists each category’s months in period order', () => {
    const rent = toSnapshot(history()).categoryMonths.find(([id]) => id === 'rent')
    expect(rent?.[1]).toEqual(months)
  })

  it('gives the same month views whether its columns come in period order or not', () => {
    const state = history()
    const wire = toSnapshot(state)
    const shuffled = {
      ...wire,
      categoryMonths: wire.categoryMonths.map(
        ([id, periods, assigned, activity]) =>
          [id, [...periods].reverse(), [...assigned].reverse(), [...activity].reverse()] as const,
      ),
    }
    for (const key of months) {
      const expected = monthView(state, period(key))
      expect(monthView(fromSnapshot(wire), period(key))).toEqual(expected)
      expect(monthView(fromSnapshot(shuffled), period(key))).toEqual(expected)
    }
  })

  it('lists transactions newest first, and a state made from it takes that list as its order', () => {
    const book = starterBudget()
    for (const [id, date] of [
      ['t-b', '2025-02-10'],
      ['t-a', '2025-02-10'],
      ['t-c', '2025-03-01'],
    ] as const)
      book.do('AddTransaction', {
        transactionId: id,
        bankAccountId: 'checking',
        date,
        payee: 'Biedronka',
        value: -1_00,
        splits: [{ categoryId: 'food', value: -1_00 }],
      })
    const wire = toSnapshot(book.state)
    expect(wire.transactions.map((transaction) => transaction.id)).toEqual(['t-c', 't-b', 't-a'])
    const loaded = fromSnapshot(wire)
    expect(transactionsNewestFirst(loaded.transactions)).toBe(wire.transactions)
    // Out of order, the list is sorted instead of taken.
    const shuffled = fromSnapshot({ ...wire, transactions: [...wire.transactions].reverse() })
    const sorted = transactionsNewestFirst(shuffled.transactions)
    expect(sorted.map((transaction) => transaction.id)).toEqual(['t-c', 't-b', 't-a'])
  })

  it('is built in steps, a pause after every 40 categories, into the same state', () => {
    const wire = toSnapshot(history())
    const [, periods, assigned, activity] = wire.categoryMonths[0] ?? []
    const long = {
      ...wire,
      categoryMonths: Array.from(
        { length: 85 },
        (_, index) => [CategoryId.make(`c-${index}`), periods ?? [], assigned ?? [], activity ?? []] as const,
      ),
    }
    const steps = fromSnapshotInSteps(long)
    let pauses = 0
    let step = steps.next()
    for (; step.done !== true; step = steps.next()) pauses += 1
    expect(pauses).toBe(2)
    expect(toSnapshot(step.value)).toEqual(toSnapshot(fromSnapshot(long)))
    expect(HashMap.size(step.value.categoryMonths)).toBe(85)
  })
})
