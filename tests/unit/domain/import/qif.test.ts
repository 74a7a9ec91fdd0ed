import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { looksLikeQif, parseQif } from '../../../../domain/import/qif.ts'
import { fixture, row, rowsOf } from './fixture.ts'

describe('parseQif', () => {
  it('reads a Polish export: day-month order from a day above 12, grouped amounts, splits, bad rows', () => {
    const result = parseQif(fixture('qif/polish-dmy.qif'), {})
    expect(result).toMatchObject({ ok: true, format: 'qif', accountNumber: null })
    expect(rowsOf(result)).toEqual([
      row({
        line: 6,
        date: '2026-01-02',
        bookingDate: '2026-01-02',
        amount: '-1850.00',
        payee: 'Spółdzielnia Mieszkaniowa Żoliborz',
        memo: 'Czynsz za styczeń',
      }),
      row({
        line: 12,
        date: '2026-01-05',
        bookingDate: '2026-01-05',
        amount: '4200.00',
        payee: 'Firma Zębatka Sp. z o.o.',
        memo: 'Wynagrodzenie',
      }),
      // Splits stay in one row with the total; the memo lists them.
      row({
        line: 18,
        date: '2026-01-17',
        bookingDate: '2026-01-17',
        amount: '-236.45',
        payee: 'Hipermarket Łąka',
        memo: 'Zakupy tygodniowe; Jedzenie -136.45 Pieczywo i nabiał; Chemia -100.00',
      }),
      row({ line: 29, amount: '-12.00', payee: 'Parking Miejski', error: 'invalid-date' }),
      row({
        line: 33,
        date: '2026-01-20',
        bookingDate: '2026-01-20',
        payee: 'Kwiaciarnia Bratek',
        error: 'invalid-amount',
      }),
      row({
        line: 37,
        date: '2026-01-21',
        bookingDate: '2026-01-21',
        payee: 'Bez kwoty',
        error: 'missing-field',
      }),
    ])
  })

  it('reads a Quicken card export: month-day order, apostrophe years, padded days, US grouping; skips lists', () => {
    expect(rowsOf(parseQif(fixture('qif/us-quicken.qif'), {}))).toEqual([
      row({
        line: 13,
        date: '2025-12-28',
        bookingDate: '2025-12-28',
        amount: '-1234.56',
        payee: 'Best Electronics & More',
        memo: 'TV',
      }),
      row({
        line: 21,
        date: '2025-12-31',
        bookingDate: '2025-12-31',
        amount: '-45.00',
        payee: "Łucja's Diner",
      }),
      row({
        line: 26,
        date: '2026-01-05',
        bookingDate: '2026-01-05',
        amount: '250.00',
        payee: 'Payment - Thank You',
      }),
    ])
  })

  it('asks for the date order when every date reads both ways, and reads the file in the order given', () => {
    const text = fixture('qif/ambiguous.qif')
    expect(parseQif(text, {})).toEqual({ ok: false, error: 'needs-date-order' })
    expect(rowsOf(parseQif(text, { dateOrder: 'dmy' })).map((each) => each.date)).toEqual([
      '2025-02-01',
      '2025-03-01',
    ])
    expect(rowsOf(parseQif(text, { dateOrder: 'mdy' })).map((each) => each.date)).toEqual([
      '2025-01-02',
      '2025-01-03',
    ])
  })

  it('takes the order under which the dates run in sequence when only one does', () => {
    expect(rowsOf(parseQif(fixture('qif/sorted-by-date.qif'), {})).map((each) => each.date)).toEqual([
      '2026-01-03',
      '2026-01-07',
      '2026-02-02',
    ])
  })

  it('reads year-first dates without asking', () => {
    const rows = rowsOf(
      parseQif('!Type:Bank\nD2025-12-31\nT-1\n^\nD20260102\nT2\n^\nD2026.01.03\nT3\n^\n', {}),
    )
    expect(rows.map((each) => each.date)).toEqual(['2025-12-31', '2026-01-02', '2026-01-03'])
  })

  it('reads a record that ends without ^ at the end of the file', () => {
    expect(rowsOf(parseQif('!Type:Cash\nD5/6/2025\nT-3.50\nPLody\n', { dateOrder: 'dmy' }))).toEqual([
      row({ line: 2, date: '2025-06-05', bookingDate: '2025-06-05', amount: '-3.50', payee: 'Lody' }),
    ])
  })

  it('answers empty, wrong-format and no-rows for files it cannot read', () => {
    expect(parseQif(' ', {})).toEqual({ ok: false, error: 'empty' })
    expect(parseQif('OFXHEADER:100\n<OFX>', {})).toEqual({ ok: false, error: 'wrong-format' })
    expect(parseQif('!Type:Cat\nNJedzenie\nE\n^\n', {})).toEqual({ ok: false, error: 'no-rows' })
  })
})

describe('looksLikeQif', () => {
  it('knows QIF headers, with or without a byte-order mark', () => {
    expect(looksLikeQif(fixture('qif/polish-dmy.qif'))).toBe(true)
    expect(looksLikeQif(fixture('qif/us-quicken.qif'))).toBe(true)
    expect(looksLikeQif('\uFEFF!Type:Bank\n')).toBe(true)
    expect(looksLikeQif('!type:ccard\n')).toBe(true)
  })

  it('rejects other files', () => {
    expect(looksLikeQif(fixture('mt940/pko-bp.sta'))).toBe(false)
    expect(looksLikeQif('Data;Kwota\n!Type:Bank\n')).toBe(false)
  })
})

describe('the day-month order of a QIF file', () => {
  const two = (value: number) => String(value).padStart(2, '0')
  const date = fc
    .record({
      year: fc.integer({ min: 2000, max: 2030 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ year, month, day }) => ({ year, month, day, iso: `${year}-${two(month)}-${two(day)}` }))
  // Any dates, one of which has a day above 12 (so only one order reads them all).
  const dates = fc
    .tuple(
      fc.array(date, { maxLength: 20 }),
      date.filter((each) => each.day > 12),
      fc.nat(),
    )
    .map(([others, telling, at]) => {
      const all = [...others]
      all.splice(at % (others.length + 1), 0, telling)
      return all
    })
  const qif = (lines: readonly string[]) =>
    `!Type:Bank\n${lines.map((line) => `D${line}\nT-1.00\n^\n`).join('')}`

  it('is read from the file whenever a day above 12 tells it, in either order', () => {
    fc.assert(
      fc.property(dates, (all) => {
        const expected = all.map((each) => each.iso)
        const dmy = qif(all.map(({ year, month, day }) => `${two(day)}.${two(month)}.${year}`))
        const mdy = qif(all.map(({ year, month, day }) => `${month}/${day}/${year}`))
        expect(rowsOf(parseQif(dmy, {})).map((each) => each.date)).toEqual(expected)
        expect(rowsOf(parseQif(mdy, {})).map((each) => each.date)).toEqual(expected)
      }),
    )
  })
})
