import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { BankAccountId, CategoryId, ImportId, TransactionId } from '../../schemas/ids.ts'
import type {
  CsvMapping,
  DuplicateReason,
  FileErrorCode,
  ImportEncoding,
  ImportFormat,
  ImportPreset,
  ImportRecordView,
  ImportResult,
  PreviewRow,
  RowErrorCode,
} from '../../schemas/imports.ts'
import type { Minor } from '../../schemas/money.ts'
import type { bankImportMachine } from './bankImport.machine.ts'
import { type Mapper, type MappingGap, mappingGaps } from './bankImport.mapping.ts'
import type { ReadOptions } from './bankImport.port.ts'
import {
  canInclude,
  isIncluded,
  isTransfer,
  matchesFilter,
  type ReviewSummary,
  type RowChoice,
  type RowChoices,
  type StatusFilter,
  summaryOf,
} from './bankImport.review.ts'
import type { importHistoryMachine, UndoRefusal } from './importHistory.machine.ts'
import type { importPresetsMachine } from './importPresets.machine.ts'

type ImportSnapshot = SnapshotFrom<typeof bankImportMachine>
export type ImportHistoryRef = ActorRefFrom<typeof importHistoryMachine>
export type ImportPresetsRef = ActorRefFrom<typeof importPresetsMachine>
type HistorySnapshot = SnapshotFrom<typeof importHistoryMachine>
type PresetsSnapshot = SnapshotFrom<typeof importPresetsMachine>

// ---- Where the flow is ----

export type ImportStep =
  | 'choosing'
  | 'reading'
  | 'askingDateOrder'
  | 'mapping'
  | 'reviewing'
  | 'writing'
  | 'done'

const STEPS: ReadonlyArray<ImportStep> = [
  'choosing',
  'reading',
  'askingDateOrder',
  'mapping',
  'reviewing',
  'writing',
  'done',
]

export const selectStep = (snapshot: ImportSnapshot): ImportStep =>
  STEPS.find((step) => snapshot.matches(step)) ?? 'choosing'

export const selectAccountId = (snapshot: ImportSnapshot): BankAccountId | null =>
  snapshot.context.bankAccountId

export type ChosenFile = { readonly name: string; readonly size: number }

/** The file chosen (kept through a failed reading, so nothing has to be chosen again). */
export const selectFile = (snapshot: ImportSnapshot): ChosenFile | null => {
  const { file } = snapshot.context
  return file === null ? null : { name: file.name, size: file.size }
}

export const selectOptions = (snapshot: ImportSnapshot): ReadOptions => snapshot.context.options

export const selectPresetId = (snapshot: ImportSnapshot): string | null => snapshot.context.presetId

export const selectCanRead = (snapshot: ImportSnapshot): boolean => snapshot.can({ type: 'import.read' })

// ---- Progress ----

export type ImportProgress = {
  readonly operation: 'read' | 'write'
  /** `uploading`: the file is on its way (fraction when known); `processing`: the server reads or writes it. */
  readonly phase: 'uploading' | 'processing'
  /** 0–1 while uploading, when the browser tells; null for an indeterminate bar. */
  readonly fraction: number | null
}

const uploading = (snapshot: ImportSnapshot) =>
  snapshot.matches('reading') || snapshot.matches('writing') || snapshot.matches({ mapping: 'previewing' })

export const selectProgress = (snapshot: ImportSnapshot): ImportProgress | null => {
  if (!uploading(snapshot)) return null
  const operation = snapshot.matches('writing') ? 'write' : 'read'
  const { progress } = snapshot.context
  if (progress === null || progress.total === 0) return { operation, phase: 'uploading', fraction: null }
  if (progress.loaded >= progress.total) return { operation, phase: 'processing', fraction: null }
  return { operation, phase: 'uploading', fraction: progress.loaded / progress.total }
}

// ---- Problems ----

/** What went wrong, as the view words it: `import.fileError.<reason>`, offline, or refused. */
export type ImportProblemView =
  | { readonly kind: 'file'; readonly reason: FileErrorCode; readonly format: ImportFormat | null }
  | { readonly kind: 'offline' }
  | { readonly kind: 'refused'; readonly status: number }

const problemView = (snapshot: ImportSnapshot): ImportProblemView | null => {
  const { problem, options } = snapshot.context
  if (problem === null) return null
  return problem.kind === 'file' ? { kind: 'file', reason: problem.reason, format: options.format } : problem
}

/** The reading's problem, shown where the file is chosen. */
export const selectReadProblem = (snapshot: ImportSnapshot): ImportProblemView | null =>
  snapshot.matches('choosing') ? problemView(snapshot) : null

/** The import's problem, shown over the preview (which is still there). */
export const selectWriteProblem = (snapshot: ImportSnapshot): ImportProblemView | null =>
  snapshot.matches('reviewing') && snapshot.context.writeFailed ? problemView(snapshot) : null

// ---- Date order ----

/** A date as the file writes it, for the date order question (null until the file's head is read, or none). */
export const selectDateExample = (snapshot: ImportSnapshot): string | null =>
  snapshot.matches('askingDateOrder') ? snapshot.context.dateExample : null

// ---- The column mapper ----

export type MapperState = 'sampling' | 'incomplete' | 'settling' | 'reading' | 'shown'

export type MapperView = {
  readonly state: MapperState
  readonly mapper: Mapper | null
  readonly gaps: ReadonlyArray<MappingGap>
  /** The rows the mapping reads (the first few are shown) and how many; null while there are none to show. */
  readonly rows: ReadonlyArray<PreviewRow> | null
  /** How many rows the mapping reads in all. */
  readonly rowsRead: number | null
  /** Why the mapping reads no rows (`import.fileError.<reason>` or offline/refused). */
  readonly problem: ImportProblemView | null
  readonly canConfirm: boolean
}

const MAPPED_ROWS_SHOWN = 5

export const selectMapper = (snapshot: ImportSnapshot): MapperView | null => {
  if (!snapshot.matches('mapping')) return null
  const { mapper, preview } = snapshot.context
  const state: MapperState = snapshot.matches({ mapping: 'sampling' })
    ? 'sampling'
    : snapshot.matches({ mapping: 'waiting' })
      ? 'incomplete'
      : snapshot.matches({ mapping: 'settling' })
        ? 'settling'
        : snapshot.matches({ mapping: 'previewing' })
          ? 'reading'
          : 'shown'
  return {
    state,
    mapper,
    gaps: mapper === null ? ['date', 'amount'] : mappingGaps(mapper.roles),
    rows: state === 'incomplete' || preview === null ? null : preview.rows.slice(0, MAPPED_ROWS_SHOWN),
    rowsRead: state === 'incomplete' || preview === null ? null : preview.rows.length,
    problem: state === 'shown' ? problemView(snapshot) : null,
    canConfirm: snapshot.can({ type: 'mapping.confirm' }),
  }
}

// ---- The preview ----

export type CategoryEvidence =
  | { readonly source: 'chosen' }
  | { readonly source: 'rule' }
  | { readonly source: 'learned'; readonly count: number; readonly of: number }
  | { readonly source: 'none' }

export type ReviewRow = {
  readonly line: number
  readonly date: string | null
  readonly value: Minor | null
  /** Without `value`: the amount as the file has it (decimal text) and its currency, when it has one. */
  readonly fileAmount: { readonly amount: string; readonly currency: string | null } | null
  readonly payee: string
  /** The payee as the file has it, when cleaning changed it. */
  readonly originalPayee: string | null
  readonly memo: string
  readonly status: PreviewRow['status']
  readonly error: RowErrorCode | null
  readonly duplicate: {
    readonly reason: DuplicateReason
    readonly transactionId: TransactionId | null
  } | null
  readonly includable: boolean
  readonly included: boolean
  /** The category the import will set; null: none (an inflow goes to Ready to Assign). */
  readonly categoryId: CategoryId | null
  readonly evidence: CategoryEvidence
  readonly transfer: {
    readonly bankAccountId: BankAccountId
    readonly transactionId: TransactionId
    readonly asTransfer: boolean
  } | null
}

const reviewRowOf = (row: PreviewRow, choice: RowChoice | undefined): ReviewRow => {
  const suggested = row.category
  const chosen = choice?.categoryId !== undefined
  const evidence: CategoryEvidence = chosen
    ? { source: 'chosen' }
    : suggested === undefined
      ? { source: 'none' }
      : suggested.source === 'rule'
        ? { source: 'rule' }
        : { source: 'learned', count: suggested.count ?? 0, of: suggested.of ?? 0 }
  return {
    line: row.line,
    date: row.date,
    value: row.value,
    fileAmount: row.fileAmount ?? null,
    payee: row.payee,
    originalPayee: row.originalPayee ?? null,
    memo: row.memo,
    status: row.status,
    error: row.message ?? null,
    duplicate: row.duplicate ?? null,
    includable: canInclude(row),
    included: isIncluded(row, choice),
    categoryId: chosen ? (choice?.categoryId ?? null) : (suggested?.categoryId ?? null),
    evidence,
    transfer:
      row.transfer === undefined
        ? null
        : {
            bankAccountId: row.transfer.bankAccountId,
            transactionId: row.transfer.transactionId,
            asTransfer: isTransfer(row, choice),
          },
  }
}

/** Each row's view is kept while its row and its choice stay the same, so a long list re-renders only what changed. */
const rowViews = new WeakMap<
  PreviewRow,
  { readonly choice: RowChoice | undefined; readonly view: ReviewRow }
>()

const viewOf = (row: PreviewRow, choices: RowChoices): ReviewRow => {
  const choice = choices.get(row.line)
  const kept = rowViews.get(row)
  if (kept !== undefined && kept.choice === choice) return kept.view
  const view = reviewRowOf(row, choice)
  rowViews.set(row, { choice, view })
  return view
}

type Listed = {
  readonly choices: RowChoices
  readonly filter: StatusFilter
  readonly rows: ReadonlyArray<ReviewRow>
}
const listed = new WeakMap<ReadonlyArray<PreviewRow>, Listed>()

const EMPTY: ReadonlyArray<ReviewRow> = []

/** The rows the preview lists (by the status filter), each with what the import will do with it. */
export const selectShownRows = (snapshot: ImportSnapshot): ReadonlyArray<ReviewRow> => {
  const { preview, choices, filter } = snapshot.context
  if (preview === null || !snapshot.matches('reviewing')) return EMPTY
  const kept = listed.get(preview.rows)
  if (kept !== undefined && kept.choices === choices && kept.filter === filter) return kept.rows
  const rows = preview.rows.filter((row) => matchesFilter(row, filter)).map((row) => viewOf(row, choices))
  listed.set(preview.rows, { choices, filter, rows })
  return rows
}

export const selectFilter = (snapshot: ImportSnapshot): StatusFilter => snapshot.context.filter

const summaries = new WeakMap<ReadonlyArray<PreviewRow>, { choices: RowChoices; summary: ReviewSummary }>()
const NO_SUMMARY: ReviewSummary = {
  new: 0,
  duplicate: 0,
  pending: 0,
  error: 0,
  included: 0,
  includedDuplicates: 0,
  leftOut: 0,
}

/** "42 nowe, 3 duplikaty, 1 błąd" and how many rows the import would write. */
export const selectSummary = (snapshot: ImportSnapshot): ReviewSummary => {
  const { preview, choices } = snapshot.context
  if (preview === null) return NO_SUMMARY
  const kept = summaries.get(preview.rows)
  if (kept !== undefined && kept.choices === choices) return kept.summary
  const summary = summaryOf(preview.rows, choices)
  summaries.set(preview.rows, { choices, summary })
  return summary
}

/** The format the rows were read as (its name is shown; a generic CSV says so). */
export const selectReadFormat = (snapshot: ImportSnapshot): ImportFormat | null =>
  snapshot.context.preview?.format ?? null

export const selectReadEncoding = (snapshot: ImportSnapshot): ImportEncoding | null =>
  snapshot.context.preview?.encoding ?? null

export const selectCanCommit = (snapshot: ImportSnapshot): boolean => snapshot.can({ type: 'import.commit' })

export const selectCanRemap = (snapshot: ImportSnapshot): boolean => snapshot.can({ type: 'import.remap' })

/**
 * The list's "all" control: `state` for the header checkbox (every new row shown is in, some rows are, none);
 * `press` what pressing it does — take in the new rows shown (never duplicates), or leave out every row shown.
 */
export type ShownInclusion = {
  readonly state: 'all' | 'some' | 'none'
  readonly press: 'include' | 'exclude' | null
}

const inclusions = new WeakMap<ReadonlyArray<ReviewRow>, ShownInclusion>()

export const selectShownInclusion = (snapshot: ImportSnapshot): ShownInclusion => {
  const rows = selectShownRows(snapshot)
  const kept = inclusions.get(rows)
  if (kept !== undefined) return kept
  const fresh = rows.filter((row) => row.includable && row.status === 'new')
  const included = rows.filter((row) => row.included).length
  const allFresh = fresh.length > 0 && fresh.every((row) => row.included)
  const state = included === 0 ? 'none' : allFresh ? 'all' : 'some'
  const press = !allFresh && fresh.length > 0 ? 'include' : included > 0 ? 'exclude' : null
  const inclusion: ShownInclusion = { state, press }
  inclusions.set(rows, inclusion)
  return inclusion
}

/** The file is being read again after an import was undone (the rows shown may change). */
export const selectRereading = (snapshot: ImportSnapshot): boolean =>
  snapshot.matches({ reviewing: 'rereading' })

/** What a preset saved now would hold: the generic CSV mapping that read the rows on screen. */
export type PresetDraft = {
  readonly format: ImportFormat
  readonly encoding: ImportEncoding | null
  readonly mapping: CsvMapping | null
}

export const selectPresetDraft = (snapshot: ImportSnapshot): PresetDraft | null => {
  const { readWith, preview } = snapshot.context
  if (!snapshot.matches('reviewing') || readWith === null || preview === null) return null
  if (readWith.format !== 'csv' || readWith.mapping === null) return null
  return { format: 'csv', encoding: readWith.encoding ?? preview.encoding, mapping: readWith.mapping }
}

// ---- The result ----

export const selectResult = (snapshot: ImportSnapshot): ImportResult | null =>
  snapshot.matches('done') ? snapshot.context.result : null

/** The import shown as the result was undone since: the result says so and offers no undo. */
export const selectResultUndone = (snapshot: ImportSnapshot): boolean =>
  snapshot.matches('done') && snapshot.context.resultUndone

/** New rows of the file the user left out of the import shown as the result. */
export const selectResultLeftOut = (snapshot: ImportSnapshot): number =>
  snapshot.matches('done') ? selectSummary(snapshot).leftOut : 0

// ---- The children ----

export const selectHistoryRef = (snapshot: ImportSnapshot): ImportHistoryRef | undefined =>
  // xstate types invoked children loosely; the chart invokes importHistoryMachine as 'history'.
  snapshot.children.history as ImportHistoryRef | undefined

export const selectPresetsRef = (snapshot: ImportSnapshot): ImportPresetsRef | undefined =>
  // xstate types invoked children loosely; the chart invokes importPresetsMachine as 'presets'.
  snapshot.children.presets as ImportPresetsRef | undefined

// ---- History ----

export type LoadState = 'loading' | 'failed' | 'ready'

export const selectHistoryLoadState = (snapshot: HistorySnapshot): LoadState =>
  snapshot.context.records !== null ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading'

const NO_RECORDS: ReadonlyArray<ImportRecordView> = []
const byAccount = new WeakMap<ReadonlyArray<ImportRecordView>, Map<string, ReadonlyArray<ImportRecordView>>>()

/** One account's imports, newest first (all of the budget's when no account is chosen). */
export const selectAccountHistory = (
  snapshot: HistorySnapshot,
  bankAccountId: BankAccountId | null,
): ReadonlyArray<ImportRecordView> => {
  const { records } = snapshot.context
  if (records === null) return NO_RECORDS
  const cache = byAccount.get(records) ?? new Map<string, ReadonlyArray<ImportRecordView>>()
  byAccount.set(records, cache)
  const key = bankAccountId ?? ''
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const list = records
    .filter((record) => bankAccountId === null || record.bankAccountId === bankAccountId)
    .toReversed()
  cache.set(key, list)
  return list
}

/** The import whose undo waits for the user's yes. */
export const selectUndoAsked = (snapshot: HistorySnapshot): ImportRecordView | null =>
  snapshot.matches({ ready: 'confirming' })
    ? (snapshot.context.records?.find((record) => record.importId === snapshot.context.target) ?? null)
    : null

export const selectUndoing = (snapshot: HistorySnapshot): ImportId | null =>
  snapshot.matches({ ready: 'undoing' }) ? snapshot.context.target : null

export const selectUndoRefusal = (snapshot: HistorySnapshot): UndoRefusal | null => snapshot.context.refusal

export const selectLastUndone = (snapshot: HistorySnapshot): ImportId | null => snapshot.context.undone

/** Whether this import can still be asked to be undone. */
export const selectCanUndo = (snapshot: HistorySnapshot, importId: ImportId): boolean =>
  snapshot.can({ type: 'history.askUndo', importId })

// ---- Presets ----

export const selectPresetsLoadState = (snapshot: PresetsSnapshot): LoadState =>
  snapshot.context.presets !== null ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading'

const NO_PRESETS: ReadonlyArray<ImportPreset> = []

export const selectPresets = (snapshot: PresetsSnapshot): ReadonlyArray<ImportPreset> =>
  snapshot.context.presets ?? NO_PRESETS

export const selectPresetWriting = (snapshot: PresetsSnapshot): boolean =>
  snapshot.matches({ ready: 'saving' }) || snapshot.matches({ ready: 'deleting' })

export const selectPresetFailed = (snapshot: PresetsSnapshot): boolean => snapshot.context.failed

/** The preset saved last, by name. */
export const selectSavedPreset = (snapshot: PresetsSnapshot): string | null => {
  const { saved, presets } = snapshot.context
  return saved === null ? null : (presets?.find((preset) => preset.id === saved)?.name ?? null)
}
