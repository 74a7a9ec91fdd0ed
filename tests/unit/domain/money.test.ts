import * as Result from 'effect/Result'
import * as Schema from 'effect/Schema'
import { describe, expect, it } from 'vitest'
import { currencyCodes, currencyExponent, isKnownCurrency } from '../../../domain/currency.ts'
import { formatAmount, parseAmount } from '../../../domain/money.ts'
import { CurrencyCode, IsoDate, Minor, PeriodKey } from '../../../schemas/money.ts'

const parsed = (text: string, currency = 'PLN') => {
  const result = parseAmount(text, currency)
  return Result.isSuccess(result) ? result.success : result.failure.code
}

describe('currency table', () => {
  it('knows about 160 ISO 4217 codes with their exponents', () => {
    expect(currencyCodes.length).toBeGreaterThanOrEqual(150)
    for (const code of ['PLN', 'EUR', 'USD', 'GBP', 'CAD', 'AUD', 'CZK', 'CHF', 'DKK', 'SEK'])
      expect(currencyExponent(code)).toBe(2)
    expect(currencyExponent('JPY')).toBe(0)
    for (const code of ['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD'])
      expect(currencyExponent(code)).toBe(3)
    expect(isKnownCurrency('XYZ')).toBe(false)
  })
  it('every code in the table is one Intl can format', () => {
    for (const code of currencyCodes)
      expect(() => new Intl.NumberFormat('en', { style: 'currency', currency: code })).not.toThrow()
  })
})

describe('parseAmount', () => {
  it('reads Polish and English forms into grosz', () => {
    expect(parsed('1 234,56')).toBe(123_456)
    expect(parsed('1\u00a0234,56')).toBe(123_456)
    expect(parsed('1\u202f234,56')).toBe(123_456)
    expect(parsed('1234.56')).toBe(123_456)
    expect(parsed('1,234.56')).toBe(123_456)
    expect(parsed('1.234,56')).toBe(123_456)
    expect(parsed('-12')).toBe(-1_200)
    expect(parsed('\u221212,5')).toBe(-1_250)
    expect(parsed('12,5')).toBe(1_250)
    expect(parsed('+0,05')).toBe(5)
    expect(parsed(',5')).toBe(50)
    expect(parsed('1 000 000')).toBe(100_000_000)
  })
  it('respects the currency exponent', () => {
    expect(parsed('1234', 'JPY')).toBe(1_234)
    expect(parsed('12,5', 'JPY')).toBe('amount-too-many-decimals')
    expect(parsed('1.234', 'KWD')).toBe('amount-ambiguous')
    expect(parsed('0,125', 'KWD')).toBe(125)
    expect(parsed('1,005')).toBe('amount-ambiguous')
    expect(parsed('0,125')).toBe('amount-too-many-decimals')
    expect(parsed('12,345,67')).toBe('amount-invalid')
  })
  it('refuses garbage, emptiness and amounts beyond a safe integer', () => {
    for (const text of ['', '   ', 'abc', '12a', '1..2', '1,2,3', '12 34', '--5', '1 2345', '.', ',']) {
      expect(parsed(text)).toMatch(/^amount-(empty|invalid)$/)
    }
    expect(parsed('99999999999999999999')).toBe('amount-too-large')
    expect(parsed('5', 'XYZ')).toBe('amount-unknown-currency')
  })
})

describe('formatAmount', () => {
  it('prints Polish złoty with non-breaking spaces', () => {
    expect(formatAmount(Minor.make(123_450), CurrencyCode.make('PLN'), 'pl-PL')).toBe('1\u00a0234,50\u00a0zł')
    expect(formatAmount(Minor.make(-5), CurrencyCode.make('PLN'), 'pl-PL')).toBe('-0,05\u00a0zł')
  })
  it('prints each currency with its own decimals in the user’s locale', () => {
    expect(formatAmount(Minor.make(123_450), CurrencyCode.make('EUR'), 'en-US')).toBe('€1,234.50')
    expect(formatAmount(Minor.make(1_234), CurrencyCode.make('JPY'), 'en-US')).toBe('¥1,234')
    expect(formatAmount(Minor.make(1_234_567), CurrencyCode.make('KWD'), 'en-US')).toBe('KWD\u00a01,234.567')
  })
  it('is exact for the largest safe amounts', () => {
    expect(formatAmount(Minor.make(Number.MAX_SAFE_INTEGER), CurrencyCode.make('USD'), 'en-US')).toBe(
      '$90,071,992,547,409.91',
    )
  })
})

describe('money schemas', () => {
  it('Minor accepts only safe integers', () => {
    expect(Schema.is(Minor)(12)).toBe(true)
    expect(Schema.is(Minor)(1.5)).toBe(false)
    expect(Schema.is(Minor)(2 ** 53)).toBe(false)
  })
  it('PeriodKey accepts real months only', () => {
    expect(Schema.is(PeriodKey)('202512')).toBe(true)
    expect(Schema.is(PeriodKey)('202513')).toBe(false)
    expect(Schema.is(PeriodKey)('202500')).toBe(false)
    expect(Schema.is(PeriodKey)('2025-1')).toBe(false)
  })
  it('IsoDate accepts real calendar dates only', () => {
    expect(Schema.is(IsoDate)('2024-02-29')).toBe(true)
    expect(Schema.is(IsoDate)('2025-02-29')).toBe(false)
    expect(Schema.is(IsoDate)('2025-02-30')).toBe(false)
    expect(Schema.is(IsoDate)('2025-13-01')).toBe(false)
    expect(Schema.is(IsoDate)('25-01-01')).toBe(false)
  })
})
