import { describe, expect, it } from 'vitest'
import { looksLikeCamt053, parseCamt053 } from '../../../../domain/import/camt053.ts'
import { fixture, row, rowsOf } from './fixture.ts'

describe('parseCamt053', () => {
  it('reads a camt.053.001.02 statement: value date as the operation date, pending, batch, bad rows', () => {
    const result = parseCamt053(fixture('camt053/pko-v02.xml'), {})
    expect(result).toMatchObject({
      ok: true,
      format: 'camt053',
      accountNumber: 'PL61102055581111123456789012',
    })
    expect(rowsOf(result)).toEqual([
      // A card payment valued on the day it was made, booked two days later.
      row({
        line: 31,
        date: '2025-03-04',
        bookingDate: '2025-03-06',
        amount: '-42.17',
        currency: 'PLN',
        payee: 'Piekarnia Złoty Kłos',
        memo: 'Zakup przy użyciu karty 4246 **** 1234',
        bankId: 'PKO250306000001',
      }),
      // A credit names its debtor; the transaction's own reference is the id when the entry has none.
      row({
        line: 51,
        date: '2025-03-06',
        bookingDate: '2025-03-06',
        amount: '3500.00',
        currency: 'PLN',
        payee: 'Małgorzata Dąbrowska-Kowalska',
        memo: 'Zwrot za bilety do Zakopanego',
        bankId: 'ELIXIR-77812',
      }),
      // Another currency; the acceptance time at the terminal is the operation date.
      row({
        line: 76,
        date: '2025-03-03',
        bookingDate: '2025-03-06',
        amount: '-20.00',
        currency: 'EUR',
        payee: 'Café Zur Oper',
        memo: 'TRANSAKCJA KARTĄ ZA GRANICĄ',
        bankId: 'PKO250306000003',
      }),
      row({
        line: 91,
        date: '2025-03-06',
        amount: '-56.20',
        currency: 'PLN',
        payee: 'Stacja Paliw Bałtyk',
        bankId: 'AUTH-99812',
        pending: true,
      }),
      // A batch stays one row with its total; each transaction's remittance is in the memo.
      row({
        line: 103,
        date: '2025-03-06',
        bookingDate: '2025-03-06',
        amount: '-150.00',
        currency: 'PLN',
        payee: 'Szkoła Muzyczna Wiolinek',
        memo: 'Czesne marzec - Ola; Czesne marzec - Kuba',
        bankId: 'SZK-1',
      }),
      row({
        line: 124,
        amount: '-15.00',
        currency: 'PLN',
        payee: 'Kiosk pod Zegarem',
        bankId: 'PKO250306000006',
        error: 'invalid-date',
      }),
      row({
        line: 132,
        date: '2025-03-06',
        bookingDate: '2025-03-06',
        currency: 'PLN',
        payee: 'Sklep Żółty Żuk',
        bankId: 'PKO250306000007',
        error: 'invalid-amount',
      }),
      // A reversal: CdtDbtInd is the entry's own direction.
      row({
        line: 140,
        date: '2025-03-06',
        bookingDate: '2025-03-06',
        amount: '42.17',
        currency: 'PLN',
        payee: 'Piekarnia Złoty Kłos',
        memo: 'ZWROT TRANSAKCJI KARTOWEJ',
        bankId: 'PKO250306000008',
      }),
    ])
  })

  it('reads a prefixed camt.053.001.08 file: status codes, Pty names, times, CDATA, two accounts', () => {
    const result = parseCamt053(fixture('camt053/v08-prefixed.xml'), {})
    expect(result).toMatchObject({ ok: true, accountNumber: '12114020040000300201355387' })
    expect(rowsOf(result)).toEqual([
      row({
        line: 9,
        date: '2025-12-31',
        bookingDate: '2026-01-02',
        amount: '-199.99',
        currency: 'PLN',
        payee: 'Sklep "Pod Lipami" & Syn',
        memo: 'Zakup <online> kartą',
        bankId: 'MB-2026-0001',
      }),
      row({
        line: 24,
        date: '2026-01-02',
        amount: '-12.00',
        currency: 'PLN',
        payee: 'Kawiarnia Ćma',
        pending: true,
      }),
      // No Ccy on the amount: the account's currency; no AcctSvcrRef: the entry's reference.
      row({
        line: 35,
        date: '2026-01-02',
        bookingDate: '2026-01-02',
        amount: '1000',
        currency: 'EUR',
        payee: 'Henryk Wiśniewski',
        memo: 'Premia roczna',
        bankId: '77',
      }),
    ])
  })

  const document = (entries: string) =>
    `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>\n${entries}\n</Stmt></BkToCstmrStmt></Document>`

  it('names an entry without an amount, a direction or any date as missing a field', () => {
    const rows = rowsOf(
      parseCamt053(
        document(
          [
            '<Ntry><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2025-01-01</Dt></BookgDt></Ntry>',
            '<Ntry><Amt Ccy="PLN">1.00</Amt><BookgDt><Dt>2025-01-01</Dt></BookgDt></Ntry>',
            '<Ntry><Amt Ccy="PLN">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>',
          ].join('\n'),
        ),
        {},
      ),
    )
    expect(rows.map((each) => [each.line, each.error])).toEqual([
      [2, 'missing-field'],
      [3, 'missing-field'],
      [4, 'missing-field'],
    ])
  })

  it('reads camt.052 reports the same way (intraday, pending entries)', () => {
    const text =
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"><BkToCstmrAcctRpt><Rpt><Acct><Ccy>PLN</Ccy></Acct>' +
      '<Ntry><Amt>9.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts><ValDt><Dt>2025-05-05</Dt></ValDt><AddtlNtryInf>Lody</AddtlNtryInf></Ntry>' +
      '</Rpt></BkToCstmrAcctRpt></Document>'
    expect(rowsOf(parseCamt053(text, {}))).toEqual([
      row({ line: 1, date: '2025-05-05', amount: '-9.50', currency: 'PLN', payee: 'Lody', pending: true }),
    ])
  })

  it('refuses a document type declaration, so no entity is ever expanded', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Ntry><Amt>1</Amt>' +
      '<CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2025-01-01</Dt></BookgDt><AddtlNtryInf>&b;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>'
    expect(parseCamt053(bomb, {})).toEqual({ ok: false, error: 'wrong-format' })
  })

  it('answers empty, wrong-format and no-rows for files it cannot read', () => {
    expect(parseCamt053('', {})).toEqual({ ok: false, error: 'empty' })
    expect(parseCamt053('<?xml version="1.0"?><OFX></OFX>', {})).toEqual({ ok: false, error: 'wrong-format' })
    expect(parseCamt053(document(''), {})).toEqual({ ok: false, error: 'no-rows' })
    // Cut off between two entries, and inside a tag.
    const whole = fixture('camt053/pko-v02.xml')
    expect(parseCamt053(whole.slice(0, whole.indexOf('<Ntry>', 2000)), {})).toEqual({
      ok: false,
      error: 'wrong-format',
    })
    expect(parseCamt053(whole.slice(0, whole.indexOf('Ccy=', 2000)), {})).toEqual({
      ok: false,
      error: 'wrong-format',
    })
  })
})

describe('looksLikeCamt053', () => {
  it('knows camt.052/053/054 by namespace or container, prefixed or not', () => {
    expect(looksLikeCamt053(fixture('camt053/pko-v02.xml'))).toBe(true)
    expect(looksLikeCamt053(fixture('camt053/v08-prefixed.xml'))).toBe(true)
    expect(looksLikeCamt053('<Document><BkToCstmrStmt><Stmt/></BkToCstmrStmt></Document>')).toBe(true)
  })

  it('rejects other XML and other bank files', () => {
    expect(looksLikeCamt053(fixture('ofx/ccard-v2.ofx'))).toBe(false)
    expect(
      looksLikeCamt053(
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>',
      ),
    ).toBe(false)
    expect(looksLikeCamt053(fixture('qif/ambiguous.qif'))).toBe(false)
  })
})
