import type {
  FileErrorCode,
  ImportEncoding,
  ImportFormat,
  ParsedRow,
  ParseOptions,
  ParseResult,
} from '../../schemas/imports.ts'
import { looksLikeCamt053, parseCamt053 } from './camt053.ts'
import { previewTable } from './csv.ts'
import { detectFormat, parseBankCsv } from './detect.ts'
import { decodeFile } from './encoding.ts'
import { looksLikeMt940, parseMt940 } from './mt940.ts'
import { looksLikeOfx, parseOfx } from './ofx.ts'
import { looksLikeQif, parseQif } from './qif.ts'

// One entry for every bank file: decode its bytes (encoding.ts), find its format from the content unless the user
// chose one, and read it with that format's parser. The standard formats are tried first: their markers (OFXHEADER,
// the camt namespace, MT940's :20: tag, QIF's !Type:) are unambiguous, a bank CSV's header is not.

export type ReadFile =
  | {
      readonly ok: true
      readonly format: ImportFormat
      readonly encoding: ImportEncoding
      readonly rows: readonly ParsedRow[]
      readonly accountNumber: string | null
      /** The first lines as cells, for the column mapper: with a generic CSV. */
      readonly table?: readonly (readonly string[])[]
    }
  | { readonly ok: false; readonly error: FileErrorCode; readonly table?: readonly (readonly string[])[] }

type Parser = (text: string, options: ParseOptions) => ParseResult

const standard: readonly (readonly [ImportFormat, (text: string) => boolean, Parser])[] = [
  ['ofx', looksLikeOfx, parseOfx],
  ['camt053', looksLikeCamt053, parseCamt053],
  ['mt940', looksLikeMt940, parseMt940],
  ['qif', looksLikeQif, parseQif],
]

/** The format a text is in, from its content; null when nothing recognizes it. */
export const detectFileFormat = (text: string): ImportFormat | null =>
  standard.find(([, looksLike]) => looksLike(text))?.[0] ?? detectFormat(text)

const parserOf = (format: ImportFormat): Parser =>
  standard.find(([known]) => known === format)?.[2] ?? parseBankCsv

/** Errors after which the user maps the columns themselves: they need to see the table. */
const mappable = new Set<FileErrorCode>(['needs-mapping', 'unknown-format'])

export const readBankFile = (
  bytes: Uint8Array,
  options: ParseOptions & { readonly encoding?: ImportEncoding },
): ReadFile => {
  const decoded = decodeFile(bytes, options.encoding)
  if (!decoded.ok) return decoded
  const { text, encoding } = decoded
  const format = options.format ?? detectFileFormat(text) ?? undefined
  const parsed = parserOf(format ?? 'csv')(text, { ...options, ...(format === undefined ? {} : { format }) })
  const withTable = format === 'csv' || format === undefined
  // The mapper's table split as the user's mapping says, once they chose a delimiter.
  const table = () => previewTable(text, options.mapping?.delimiter)
  if (!parsed.ok) {
    return mappable.has(parsed.error) || (withTable && parsed.error !== 'empty')
      ? { ok: false, error: parsed.error, table: table() }
      : parsed
  }
  return {
    ok: true,
    format: parsed.format,
    encoding,
    rows: parsed.rows,
    accountNumber: parsed.accountNumber,
    ...(parsed.format === 'csv' ? { table: table() } : {}),
  }
}
