import * as Schema from 'effect/Schema'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { isTransaction, Transaction } from '../../../schemas/budget.ts'

// Each field's valid values and the edges and wrong types the schema refuses.
const ids = { valid: ['t-1', 'x'.repeat(128)], broken: ['', 'x'.repeat(129), 5, null, undefined] }
const fields = {
  id: ids,
  bankAccountId: ids,
  date: {
    valid: ['2025-02-28', '2024-02-29'],
    broken: ['2025-02-29', '2025-02-30', '2025-13-01', '2025-1-01', '20250101', 20250101],
  },
  payee: { valid: ['', 'Biedronka', 'x'.repeat(1000)], broken: ['x'.repeat(1001), 3, null] },
  memo: { valid: ['', 'x'.repeat(1000)], broken: ['x'.repeat(1001), false] },
  value: {
    valid: [0, -1_250, 2 ** 53 - 1, -(2 ** 53 - 1)],
    broken: [2 ** 53, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '5', null],
  },
  direction: { valid: ['Inflow', 'Outflow', 'Internal'], broken: ['inflow', '', null] },
  kind: { valid: ['Draft', 'Regular'], broken: ['regular', 0] },
  cleared: { valid: [true, false], broken: ['true', 0, null] },
  reconciled: { valid: [true, false], broken: [1] },
  splits: {
    valid: [
      [],
      [{ categoryId: 'c-1', value: -1_250 }],
      [
        { value: 300, categoryId: 'c-2' },
        { categoryId: 'c-3', value: 0, extra: true },
      ],
    ],
    broken: [
      [{ categoryId: '', value: 1 }],
      [{ categoryId: 'c-1', value: 1.5 }],
      [{ categoryId: 'c-1' }],
      [null],
      [['c-1', 1]],
      'c-1',
      null,
    ],
  },
  transferId: { valid: [null, 'tr-1'], broken: ['', 'x'.repeat(129), 7, undefined] },
  // Optional: the "field missing" case below drops it too (events older than authorship).
  enteredBy: { valid: [null, 'u-1'], broken: ['', 'x'.repeat(129), 7, undefined] },
}
const keys = Object.keys(fields) as (keyof typeof fields)[]
// Mostly valid fields, so whole valid transactions occur as often as broken ones.
const field = (key: keyof typeof fields) =>
  fc.oneof(
    { arbitrary: fc.constantFrom<unknown>(...fields[key].valid), weight: 12 },
    { arbitrary: fc.constantFrom<unknown>(...fields[key].broken), weight: 1 },
  )
const record = fc.record(Object.fromEntries(keys.map((key) => [key, field(key)]))) as fc.Arbitrary<
  Record<string, unknown>
>
const value = fc.oneof(
  record,
  // A field missing, or one the schema ignores added.
  fc.tuple(record, fc.constantFrom(...keys)).map(([transaction, key]) => {
    const { [key]: _dropped, ...rest } = transaction
    return rest
  }),
  record.map((transaction) => ({ ...transaction, note: 'extra' })),
  fc.constantFrom<unknown>(null, [], 'transaction', 42),
)

it('isTransaction says what Schema.is(Transaction) says, for valid and broken values of every field', () => {
  const is = Schema.is(Transaction)
  fc.assert(
    fc.property(value, (candidate) => {
      expect(isTransaction(candidate)).toBe(is(candidate))
    }),
    { numRuns: 3_000 },
  )
  // The generator reaches both answers.
  const answers = new Set(fc.sample(value, 1_000).map((candidate) => is(candidate)))
  expect(answers).toEqual(new Set([true, false]))
})
