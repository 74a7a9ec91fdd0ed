import type { ImportEncoding } from '../../schemas/imports.ts'

/**
 * A bank file's bytes as text. Polish banks still export windows-1250 (mBank, PKO BP, ING), some ISO-8859-2, the
 * newer ones UTF-8 (with or without a BOM), Excel's "Unicode text" UTF-16. Getting it wrong garbles the Polish
 * letters (Actual's issue #8986), so: a BOM decides; else valid UTF-8 is UTF-8; else the two single-byte Polish
 * encodings are both tried and the one that yields Polish letters wins (they differ exactly on ą Ą ś Ś ź Ź).
 * Files that are not text at all (a PDF or a spreadsheet renamed `.csv`) are refused as 'binary'.
 */
export type DecodedFile =
  | { readonly ok: true; readonly text: string; readonly encoding: ImportEncoding }
  | { readonly ok: false; readonly error: 'empty' | 'binary' }

const EMPTY = { ok: false, error: 'empty' } as const
const BINARY = { ok: false, error: 'binary' } as const

// Magic numbers of files people mistake for a bank export: PDF, zip (xlsx, ods), gzip, OLE (xls), PNG, JPEG, 7z, rar.
const MAGIC: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // PK\3\4
  [0x50, 0x4b, 0x05, 0x06], // an empty zip
  [0x1f, 0x8b],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x37, 0x7a, 0xbc, 0xaf],
  [0x52, 0x61, 0x72, 0x21],
]

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte)

// How much of the file the byte statistics look at: enough for any preamble, cheap for a 60 MB file.
const SAMPLE = 64 * 1024

/** UTF-16 without a BOM: ASCII text has a zero in every other byte. */
const utf16WithoutBom = (bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null => {
  const length = Math.min(bytes.length, SAMPLE) & ~1
  if (length < 4) return null
  let evenZeros = 0
  let oddZeros = 0
  for (let index = 0; index < length; index += 2) {
    if (bytes[index] === 0) evenZeros++
    if (bytes[index + 1] === 0) oddZeros++
  }
  const pairs = length / 2
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le'
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be'
  return null
}

const isControl = (code: number) =>
  code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c

/** Text files have no NUL bytes and hardly any other control characters (a DOS end-of-file mark may close one). */
const looksBinary = (bytes: Uint8Array): boolean => {
  const length = Math.min(bytes.length, SAMPLE)
  let controls = 0
  for (let index = 0; index < length; index++) {
    const byte = bytes[index] ?? 0
    if (byte === 0) return true
    if (isControl(byte) && !(byte === 0x1a && index === bytes.length - 1)) controls++
  }
  return controls > 8 && controls > length / 200
}

/**
 * Decoded text full of C0 control characters is a binary file read as UTF-16 or forced into an encoding. (C1 ones
 * only mean a single-byte text read in the wrong one of the two: garbled letters, the user's choice to make.)
 */
const textLooksBinary = (text: string): boolean => {
  const length = Math.min(text.length, SAMPLE)
  let controls = 0
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index)
    if (code === 0) return true
    if (isControl(code)) controls++
  }
  return controls > 8 && controls > length / 200
}

const POLISH = new Set('ąćęłńóśźżĄĆĘŁŃÓŚŹŻ')

/**
 * How Polish a decoding reads: each Polish letter counts one; a C1 control character (what ISO-8859-2 makes of
 * windows-1250's ś, ź, Ś, Ź, or windows-1250 of its five unassigned bytes) counts against it.
 */
const polishScore = (text: string): number => {
  let score = 0
  for (let index = 0; index < text.length; index++) {
    const character = text.charAt(index)
    const code = text.charCodeAt(index)
    if (POLISH.has(character)) score++
    else if (code >= 0x80 && code < 0xa0) score -= 5
  }
  return score
}

/** Which of the two single-byte Polish encodings reads the bytes as Polish: judged on the file's start, or whole. */
const polishEncoding = (bytes: Uint8Array): 'windows-1250' | 'iso-8859-2' => {
  const judge = (sample: Uint8Array) =>
    polishScore(decode(sample, 'iso-8859-2')) - polishScore(decode(sample, 'windows-1250'))
  const start = judge(bytes.subarray(0, SAMPLE))
  // A start without a single Polish letter (an English preamble) does not decide: the whole file does.
  const verdict = start === 0 && bytes.length > SAMPLE ? judge(bytes) : start
  return verdict > 0 ? 'iso-8859-2' : 'windows-1250'
}

const decode = (bytes: Uint8Array, encoding: ImportEncoding): string =>
  // A BOM is dropped by the decoder (ignoreBOM: false), so no file's first header starts with U+FEFF.
  new TextDecoder(encoding, { ignoreBOM: false }).decode(bytes)

const done = (text: string, encoding: ImportEncoding): DecodedFile => {
  if (text.trim() === '') return EMPTY
  if (textLooksBinary(text)) return BINARY
  return { ok: true, text, encoding }
}

const bomOf = (bytes: Uint8Array): ImportEncoding | null => {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return 'utf-8'
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le'
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be'
  return null
}

/** Reads a file's bytes as text in the encoding given, or the one detected. */
export const decodeFile = (bytes: Uint8Array, encoding?: ImportEncoding): DecodedFile => {
  if (bytes.length === 0) return EMPTY
  if (MAGIC.some((magic) => startsWith(bytes, magic))) return BINARY
  if (encoding !== undefined) return done(decode(bytes, encoding), encoding)
  const bom = bomOf(bytes)
  if (bom !== null) return done(decode(bytes, bom), bom)
  const utf16 = utf16WithoutBom(bytes)
  if (utf16 !== null) return done(decode(bytes, utf16), utf16)
  if (looksBinary(bytes)) return BINARY
  try {
    return done(new TextDecoder('utf-8', { fatal: true }).decode(bytes), 'utf-8')
  } catch {
    // Not UTF-8: one of the single-byte Polish encodings.
  }
  const polish = polishEncoding(bytes)
  return done(decode(bytes, polish), polish)
}
