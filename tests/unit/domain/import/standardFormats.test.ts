import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { looksLikeCamt053, parseCamt053 } from '../../../../domain/import/camt053.ts'
import { looksLikeMt940, parseMt940 } from '../../../../domain/import/mt940.ts'
import { looksLikeOfx, parseOfx } from '../../../../domain/import/ofx.ts'
import { looksLikeQif, parseQif } from '../../../../domain/import/qif.ts'
import { fixture } from './fixture.ts'

const detectors = {
  ofx: looksLikeOfx,
  qif: looksLikeQif,
  camt053: looksLikeCamt053,
  mt940: looksLikeMt940,
} as const

const fixtures: Record<string, keyof typeof detectors> = {
  'ofx/mbank-sgml.ofx': 'ofx',
  'ofx/ccard-v2.ofx': 'ofx',
  'qfx/bank.qfx': 'ofx',
  'qif/polish-dmy.qif': 'qif',
  'qif/ambiguous.qif': 'qif',
  'qif/us-quicken.qif': 'qif',
  'qif/sorted-by-date.qif': 'qif',
  'camt053/pko-v02.xml': 'camt053',
  'camt053/v08-prefixed.xml': 'camt053',
  'mt940/pko-bp.sta': 'mt940',
  'mt940/mbank-companynet.txt': 'mt940',
  'mt940/lt-subfields.sta': 'mt940',
}

describe('detecting the standard formats', () => {
  it.each(Object.entries(fixtures))('claims %s for %s alone', (path, format) => {
    const text = fixture(path)
    const claimed = Object.entries(detectors)
      .filter(([, looksLike]) => looksLike(text))
      .map(([name]) => name)
    expect(claimed).toEqual([format])
  })

  it('claims none of them for a bank CSV, a PDF or an empty file', () => {
    const others = [
      '#Data operacji;#Opis operacji;#Rachunek;#Kategoria;#Kwota;\n2025-03-03;ZAKUP PRZY UŻYCIU KARTY;;;-42,17 PLN;\n',
      '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n',
      '',
    ]
    for (const text of others)
      expect(Object.values(detectors).map((looksLike) => looksLike(text))).toEqual([
        false,
        false,
        false,
        false,
      ])
  })
})

describe('reading damaged files', () => {
  const parsers = [parseOfx, parseQif, parseCamt053, parseMt940]
  const texts = Object.keys(fixtures).map(fixture)

  it('answers every cut, spliced or garbled file with rows or a file error, never by throwing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...texts),
        fc.nat(),
        fc.nat(),
        fc.string({ maxLength: 40 }),
        (text, from, to, inserted) => {
          const cut = Math.min(from, to) % (text.length + 1)
          const damaged = text.slice(0, cut) + inserted + text.slice(Math.max(from, to) % (text.length + 1))
          for (const parse of parsers) {
            const result = parse(damaged, {})
            if (result.ok) for (const each of result.rows) expect(each.line).toBeGreaterThanOrEqual(1)
            else expect(typeof result.error).toBe('string')
          }
        },
      ),
    )
  })
})
