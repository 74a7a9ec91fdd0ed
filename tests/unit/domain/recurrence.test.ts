import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysBetween,
  isWorkingDay,
  lastOccurrence,
  nextOccurrence,
  occurrenceDates,
} from '../../../domain/recurrence.ts'
import { IsoDate } from '../../../schemas/money.ts'
import type { Recurrence } from '../../../schemas/templates.ts'

const d = (date: string) => IsoDate.make(date)

const rule = (
  fields: Partial<Omit<Recurrence, 'startDate' | 'endDate'>> & { startDate: string; endDate?: string | null },
): Recurrence => ({
  frequency: 'Monthly',
  interval: 1,
  occurrences: null,
  shift: 'None',
  ...fields,
  startDate: d(fields.startDate),
  endDate: fields.endDate == null ? null : d(fields.endDate),
})

const between = (r: Recurrence, from: string, to: string) => occurrenceDates(r, d(from), d(to))

describe('scheduled dates', () => {
  it('given Once, then the start date is the only occurrence', () => {
    const once = rule({ frequency: 'Once', startDate: '2026-03-10', interval: 5 })
    expect(between(once, '2000-01-01', '2100-12-31')).toEqual(['2026-03-10'])
    expect(between(once, '2026-03-11', '2100-12-31')).toEqual([])
    expect(nextOccurrence(once, d('2026-03-10'))).toBe('2026-03-10')
    expect(nextOccurrence(once, d('2026-03-11'))).toBeUndefined()
    expect(lastOccurrence(once)).toBe('2026-03-10')
  })

  it('given Daily and Weekly rules with intervals 1, 2 and 3, then dates step by interval × 1 or × 7 days', () => {
    expect(
      between(rule({ frequency: 'Daily', startDate: '2026-02-27' }), '2026-02-26', '2026-03-02'),
    ).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'])
    expect(
      between(rule({ frequency: 'Daily', interval: 3, startDate: '2026-02-27' }), '2026-02-01', '2026-03-10'),
    ).toEqual(['2026-02-27', '2026-03-02', '2026-03-05', '2026-03-08'])
    expect(
      between(
        rule({ frequency: 'Weekly', interval: 2, startDate: '2025-12-17' }),
        '2025-12-01',
        '2026-01-31',
      ),
    ).toEqual(['2025-12-17', '2025-12-31', '2026-01-14', '2026-01-28'])
  })

  it('given a Monthly rule on the 31st, then short months take their last day and the next returns to the 31st', () => {
    expect(between(rule({ startDate: '2025-01-31' }), '2025-01-01', '2025-06-30')).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
    ])
    expect(between(rule({ startDate: '2024-01-31' }), '2024-02-01', '2024-03-31')).toEqual([
      '2024-02-29',
      '2024-03-31',
    ])
  })

  it('given a Yearly rule on 29 February, then non-leap years take the 28th and leap years the 29th', () => {
    expect(
      between(rule({ frequency: 'Yearly', startDate: '2024-02-29' }), '2024-01-01', '2028-12-31'),
    ).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'])
    // 2100 is no leap year; 2096 and 2104 are.
    expect(
      between(
        rule({ frequency: 'Yearly', interval: 4, startDate: '2096-02-29' }),
        '2096-01-01',
        '2104-12-31',
      ),
    ).toEqual(['2096-02-29', '2100-02-28', '2104-02-29'])
  })

  it('given Quarterly, then it steps 3 × interval months and equals Monthly at 3 × interval', () => {
    const quarterly = rule({ frequency: 'Quarterly', startDate: '2025-11-30' })
    expect(between(quarterly, '2025-01-01', '2026-12-31')).toEqual([
      '2025-11-30',
      '2026-02-28',
      '2026-05-30',
      '2026-08-30',
      '2026-11-30',
    ])
    const everySix = rule({ frequency: 'Quarterly', interval: 2, startDate: '2025-08-31' })
    expect(between(everySix, '2025-01-01', '2030-12-31')).toEqual(
      between(rule({ interval: 6, startDate: '2025-08-31' }), '2025-01-01', '2030-12-31'),
    )
    expect(
      between(
        rule({ frequency: 'Yearly', interval: 2, startDate: '2025-03-15' }),
        '2025-01-01',
        '2030-12-31',
      ),
    ).toEqual(['2025-03-15', '2027-03-15', '2029-03-15'])
  })

  it('given a count of occurrences, then exactly that many dates come, and the last one is known', () => {
    const three = rule({ frequency: 'Weekly', startDate: '2026-01-05', occurrences: 3 })
    expect(between(three, '2000-01-01', '2100-12-31')).toEqual(['2026-01-05', '2026-01-12', '2026-01-19'])
    expect(lastOccurrence(three)).toBe('2026-01-19')
    expect(nextOccurrence(three, d('2026-01-20'))).toBeUndefined()
  })

  it('given an end date, then it is inclusive and bounds the scheduled date', () => {
    const daily = rule({ frequency: 'Daily', startDate: '2026-03-02', endDate: '2026-03-06' })
    expect(between(daily, '2026-01-01', '2026-12-31')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ])
    expect(lastOccurrence(daily)).toBe('2026-03-06')
    // Scheduled on Saturday 2026-03-07 (the end date), paid on Monday the 9th: still an occurrence.
    const weekly = rule({
      frequency: 'Weekly',
      startDate: '2026-02-28',
      endDate: '2026-03-07',
      shift: 'After',
    })
    expect(between(weekly, '2026-01-01', '2026-12-31')).toEqual(['2026-03-02', '2026-03-09'])
    expect(lastOccurrence(weekly)).toBe('2026-03-09')
    // The earlier of the two limits wins.
    expect(between({ ...daily, occurrences: 2 }, '2026-01-01', '2026-12-31')).toEqual([
      '2026-03-02',
      '2026-03-03',
    ])
  })

  it('given an end date before the start, then there is no occurrence', () => {
    const none = rule({ startDate: '2026-03-02', endDate: '2026-03-01' })
    expect(between(none, '2000-01-01', '2100-12-31')).toEqual([])
    expect(nextOccurrence(none, d('2000-01-01'))).toBeUndefined()
    expect(lastOccurrence(none)).toBeUndefined()
  })

  it('given a rule with neither a count nor an end date, then it has no last occurrence', () => {
    expect(lastOccurrence(rule({ startDate: '2026-03-02' }))).toBeUndefined()
  })
})

describe('holiday shifts', () => {
  // 2026: Friday 1 May (Święto Pracy), Saturday 2, Sunday 3 May (Konstytucja); Monday 4 May works.
  it('given the long May weekend, then After moves to Monday 4 May and Before to Thursday 30 April', () => {
    const first = (shift: Recurrence['shift']) => rule({ startDate: '2026-01-01', shift })
    expect(between(first('None'), '2026-04-01', '2026-05-31')).toEqual(['2026-04-01', '2026-05-01'])
    expect(between(first('After'), '2026-04-01', '2026-05-31')).toEqual(['2026-04-01', '2026-05-04'])
    expect(between(first('Before'), '2026-04-01', '2026-05-31')).toEqual(['2026-04-01', '2026-04-30'])
  })

  it('given a Daily rule over the long weekend, then the shifted days collide and each date comes once', () => {
    const daily = (shift: Recurrence['shift']) => rule({ frequency: 'Daily', startDate: '2026-04-01', shift })
    expect(between(daily('After'), '2026-04-29', '2026-05-05')).toEqual([
      '2026-04-29',
      '2026-04-30',
      '2026-05-04',
      '2026-05-05',
    ])
    expect(between(daily('Before'), '2026-04-29', '2026-05-05')).toEqual([
      '2026-04-29',
      '2026-04-30',
      '2026-05-04',
      '2026-05-05',
    ])
  })

  it('given 1 January 2027 (a Friday), then Before lands in the old year and After on Monday 4 January', () => {
    const before = rule({ startDate: '2026-11-01', shift: 'Before' })
    expect(nextOccurrence(before, d('2026-12-02'))).toBe('2026-12-31')
    // A date scheduled outside the range shifts into it, and one scheduled inside shifts out.
    expect(between(before, '2026-12-01', '2026-12-31')).toEqual(['2026-12-01', '2026-12-31'])
    expect(between(before, '2027-01-01', '2027-01-31')).toEqual([])
    const after = rule({ startDate: '2026-11-01', shift: 'After' })
    expect(between(after, '2026-12-01', '2026-12-31')).toEqual(['2026-12-01'])
    expect(between(after, '2027-01-01', '2027-01-31')).toEqual(['2027-01-04'])
  })

  it('given Christmas 2025 (24–28 December off), then a payment due on the 25th moves 2 days back or 4 forward', () => {
    const christmas = (shift: Recurrence['shift']) =>
      rule({ frequency: 'Yearly', startDate: '2025-12-25', shift })
    expect(nextOccurrence(christmas('Before'), d('2025-01-01'))).toBe('2025-12-23')
    expect(nextOccurrence(christmas('After'), d('2025-01-01'))).toBe('2025-12-29')
    // The longest runs: 24 → 29 December and 28 → 23 December, five days, found by one-day ranges too.
    const yearly = (startDate: string, shift: Recurrence['shift']) =>
      rule({ frequency: 'Yearly', startDate, shift })
    expect(between(yearly('2025-12-24', 'After'), '2025-12-29', '2025-12-29')).toEqual(['2025-12-29'])
    expect(between(yearly('2025-12-28', 'Before'), '2025-12-23', '2025-12-23')).toEqual(['2025-12-23'])
    expect(between(yearly('2025-12-28', 'Before'), '2025-12-24', '2025-12-31')).toEqual([])
  })

  it('given Once on a Saturday with After, then the occurrence is the Monday', () => {
    const once = rule({ frequency: 'Once', startDate: '2026-03-07', shift: 'After' })
    expect(between(once, '2026-03-01', '2026-03-31')).toEqual(['2026-03-09'])
    expect(lastOccurrence(once)).toBe('2026-03-09')
  })
})

describe('long rules', () => {
  it('given a daily rule from 1900, then a range in 2150 holds just its days, found without walking from 1900', () => {
    const daily = rule({ frequency: 'Daily', startDate: '1900-01-01' })
    expect(between(daily, '2150-06-10', '2150-06-14')).toEqual([
      '2150-06-10',
      '2150-06-11',
      '2150-06-12',
      '2150-06-13',
      '2150-06-14',
    ])
    expect(
      nextOccurrence(rule({ ...daily, startDate: '1900-01-01', occurrences: 9_999 }), d('2150-01-01')),
    ).toBe(undefined)
    expect(lastOccurrence({ ...daily, occurrences: 9_999 })).toBe(addDays(d('1900-01-01'), 9_998))
  })

  it('given 10 000 templates, then their dates over 60 days take well under 2 s', () => {
    const frequencies = ['Daily', 'Weekly', 'Monthly', 'Quarterly', 'Yearly'] as const
    const shifts = ['None', 'Before', 'After'] as const
    const started = performance.now()
    let count = 0
    for (let n = 0; n < 10_000; n++) {
      const r = rule({
        frequency: frequencies[n % 5] ?? 'Daily',
        interval: 1 + (n % 3),
        shift: shifts[n % 3] ?? 'None',
        startDate: addDays(d('1990-01-01'), n),
      })
      count += occurrenceDates(r, d('2026-11-01'), d('2026-12-31')).length
    }
    expect(count).toBeGreaterThan(10_000)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('given an interval of 999 years and 9999 occurrences, then dates stop before IsoDate runs out of years', () => {
    const far = rule({ frequency: 'Yearly', interval: 999, occurrences: 9_999, startDate: '2026-05-01' })
    expect(lastOccurrence(far)).toBe('9019-05-01')
    expect(between(far, '9000-01-01', '9999-12-31')).toEqual(['9019-05-01'])
  })
})

// ---- Properties

const frequencies = ['Once', 'Daily', 'Weekly', 'Monthly', 'Quarterly', 'Yearly'] as const
const dayIn = (min: number, max: number) =>
  fc.integer({ min, max }).map((offset) => addDays(d('1900-01-01'), offset))

/** Starts 1900–2199; intervals up to 5, so a next date is at most 5 years (+ a shift) ahead. */
const recurrence: fc.Arbitrary<Recurrence> = fc
  .record({
    frequency: fc.constantFrom(...frequencies),
    interval: fc.integer({ min: 1, max: 5 }),
    startDate: dayIn(0, 109_000),
    endDays: fc.option(fc.integer({ min: -5, max: 4_000 }), { nil: null }),
    occurrences: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
    shift: fc.constantFrom('None', 'Before', 'After'),
  })
  .map(({ endDays, ...fields }) => ({
    ...fields,
    endDate: endDays === null ? null : addDays(fields.startDate, endDays),
  }))

/** A gap between two dates: often a few days, so that a range's ends fall beside shifted dates. */
const gap = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 800 }))

/** A rule and three dates a ≤ b ≤ c near its start (some before it). */
const ruleAndRange = recurrence.chain((r) =>
  fc.tuple(fc.integer({ min: -40, max: 3_000 }), gap, gap).map(([offset, first, second]) => {
    const a = addDays(r.startDate, offset)
    const b = addDays(a, first)
    return { rule: r, a, b, c: addDays(b, second) }
  }),
)

const monthsLater = (date: IsoDate, months: number, anchor: number): IsoDate => {
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7)) - 1 + months
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return d(new Date(Date.UTC(year, month, Math.min(anchor, last))).toISOString().slice(0, 10))
}

/** The reference: every scheduled date from the start, one by one, shifted a day at a time. */
const naive = (r: Recurrence, from: IsoDate, to: IsoDate): IsoDate[] => {
  const anchor = Number(r.startDate.slice(8, 10))
  const step =
    { Once: 0, Daily: 1, Weekly: 7, Monthly: 1, Quarterly: 3, Yearly: 12 }[r.frequency] * r.interval
  const byMonths = r.frequency === 'Monthly' || r.frequency === 'Quarterly' || r.frequency === 'Yearly'
  const dates: IsoDate[] = []
  const seen = new Set<IsoDate>()
  for (let index = 0; r.occurrences === null || index < r.occurrences; index++) {
    if (r.frequency === 'Once' && index > 0) break
    const scheduled = byMonths
      ? monthsLater(r.startDate, index * step, anchor)
      : addDays(r.startDate, index * step)
    if ((r.endDate !== null && scheduled > r.endDate) || scheduled > addDays(to, 10)) break
    let effective = scheduled
    while (r.shift !== 'None' && !isWorkingDay(effective))
      effective = addDays(effective, r.shift === 'After' ? 1 : -1)
    if (effective >= from && effective <= to && !seen.has(effective)) {
      seen.add(effective)
      dates.push(effective)
    }
  }
  return dates
}

describe('properties', () => {
  it('occurrenceDates agrees with walking every scheduled date from the start', () => {
    fc.assert(
      fc.property(ruleAndRange, ({ rule: r, a, c }) => {
        expect(occurrenceDates(r, a, c)).toEqual(naive(r, a, c))
      }),
      { numRuns: 300 },
    )
  })

  it('dates over [a, c] are those over [a, b] followed by those over (b, c]', () => {
    fc.assert(
      fc.property(ruleAndRange, ({ rule: r, a, b, c }) => {
        expect(occurrenceDates(r, a, c)).toEqual([
          ...occurrenceDates(r, a, b),
          ...occurrenceDates(r, addDays(b, 1), c),
        ])
      }),
    )
  })

  it('dates are ascending, each once, within the range, and working days whenever the rule shifts', () => {
    fc.assert(
      fc.property(ruleAndRange, ({ rule: r, a, c }) => {
        const dates = occurrenceDates(r, a, c)
        for (const [index, date] of dates.entries()) {
          expect(date >= a && date <= c).toBe(true)
          if (index > 0) expect(date > (dates[index - 1] ?? '')).toBe(true)
          if (r.shift !== 'None') expect(isWorkingDay(date), date).toBe(true)
        }
      }),
    )
  })

  it('a rule with a count yields at most that many dates, exactly that many unshifted and unbounded', () => {
    fc.assert(
      fc.property(recurrence, (r) => {
        if (r.occurrences === null) return
        const dates = occurrenceDates(r, addDays(r.startDate, -10), d('9999-12-31'))
        expect(dates.length).toBeLessThanOrEqual(r.occurrences)
        if (r.shift === 'None' && r.endDate === null)
          expect(dates.length).toBe(r.frequency === 'Once' ? 1 : r.occurrences)
      }),
    )
  })

  it('nextOccurrence is the first date of occurrenceDates from that day on', () => {
    fc.assert(
      fc.property(ruleAndRange, ({ rule: r, b }) => {
        // Intervals of at most 5 years: a next date, if any, is within 2 000 days.
        expect(nextOccurrence(r, b)).toBe(occurrenceDates(r, b, addDays(b, 2_000))[0])
      }),
    )
  })

  it('lastOccurrence is the last date when the rule ends, and the rule has none after it', () => {
    fc.assert(
      fc.property(recurrence, (r) => {
        const last = lastOccurrence(r)
        if (r.frequency !== 'Once' && r.occurrences === null && r.endDate === null) {
          expect(last).toBeUndefined()
          return
        }
        const all = occurrenceDates(r, addDays(r.startDate, -10), d('9999-12-31'))
        expect(last).toBe(all.at(-1))
        if (last !== undefined) expect(nextOccurrence(r, addDays(last, 1))).toBeUndefined()
        if (last !== undefined) expect(daysBetween(r.startDate, last)).toBeGreaterThanOrEqual(-7)
      }),
    )
  })
})
