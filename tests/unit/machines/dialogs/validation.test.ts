import * as Result from 'effect/Result'
import { describe, expect, it } from 'vitest'
import {
  amountText,
  checkAmount,
  checkDate,
  dateText,
  formatBound,
} from '../../../../machines/dialogs/shared/index.ts'
import { CurrencyCode, IsoDate } from '../../../../schemas/money.ts'
import { NBSP, PL } from './dialog.fakes.ts'

const env = (currency: string, locale: string) => ({ currency: CurrencyCode.make(currency), locale })

describe('dialog validation helpers', () => {
  it('writes bounds with the currency’s decimals in the user’s locale, grouped, without a symbol', () => {
    expect(formatBound(1, PL)).toBe('0,01')
    expect(formatBound(123_456_789, PL)).toBe(`1${NBSP}234${NBSP}567,89`)
    expect(formatBound(-5_000, env('PLN', 'en-US'))).toBe('-50.00')
    expect(formatBound(1_500, env('JPY', 'pl-PL'))).toBe(`1${NBSP}500`)
    expect(formatBound(1_500, env('KWD', 'en-US'))).toBe('1.500')
  })

  it('writes amounts back the way a user types them (no grouping)', () => {
    expect(amountText(123_456, PL)).toBe('1234,56')
    expect(amountText(-5, env('PLN', 'en-US'))).toBe('-0.05')
  })

  it('reads amounts in the currency’s minor unit and applies min and max', () => {
    expect(checkAmount('1,5', env('KWD', 'pl-PL'))).toEqual(Result.succeed(1_500))
    expect(checkAmount('12', env('JPY', 'pl-PL'), { min: 1, max: 10 })).toEqual(
      Result.fail({ key: 'validation.max', params: { max: '10' } }),
    )
    const tooLarge = Result.fail({
      key: 'validation.amountTooLarge',
      params: { max: `100${NBSP}000${NBSP}000${NBSP}000,00` },
    })
    expect(checkAmount('9007199254740993', PL)).toEqual(tooLarge)
  })

  it('holds every form to one amount limit, either way, whatever the form asks besides', () => {
    const tooLarge = {
      key: 'validation.amountTooLarge',
      params: { max: `100${NBSP}000${NBSP}000${NBSP}000,00` },
    }
    expect(checkAmount('100 000 000 000,00', PL)).toEqual(Result.succeed(10 ** 13))
    expect(checkAmount('-100000000000', PL)).toEqual(Result.succeed(-(10 ** 13)))
    expect(checkAmount('100 000 000 000,01', PL)).toEqual(Result.fail(tooLarge))
    expect(checkAmount('-100000000000.01', PL)).toEqual(Result.fail(tooLarge))
    expect(checkAmount('100000000001', PL, { min: 1 })).toEqual(Result.fail(tooLarge))
  })

  it('accepts only real calendar dates, typed day first, and names an impossible one', () => {
    expect(checkDate('29.02.2028')).toEqual(Result.succeed('2028-02-29'))
    expect(checkDate('29/02/2028')).toEqual(Result.succeed('2028-02-29'))
    expect(checkDate('29.02.2027')).toEqual(
      Result.fail({ key: 'dates.nonexistent', params: { date: '29.02.2027' } }),
    )
    expect(checkDate('jutro')).toEqual(Result.fail({ key: 'dates.invalid', params: { date: 'jutro' } }))
    expect(checkDate(' ')).toEqual(Result.fail({ key: 'validation.required' }))
  })

  it('writes a date back as the language types it', () => {
    expect(dateText(IsoDate.make('2026-11-05'), env('PLN', 'pl'))).toBe('05.11.2026')
    expect(dateText(IsoDate.make('2026-11-05'), env('PLN', 'en'))).toBe('05/11/2026')
  })
})
