export type { ReadFileEvent, SampleInput, WriteFileEvent } from './bankImport.actors.ts'
export {
  deletePreset,
  loadHistory,
  loadPresets,
  readFile,
  sampleFile,
  savePreset,
  undoImport,
  writeFile,
} from './bankImport.actors.ts'
export type { BankImportContext, BankImportEvent, BankImportInput, Progress } from './bankImport.machine.ts'
export {
  bankImportMachine,
  DEFAULT_WINDOW_DAYS,
  MAX_WINDOW_DAYS,
  REMAP_DELAY_MS,
} from './bankImport.machine.ts'
export type { ColumnRole, Mapper, MapperSettings, MappingGap } from './bankImport.mapping.ts'
export {
  columnRoles,
  csvDelimiters,
  dateExampleOf,
  guessDelimiter,
  guessMapper,
  MAX_SKIP_LINES,
  mappingGaps,
  mappingOf,
  readDateAs,
  sampleTable,
  splitLine,
} from './bankImport.mapping.ts'
export type {
  CommitOutcome,
  CommitRequest,
  FileRequest,
  FileSample,
  HistoryOutcome,
  ImportPort,
  PresetsOutcome,
  PreviewOutcome,
  ReadOptions,
  ReadProblem,
  UndoOutcome,
  UploadListeners,
  UploadProgress,
  WriteOutcome,
} from './bankImport.port.ts'
export type { ReviewSummary, RowChoice, RowChoices, StatusFilter } from './bankImport.review.ts'
export { choicesPayload, statusFilters, summaryOf } from './bankImport.review.ts'
export type {
  CategoryEvidence,
  ChosenFile,
  ImportHistoryRef,
  ImportPresetsRef,
  ImportProblemView,
  ImportProgress,
  ImportStep,
  LoadState,
  MapperState,
  MapperView,
  PresetDraft,
  ReviewRow,
  ShownInclusion,
} from './bankImport.selectors.ts'
export {
  selectAccountHistory,
  selectAccountId,
  selectCanCommit,
  selectCanRead,
  selectCanRemap,
  selectCanUndo,
  selectDateExample,
  selectFile,
  selectFilter,
  selectHistoryLoadState,
  selectHistoryRef,
  selectLastUndone,
  selectMapper,
  selectOptions,
  selectPresetDraft,
  selectPresetFailed,
  selectPresetId,
  selectPresets,
  selectPresetsLoadState,
  selectPresetsRef,
  selectPresetWriting,
  selectProgress,
  selectReadEncoding,
  selectReadFormat,
  selectReadProblem,
  selectRereading,
  selectResult,
  selectResultLeftOut,
  selectResultUndone,
  selectSavedPreset,
  selectShownInclusion,
  selectShownRows,
  selectStep,
  selectSummary,
  selectUndoAsked,
  selectUndoing,
  selectUndoRefusal,
  selectWriteProblem,
} from './bankImport.selectors.ts'
export type { ImportHistoryEvent, ImportHistoryInput, UndoRefusal } from './importHistory.machine.ts'
export { importHistoryMachine } from './importHistory.machine.ts'
export type { ImportPresetsEvent, ImportPresetsInput } from './importPresets.machine.ts'
export { importPresetsMachine, PRESET_NAME_MAX } from './importPresets.machine.ts'
