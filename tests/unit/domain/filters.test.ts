import * as Schema from 'effect/Schema'
import { describe, expect, it } from 'vitest'
import { matchesFilter } from '../../../domain/filters.ts'
import { findTransaction } from '../../../domain/state.ts'
import { FilterCriteria } from '../../../schemas/budget.ts'
import { starterBudget, transactionId } from './fixtures.ts'

const criteria = Schema.decodeUnknownSync(FilterCriteria)

describe('saved filter criteria', () => {
  const book = starterBudget()
  book.do('AddTransaction', {
    transactionId: 't1',
    bankAccountId: 'checking',
    date: '2025-03-04',
    payee: 'Biedronka Kraków',
    value: -4_200,
    splits: [{ categoryId: 'food', value: -4_200 }],
    kind: 'Draft',
  })
  const transaction = findTransaction(book.state, transactionId('t1'))
  if (!transaction) throw new Error('setup failed')

  it('matches when every given criterion holds, and an empty filter matches everything', () => {
    expect(matchesFilter(criteria({}), transaction)).toBe(true)
    expect(
      matchesFilter(
        criteria({
          bankAccountIds: ['checking'],
          categoryIds: ['food'],
          payeeText: 'biedronka',
          minValue: -5_000,
          maxValue: 0,
          fromDate: '2025-03-01',
          toDate: '2025-03-31',
          direction: 'Outflow',
          kind: 'Draft',
        }),
        transaction,
      ),
    ).toBe(true)
  })
  it('fails on any single criterion that does not hold', () => {
    for (const miss of [
      { bankAccountIds: ['savings'] },
      { categoryIds: ['rent'] },
      { payeeText: 'lidl' },
      { minValue: -4_000 },
      { maxValue: -5_000 },
      { fromDate: '2025-03-05' },
      { toDate: '2025-03-03' },
      { direction: 'Inflow' },
      { kind: 'Regular' },
    ]) {
      expect(matchesFilter(criteria(miss), transaction), JSON.stringify(miss)).toBe(false)
    }
  })
})
