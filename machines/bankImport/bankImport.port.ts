import type { BankAccountId, ImportId } from '../../schemas/ids.ts'
import type {
  CsvDelimiter,
  CsvMapping,
  DateOrder,
  FileErrorCode,
  ImportChoices,
  ImportEncoding,
  ImportFormat,
  ImportPreset,
  ImportPreview,
  ImportRecordView,
  ImportResult,
} from '../../schemas/imports.ts'

/** How a file is read; null (or absent) means the server detects it. */
export type ReadOptions = {
  readonly format: ImportFormat | null
  readonly encoding: ImportEncoding | null
  readonly mapping: CsvMapping | null
  readonly dateOrder: DateOrder | null
  /** Days either side within which a transaction entered by hand counts as the same row. */
  readonly windowDays: number
}

/** One bank file to read into one account. `File` is the browser's (and Node's) file: data, not the DOM. */
export type FileRequest = {
  readonly bankAccountId: BankAccountId
  readonly file: File
  readonly options: ReadOptions
}

export type CommitRequest = FileRequest & { readonly choices: ImportChoices }

/** Why a file could not be read or written. */
export type ReadProblem =
  /** The server read the file and says why it cannot take it (`import.fileError.<reason>`). */
  | {
      readonly kind: 'file'
      readonly reason: FileErrorCode
      /** The first lines as cells, when the server could split them (for the column mapper). */
      readonly table: ReadonlyArray<ReadonlyArray<string>> | null
    }
  /** No answer: offline, or the server did not answer in time. */
  | { readonly kind: 'offline' }
  /** Any other refusal (the account is gone, no right to write, a server fault). */
  | { readonly kind: 'refused'; readonly status: number }

export type PreviewOutcome =
  | { readonly ok: true; readonly preview: ImportPreview }
  | { readonly ok: false; readonly problem: ReadProblem }

export type CommitOutcome =
  | { readonly ok: true; readonly result: ImportResult }
  | { readonly ok: false; readonly problem: ReadProblem }

/** Bytes sent so far of the request's body. */
export type UploadProgress = { readonly loaded: number; readonly total: number }

export type UploadListeners = {
  readonly signal: AbortSignal
  readonly onUpload: (progress: UploadProgress) => void
}

/** The first lines of a file as cells, for the column mapper, and the delimiter they seem to use. */
export type FileSample = {
  readonly table: ReadonlyArray<ReadonlyArray<string>>
  readonly delimiter: CsvDelimiter
}

export type HistoryOutcome =
  | { readonly ok: true; readonly records: ReadonlyArray<ImportRecordView> }
  | { readonly ok: false }

export type UndoOutcome =
  | { readonly ok: true }
  /** Refused: this many of its transactions were changed since the import. */
  | { readonly ok: false; readonly changed: number }
  | { readonly ok: false; readonly changed: null }

export type PresetsOutcome =
  | { readonly ok: true; readonly presets: ReadonlyArray<ImportPreset> }
  | { readonly ok: false }

export type WriteOutcome = { readonly ok: boolean }

/**
 * What the import screens need from the outside world, for one budget; src/ports/bankImportPort.ts implements it
 * over the app's HTTP client. Expected failures are values; the port never throws for them.
 */
export type ImportPort = {
  /** `POST …/imports/preview`: reads and matches the file; writes nothing. */
  preview(request: FileRequest, listeners: UploadListeners): Promise<PreviewOutcome>
  /** `POST …/imports`: writes the rows the choices keep, as one import. */
  commit(request: CommitRequest, listeners: UploadListeners): Promise<CommitOutcome>
  /**
   * The file's first lines for the column mapper: the table the server sent when there is one, else the server's
   * reading as a generic CSV, else a plain split of the file's head.
   */
  sample(
    request: FileRequest,
    table: ReadonlyArray<ReadonlyArray<string>> | null,
    signal: AbortSignal,
  ): Promise<FileSample>
  /** `GET …/imports`: the budget's imports, oldest first. */
  history(signal: AbortSignal): Promise<HistoryOutcome>
  /** `DELETE …/imports/{importId}`. */
  undo(importId: ImportId, signal: AbortSignal): Promise<UndoOutcome>
  presets(signal: AbortSignal): Promise<PresetsOutcome>
  savePreset(preset: ImportPreset, signal: AbortSignal): Promise<WriteOutcome>
  deletePreset(presetId: string, signal: AbortSignal): Promise<WriteOutcome>
  /** A fresh id for a preset or a rule (the port's clock-and-randomness, kept out of the chart). */
  newId(): string
}
