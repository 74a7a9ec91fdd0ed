import type { BudgetImportSource } from '../../schemas/budget.ts'
import type { BudgetFileErrorCode } from '../../schemas/budgetImport.ts'
import { decodeFile } from '../import/encoding.ts'

// A budget file's bytes into what it is: JSON (Koperta's own file, a YNAB export), a zip (Actual Budget's export),
// or why it is neither. Pure: the bytes come in, nothing is read from anywhere.

export type ReadBudgetFile =
  | { readonly ok: true; readonly kind: 'json'; readonly value: unknown }
  | { readonly ok: true; readonly kind: 'zip' }
  | { readonly ok: false; readonly error: BudgetFileErrorCode }

const startsWith = (bytes: Uint8Array, ...prefix: number[]) =>
  prefix.every((byte, index) => bytes[index] === byte)

/** Files that are clearly something else: a PDF, an image, an office document, compressed data other than a zip. */
const isKnownDocument = (bytes: Uint8Array) =>
  startsWith(bytes, 0x25, 0x50, 0x44, 0x46) || // %PDF
  startsWith(bytes, 0x89, 0x50, 0x4e, 0x47) || // PNG
  startsWith(bytes, 0xff, 0xd8, 0xff) || // JPEG
  startsWith(bytes, 0x47, 0x49, 0x46, 0x38) || // GIF8
  startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0) || // OLE: .xls, .doc
  startsWith(bytes, 0x1f, 0x8b) || // gzip
  startsWith(bytes, 0x53, 0x51, 0x4c, 0x69, 0x74, 0x65) // SQLite (a bare db.sqlite is not an export)

const isZip = (bytes: Uint8Array) =>
  startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0x50, 0x4b, 0x05, 0x06)

/** UTF-8 (with or without a byte order mark) or UTF-16 with its mark; undefined for bytes that are not text. */
const decodeText = (bytes: Uint8Array): string | undefined => {
  try {
    if (startsWith(bytes, 0xff, 0xfe))
      return new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2))
    if (startsWith(bytes, 0xfe, 0xff))
      return new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2))
    // The decoder drops a UTF-8 byte order mark itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** A number literal beyond the safe integers: JSON.parse would hand back a different number than the file says. */
class UnsafeNumber extends Error {}

/**
 * JSON.parse, refusing any whole number it cannot hold exactly (beyond ±(2^53 − 1)): 12345678901234567890 would
 * read as 12345678901234567000, a different amount. Only numbers are checked, so digits inside strings (an account
 * number in a memo) are never mistaken for one.
 */
const parseExactly = (text: string): unknown =>
  JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value))
      throw new UnsafeNumber()
    return value
  })

export const readBudgetFile = (bytes: Uint8Array): ReadBudgetFile => {
  if (bytes.length === 0) return { ok: false, error: 'empty' }
  if (isZip(bytes)) return { ok: true, kind: 'zip' }
  if (isKnownDocument(bytes)) return { ok: false, error: 'not-a-budget' }
  const text = decodeText(bytes)
  if (text === undefined || text.includes('\u0000')) {
    // Polish single-byte text (a bank statement chosen here by mistake) is no budget export, but no garbage either.
    const single = decodeFile(bytes)
    const textual = single.ok && (single.encoding === 'windows-1250' || single.encoding === 'iso-8859-2')
    // JSON is UTF-8: a brace in another encoding is a broken file, not a statement.
    const statement = textual && !single.text.includes('\u0000') && !/^\s*[[{]/u.test(single.text)
    return { ok: false, error: statement ? 'not-json' : 'binary' }
  }
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, error: 'empty' }
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return { ok: false, error: 'not-json' }
  try {
    return { ok: true, kind: 'json', value: parseExactly(trimmed) }
  } catch (error) {
    if (error instanceof UnsafeNumber) return { ok: false, error: 'unsafe-number' }
    return { ok: false, error: 'not-json' }
  }
}

/**
 * Which export a file's first bytes look like, for the page to say before anything is sent (the server decides for
 * itself): a zip is Actual Budget's, JSON naming `koperta-budget` Koperta's own, JSON with a budget (or plan) or
 * category groups YNAB's. Undefined when nothing says.
 */
export const guessSource = (head: Uint8Array): BudgetImportSource | undefined => {
  if (isZip(head)) return 'actual'
  if (isKnownDocument(head)) return undefined
  const text = new TextDecoder('utf-8').decode(head)
  if (/"format"\s*:\s*"koperta-budget"/u.test(text)) return 'koperta'
  if (/"(?:budget|plan)"\s*:\s*\{/u.test(text) || /"category_groups"\s*:/u.test(text)) return 'ynab'
  return undefined
}
