import { describe, expect, it } from 'vitest'
import { type MatchInput, matchRows, planImport } from '../../../../domain/import/match.ts'
import type { Transaction } from '../../../../schemas/budget.ts'
import { BankAccountId, CategoryId, TransactionId, TransferId } from '../../../../schemas/ids.ts'
import type { ParsedRow } from '../../../../schemas/imports.ts'
import { IsoDate, Minor } from '../../../../schemas/money.ts'

// Matching a file's rows against the budget: statuses, keys, transfers, and what the import writes.

const checking = BankAccountId.make('checking')
const savings = BankAccountId.make('savings')

const row = (line: number, date: string, amount: string, extra: Partial<ParsedRow> = {}): ParsedRow => ({
  line,
  date,
  bookingDate: null,
  amount,
  currency: null,
  payee: 'ZAKUP PRZY UŻYCIU KARTY Żabka',
  memo: '',
  bankId: null,
  pending: false,
  error: null,
  ...extra,
})

const stored = (id: string, account: BankAccountId, date: string, value: number): Transaction => ({
  id: TransactionId.make(id),
  bankAccountId: account,
  date: IsoDate.make(date),
  payee: 'Ręcznie',
  memo: '',
  value: Minor.make(value),
  direction: value < 0 ? 'Outflow' : 'Inflow',
  kind: 'Regular',
  cleared: false,
  reconciled: false,
  splits: [],
  transferId: null,
})

const input = (rows: ParsedRow[], extra: Partial<MatchInput> = {}): MatchInput => ({
  rows,
  bankAccountId: checking,
  currency: 'PLN',
  imported: () => undefined,
  nearby: [],
  windowDays: 4,
  cleanPayee: (raw) => raw.replace('ZAKUP PRZY UŻYCIU KARTY ', ''),
  categorize: (payee) => ({ payee }),
  ...extra,
})

const statuses = (matched: ReturnType<typeof matchRows>) => matched.map(({ preview }) => preview.status)

describe('matching rows', () => {
  it('gives each booked row its amount in minor units, its cleaned payee and a key', () => {
    const [first] = matchRows(input([row(3, '2025-01-05', '-12.50')]))
    expect(first?.preview).toEqual({
      line: 3,
      date: '2025-01-05',
      value: -1250,
      payee: 'Żabka',
      memo: '',
      originalPayee: 'ZAKUP PRZY UŻYCIU KARTY Żabka',
      status: 'new',
    })
    expect(first?.key).toMatch(/^fp:2025-01-05:-1250:/u)
  })

  it('keys identical rows of one day apart by an occurrence counter, and a bank id by itself', () => {
    const matched = matchRows(
      input([
        row(1, '2025-01-05', '-5.00'),
        row(2, '2025-01-05', '-5.00'),
        row(3, '2025-01-05', '-5.00', { bankId: 'X1' }),
      ]),
    )
    expect(matched.map(({ key }) => key?.replace(/:[0-9a-z]+:(\d)$/u, ':…:$1'))).toEqual([
      'fp:2025-01-05:-500:…:1',
      'fp:2025-01-05:-500:…:2',
      'id:X1',
    ])
  })

  it('reports rows it cannot take as errors with their reason, and keeps the rest', () => {
    const matched = matchRows(
      input([
        row(1, '2025-01-05', '-5.00', { currency: 'EUR' }),
        row(2, '2025-01-05', '-5.001'),
        row(3, '2025-02-30', '-5.00'),
        row(4, '2025-01-05', '-5.00', { error: 'invalid-date', date: null }),
        row(5, '2025-01-05', '99999999999999999.00'),
        row(6, '2025-01-06', '1.00', { currency: 'pln' }),
      ]),
    )
    expect(matched.map(({ preview }) => [preview.status, preview.message])).toEqual([
      ['error', 'other-currency'],
      ['error', 'invalid-amount'],
      ['error', 'invalid-date'],
      ['error', 'invalid-date'],
      ['error', 'amount-too-large'],
      ['new', undefined],
    ])
    expect(matched[0]?.preview.fileAmount).toEqual({ amount: '-5.00', currency: 'EUR' })
  })

  it('marks a row imported before (same key) and one entered by hand (same amount, within the window) as duplicates', () => {
    const matched = matchRows(
      input(
        [
          row(1, '2025-01-05', '-5.00', { bankId: 'A' }),
          row(2, '2025-01-08', '-7.00'),
          row(3, '2025-01-20', '-7.00'),
        ],
        {
          imported: (key) => (key === 'id:A' ? TransactionId.make('t-a') : undefined),
          nearby: [stored('by-hand', checking, '2025-01-05', -700)],
        },
      ),
    )
    expect(matched.map(({ preview }) => [preview.status, preview.duplicate])).toEqual([
      ['duplicate', { reason: 'bank-id', transactionId: 't-a' }],
      ['duplicate', { reason: 'similar', transactionId: 'by-hand' }],
      ['new', undefined],
    ])
  })

  it('lets one transaction entered by hand match one row only', () => {
    const matched = matchRows(
      input([row(1, '2025-01-05', '-5.00'), row(2, '2025-01-05', '-5.00')], {
        nearby: [stored('by-hand', checking, '2025-01-05', -500)],
      }),
    )
    expect(statuses(matched)).toEqual(['duplicate', 'new'])
  })

  it('shows pending rows without a key (they are written once booked)', () => {
    const [pending] = matchRows(input([row(1, '2025-01-05', '-5.00', { pending: true })]))
    expect([pending?.preview.status, pending?.key]).toEqual(['pending', null])
  })

  it('offers a transfer when another account has the opposite amount within three days', () => {
    const matched = matchRows(
      input([row(1, '2025-01-05', '-500.00'), row(2, '2025-01-05', '-300.00')], {
        nearby: [
          stored('in-savings', savings, '2025-01-07', 50_000),
          stored('far', savings, '2025-01-20', 30_000),
        ],
      }),
    )
    expect(matched.map(({ preview }) => preview.transfer)).toEqual([
      { transactionId: 'in-savings', bankAccountId: 'savings' },
      undefined,
    ])
  })
})

describe('planning an import', () => {
  let next = 0
  const plan = (
    rows: ParsedRow[],
    extra: Partial<MatchInput> = {},
    choices = [] as Parameters<typeof planImport>[0]['choices'],
  ) =>
    planImport({
      rows: matchRows(input(rows, extra)),
      choices,
      bankAccountId: checking,
      incomeCategoryId: CategoryId.make('ready-to-assign'),
      categoryExists: (id) => id !== 'gone',
      mintTransaction: () => TransactionId.make(`t${++next}`),
      mintTransfer: () => TransferId.make(`x${++next}`),
    })

  it('writes new booked rows as cleared transactions; inflows go to Ready to Assign; counts the rest', () => {
    next = 0
    const result = plan(
      [
        row(1, '2025-01-05', '-5.00'),
        row(2, '2025-01-06', '3000.00'),
        row(3, '2025-01-06', '-1.00', { pending: true }),
        row(4, 'x', '1'),
      ],
      { nearby: [] },
    )
    expect(result.items).toEqual([
      expect.objectContaining({
        _tag: 'AddTransaction',
        value: -500,
        splits: [],
        cleared: true,
        kind: 'Regular',
      }),
      expect.objectContaining({
        value: 300_000,
        splits: [{ categoryId: 'ready-to-assign', value: 300_000 }],
      }),
    ])
    expect(result).toMatchObject({ imported: 2, pending: 1, errors: 1, duplicates: 0, transfers: 0 })
    expect(result.keys.map(({ transactionId }) => transactionId)).toEqual(['t1', 't2'])
  })

  it('follows the choices: rows left out, a duplicate taken in, a category set or cleared', () => {
    const result = plan(
      [row(1, '2025-01-05', '-5.00'), row(2, '2025-01-05', '-7.00'), row(3, '2025-01-09', '-9.00')],
      { nearby: [stored('by-hand', checking, '2025-01-05', -700)] },
      [
        { line: 1, include: false },
        { line: 2, include: true, categoryId: CategoryId.make('food') },
        { line: 3, categoryId: CategoryId.make('gone') },
      ],
    )
    expect(
      result.items.map((item) => (item._tag === 'AddTransaction' ? [item.value, item.splits] : [])),
    ).toEqual([
      [-700, [{ categoryId: 'food', value: -700 }]],
      [-900, []],
    ])
    expect(result).toMatchObject({ imported: 2, duplicates: 0 })
  })

  it('makes an offered transfer one, replacing the other side, unless the user says no', () => {
    const nearby = [stored('in-savings', savings, '2025-01-06', 50_000)]
    const taken = plan([row(1, '2025-01-05', '-500.00')], { nearby })
    expect(taken.items).toEqual([
      expect.objectContaining({
        _tag: 'AddTransfer',
        fromBankAccountId: 'checking',
        toBankAccountId: 'savings',
        value: 50_000,
      }),
    ])
    expect(taken.replaces).toEqual(['in-savings'])
    expect(taken.transfers).toBe(1)
    const refused = plan([row(1, '2025-01-05', '-500.00')], { nearby }, [{ line: 1, asTransfer: false }])
    expect(refused.items[0]?._tag).toBe('AddTransaction')
    expect(refused.replaces).toEqual([])
  })
})
