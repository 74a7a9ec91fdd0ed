import { describe, expect, it } from 'vitest'
import { detectFormat, parseBankCsv } from '../../../../domain/import/detect.ts'
import type { CsvMapping, ParsedRow } from '../../../../schemas/imports.ts'

const row = (fields: Partial<ParsedRow> & Pick<ParsedRow, 'line'>): ParsedRow => ({
  date: null,
  bookingDate: null,
  amount: null,
  currency: null,
  payee: '',
  memo: '',
  bankId: null,
  pending: false,
  error: null,
  ...fields,
})

describe('parseBankCsv: files it cannot read', () => {
  it('refuses empty text', () => {
    expect(parseBankCsv('')).toEqual({ ok: false, error: 'empty' })
    expect(parseBankCsv('\ufeff \r\n')).toEqual({ ok: false, error: 'empty' })
  })
  it('asks for a column mapping for a table no layout knows, and refuses prose', () => {
    const table = 'Kiedy;Co;Ile\n01.01.2026;Sklep;-1,00\n02.01.2026;Kiosk;-2,00\n'
    expect(detectFormat(table)).toBeNull()
    expect(parseBankCsv(table)).toEqual({ ok: false, error: 'needs-mapping' })
    expect(parseBankCsv(table, { format: 'csv' })).toEqual({ ok: false, error: 'needs-mapping' })
    expect(parseBankCsv('Szanowni Państwo,\nw załączeniu wyciąg.\n')).toEqual({
      ok: false,
      error: 'unknown-format',
    })
  })
  it("refuses a bank's header with no rows under it", () => {
    const header = '#Data operacji;#Opis operacji;#Rachunek;#Kategoria;#Kwota;\n\n#Saldo końcowe;\n1,00;\n'
    expect(parseBankCsv(header)).toEqual({ ok: false, error: 'no-rows' })
  })
  it('leaves standard interchange formats to their own parsers', () => {
    expect(parseBankCsv('a;b\n1;2\n', { format: 'ofx' })).toEqual({ ok: false, error: 'wrong-format' })
  })
})

describe('parseBankCsv: the generic mode, by the column mapping', () => {
  const base: CsvMapping = {
    delimiter: ';',
    skipLines: 2,
    hasHeader: true,
    date: 0,
    dateOrder: 'dmy',
    amount: 3,
    payee: 1,
    memo: 2,
    decimalSeparator: ',',
    invertSign: false,
  }
  const text = [
    'Eksport z kasy oszczędnościowej',
    '',
    'Kiedy;Komu;Tytuł;Ile;Waluta;Id',
    '05.01.2026;Sklep „Świt”;"Zakupy',
    'na weekend";-1 234,50;PLN;A1',
    '31.02.2026;Kiosk;Gazeta;-3,00;PLN;A2',
    '07.01.2026;Żabka;;-x;PLN;A3',
    ';Zwrot;;5,00;EUR;A4',
    '08.01.2026;Wypłata;;5 000,00;PLN;A5',
    '',
  ].join('\r\n')

  it('reads the mapped columns, from the line after the skipped preamble and header', () => {
    expect(parseBankCsv(text, { mapping: base })).toEqual({
      ok: true,
      format: 'csv',
      accountNumber: null,
      rows: [
        row({
          line: 4,
          date: '2026-01-05',
          amount: '-1234.50',
          payee: 'Sklep „Świt”',
          memo: 'Zakupy\nna weekend',
        }),
        row({ line: 6, amount: '-3.00', payee: 'Kiosk', memo: 'Gazeta', error: 'invalid-date' }),
        row({ line: 7, date: '2026-01-07', payee: 'Żabka', error: 'invalid-amount' }),
        row({ line: 8, amount: '5.00', payee: 'Zwrot', error: 'missing-field' }),
        row({ line: 9, date: '2026-01-08', amount: '5000.00', payee: 'Wypłata' }),
      ],
    })
  })

  it('reads the currency and the bank id columns, and turns the sign when asked', () => {
    const result = parseBankCsv(text, {
      format: 'csv',
      mapping: { ...base, currency: 4, bankId: 5, invertSign: true },
    })
    expect(result.ok && result.rows.map((r) => [r.amount, r.currency, r.bankId])).toEqual([
      ['1234.50', 'PLN', 'A1'],
      ['3.00', 'PLN', 'A2'],
      [null, 'PLN', 'A3'],
      ['-5.00', 'EUR', 'A4'],
      ['-5000.00', 'PLN', 'A5'],
    ])
  })

  it('reads separate inflow and outflow columns, month-first dates and decimal dots', () => {
    const english = 'Date,Payee,Out,In\n01/31/2026,Shop,12.50,\n02/01/2026,Employer,,"1,000.00"\n'
    const mapping: CsvMapping = {
      delimiter: ',',
      skipLines: 0,
      hasHeader: true,
      date: 0,
      dateOrder: 'mdy',
      payee: 1,
      outflow: 2,
      inflow: 3,
      decimalSeparator: '.',
      invertSign: false,
    }
    expect(parseBankCsv(english, { mapping })).toEqual({
      ok: true,
      format: 'csv',
      accountNumber: null,
      rows: [
        row({ line: 2, date: '2026-01-31', amount: '-12.50', payee: 'Shop' }),
        row({ line: 3, date: '2026-02-01', amount: '1000.00', payee: 'Employer' }),
      ],
    })
  })

  it('asks for the mapping again when it names no amount column, and finds no rows past the end', () => {
    const { amount: _, ...noAmount } = base
    expect(parseBankCsv(text, { mapping: noAmount })).toEqual({ ok: false, error: 'needs-mapping' })
    expect(parseBankCsv(text, { mapping: { ...base, skipLines: 40 } })).toEqual({
      ok: false,
      error: 'no-rows',
    })
  })
})
