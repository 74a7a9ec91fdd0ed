import { describe, expect, it } from 'vitest'
import { looksLikeOfx, parseOfx } from '../../../../domain/import/ofx.ts'
import { fixture, row, rowsOf } from './fixture.ts'

describe('parseOfx', () => {
  it('reads an OFX 1 (SGML) bank statement whose leaves have no end tags', () => {
    const result = parseOfx(fixture('ofx/mbank-sgml.ofx'), {})
    expect(result).toMatchObject({ ok: true, format: 'ofx', accountNumber: 'PL27114020040000300201355387' })
    expect(rowsOf(result)).toEqual([
      row({
        line: 39,
        date: '2025-03-03',
        bookingDate: '2025-03-05',
        amount: '-42.17',
        currency: 'PLN',
        payee: 'Piekarnia Złoty Kłos',
        memo: 'Zakup kartą 4246 **** 1234',
        bankId: '2025030500001',
      }),
      row({
        line: 48,
        date: '2025-03-06',
        bookingDate: '2025-03-06',
        amount: '3500.00',
        currency: 'PLN',
        payee: 'Jan Wiśniewski & Syn',
        memo: 'Zwrot za wakacje',
        bankId: '2025030600002',
      }),
      // An empty NAME without its end tag stays a leaf; the memo becomes the payee.
      row({
        line: 56,
        date: '2025-03-07',
        bookingDate: '2025-03-07',
        amount: '-129.90',
        currency: 'PLN',
        payee: 'OPŁATA ZA KARTĘ',
        bankId: '2025030700003',
      }),
      row({
        line: 64,
        amount: '-15.00',
        currency: 'PLN',
        payee: 'Kiosk pod Zegarem',
        bankId: '2025030800004',
        error: 'invalid-date',
      }),
      row({
        line: 71,
        date: '2025-03-09',
        bookingDate: '2025-03-09',
        currency: 'PLN',
        payee: 'Sklep Żółty Żuk, Łódź',
        bankId: '2025030900005',
        error: 'invalid-amount',
      }),
      // CURRENCY: the amounts of this transaction are in euros.
      row({
        line: 78,
        date: '2025-03-10',
        bookingDate: '2025-03-10',
        amount: '-20.00',
        currency: 'EUR',
        payee: 'Café Nowy Świat',
        bankId: '2025031000006',
      }),
    ])
  })

  it('reads an OFX 2 (XML) card statement with a payee aggregate, entities and a pending list', () => {
    const result = parseOfx(fixture('ofx/ccard-v2.ofx'), {})
    expect(result).toMatchObject({ ok: true, format: 'ofx', accountNumber: '5375XXXXXXXX4321' })
    expect(rowsOf(result)).toEqual([
      row({
        line: 21,
        date: '2025-11-30',
        bookingDate: '2025-12-02',
        amount: '-89.99',
        currency: 'PLN',
        payee: 'Księgarnia Pod Globusem',
        memo: 'Książki & mapy',
        bankId: 'CC-0001',
      }),
      // ORIGCURRENCY names what was converted: the amount is in the statement's currency.
      row({
        line: 35,
        date: '2025-12-15',
        bookingDate: '2025-12-15',
        amount: '-412.40',
        currency: 'PLN',
        payee: 'Gasthof Zur Alten Mühle – Wien',
        memo: '95.00 EUR',
        bankId: 'CC-0002',
      }),
      row({
        line: 47,
        date: '2025-12-28',
        bookingDate: '2025-12-28',
        amount: '1500.00',
        currency: 'PLN',
        payee: 'Spłata karty',
        bankId: 'CC-0003',
      }),
      row({
        line: 61,
        date: '2025-12-30',
        amount: '-56.20',
        currency: 'PLN',
        payee: 'Stacja Paliw Bałtyk Sopot',
        pending: true,
      }),
    ])
  })

  it('reads a QFX file (SGML with end tags on the leaves, CRLF lines) as OFX', () => {
    const result = parseOfx(fixture('qfx/bank.qfx'), {})
    expect(result).toMatchObject({ ok: true, format: 'ofx', accountNumber: '000123456789' })
    expect(rowsOf(result)).toEqual([
      row({
        line: 40,
        date: '2026-01-02',
        bookingDate: '2026-01-02',
        amount: '2150.00',
        currency: 'USD',
        payee: 'ACME WIDGETS PAYROLL',
        bankId: '202601020',
      }),
      row({
        line: 47,
        date: '2026-01-08',
        bookingDate: '2026-01-08',
        amount: '-75.00',
        currency: 'USD',
        payee: 'Zofia Kowalczyk & Co',
        memo: 'Piano lessons',
        bankId: '202601081',
      }),
    ])
  })

  const sgml = (transactions: string) =>
    `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>PLN\n<BANKTRANLIST>\n${transactions}`

  it('names a transaction without an amount or a date as missing a field', () => {
    const rows = rowsOf(
      parseOfx(
        sgml(
          '<STMTTRN>\n<DTPOSTED>20250101\n<NAME>Bez kwoty\n</STMTTRN>\n<STMTTRN>\n<TRNAMT>-1.00\n<NAME>Bez daty\n</STMTTRN>',
        ),
        {},
      ),
    )
    expect(rows.map((each) => [each.line, each.error])).toEqual([
      [6, 'missing-field'],
      [10, 'missing-field'],
    ])
  })

  it('reads a file cut off after its last transaction (no end tags for the statement)', () => {
    const rows = rowsOf(parseOfx(sgml('<STMTTRN>\n<DTPOSTED>20250101\n<TRNAMT>-1.5\n<NAME>Ostatnia\n'), {}))
    expect(rows).toEqual([
      row({
        line: 6,
        date: '2025-01-01',
        bookingDate: '2025-01-01',
        amount: '-1.5',
        currency: 'PLN',
        payee: 'Ostatnia',
      }),
    ])
  })

  it('refuses a document type declaration, so no entity is ever defined', () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE OFX [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n<OFX><STMTTRN><TRNAMT>1</TRNAMT><DTPOSTED>20250101</DTPOSTED><NAME>&b;</NAME></STMTTRN></OFX>'
    expect(parseOfx(text, {})).toEqual({ ok: false, error: 'wrong-format' })
  })

  it('leaves unknown entities as written and decodes the predefined and numeric ones', () => {
    const rows = rowsOf(
      parseOfx(
        '<OFX><STMTTRN><TRNAMT>1</TRNAMT><DTPOSTED>20250101</DTPOSTED><NAME>A &lt;B&gt; &#x17B;&#243;&#322;w &nbsp; &b;</NAME></STMTTRN></OFX>',
        {},
      ),
    )
    expect(rows[0]?.payee).toBe('A <B> Żółw &nbsp; &b;')
  })

  it('answers empty, wrong-format and no-rows for files it cannot read', () => {
    expect(parseOfx('  \n', {})).toEqual({ ok: false, error: 'empty' })
    expect(parseOfx('Data;Kwota\n2025-01-01;-1,00\n', {})).toEqual({ ok: false, error: 'wrong-format' })
    expect(parseOfx(sgml('</BANKTRANLIST></STMTRS>'), {})).toEqual({ ok: false, error: 'no-rows' })
    // An unclosed tag: the file was cut off inside the markup.
    expect(parseOfx('<OFX><STMTTRN><TRNAMT>1</TRNAMT><DTPOSTED', {})).toEqual({
      ok: false,
      error: 'wrong-format',
    })
  })
})

describe('looksLikeOfx', () => {
  it('knows OFX 1 headers, OFX 2 processing instructions and a bare OFX root', () => {
    expect(looksLikeOfx(fixture('ofx/mbank-sgml.ofx'))).toBe(true)
    expect(looksLikeOfx(fixture('ofx/ccard-v2.ofx'))).toBe(true)
    expect(looksLikeOfx(fixture('qfx/bank.qfx'))).toBe(true)
    expect(looksLikeOfx('<ofx><bankmsgsrsv1>')).toBe(true)
  })

  it('rejects other bank files', () => {
    expect(looksLikeOfx('!Type:Bank\nD01/02/2025\nT-1.00\n^\n')).toBe(false)
    expect(looksLikeOfx(':20:STATEMENT\n:25:PL27114020040000300201355387\n')).toBe(false)
    expect(looksLikeOfx('<?xml version="1.0"?><Document><BkToCstmrStmt/></Document>')).toBe(false)
    expect(looksLikeOfx('#Data operacji;#Opis operacji;#Kwota\n')).toBe(false)
  })
})
