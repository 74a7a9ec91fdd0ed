import * as Schema from 'effect/Schema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import {
  type FiguresRequest,
  type StatisticsFilter,
  selectFilter,
  selectIsFiltered,
  selectStatus,
  statisticsMachine,
} from '../../../machines/statistics/index.ts'
import {
  criteriaFromFilter,
  filterFromCriteria,
  filterFromQuery,
  filterQuery,
  ignoresCriteria,
  isFiltered,
  NO_FILTER,
  narrowRange,
  narrowsBeyondCategories,
  netWorthQuery,
  sameFilter,
} from '../../../machines/statistics/statistics.filter.ts'
import { FilterCriteria } from '../../../schemas/budget.ts'
import { BankAccountId, CategoryId } from '../../../schemas/ids.ts'
import { IsoDate, Minor, PeriodKey } from '../../../schemas/money.ts'

const CARD = BankAccountId.make('card')
const SAVINGS = BankAccountId.make('savings')
const FOOD = CategoryId.make('food')
const period = (key: string) => PeriodKey.make(key)
const date = (text: string) => IsoDate.make(text)

// Ids as the server makes them (no commas: the API also reads `a,b`); dates that exist; payees already trimmed.
const id = fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/u)
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((day) => date(day.toISOString().slice(0, 10)))
const filters: fc.Arbitrary<StatisticsFilter> = fc.record({
  accountIds: fc.uniqueArray(id, { maxLength: 4 }).map((ids) => ids.map((text) => BankAccountId.make(text))),
  categoryIds: fc.uniqueArray(id, { maxLength: 4 }).map((ids) => ids.map((text) => CategoryId.make(text))),
  payee: fc.string({ maxLength: 200 }).map((text) => text.trim()),
  fromDate: fc.option(isoDate, { nil: null }),
  toDate: fc.option(isoDate, { nil: null }),
})

describe('statistics filter ⇄ saved-filter criteria', () => {
  it('a filter saved and read back is the same filter', () => {
    fc.assert(
      fc.property(filters, (filter) => {
        expect(filterFromCriteria(criteriaFromFilter(filter))).toEqual(filter)
      }),
    )
  })

  it('saves only what narrows, in the saved-filter schema', () => {
    fc.assert(
      fc.property(filters, (filter) => {
        const criteria = criteriaFromFilter(filter)
        expect(Schema.is(FilterCriteria)(criteria)).toBe(true)
        expect(Object.keys(criteria).length > 0).toBe(isFiltered(filter))
      }),
    )
    expect(criteriaFromFilter(NO_FILTER)).toEqual({})
  })

  it("keeps a saved filter's accounts, categories, payee and dates, and drops what a report cannot honour", () => {
    const criteria = {
      bankAccountIds: [CARD, SAVINGS, CARD],
      categoryIds: [FOOD],
      payeeText: '  Lidl ',
      minValue: Minor.make(-5000),
      direction: 'Outflow',
      fromDate: date('2026-03-10'),
    } satisfies FilterCriteria
    expect(filterFromCriteria(criteria)).toEqual({
      accountIds: [CARD, SAVINGS],
      categoryIds: [FOOD],
      payee: 'Lidl',
      fromDate: '2026-03-10',
      toDate: null,
    })
    expect(ignoresCriteria(criteria)).toBe(true)
    expect(ignoresCriteria({ bankAccountIds: [CARD], toDate: date('2026-03-31') })).toBe(false)
  })
})

describe('statistics filter ⇄ query params', () => {
  it('a filter written as query params and read back is the same filter', () => {
    fc.assert(
      fc.property(filters, (filter) => {
        const params = new URLSearchParams()
        for (const [name, value] of filterQuery(filter)) params.append(name, value)
        expect(filterFromQuery(params)).toEqual(filter)
      }),
    )
  })

  it('writes the names getStatistics takes; nothing for no filter', () => {
    expect(filterQuery(NO_FILTER)).toEqual([])
    const filter = {
      accountIds: [CARD, SAVINGS],
      categoryIds: [FOOD],
      payee: 'Żabka',
      fromDate: date('2026-03-10'),
      toDate: date('2026-11-30'),
    } satisfies StatisticsFilter
    const params = new URLSearchParams()
    for (const [name, value] of filterQuery(filter)) params.append(name, value)
    expect(params.toString()).toBe(
      'accountIds=card&accountIds=savings&categoryIds=food&payee=%C5%BBabka&fromDate=2026-03-10&toDate=2026-11-30',
    )
    // Net worth is a balance per account: only the accounts narrow it.
    expect(netWorthQuery(filter)).toEqual([
      ['accountIds', 'card'],
      ['accountIds', 'savings'],
    ])
  })

  it('reads comma-separated ids and leaves out what it cannot read (a hand-typed address still opens)', () => {
    const read = filterFromQuery(
      new URLSearchParams(
        'accountIds=card,savings&accountIds=card&fromDate=2026-02-30&toDate=jutro&payee=%20%20',
      ),
    )
    expect(read).toEqual({ ...NO_FILTER, accountIds: [CARD, SAVINGS] })
  })
})

describe('filters compared', () => {
  it('the same ids in another order narrow the same way', () => {
    const a = { ...NO_FILTER, accountIds: [CARD, SAVINGS] }
    expect(sameFilter(a, { ...NO_FILTER, accountIds: [SAVINGS, CARD] })).toBe(true)
    expect(sameFilter(a, { ...NO_FILTER, accountIds: [CARD] })).toBe(false)
    expect(sameFilter(a, { ...a, payee: 'x' })).toBe(false)
  })
})

describe('the months a filtered read needs', () => {
  const range = { from: period('202511'), to: period('202611') }

  it('dates narrow the range to the months they overlap', () => {
    expect(narrowRange(range, { ...NO_FILTER, fromDate: date('2026-03-10') })).toEqual({
      from: '202603',
      to: '202611',
    })
    expect(narrowRange(range, { ...NO_FILTER, toDate: date('2026-01-01') })).toEqual({
      from: '202511',
      to: '202601',
    })
    expect(
      narrowRange(range, { ...NO_FILTER, fromDate: date('2020-01-01'), toDate: date('2030-01-01') }),
    ).toEqual(range)
    expect(narrowRange(range, NO_FILTER)).toEqual(range)
  })

  it('no overlap, or a start after the end, leaves nothing to read', () => {
    expect(narrowRange(range, { ...NO_FILTER, fromDate: date('2026-12-01') })).toBeNull()
    expect(narrowRange(range, { ...NO_FILTER, toDate: date('2025-10-31') })).toBeNull()
    expect(
      narrowRange(range, { ...NO_FILTER, fromDate: date('2026-03-10'), toDate: date('2026-03-09') }),
    ).toBeNull()
  })

  it('the narrowed range lies inside the range and covers every month of it the dates touch', () => {
    fc.assert(
      fc.property(filters, (filter) => {
        const narrowed = narrowRange(range, filter)
        if (narrowed === null) return
        expect(narrowed.from >= range.from && narrowed.to <= range.to && narrowed.from <= narrowed.to).toBe(
          true,
        )
        if (filter.fromDate !== null && narrowed.from > range.from)
          expect(narrowed.from).toBe(filter.fromDate.slice(0, 7).replace('-', ''))
        if (filter.toDate !== null && narrowed.to < range.to)
          expect(narrowed.to).toBe(filter.toDate.slice(0, 7).replace('-', ''))
      }),
    )
  })
})

describe('statistics machine with a filter', () => {
  const start = (asked: FiguresRequest[]) =>
    createActor(statisticsMachine, {
      input: {
        port: {
          readFigures: async (request) => {
            asked.push(request)
            return { ok: true, figures: { periods: [] } }
          },
          readNetWorth: async (request) => {
            asked.push(request)
            return { ok: true, periods: [] }
          },
        },
        budgetId: 'budget-1',
        period: period('202611'),
        granularity: 'Month',
        report: 'Spending',
      },
    }).start()

  it('reads the narrowed months with the filter, and not again for the same filter', async () => {
    const asked: FiguresRequest[] = []
    const actor = start(asked)
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    const filter = { ...NO_FILTER, accountIds: [CARD], fromDate: date('2026-03-10') }
    actor.send({ type: 'statistics.filter', filter })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(asked.at(-1)).toEqual({ budgetId: 'budget-1', fromPeriod: '202603', toPeriod: '202611', filter })
    expect(selectFilter(actor.getSnapshot())).toEqual(filter)
    expect(selectIsFiltered(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'statistics.filter', filter: { ...filter } })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(asked).toHaveLength(2)
  })

  it('dates outside the months shown read nothing and show zeros', async () => {
    const asked: FiguresRequest[] = []
    const actor = start(asked)
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    actor.send({ type: 'statistics.filter', filter: { ...NO_FILTER, fromDate: date('2027-01-01') } })
    await waitFor(actor, (snapshot) => snapshot.matches('ready'))
    expect(asked).toHaveLength(1)
    expect(actor.getSnapshot().context.months).toEqual([])
    expect(selectStatus(actor.getSnapshot())).toBe('ready')
  })
})

describe('what assignments cannot follow', () => {
  it('accounts, payee and days narrow spending alone; categories narrow both sides', () => {
    expect(narrowsBeyondCategories(NO_FILTER)).toBe(false)
    expect(narrowsBeyondCategories({ ...NO_FILTER, categoryIds: [CategoryId.make('food')] })).toBe(false)
    expect(narrowsBeyondCategories({ ...NO_FILTER, accountIds: [CARD] })).toBe(true)
    expect(narrowsBeyondCategories({ ...NO_FILTER, payee: 'Lidl' })).toBe(true)
    expect(narrowsBeyondCategories({ ...NO_FILTER, toDate: date('2026-03-10') })).toBe(true)
  })
})
