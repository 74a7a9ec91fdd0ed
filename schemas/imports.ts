import * as Schema from 'effect/Schema'
import { Name, Text } from './budget.ts'
import { BankAccountId, CategoryId, ImportId, TransactionId, UserId } from './ids.ts'
import { Instant, IsoDate, Minor } from './money.ts'

// Bank-file imports (issue 28): what a parser reads from a file, the preview a user checks, the choices they make
// and the import's result. Parsers live in domain/import/; the routes in server/imports/.

/** The CSV exports of the banks we read, each with its own layout (domain/import/banks/). */
export const bankFormats = [
  'mbank',
  'mbank-statement',
  'pko',
  'ing',
  'santander',
  'millennium',
  'pekao',
  'alior',
  'revolut',
  'n26',
  'dkb',
] as const
/** Standard interchange files. */
export const fileFormats = ['ofx', 'qif', 'camt053', 'mt940'] as const
/** Every format a file can be read as; `csv` is any CSV read with a column mapping (`CsvMapping`). */
export const importFormats = [...bankFormats, ...fileFormats, 'csv'] as const
export const ImportFormat = Schema.Literals(importFormats)
export type ImportFormat = typeof ImportFormat.Type

/** The encodings a file can be read in (WHATWG labels, as `TextDecoder` takes them). */
export const importEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1250', 'iso-8859-2'] as const
export const ImportEncoding = Schema.Literals(importEncodings)
export type ImportEncoding = typeof ImportEncoding.Type

/** The order of a date's parts where a format does not fix it (QIF, a generic CSV). */
export const DateOrder = Schema.Literals(['dmy', 'mdy', 'ymd'])
export type DateOrder = typeof DateOrder.Type

/**
 * Why a row cannot be imported; the UI shows each as a localized text (`import.rowError.<code>`).
 * `other-currency`: the row is in another currency than the budget's.
 */
export const rowErrorCodes = [
  'invalid-date',
  'invalid-amount',
  'amount-too-large',
  'missing-field',
  'other-currency',
] as const
export const RowErrorCode = Schema.Literals(rowErrorCodes)
export type RowErrorCode = typeof RowErrorCode.Type

/**
 * One row as a parser reads it, before anything is matched. Amounts stay decimal text until the budget's currency
 * is known (`amount` like `-1850.00`: an optional minus, digits, an optional dot and digits — never a float).
 */
export interface ParsedRow {
  /** Where the row starts in the file, from 1 (a CSV record spanning lines: its first line). */
  readonly line: number
  /** The day the transaction happened (the operation date), else the booking date. */
  readonly date: string | null
  readonly bookingDate: string | null
  readonly amount: string | null
  /** The row's currency when the file says; null means the account's. */
  readonly currency: string | null
  readonly payee: string
  readonly memo: string
  /** The bank's own id of the transaction, when the format has one. */
  readonly bankId: string | null
  /** Not booked yet (a card authorization): shown, not written until it books. */
  readonly pending: boolean
  readonly error: RowErrorCode | null
}

/** What reading a file gave: its rows, or why it could not be read at all. */
export type ParseResult =
  | {
      readonly ok: true
      readonly format: ImportFormat
      readonly rows: readonly ParsedRow[]
      /** The account the file is of, when it says (an IBAN or account number), to warn on a mismatch. */
      readonly accountNumber: string | null
    }
  | { readonly ok: false; readonly error: FileErrorCode }

/** Why a whole file cannot be read; localized as `import.fileError.<code>`. */
export const fileErrorCodes = [
  'empty',
  'binary',
  'too-large',
  'unknown-format',
  'wrong-format',
  'needs-date-order',
  'needs-mapping',
  'no-rows',
] as const
export const FileErrorCode = Schema.Literals(fileErrorCodes)
export type FileErrorCode = typeof FileErrorCode.Type

export const CsvDelimiter = Schema.Literals([',', ';', '\t', '|'])
export type CsvDelimiter = typeof CsvDelimiter.Type

const ColumnIndex = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 199 }))

/**
 * How to read a CSV no layout knows (the generic mode): which column holds what, by index from 0. Either `amount`
 * (signed) or `inflow`/`outflow` (two columns of which one is filled) must be given.
 */
export const CsvMapping = Schema.Struct({
  delimiter: CsvDelimiter,
  /** Lines before the header (a preamble). */
  skipLines: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })),
  hasHeader: Schema.Boolean,
  date: ColumnIndex,
  dateOrder: DateOrder,
  amount: Schema.optionalKey(ColumnIndex),
  inflow: Schema.optionalKey(ColumnIndex),
  outflow: Schema.optionalKey(ColumnIndex),
  payee: Schema.optionalKey(ColumnIndex),
  memo: Schema.optionalKey(ColumnIndex),
  currency: Schema.optionalKey(ColumnIndex),
  bankId: Schema.optionalKey(ColumnIndex),
  decimalSeparator: Schema.Literals([',', '.']),
  /** The file shows spending as positive numbers (some cards' exports). */
  invertSign: Schema.Boolean,
}).annotate({ identifier: 'CsvMapping' })
export type CsvMapping = typeof CsvMapping.Type

/** How a file is to be read; anything absent is detected. */
export interface ParseOptions {
  readonly format?: ImportFormat
  readonly mapping?: CsvMapping
  readonly dateOrder?: DateOrder
}

// ---- The HTTP contract (issue 28 §4) ----

export const RowStatus = Schema.Literals(['new', 'duplicate', 'pending', 'error'])
export type RowStatus = typeof RowStatus.Type

/** Why a row is a duplicate: the bank's id seen before, the same row imported before, or one entered by hand. */
export const DuplicateReason = Schema.Literals(['bank-id', 'fingerprint', 'similar'])
export type DuplicateReason = typeof DuplicateReason.Type

export const PreviewRow = Schema.Struct({
  line: Schema.Int,
  date: Schema.NullOr(IsoDate),
  value: Schema.NullOr(Minor),
  /** Cleaned, as the import would store it (after the payee rules). */
  payee: Text,
  memo: Text,
  status: RowStatus,
  /** For `error` rows: the code of what is wrong (`import.rowError.<code>`). */
  message: Schema.optionalKey(RowErrorCode),
  /** The payee as the file has it, when cleaning changed it. */
  originalPayee: Schema.optionalKey(Text),
  /** For a row without `value` (another currency, an amount too large): the amount as the file has it. */
  fileAmount: Schema.optionalKey(Schema.Struct({ amount: Text, currency: Schema.NullOr(Text) })),
  duplicate: Schema.optionalKey(
    Schema.Struct({ reason: DuplicateReason, transactionId: Schema.NullOr(TransactionId) }),
  ),
  /** The category the import would set: a rule's, or one learned from the payee's recent transactions. */
  category: Schema.optionalKey(
    Schema.Struct({
      categoryId: CategoryId,
      source: Schema.Literals(['rule', 'learned']),
      /** For learned ones: in `count` of the payee's last `of` transactions ("5 z 5 ostatnich"). */
      count: Schema.optionalKey(Schema.Int),
      of: Schema.optionalKey(Schema.Int),
    }),
  ),
  /** The other side of a transfer this row probably is: an opposite transaction in another account. */
  transfer: Schema.optionalKey(Schema.Struct({ transactionId: TransactionId, bankAccountId: BankAccountId })),
}).annotate({ identifier: 'ImportPreviewRow' })
export type PreviewRow = typeof PreviewRow.Type

export const ImportPreview = Schema.Struct({
  format: ImportFormat,
  encoding: ImportEncoding,
  rows: Schema.Array(PreviewRow),
  /** The first lines as cells, for the column mapper (generic CSV only). */
  table: Schema.optionalKey(Schema.Array(Schema.Array(Text))),
}).annotate({ identifier: 'ImportPreview' })
export type ImportPreview = typeof ImportPreview.Type

/** What the user changed in the preview, by `line`: leave a row out (or take a duplicate in), set its category. */
export const ImportChoice = Schema.Struct({
  line: Schema.Int,
  include: Schema.optionalKey(Schema.Boolean),
  categoryId: Schema.optionalKey(Schema.NullOr(CategoryId)),
  /** false: import the row as an ordinary transaction although a transfer was offered. */
  asTransfer: Schema.optionalKey(Schema.Boolean),
})
export type ImportChoice = typeof ImportChoice.Type
export const ImportChoices = Schema.Struct({ rows: Schema.Array(ImportChoice) })
export type ImportChoices = typeof ImportChoices.Type

export const ImportResult = Schema.Struct({
  importId: Schema.NullOr(ImportId),
  imported: Schema.Int,
  duplicates: Schema.Int,
  errors: Schema.Int,
  pending: Schema.Int,
  transfers: Schema.Int,
  version: Schema.Int,
}).annotate({ identifier: 'ImportResult' })
export type ImportResult = typeof ImportResult.Type

/** One import in the budget's history. */
export const ImportRecordView = Schema.Struct({
  importId: ImportId,
  bankAccountId: BankAccountId,
  format: Text,
  fileName: Text,
  at: Instant,
  by: UserId,
  count: Schema.Int,
  undone: Schema.Boolean,
  /** Transactions changed, deleted or reconciled since: undo is refused while any are. */
  changed: Schema.Int,
}).annotate({ identifier: 'ImportRecord' })
export type ImportRecordView = typeof ImportRecordView.Type

/** A payee rule: when the cleaned payee contains (or equals) `text`, rename it and/or set the category. */
export const PayeeRule = Schema.Struct({
  id: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(64)),
  match: Schema.Literals(['contains', 'equals']),
  text: Name,
  rename: Schema.NullOr(Name),
  categoryId: Schema.NullOr(CategoryId),
}).annotate({ identifier: 'PayeeRule' })
export type PayeeRule = typeof PayeeRule.Type

/** A named way to read a bank's files: a format (or a generic CSV mapping) and an encoding. */
export const ImportPreset = Schema.Struct({
  id: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(64)),
  name: Name,
  format: ImportFormat,
  encoding: Schema.NullOr(ImportEncoding),
  mapping: Schema.NullOr(CsvMapping),
}).annotate({ identifier: 'ImportPreset' })
export type ImportPreset = typeof ImportPreset.Type
