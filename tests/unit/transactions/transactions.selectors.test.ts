import { describe, expect, it } from 'vitest'
import { formatDateText } from '../../../domain/dateText.ts'
import { reconciliationPayee } from '../../../domain/decideMoney.ts'
import { matchesFilter } from '../../../domain/filters.ts'
import {
  barFromCriteria,
  categoryCell,
  clearedState,
  criteriaFromBar,
  EMPTY_FILTER_BAR,
  filterableCategories,
  payeeCell,
  periodDates,
  shownRows,
  type TransactionLookups,
} from '../../../machines/openBudget/selectors/transactions.ts'
import type { Category, Transaction } from '../../../schemas/budget.ts'
import { CurrencyCode, type Minor } from '../../../schemas/money.ts'

const PLN = CurrencyCode.make('PLN')

const category = (id: string, name: string) =>
  ({
    id,
    categoryGroupId: 'g',
    name,
    type: 'Expense',
    spendingClass: 'Undefined',
    origin: 'UserDefined',
    hidden: false,
    position: 0,
  }) as unknown as Category

const lookups: TransactionLookups = {
  accountNames: new Map([
    ['a1', 'Konto osobiste'],
    ['a2', 'Oszczędności'],
  ]),
  transferPartners: new Map([
    ['out', 'a2'],
    ['in', 'a1'],
  ]),
  offBudgetAccounts: new Set(['a3']),
  categories: new Map([
    ['c1', category('c1', 'Czynsz')],
    ['c2', category('c2', 'Jedzenie')],
    ['c0', { ...category('c0', 'uncategorized'), origin: 'Uncategorized' } as Category],
  ]),
}

const transaction = (over: Partial<Transaction> = {}): Transaction =>
  ({
    id: 't1',
    bankAccountId: 'a1',
    date: '2026-11-10',
    payee: 'Biedronka',
    memo: '',
    value: -12_345,
    direction: 'Outflow',
    kind: 'Regular',
    cleared: false,
    reconciled: false,
    splits: [{ categoryId: 'c2', value: -12_345 }],
    transferId: null,
    ...over,
  }) as unknown as Transaction

describe('row facts', () => {
  it('names the one category, counts splits, marks transfers and uncategorized rows', () => {
    expect(categoryCell(transaction(), lookups)).toEqual({ kind: 'category', name: 'Jedzenie' })
    expect(
      categoryCell(
        transaction({
          splits: [
            { categoryId: 'c1', value: -10_000 },
            { categoryId: 'c2', value: -2_345 },
          ] as unknown as Transaction['splits'],
        }),
        lookups,
      ),
    ).toEqual({ kind: 'split', count: 2 })
    expect(categoryCell(transaction({ transferId: 'x' as never, splits: [] }), lookups)).toEqual({
      kind: 'transfer',
    })
    expect(categoryCell(transaction({ splits: [] }), lookups)).toEqual({ kind: 'none' })
    // The system category's stored name is a key: the row says 'Uncategorized' in the user's language instead.
    const intoUncategorized = [{ categoryId: 'c0', value: -12_345 }] as unknown as Transaction['splits']
    expect(categoryCell(transaction({ splits: intoUncategorized }), lookups)).toEqual({ kind: 'none' })
  })

  it('gives a tracking account\'s rows no category, not "Uncategorized"', () => {
    expect(categoryCell(transaction({ bankAccountId: 'a3' as never, splits: [] }), lookups)).toEqual({
      kind: 'offBudget',
    })
  })

  it("names the category a transfer carries across the budget's edge, on its budget side", () => {
    const budgetSide = transaction({
      transferId: 'x' as never,
      splits: [{ categoryId: 'c1', value: -12_345 }] as unknown as Transaction['splits'],
    })
    expect(categoryCell(budgetSide, lookups)).toEqual({
      kind: 'transfer',
      across: { kind: 'category', name: 'Czynsz' },
    })
    const trackingSide = transaction({ bankAccountId: 'a3' as never, transferId: 'x' as never, splits: [] })
    expect(categoryCell(trackingSide, lookups)).toEqual({ kind: 'transfer' })
  })

  it('names the payee, says when there is none, and names a reconciliation adjustment', () => {
    expect(payeeCell(transaction())).toEqual({ kind: 'payee', name: 'Biedronka' })
    expect(payeeCell(transaction({ payee: '' }))).toEqual({ kind: 'none' })
    expect(payeeCell(transaction({ payee: reconciliationPayee }))).toEqual({ kind: 'reconciliation' })
  })

  it('names the other account of a transfer, to or from which the money moved', () => {
    const side = { payee: '', splits: [], transferId: 'x' } as unknown as Partial<Transaction>
    expect(payeeCell(transaction({ ...side, id: 'out' } as Partial<Transaction>), lookups)).toEqual({
      kind: 'transfer',
      direction: 'to',
      account: 'Oszczędności',
    })
    const inflow = { ...side, id: 'in', bankAccountId: 'a2', value: 12_345 } as Partial<Transaction>
    expect(payeeCell(transaction(inflow), lookups)).toEqual({
      kind: 'transfer',
      direction: 'from',
      account: 'Konto osobiste',
    })
  })

  it('tells reconciled from cleared from uncleared', () => {
    expect(clearedState(transaction())).toBe('uncleared')
    expect(clearedState(transaction({ cleared: true }))).toBe('cleared')
    expect(clearedState(transaction({ cleared: true, reconciled: true }))).toBe('reconciled')
  })
})

describe('criteria from the filter bar', () => {
  it('an empty bar narrows nothing', () => {
    expect(criteriaFromBar(EMPTY_FILTER_BAR, PLN)).toEqual({ criteria: {}, invalid: [], active: false })
  })

  it('reads signed amounts in pl and en form, dates, payee text and the choices', () => {
    const { criteria, invalid, active } = criteriaFromBar(
      {
        bankAccountId: 'a1',
        categoryId: 'c2',
        payee: '  bied ',
        minAmount: '-1 234,50',
        maxAmount: '-10.00',
        fromDate: '01.11.2026',
        toDate: '30/11/2026',
        direction: 'Outflow',
        kind: 'Regular',
      },
      PLN,
    )
    expect(invalid).toEqual([])
    expect(active).toBe(true)
    expect(criteria).toEqual({
      bankAccountIds: ['a1'],
      categoryIds: ['c2'],
      payeeText: 'bied',
      minValue: -123_450,
      maxValue: -1_000,
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      direction: 'Outflow',
      kind: 'Regular',
    })
    expect(matchesFilter(criteria, transaction())).toBe(true)
    expect(matchesFilter(criteria, transaction({ value: -500 as Minor }))).toBe(false)
  })

  it('leaves out what it cannot read and says which fields', () => {
    const { criteria, invalid } = criteriaFromBar(
      { ...EMPTY_FILTER_BAR, minAmount: 'abc', toDate: '31.11.2026', payee: 'x' },
      PLN,
    )
    expect(invalid).toEqual(['minAmount', 'toDate'])
    expect(criteria).toEqual({ payeeText: 'x' })
  })

  it('shows saved criteria back in the bar', () => {
    const bar = {
      ...EMPTY_FILTER_BAR,
      bankAccountId: 'a1',
      payee: 'Bied',
      minAmount: '-100,00',
      fromDate: '01.11.2026',
      direction: 'Outflow' as const,
    }
    const { criteria } = criteriaFromBar(bar, PLN)
    expect(
      barFromCriteria(
        criteria,
        (amount) => (amount / 100).toFixed(2).replace('.', ','),
        (date) => formatDateText(date, 'pl'),
      ),
    ).toEqual(bar)
  })
})

describe('period dates', () => {
  it('gives the first and last day of the month, leap years included', () => {
    expect(periodDates('202602')).toEqual({ fromDate: '2026-02-01', toDate: '2026-02-28' })
    expect(periodDates('202402')).toEqual({ fromDate: '2024-02-01', toDate: '2024-02-29' })
    expect(periodDates('202612')).toEqual({ fromDate: '2026-12-01', toDate: '2026-12-31' })
    expect(periodDates('202613')).toBeNull()
    expect(periodDates('2026-1')).toBeNull()
  })
})

describe('the rows the list shows', () => {
  const november = transaction({ id: 't1' as Transaction['id'], date: '2026-11-30' as Transaction['date'] })
  const december = transaction({
    id: 't2' as Transaction['id'],
    date: '2026-12-01' as Transaction['date'],
    payee: 'Lidl',
  })
  const opening = {
    kind: 'opening',
    bankAccountId: 'a1' as Transaction['bankAccountId'],
    date: '2026-11-01' as Transaction['date'],
    value: 10_000 as Minor,
    balance: 10_000 as Minor,
  } as const
  const row = (tx: Transaction, balance: number) =>
    ({ kind: 'transaction', transaction: tx, balance: balance as Minor }) as const
  const all = [row(december, 9_000), row(november, 10_000), opening]
  const income = 'c9' as Transaction['splits'][number]['categoryId']

  it('keeps the month given, else every row', () => {
    expect(shownRows(all, '202611', {}, income)).toEqual([row(november, 10_000), opening])
    expect(shownRows(all, '202612', {}, income)).toEqual([row(december, 9_000)])
    expect(shownRows(all, undefined, {}, income)).toBe(all)
  })

  it('narrows by the filter criteria; the opening row has no payee and goes to Ready to Assign', () => {
    expect(shownRows(all, undefined, { payeeText: 'lidl' }, income)).toEqual([row(december, 9_000)])
    expect(shownRows(all, undefined, { categoryIds: [income] }, income)).toEqual([opening])
    expect(shownRows(all, undefined, { minValue: 5_000 as Minor, direction: 'Inflow' }, income)).toEqual([
      opening,
    ])
    expect(shownRows(all, undefined, { kind: 'Draft' }, income)).toEqual([])
    expect(
      shownRows(all, undefined, { fromDate: '2026-11-02' as Transaction['date'] }, income),
    ).not.toContainEqual(opening)
  })

  it('offers only visible categories, in the groups order', () => {
    const hidden = { ...category('c3', 'Stare'), hidden: true } as Category
    const groups = [
      { categories: [category('c1', 'Czynsz'), hidden] },
      { categories: [category('c2', 'Jedzenie')] },
    ]
    expect(filterableCategories(groups).map((item) => item.id)).toEqual(['c1', 'c2'])
  })
})
