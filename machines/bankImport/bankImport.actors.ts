import { fromCallback, fromPromise } from 'xstate'
import type { ImportId } from '../../schemas/ids.ts'
import type { ImportPreset } from '../../schemas/imports.ts'
import type {
  CommitOutcome,
  CommitRequest,
  FileRequest,
  FileSample,
  HistoryOutcome,
  ImportPort,
  PresetsOutcome,
  PreviewOutcome,
  UndoOutcome,
  UploadProgress,
  WriteOutcome,
} from './bankImport.port.ts'

// Each actor takes its port in `input`; a port that throws (a bug, not an expected failure) still answers a value.

const FAULT = { ok: false, problem: { kind: 'refused', status: 0 } } as const

/** Events the file readers send to their parent: upload progress, then the answer. */
export type ReadFileEvent =
  | { type: 'read.progress'; progress: UploadProgress }
  | { type: 'read.done'; outcome: PreviewOutcome }
export type WriteFileEvent =
  | { type: 'write.progress'; progress: UploadProgress }
  | { type: 'write.done'; outcome: CommitOutcome }

/** Uploads the file for a preview, reporting each step of the upload; stopping the actor aborts the request. */
export const readFile = fromCallback<
  { type: 'none' },
  { readonly port: ImportPort; readonly request: FileRequest },
  ReadFileEvent
>(({ input, sendBack }) => {
  const controller = new AbortController()
  const { signal } = controller
  void input.port
    .preview(input.request, {
      signal,
      onUpload: (progress) => {
        if (!signal.aborted) sendBack({ type: 'read.progress', progress })
      },
    })
    .catch((): PreviewOutcome => FAULT)
    .then((outcome) => {
      if (!signal.aborted) sendBack({ type: 'read.done', outcome })
    })
  return () => controller.abort()
})

/** Uploads the file with the choices, as the import; stopping the actor aborts the request. */
export const writeFile = fromCallback<
  { type: 'none' },
  { readonly port: ImportPort; readonly request: CommitRequest },
  WriteFileEvent
>(({ input, sendBack }) => {
  const controller = new AbortController()
  const { signal } = controller
  void input.port
    .commit(input.request, {
      signal,
      onUpload: (progress) => {
        if (!signal.aborted) sendBack({ type: 'write.progress', progress })
      },
    })
    .catch((): CommitOutcome => FAULT)
    .then((outcome) => {
      if (!signal.aborted) sendBack({ type: 'write.done', outcome })
    })
  return () => controller.abort()
})

export type SampleInput = {
  readonly port: ImportPort
  readonly request: FileRequest
  readonly table: ReadonlyArray<ReadonlyArray<string>> | null
}

/** The file's first lines for the column mapper; a failure gives an empty table (the mapper says so). */
export const sampleFile = fromPromise<FileSample, SampleInput>(async ({ input, signal }) => {
  try {
    return await input.port.sample(input.request, input.table, signal)
  } catch {
    return { table: input.table ?? [], delimiter: ';' }
  }
})

export const loadHistory = fromPromise<HistoryOutcome, { readonly port: ImportPort }>(
  async ({ input, signal }) => {
    try {
      return await input.port.history(signal)
    } catch {
      return { ok: false }
    }
  },
)

export const undoImport = fromPromise<
  UndoOutcome,
  { readonly port: ImportPort; readonly importId: ImportId }
>(async ({ input, signal }) => {
  try {
    return await input.port.undo(input.importId, signal)
  } catch {
    return { ok: false, changed: null }
  }
})

export const loadPresets = fromPromise<PresetsOutcome, { readonly port: ImportPort }>(
  async ({ input, signal }) => {
    try {
      return await input.port.presets(signal)
    } catch {
      return { ok: false }
    }
  },
)

export const savePreset = fromPromise<
  WriteOutcome,
  { readonly port: ImportPort; readonly preset: ImportPreset }
>(async ({ input, signal }) => {
  try {
    return await input.port.savePreset(input.preset, signal)
  } catch {
    return { ok: false }
  }
})

export const deletePreset = fromPromise<
  WriteOutcome,
  { readonly port: ImportPort; readonly presetId: string }
>(async ({ input, signal }) => {
  try {
    return await input.port.deletePreset(input.presetId, signal)
  } catch {
    return { ok: false }
  }
})
