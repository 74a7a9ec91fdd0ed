import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readAmount, subtractDecimal, toMinor } from '../../../../domain/import/amount.ts'
import { MAX_AMOUNT } from '../../../../schemas/money.ts'

const read = (text: string, style: 'comma' | 'dot' = 'comma') => {
  const cell = readAmount(text, style)
  return cell.kind === 'amount' ? [cell.amount, cell.currency] : cell.kind
}

describe('readAmount', () => {
  it('reads Polish and German amounts exactly, with their currency', () => {
    expect(read('-1 850,00 PLN')).toEqual(['-1850.00', 'PLN'])
    expect(read('-1\u00a0850,00')).toEqual(['-1850.00', null])
    expect(read('1\u202f234\u202f567,89 zł')).toEqual(['1234567.89', 'PLN'])
    expect(read('+5 000,00')).toEqual(['5000.00', null])
    expect(read('-1.234,56')).toEqual(['-1234.56', null])
    expect(read('2.987')).toEqual(['2987', null])
    expect(read('-17,9')).toEqual(['-17.9', null])
    expect(read('12,50-')).toEqual(['-12.50', null])
    expect(read('\u221212,50')).toEqual(['-12.50', null])
    expect(read('€-12,50')).toEqual(['-12.50', 'EUR'])
    expect(read('PLN -5,00')).toEqual(['-5.00', 'PLN'])
    expect(read('1.234,56 €')).toEqual(['1234.56', 'EUR'])
    expect(read('-0,00')).toEqual(['0.00', null])
    expect(read(',5')).toEqual(['0.5', null])
  })
  it('reads English amounts with the dot style', () => {
    expect(read('+5628.08', 'dot')).toEqual(['5628.08', null])
    expect(read('-1,234.56', 'dot')).toEqual(['-1234.56', null])
    expect(read('-3.20', 'dot')).toEqual(['-3.20', null])
    expect(read('100.0', 'dot')).toEqual(['100.0', null])
  })
  it('refuses what is no amount in the style, never guessing', () => {
    for (const text of [
      'abc',
      '-',
      '1O,00',
      '12,3,4',
      '1 2,00',
      '--12,00',
      '1,2,3',
      '12.50',
      '1e5',
      '12,',
      '1 234.567,8',
    ])
      expect(read(text), text).toBe('invalid')
    expect(read('-3,50', 'dot')).toBe('invalid')
    expect(read('1.2.3', 'dot')).toBe('invalid')
    expect(read('')).toBe('empty')
    expect(read('   ')).toBe('empty')
  })
  it('calls an integer part past MAX_AMOUNT too large in any currency', () => {
    expect(read(`${MAX_AMOUNT},00`)).toEqual([`${MAX_AMOUNT}.00`, null])
    expect(read(`${MAX_AMOUNT + 1},00`)).toBe('too-large')
    expect(read('99999999999999999999999999')).toBe('too-large')
  })
})

describe('toMinor', () => {
  it('converts exactly by the currency exponent', () => {
    expect(toMinor('-1850.00', 2)).toBe(-185_000)
    expect(toMinor('2987', 2)).toBe(298_700)
    expect(toMinor('-17.9', 2)).toBe(-1_790)
    expect(toMinor('0.1', 2)).toBe(10)
    expect(toMinor('1234', 0)).toBe(1_234)
    expect(toMinor('1.5', 3)).toBe(1_500)
    expect(toMinor('-0.00', 2)).toBe(0)
    expect(Object.is(toMinor('-0.00', 2), -0)).toBe(false)
  })
  it('refuses more decimals than the currency has unless they are zeros', () => {
    expect(toMinor('1.230', 2)).toBe(123)
    expect(toMinor('1.235', 2)).toBe('invalid')
    expect(toMinor('12.5', 0)).toBe('invalid')
    expect(toMinor('12.0', 0)).toBe(12)
  })
  it('refuses what is not canonical decimal text', () => {
    for (const text of ['', '1,50', '+1.50', '1.', '.5', 'abc', '1 000'])
      expect(toMinor(text, 2), text).toBe('invalid')
    expect(toMinor('1', -1)).toBe('invalid')
  })
  it('limits the value to MAX_AMOUNT either way', () => {
    expect(toMinor(String(MAX_AMOUNT), 0)).toBe(MAX_AMOUNT)
    expect(toMinor(`-${MAX_AMOUNT / 100}.00`, 2)).toBe(-MAX_AMOUNT)
    expect(toMinor(`${MAX_AMOUNT / 100}.01`, 2)).toBe('too-large')
    expect(toMinor('1000000000000000000000', 2)).toBe('too-large')
  })
})

describe('subtractDecimal', () => {
  it('subtracts exactly, whatever the decimals', () => {
    expect(subtractDecimal('-430.00', '2.15')).toBe('-432.15')
    expect(subtractDecimal('10', '0.5')).toBe('9.5')
    expect(subtractDecimal('1.10', '1.1')).toBe('0.00')
    expect(subtractDecimal('0.1', '0.3')).toBe('-0.2')
  })
})

/** Minor units written as a Polish bank writes them: `-1 234,56`, digit groups apart by a space or a NBSP. */
const polishText = (value: number, exponent: number, separators: readonly string[]): string => {
  const digits = String(Math.abs(value)).padStart(exponent + 1, '0')
  const integer = digits.slice(0, digits.length - exponent)
  const fraction = digits.slice(digits.length - exponent)
  const groups: string[] = []
  for (let end = integer.length; end > 0; end -= 3) groups.unshift(integer.slice(Math.max(0, end - 3), end))
  const grouped = groups.map((group, index) =>
    index === 0 ? group : `${separators[index % separators.length]}${group}`,
  )
  return `${value < 0 ? '-' : ''}${grouped.join('')}${exponent > 0 ? `,${fraction}` : ''}`
}

describe('amount round trip', () => {
  it('reads back every amount written as Polish text, to the same minor units', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_AMOUNT, max: MAX_AMOUNT }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.constantFrom(' ', '\u00a0', '\u202f'), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('', ' PLN', ' zł'),
        (value, exponent, separators, suffix) => {
          const cell = readAmount(`${polishText(value, exponent, separators)}${suffix}`, 'comma')
          expect(cell.kind).toBe('amount')
          if (cell.kind === 'amount') expect(toMinor(cell.amount, exponent)).toBe(value)
        },
      ),
      { numRuns: 2_000 },
    )
  })
})
