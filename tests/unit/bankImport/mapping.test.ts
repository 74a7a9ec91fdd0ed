import { describe, expect, it } from 'vitest'
import { mapperFromMapping, withRole, withTable } from '../../../machines/bankImport/bankImport.mapping.ts'
import {
  dateExampleOf,
  guessMapper,
  mappingGaps,
  mappingOf,
  readDateAs,
  sampleTable,
  splitLine,
} from '../../../machines/bankImport/index.ts'

const MBANK_LIKE = [
  'mBank S.A. Bankowość Detaliczna',
  'Lista operacji',
  '',
  '#Data operacji;#Opis operacji;#Rachunek;#Kategoria;#Kwota;',
  '2026-11-03;"ZAKUP PRZY UŻYCIU KARTY ŻABKA";"eKonto 1234";"Jedzenie";-12,50 PLN;',
  '2026-11-04;"PRZELEW PRZYCHODZĄCY";"eKonto 1234";"Wpływy";2 500,00 PLN;',
].join('\r\n')

describe('the column mapper', () => {
  it('splits a file’s head at the delimiter most lines share, quotes honoured', () => {
    const { table, delimiter } = sampleTable(MBANK_LIKE)
    expect(delimiter).toBe(';')
    expect(table[4]).toEqual([
      '2026-11-03',
      'ZAKUP PRZY UŻYCIU KARTY ŻABKA',
      'eKonto 1234',
      'Jedzenie',
      '-12,50 PLN',
      '',
    ])
    expect(splitLine('a,"b, ""c""",d', ',')).toEqual(['a', 'b, "c"', 'd'])
    expect(sampleTable('\uFEFFDate,Amount\n2026-01-02,1.50\n').table).toEqual([
      ['Date', 'Amount'],
      ['2026-01-02', '1.50'],
    ])
  })

  it('guesses the header under a preamble, each column’s role, the date order and the decimal comma', () => {
    const { table, delimiter } = sampleTable(MBANK_LIKE)
    const mapper = guessMapper(table, delimiter)
    expect(mapper.settings).toEqual({
      delimiter: ';',
      skipLines: 3,
      hasHeader: true,
      dateOrder: 'ymd',
      decimalSeparator: ',',
      invertSign: false,
    })
    expect(mapper.roles).toEqual(['date', 'memo', 'skip', 'skip', 'amount', 'skip'])
    expect(mappingOf(mapper)).toEqual({
      delimiter: ';',
      skipLines: 3,
      hasHeader: true,
      date: 0,
      dateOrder: 'ymd',
      decimalSeparator: ',',
      invertSign: false,
      amount: 4,
      memo: 1,
    })
  })

  it('reads a day above 12 as deciding the order, and English headers', () => {
    const mapper = guessMapper(
      [
        ['Date', 'Payee', 'Debit', 'Credit'],
        ['11/23/2026', 'Shop', '12.50', ''],
      ],
      ',',
    )
    expect(mapper.roles).toEqual(['date', 'payee', 'outflow', 'inflow'])
    expect(mapper.settings.dateOrder).toBe('mdy')
    expect(mapper.settings.decimalSeparator).toBe('.')
    expect(mappingOf(mapper)).toMatchObject({ date: 0, payee: 1, outflow: 2, inflow: 3 })
  })

  it('says what a mapping lacks, and gives one role to one column only', () => {
    expect(mappingGaps(['skip', 'payee'])).toEqual(['date', 'amount'])
    expect(mappingGaps(['date', 'inflow'])).toEqual([])
    expect(withRole(['date', 'amount', 'skip'], 2, 'date')).toEqual(['skip', 'amount', 'date'])
    expect(withRole(['skip', 'skip'], 0, 'skip')).toEqual(['skip', 'skip'])
    const mapper = guessMapper([['x', 'y']], ';')
    expect(mappingOf(mapper)).toBeNull()
  })

  it('prefers an amount column to inflow and outflow, and shows a saved mapping again', () => {
    const mapper = {
      table: [],
      roles: ['date', 'amount', 'inflow'] as const,
      settings: guessMapper([], ';').settings,
    }
    expect(mappingOf({ ...mapper, roles: [...mapper.roles] })).not.toHaveProperty('inflow')
    const mapping = mappingOf({ ...mapper, roles: ['date', 'skip', 'payee', 'amount'] })
    expect(mapping).not.toBeNull()
    if (mapping !== null)
      expect(mapperFromMapping([['a']], mapping).roles).toEqual(['date', 'skip', 'payee', 'amount'])
  })

  it('keeps the roles when a new delimiter splits the table anew', () => {
    const mapper = guessMapper([['Data', 'Kwota']], ';')
    const next = withTable(mapper, [['Data', 'Kwota', 'Opis']])
    expect(next.roles).toEqual(['date', 'amount', 'skip'])
  })
})

describe('the date order question', () => {
  it('finds a date in the file’s head, a QIF line too', () => {
    expect(dateExampleOf([['!Type:Bank'], ['D01/02/2026'], ['T-10.00']])).toBe('01/02/2026')
    expect(dateExampleOf([['nothing']])).toBeNull()
  })

  it('reads the example in each order, or says it is no date that way', () => {
    expect(readDateAs('01/02/2026', 'dmy')).toBe('2026-02-01')
    expect(readDateAs('01/02/2026', 'mdy')).toBe('2026-01-02')
    expect(readDateAs('01/02/2026', 'ymd')).toBeNull()
    expect(readDateAs('2026-02-01', 'ymd')).toBe('2026-02-01')
    expect(readDateAs('13/02/26', 'mdy')).toBeNull()
    expect(readDateAs('13/02/26', 'dmy')).toBe('2026-02-13')
  })
})
