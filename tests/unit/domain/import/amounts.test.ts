import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseCamt053 } from '../../../../domain/import/camt053.ts'
import {
  canonicalDecimal,
  negateDecimal,
  readGroupedDecimal,
  readPlainDecimal,
} from '../../../../domain/import/decimal.ts'
import { parseMt940 } from '../../../../domain/import/mt940.ts'
import { parseOfx } from '../../../../domain/import/ofx.ts'
import { parseQif } from '../../../../domain/import/qif.ts'
import { rowsOf } from './fixture.ts'

// Any amount as canonical text: up to 25 integer digits (far past what a float holds exactly) and 0–5 decimals.
const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((list) => list.join(''))
const amount = fc
  .record({ negative: fc.boolean(), integer: digits(1, 25), fraction: digits(0, 5) })
  .map(({ negative, integer, fraction }) => ({
    negative,
    integer: integer.replace(/^0+(?=\d)/u, ''),
    fraction,
    text: canonicalDecimal(negative, integer, fraction),
  }))

const magnitude = (text: string) => text.replace(/^-/u, '')
const grouped = (integer: string, separator: string) => integer.replace(/\B(?=(\d{3})+$)/gu, separator)
const onlyAmount = (rows: readonly { amount: string | null }[]) => rows.map((each) => each.amount)

describe('amounts read from every standard format round-trip exactly', () => {
  it('canonical text reads back as itself and negates twice to itself', () => {
    fc.assert(
      fc.property(amount, ({ text }) => {
        expect(readPlainDecimal(text)).toBe(text)
        expect(negateDecimal(negateDecimal(text))).toBe(text)
      }),
    )
  })

  it('OFX TRNAMT, with a point or a comma, a plus sign or leading zeros', () => {
    fc.assert(
      fc.property(
        amount,
        fc.constantFrom('.', ','),
        fc.boolean(),
        ({ text, negative, integer, fraction }, point, padded) => {
          const sign = negative ? '-' : '+'
          const written = `${sign}${padded ? '00' : ''}${integer}${fraction === '' ? '' : point + fraction}`
          const ofx = `<OFX><STMTTRN><DTPOSTED>20250101<TRNAMT>${written}<NAME>x</STMTTRN></OFX>`
          expect(onlyAmount(rowsOf(parseOfx(ofx, {})))).toEqual([text])
        },
      ),
    )
  })

  it('CAMT Amt with its credit/debit indicator', () => {
    fc.assert(
      fc.property(amount, ({ text }) => {
        const direction = text.startsWith('-') ? 'DBIT' : 'CRDT'
        const camt = `<Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="PLN">${magnitude(text)}</Amt><CdtDbtInd>${direction}</CdtDbtInd><BookgDt><Dt>2025-01-01</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>`
        expect(onlyAmount(rowsOf(parseCamt053(camt, {})))).toEqual([text])
      }),
    )
  })

  it('MT940 amounts with a decimal comma and a D/C mark (and a funds code)', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom('', 'N'), ({ text, integer, fraction }, funds) => {
        const mark = text.startsWith('-') ? 'D' : 'C'
        const mt940 = `:20:1\n:25:/PL1\n:60F:C250101PLN0,00\n:61:2501010101${mark}${funds}${integer},${fraction}NTRFNONREF\n`
        expect(onlyAmount(rowsOf(parseMt940(mt940, {})))).toEqual([text])
      }),
    )
  })

  it('QIF amounts grouped the Quicken way (1,234.56) or the Polish way (1 234,56)', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom('us', 'pl'), ({ text, negative, integer, fraction }, style) => {
        // A lone comma before exactly three digits ('123,456') reads as grouping: the one case QIF cannot tell.
        fc.pre(!(style === 'pl' && fraction.length === 3 && integer.length <= 3))
        const written =
          style === 'us'
            ? `${grouped(integer, ',')}${fraction === '' ? '' : `.${fraction}`}`
            : `${grouped(integer, ' ')}${fraction === '' ? '' : `,${fraction}`}`
        const qif = `!Type:Bank\nD2025-01-01\nT${negative ? '-' : ''}${written}\n^\n`
        expect(onlyAmount(rowsOf(parseQif(qif, {})))).toEqual([text])
        expect(readGroupedDecimal(`${negative ? '-' : ''}${written}`)).toBe(text)
      }),
    )
  })
})
