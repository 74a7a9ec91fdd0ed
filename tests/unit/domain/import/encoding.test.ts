import { describe, expect, it } from 'vitest'
import { decodeFile } from '../../../../domain/import/encoding.ts'
import { encodeText } from '../../../fixtures/import/write-fixtures.ts'

const LETTERS = 'ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ'
const TEXT = `Data;Opis;Kwota\n2026-03-01;Zażółć gęślą jaźń - ${LETTERS};-1 850,00\n2026-03-02;Źdźbło, Śliwka, Ąkwarium;12,00\n`

const utf16be = (text: string) => {
  const bytes = new Uint8Array(text.length * 2)
  for (let index = 0; index < text.length; index++) {
    bytes[index * 2] = text.charCodeAt(index) >> 8
    bytes[index * 2 + 1] = text.charCodeAt(index) & 0xff
  }
  return bytes
}

describe('decodeFile', () => {
  it('reads UTF-8 with and without a BOM', () => {
    expect(decodeFile(encodeText(TEXT, 'utf-8'))).toEqual({ ok: true, text: TEXT, encoding: 'utf-8' })
    expect(decodeFile(encodeText(TEXT, 'utf-8-bom'))).toEqual({ ok: true, text: TEXT, encoding: 'utf-8' })
  })

  it('reads UTF-16 by its BOM or, without one, by the zero bytes of its ASCII', () => {
    const le = encodeText(TEXT, 'utf-16le')
    expect(decodeFile(le)).toEqual({ ok: true, text: TEXT, encoding: 'utf-16le' })
    expect(decodeFile(le.slice(2))).toEqual({ ok: true, text: TEXT, encoding: 'utf-16le' })
    const be = utf16be(TEXT)
    expect(decodeFile(Uint8Array.from([0xfe, 0xff, ...be]))).toEqual({
      ok: true,
      text: TEXT,
      encoding: 'utf-16be',
    })
    expect(decodeFile(be)).toEqual({ ok: true, text: TEXT, encoding: 'utf-16be' })
  })

  it('tells windows-1250 from ISO-8859-2 for the same text by which yields Polish letters', () => {
    const windows = encodeText(TEXT, 'windows-1250')
    const iso = encodeText(TEXT, 'iso-8859-2')
    // The two differ exactly on ą Ą ś Ś ź Ź.
    expect(windows).not.toEqual(iso)
    expect(decodeFile(windows)).toEqual({ ok: true, text: TEXT, encoding: 'windows-1250' })
    expect(decodeFile(iso)).toEqual({ ok: true, text: TEXT, encoding: 'iso-8859-2' })
  })

  it('keeps every Polish letter in each of the two, one letter at a time', () => {
    for (const letter of LETTERS.replace(' ', '')) {
      const text = `Kwota;Opis\n1,00;${letter}\n`
      for (const encoding of ['windows-1250', 'iso-8859-2'] as const) {
        const decoded = decodeFile(encodeText(text, encoding))
        expect(decoded.ok && decoded.text, `${letter} in ${encoding}`).toBe(text)
      }
    }
  })

  it('honours an encoding chosen by hand', () => {
    const windows = encodeText(TEXT, 'windows-1250')
    expect(decodeFile(windows, 'windows-1250')).toEqual({ ok: true, text: TEXT, encoding: 'windows-1250' })
    const forced = decodeFile(windows, 'iso-8859-2')
    expect(forced.ok && forced.encoding).toBe('iso-8859-2')
    expect(forced.ok && forced.text).not.toBe(TEXT)
    expect(decodeFile(encodeText(TEXT, 'utf-8'), 'utf-8')).toEqual({
      ok: true,
      text: TEXT,
      encoding: 'utf-8',
    })
  })

  it('refuses an empty file, and one of only blank lines', () => {
    expect(decodeFile(new Uint8Array())).toEqual({ ok: false, error: 'empty' })
    expect(decodeFile(encodeText(' \r\n\r\n', 'utf-8'))).toEqual({ ok: false, error: 'empty' })
    expect(decodeFile(encodeText('', 'utf-8-bom'))).toEqual({ ok: false, error: 'empty' })
  })

  it('refuses files that are not text: a PDF or zip renamed .csv, NUL bytes, control characters', () => {
    const binary = { ok: false, error: 'binary' }
    expect(decodeFile(encodeText('%PDF-1.7\n%âãÏÓ\n1 0 obj', 'utf-8'))).toEqual(binary)
    expect(decodeFile(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toEqual(binary)
    expect(
      decodeFile(Uint8Array.from([0x44, 0x61, 0x74, 0x61, 0x00, 0x3b, 0x4b, 0x77, 0x6f, 0x74, 0x61, 0x0a])),
    ).toEqual(binary)
    const noise = Uint8Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256 || 1)
    expect(decodeFile(noise)).toEqual(binary)
    // Even under an encoding chosen by hand.
    expect(decodeFile(encodeText('%PDF-1.4', 'utf-8'), 'windows-1250')).toEqual(binary)
  })
})
