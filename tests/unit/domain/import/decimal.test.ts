import { describe, expect, it } from 'vitest'
import {
  canonicalDecimal,
  negateDecimal,
  readGroupedDecimal,
  readPlainDecimal,
} from '../../../../domain/import/decimal.ts'

describe('canonical decimal text', () => {
  it('drops leading zeros and a zero’s sign, keeps the fraction as written', () => {
    expect(canonicalDecimal(true, '0012', '50')).toBe('-12.50')
    expect(canonicalDecimal(true, '0', '00')).toBe('0.00')
    expect(canonicalDecimal(false, '', '5')).toBe('0.5')
    expect(negateDecimal('0.00')).toBe('0.00')
    expect(negateDecimal('-1')).toBe('1')
  })

  it('reads plain decimals with either separator and nothing else', () => {
    expect(readPlainDecimal('+3500,00')).toBe('3500.00')
    expect(readPlainDecimal(' -42.17 ')).toBe('-42.17')
    expect(readPlainDecimal('12.')).toBe('12')
    expect(readPlainDecimal('123456789012345678901234.56789')).toBe('123456789012345678901234.56789')
    for (const bad of ['', '-', '.', '1,234.50', '1 234', '1e5', '12a', '--1'])
      expect(readPlainDecimal(bad)).toBeNull()
  })

  it('reads grouped decimals the ways QIF writers group them', () => {
    expect(readGroupedDecimal('-1,850.00')).toBe('-1850.00')
    expect(readGroupedDecimal('-1 850,00')).toBe('-1850.00')
    expect(readGroupedDecimal('1.850,00')).toBe('1850.00')
    expect(readGroupedDecimal("10'000.00")).toBe('10000.00')
    expect(readGroupedDecimal('1,850')).toBe('1850')
    expect(readGroupedDecimal('1.850.000')).toBe('1850000')
    expect(readGroupedDecimal('-1850,5')).toBe('-1850.5')
    expect(readGroupedDecimal('12.5')).toBe('12.5')
    for (const bad of ['', '-', '12,3,4', '1,23.00', '1.2.3,4', 'abc', '1-2'])
      expect(readGroupedDecimal(bad)).toBeNull()
  })
})
