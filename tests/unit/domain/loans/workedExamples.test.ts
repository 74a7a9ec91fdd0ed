import { describe, expect, it } from 'vitest'
import { annuityInstallment, monthlyInterest } from '../../../../domain/loans/arithmetic.ts'
import { mortgage, scheduleOf, terms } from './fixtures.ts'

// Public worked examples, matched to the grosz. The pages are spreadsheets that round only for display, so their
// totals (and, further down, some rows) are of unrounded amounts; a bank's schedule rounds every row to the grosz
// (domain/loans/README.md), so we match the rows they print exactly and show the totals' difference explicitly.

describe('300 000 zł, 3.3 %, 30 years (http://mihata.pl/raty-stale-czy-malejace-symulacja/)', () => {
  it('Constant: the installment 1 313,87 zł and the first two rows', () => {
    const { rows } = scheduleOf(mortgage('Constant'))
    expect(rows).toHaveLength(360)
    expect(rows.slice(0, 2)).toEqual([
      expect.objectContaining({
        number: 1,
        payment: 131_387,
        principal: 48_887,
        interest: 82_500,
        balance: 29_951_113,
      }),
      expect.objectContaining({
        number: 2,
        payment: 131_387,
        principal: 49_021,
        interest: 82_366,
        balance: 29_902_092,
      }),
    ])
  })

  it('Constant: the last installment takes the rounding; total interest within 1,09 zł of the page', () => {
    const { rows, totals } = scheduleOf(mortgage('Constant'))
    expect(rows.at(-1)).toEqual(
      expect.objectContaining({
        number: 360,
        payment: 131_121,
        principal: 130_761,
        interest: 360,
        balance: 0,
      }),
    )
    // The page's 172 991,63 zł is 360 × the unrounded installment (1 313,86564…) − 300 000; rounding every row's
    // interest to the grosz gives 172 990,54 zł.
    expect(totals.interest).toBe(17_299_054)
    expect(17_299_163 - totals.interest).toBe(109)
  })

  it('Decreasing: first installment 1 658,33 zł (825,00 interest), last 835,62 zł', () => {
    const { rows, totals } = scheduleOf(mortgage('Decreasing'))
    expect(rows[0]).toEqual(
      expect.objectContaining({ payment: 165_833, principal: 83_333, interest: 82_500, balance: 29_916_667 }),
    )
    expect(rows.at(-1)).toEqual(expect.objectContaining({ number: 360, payment: 83_562, balance: 0 }))
    // The page's 148 912,50 zł is the unrounded r × P × (n + 1) / 2; per-row rounding adds 0,30 zł.
    expect(totals.interest - 14_891_250).toBe(30)
  })
})

describe('$200 000, 6 %, 30 years (https://answerprime.com/200-000-mortgage-monthly-payment/)', () => {
  it('pays $1 199.10 a month; the first two rows and the fourth', () => {
    expect(annuityInstallment(20_000_000n, 60_000n, 360)).toBe(119_910n)
    const { rows } = scheduleOf(
      terms({
        principal: 20_000_000,
        annualRate: '6',
        installments: 360,
        paymentType: 'Constant',
        firstPaymentDate: '2026-01-01',
      }),
    )
    expect(rows[0]).toEqual(
      expect.objectContaining({ interest: 100_000, principal: 19_910, balance: 19_980_090 }),
    )
    expect(rows[1]).toEqual(
      expect.objectContaining({ interest: 99_900, principal: 20_010, balance: 19_960_080 }),
    )
    expect(rows[3]).toEqual(
      expect.objectContaining({ interest: 99_700, principal: 20_210, balance: 19_919_760 }),
    )
  })
})

describe('$199 760, 4.5 %, 30 years (https://www.signatureservice.com/buy/payment_calculator?hoa=0&loan=249700.00&tax=0)', () => {
  it('row 1: principal $263.05, interest $749.10, balance $199 496.95', () => {
    expect(monthlyInterest(19_976_000n, 45_000n)).toBe(74_910n)
    const { rows } = scheduleOf(
      terms({
        principal: 19_976_000,
        annualRate: '4.5',
        installments: 360,
        paymentType: 'Constant',
        firstPaymentDate: '2025-12-01',
      }),
    )
    expect(rows[0]).toEqual(
      expect.objectContaining({ principal: 26_305, interest: 74_910, balance: 19_949_695 }),
    )
  })
})
