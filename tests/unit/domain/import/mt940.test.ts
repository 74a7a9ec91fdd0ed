import { describe, expect, it } from 'vitest'
import { looksLikeMt940, parseMt940 } from '../../../../domain/import/mt940.ts'
import { fixture, row, rowsOf } from './fixture.ts'

describe('parseMt940', () => {
  it("reads PKO BP's layout: ~ subfields wrapped at 65 characters, reversals, a year wrap, bad rows", () => {
    const result = parseMt940(fixture('mt940/pko-bp.sta'), {})
    expect(result).toMatchObject({ ok: true, format: 'mt940', accountNumber: 'PL61102055581111123456789012' })
    const pln = { currency: 'PLN' }
    expect(rowsOf(result)).toEqual([
      // A card payment: valued on the day it was made, booked two days later; no counterparty name.
      row({
        ...pln,
        line: 5,
        date: '2025-12-03',
        bookingDate: '2025-12-05',
        amount: '-42.17',
        payee: 'Zakup przy użyciu karty 4246 **** 1234 Piekarnia Złoty Kłos, Kraków',
        memo: 'Płatność kartą',
        bankId: '251203123456',
      }),
      row({
        ...pln,
        line: 8,
        date: '2025-12-05',
        bookingDate: '2025-12-05',
        amount: '3500.00',
        payee: 'Małgorzata Dąbrowska-Kowalska',
        memo: 'Zwrot za bilety do Zakopanego i z powrotem; Przelew przychodzący',
        bankId: '251205000777',
      }),
      // RC: the reversal of a credit takes money out.
      row({
        ...pln,
        line: 13,
        date: '2025-12-10',
        bookingDate: '2025-12-10',
        amount: '-15.00',
        payee: 'Zwrot błędnie zaksięgowanej wpłaty',
        memo: 'Korekta uznania',
        bankId: '251210000111',
      }),
      // RD: the reversal of a debit brings money in.
      row({
        ...pln,
        line: 15,
        date: '2025-12-11',
        bookingDate: '2025-12-11',
        amount: '42.17',
        payee: 'Piekarnia Złoty Kłos',
        memo: 'Zwrot za transakcję kartą; Reklamacja',
        bankId: '251211000222',
      }),
      row({
        ...pln,
        line: 17,
        amount: '-10.00',
        payee: 'Sklep Pod Lipami',
        memo: 'Zakup przy użyciu karty; Płatność kartą',
        bankId: '251212000333',
        error: 'invalid-date',
      }),
      row({
        ...pln,
        line: 19,
        date: '2025-12-15',
        bookingDate: '2025-12-15',
        payee: 'Rowery Bolka',
        memo: 'Rata za rower; Przelew wychodzący',
        bankId: '251215000444',
        error: 'invalid-amount',
      }),
      // No :86: and no bank reference: the supplementary details name it.
      row({
        ...pln,
        line: 21,
        date: '2025-12-20',
        bookingDate: '2025-12-20',
        amount: '100.00',
        payee: 'WPŁATA WE WPŁATOMACIE',
      }),
      // Valued on 31 December, booked on 2 January: the entry date is in the next year.
      row({
        ...pln,
        line: 23,
        date: '2025-12-31',
        bookingDate: '2026-01-02',
        amount: '-9.99',
        payee: 'Opłata miesięczna za prowadzenie rachunku',
        memo: 'Opłata',
        bankId: '251231000555',
      }),
    ])
  })

  it("reads mBank CompanyNet's blocks: funds codes, unstructured details, two accounts in two currencies", () => {
    const result = parseMt940(fixture('mt940/mbank-companynet.txt'), {})
    expect(result).toMatchObject({ ok: true, accountNumber: 'PL45114011370000310211001001' })
    expect(rowsOf(result)).toEqual([
      row({
        line: 6,
        date: '2025-06-04',
        bookingDate: '2025-06-04',
        amount: '6979.18',
        currency: 'PLN',
        payee: 'PRZEDSIĘBIORSTWO USŁUG WODNYCH SPÓŁKA Z O.O. UL.WODNA 27 98-300 WIELUŃ',
        memo: 'FV 210F1163; 911-TRANSAKCJA IPH',
        bankId: 'EL004391-000970',
      }),
      row({
        line: 12,
        date: '2025-06-04',
        bookingDate: '2025-06-04',
        amount: '-15.00',
        currency: 'PLN',
        payee: '794 OPŁATY GRUPOWE; TNR: 154960005384269.330001',
        memo: '794-OPŁATY GRUPOWE',
        bankId: 'GR20250604001068',
      }),
      row({
        line: 22,
        date: '2025-06-04',
        bookingDate: '2025-06-04',
        amount: '250.50',
        currency: 'EUR',
        payee: 'GÓRSKA HANNA UL. LEŚNA 6 51-210 WROCŁAW',
        memo: 'ZALICZKA; 770-PRZELEW PRZYCHODZĄCY - ELIXIR',
        bankId: 'EL004392-000001',
      }),
    ])
  })

  it('reads < subfields inside a SWIFT envelope, and a :61: without an entry date', () => {
    const result = parseMt940(fixture('mt940/lt-subfields.sta'), {})
    expect(result).toMatchObject({ ok: true, accountNumber: 'PL02109024020000000201349787' })
    expect(rowsOf(result)).toEqual([
      row({
        line: 6,
        date: '2025-01-15',
        bookingDate: '2025-01-15',
        amount: '-99.99',
        currency: 'PLN',
        payee: 'ZAKUP PRZY UŻYCIU KARTY MOBILNA APTEKA ŚW. ŁUKASZA WARSZAWA',
        memo: 'PŁATNOŚĆ KARTĄ',
        bankId: '0000000123',
      }),
      row({
        line: 9,
        date: '2025-01-16',
        bookingDate: '2025-01-16',
        amount: '-2500.00',
        currency: 'PLN',
        payee: 'Wspólnota Mieszkaniowa Ogrodowa 7',
        memo: 'Czynsz za styczeń 2025; PRZELEW WYCHODZĄCY',
        bankId: '0000000124',
      }),
    ])
  })

  const statement = (lines: readonly string[]) =>
    [':20:1', ':25:/PL61102055581111123456789012', ':28C:1', ':60F:C250101PLN0,00', ...lines, '-'].join('\n')

  it('reads the German ? subfields and marks expected entries (ED/EC) as pending', () => {
    const rows = rowsOf(
      parseMt940(
        statement([
          ':61:2501020102ED12,5NMSCNONREF',
          ':86:177?00SEPA-Überweisung?20Miete Januar?32Hausverwaltung?33 Müller',
        ]),
        {},
      ),
    )
    expect(rows).toEqual([
      row({
        line: 5,
        date: '2025-01-02',
        bookingDate: '2025-01-02',
        amount: '-12.5',
        currency: 'PLN',
        payee: 'Hausverwaltung Müller',
        memo: 'Miete Januar; SEPA-Überweisung',
        pending: true,
      }),
    ])
  })

  it('names a :61: without a debit/credit mark as missing a field and an unreadable date as invalid', () => {
    const rows = rowsOf(parseMt940(statement([':61:250102X1,00NMSC', ':61:ABCDEFD1,00NMSC']), {}))
    expect(rows.map((each) => [each.line, each.error])).toEqual([
      [5, 'missing-field'],
      [6, 'invalid-date'],
    ])
  })

  it('answers empty, wrong-format and no-rows for files it cannot read', () => {
    expect(parseMt940('', {})).toEqual({ ok: false, error: 'empty' })
    expect(parseMt940('!Type:Bank\nD01/02/2025\n^\n', {})).toEqual({ ok: false, error: 'wrong-format' })
    expect(parseMt940(statement([':62F:C250101PLN0,00']), {})).toEqual({ ok: false, error: 'no-rows' })
  })
})

describe('looksLikeMt940', () => {
  it('knows statements by their tags', () => {
    expect(looksLikeMt940(fixture('mt940/pko-bp.sta'))).toBe(true)
    expect(looksLikeMt940(fixture('mt940/mbank-companynet.txt'))).toBe(true)
    expect(looksLikeMt940(fixture('mt940/lt-subfields.sta'))).toBe(true)
  })

  it('rejects other files, including one that merely mentions a tag', () => {
    expect(looksLikeMt940(fixture('ofx/mbank-sgml.ofx'))).toBe(false)
    expect(looksLikeMt940('Data;Opis\n2025-01-01;:61: w opisie\n')).toBe(false)
    expect(looksLikeMt940(':20:tylko jeden znacznik\n')).toBe(false)
  })
})

describe('the bank reference of a :61:', () => {
  it('is the text after // up to a space, and none when it says NONREF', () => {
    const text = [
      ':20:1',
      ':25:/PL1',
      ':60F:C250101PLN0,00',
      ':61:2501010101D1,00NTRFKLIENT1//BANK-77 extra',
      ':61:2501010101D1,00NTRFNONREF//NONREF',
      '-',
    ].join('\n')
    const result = parseMt940(text, {})
    expect(result.ok && result.rows.map((each) => each.bankId)).toEqual(['BANK-77', null])
  })
})
