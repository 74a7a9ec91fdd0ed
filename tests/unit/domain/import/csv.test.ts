import { describe, expect, it } from 'vitest'
import {
  guessDelimiter,
  looksTabular,
  normalizeText,
  previewTable,
  readRecords,
} from '../../../../domain/import/csv.ts'

describe('readRecords', () => {
  it('gives each record the line it starts on, however many lines its quoted fields span', () => {
    const text = normalizeText(
      'Data;Opis;Kwota\r\n2026-01-01;"Czynsz\r\nza styczeń\r\n(zaległy)";-1,00\r\n\r\n2026-01-02;"Prąd; gaz";"-2,00"\n2026-01-03;"Woda ""Zdrój""";-3,00',
    )
    expect(readRecords(text, ';')).toEqual([
      { line: 1, cells: ['Data', 'Opis', 'Kwota'] },
      { line: 2, cells: ['2026-01-01', 'Czynsz\nza styczeń\n(zaległy)', '-1,00'] },
      { line: 6, cells: ['2026-01-02', 'Prąd; gaz', '-2,00'] },
      { line: 7, cells: ['2026-01-03', 'Woda "Zdrój"', '-3,00'] },
    ])
  })

  it('counts from the line a slice of the file starts on, and keeps stray quotes inside a field', () => {
    expect(readRecords('a;"tytuł "w cudzysłowie" dalej";b\nc;d;e\n', ';', 40)).toEqual([
      { line: 40, cells: ['a', 'tytuł "w cudzysłowie" dalej', 'b'] },
      { line: 41, cells: ['c', 'd', 'e'] },
    ])
  })

  it('normalizes line endings and drops a BOM', () => {
    expect(normalizeText('\ufeffa\r\nb\rc\n')).toBe('a\nb\nc\n')
  })
})

describe('guessDelimiter', () => {
  it('finds the delimiter that splits the lines alike, under a preamble and with decimal commas', () => {
    expect(
      guessDelimiter(
        'Lista operacji;\n#Klient;\nJAN;\n\nData;Opis;Kwota\n2026-01-01;Sklep, Łódź;-1,50\n2026-01-02;Kiosk;-2,00\n',
      ),
    ).toBe(';')
    expect(
      guessDelimiter(
        '"Date","Payee","Amount"\n"2026-01-01","Shop, Ltd","-1.50"\n"2026-01-02","Kiosk","2.00"\n',
      ),
    ).toBe(',')
    expect(guessDelimiter('Date\tPayee\tAmount\n2026-01-01\tShop\t-1,50\n')).toBe('\t')
    expect(guessDelimiter('Date|Payee|Amount\n2026-01-01|Shop|-1,50\n')).toBe('|')
  })
})

describe('previewTable', () => {
  const text =
    'Data;Opis;Kwota\n2026-01-01;"Dwie\nlinie";-1,50\n2026-01-02;Kiosk;-2,00\n2026-01-03;Sklep;-3,00\n'

  it('gives the first records as cells, the delimiter guessed', () => {
    expect(previewTable(text, undefined, 3)).toEqual([
      ['Data', 'Opis', 'Kwota'],
      ['2026-01-01', 'Dwie\nlinie', '-1,50'],
      ['2026-01-02', 'Kiosk', '-2,00'],
    ])
  })

  it('uses the delimiter given', () => {
    expect(previewTable('a;b,c\nd;e,f\n', ',', 20)).toEqual([
      ['a;b', 'c'],
      ['d;e', 'f'],
    ])
  })
})

describe('looksTabular', () => {
  it('tells a table from prose', () => {
    expect(looksTabular('a;b;c\n1;2;3\n4;5;6\n')).toBe(true)
    expect(looksTabular('To jest list.\nNie tabela, tylko zdania.\nKoniec')).toBe(false)
  })
})
