import { describe, expect, it } from 'vitest'
import { reportBuilder } from '../../../domain/budgetImport/report.ts'
import { oneLine, textCleaner } from '../../../domain/budgetImport/text.ts'
import { CurrencyCode } from '../../../schemas/money.ts'

describe('text from another program', () => {
  it('makes names and payees one line, without doubled spaces where a control character was', () => {
    const report = reportBuilder()
    const clean = textCleaner(report)
    expect(clean.name('  Budżet\nrodzinny  ', '—')).toBe('Budżet rodzinny')
    expect(clean.payee('Sklep\u0007 „Świt”')).toBe('Sklep „Świt”')
    expect(clean.name('\u0007', '—')).toBe('—')
    expect(report.build('actual', 'x', CurrencyCode.make('PLN')).approximated).toEqual([
      { code: 'text-cleaned', count: 2 },
    ])
  })

  it('cleans a text of a million spaces in linear time', () => {
    const started = performance.now()
    expect(oneLine(`a${' '.repeat(1_000_000)}b`, 5)).toBe('a')
    expect(textCleaner(reportBuilder()).payee(`${' '.repeat(1_000_000)}\u0007`)).toHaveLength(1000)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
