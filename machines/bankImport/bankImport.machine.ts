import { type AnyActorRef, assign, enqueueActions, sendTo, setup } from 'xstate'
import type { BankAccountId, CategoryId, ImportId } from '../../schemas/ids.ts'
import type {
  DateOrder,
  ImportEncoding,
  ImportFormat,
  ImportPreset,
  ImportPreview,
  ImportResult,
} from '../../schemas/imports.ts'
import type { AnalyticsTrack } from '../analytics/analytics.machine.ts'
import { ANALYTICS_SYSTEM_ID } from '../app/app.ids.ts'
import {
  type ReadFileEvent,
  readFile,
  sampleFile,
  type WriteFileEvent,
  writeFile,
} from './bankImport.actors.ts'
import {
  type ColumnRole,
  dateExampleOf,
  guessMapper,
  type Mapper,
  type MapperSettings,
  mapperFromMapping,
  mappingOf,
  withRole,
  withTable,
} from './bankImport.mapping.ts'
import type {
  FileRequest,
  FileSample,
  ImportPort,
  ReadOptions,
  ReadProblem,
  UploadProgress,
} from './bankImport.port.ts'
import {
  canInclude,
  choicesPayload,
  matchesFilter,
  NO_CHOICES,
  type RowChoices,
  type StatusFilter,
  summaryOf,
  withChoice,
} from './bankImport.review.ts'
import { importHistoryMachine } from './importHistory.machine.ts'
import { importPresetsMachine } from './importPresets.machine.ts'

/** The live re-preview of the column mapper waits this long after the last change. */
export const REMAP_DELAY_MS = 400
export const DEFAULT_WINDOW_DAYS = 4
export const MAX_WINDOW_DAYS = 14

export type BankImportInput = {
  readonly port: ImportPort
  /** The account the screen was opened from, if any. */
  readonly bankAccountId?: BankAccountId | null
  /** Where `analytics.track` goes; without it, the actor system's 'analytics' actor. */
  readonly analytics?: AnyActorRef
}

/** Which upload the progress is of, and how far it is. */
export type Progress = { readonly loaded: number; readonly total: number } | null

export type BankImportContext = {
  readonly port: ImportPort
  readonly analytics: AnyActorRef | null
  readonly bankAccountId: BankAccountId | null
  readonly file: File | null
  /** How the user asked the file to be read (the advanced options, a preset, the date order). */
  readonly options: ReadOptions
  /** The preset chosen, if any (its name is shown). */
  readonly presetId: string | null
  /** The options the rows on screen were read with: the import sends exactly these, so lines match. */
  readonly readWith: ReadOptions | null
  readonly progress: Progress
  /** Why the last read or write failed; cleared by the next attempt. */
  readonly problem: ReadProblem | null
  /** The problem was the import's (the preview is still there), not the reading's. */
  readonly writeFailed: boolean
  readonly preview: ImportPreview | null
  readonly mapper: Mapper | null
  readonly choices: RowChoices
  readonly filter: StatusFilter
  readonly result: ImportResult | null
  /** The import shown as the result was undone since (from the history beside it). */
  readonly resultUndone: boolean
  /** The file whose import start was reported (once per file). */
  readonly tracked: File | null
  /** A date as the file writes it, for the date order question. */
  readonly dateExample: string | null
}

export type BankImportEvent =
  | { type: 'import.chooseAccount'; bankAccountId: BankAccountId }
  | { type: 'import.chooseFile'; file: File }
  | { type: 'import.setFormat'; format: ImportFormat | null }
  | { type: 'import.setEncoding'; encoding: ImportEncoding | null }
  | { type: 'import.setWindow'; days: number }
  | { type: 'import.applyPreset'; preset: ImportPreset | null }
  | { type: 'import.read' }
  | { type: 'import.back' }
  | { type: 'import.setDateOrder'; dateOrder: DateOrder }
  | { type: 'import.remap' }
  | { type: 'mapping.setRole'; column: number; role: ColumnRole }
  | { type: 'mapping.set'; settings: Partial<MapperSettings> }
  | { type: 'mapping.confirm' }
  | { type: 'row.include'; line: number; include: boolean }
  | { type: 'row.category'; line: number; categoryId: CategoryId | null }
  | { type: 'row.transfer'; line: number; asTransfer: boolean }
  | { type: 'rows.filter'; filter: StatusFilter }
  | { type: 'rows.includeShown'; include: boolean }
  | { type: 'import.commit' }
  | { type: 'import.again' }
  /** From the history child: an import was undone, so the preview's duplicates and the result may be stale. */
  | { type: 'history.undone'; importId: ImportId }
  | ReadFileEvent
  | WriteFileEvent

const DEFAULT_OPTIONS: ReadOptions = {
  format: null,
  encoding: null,
  mapping: null,
  dateOrder: null,
  windowDays: DEFAULT_WINDOW_DAYS,
}

const clampDays = (days: number) =>
  Number.isInteger(days) ? Math.min(MAX_WINDOW_DAYS, Math.max(0, days)) : DEFAULT_WINDOW_DAYS

const progressOf = (progress: UploadProgress): Progress => ({
  loaded: Math.max(0, Math.min(progress.loaded, progress.total)),
  total: Math.max(0, progress.total),
})

/** The request for the file as chosen (the chart reads a file only once both are there: guard `canRead`). */
const requestOf = (context: BankImportContext, options: ReadOptions = context.options): FileRequest => ({
  // Guarded by canRead / entered only after it: both are set.
  bankAccountId: context.bankAccountId as BankAccountId,
  file: context.file as File,
  options,
})

/** The mapper's reading: the chosen options as a generic CSV with the mapper's columns. */
const mappedOptions = (context: BankImportContext): ReadOptions => {
  const mapping = context.mapper === null ? null : mappingOf(context.mapper)
  return { ...context.options, format: 'csv', mapping, dateOrder: null }
}

type ReadDone = Extract<ReadFileEvent, { type: 'read.done' }>
type WriteDone = Extract<WriteFileEvent, { type: 'write.done' }>

const problemReason = (event: BankImportEvent) =>
  event.type === 'read.done' && !event.outcome.ok && event.outcome.problem.kind === 'file'
    ? event.outcome.problem.reason
    : null

export const bankImportMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as BankImportContext,
    events: {} as BankImportEvent,
    input: {} as BankImportInput,
  },
  actors: {
    readFile,
    writeFile,
    sampleFile,
    importHistory: importHistoryMachine,
    importPresets: importPresetsMachine,
  },
  delays: { remapDelay: REMAP_DELAY_MS },
  guards: {
    canRead: ({ context }) => context.bankAccountId !== null && context.file !== null,
    previewed: ({ event }) => event.type === 'read.done' && event.outcome.ok,
    needsDateOrder: ({ event }) => problemReason(event) === 'needs-date-order',
    needsMapping: ({ event }) => {
      const reason = problemReason(event)
      return reason === 'needs-mapping' || reason === 'unknown-format'
    },
    mappingComplete: ({ context }) => context.mapper !== null && mappingOf(context.mapper) !== null,
    hasRows: ({ context }) => (context.preview?.rows.length ?? 0) > 0,
    /** Rows read with a column mapping can go back to the mapper to change it. */
    readAsMapped: ({ context }) =>
      context.mapper !== null && context.readWith?.format === 'csv' && context.readWith.mapping !== null,
    includable: ({ context, event }) =>
      event.type === 'row.include' &&
      (context.preview?.rows.some((row) => row.line === event.line && canInclude(row)) ?? false),
    /** A category can be set on a row that will be written as a transaction (not an error or a pending row). */
    categorizable: ({ context, event }) =>
      event.type === 'row.category' &&
      (context.preview?.rows.some((row) => row.line === event.line && canInclude(row)) ?? false),
    offersTransfer: ({ context, event }) =>
      event.type === 'row.transfer' &&
      (context.preview?.rows.some((row) => row.line === event.line && row.transfer !== undefined) ?? false),
    undidResult: ({ context, event }) =>
      event.type === 'history.undone' && context.result?.importId === event.importId,
    hasIncluded: ({ context }) =>
      context.preview !== null && summaryOf(context.preview.rows, context.choices).included > 0,
    committed: ({ event }) => event.type === 'write.done' && event.outcome.ok,
  },
  actions: {
    chooseAccount: assign(({ context, event }) =>
      event.type === 'import.chooseAccount' && event.bankAccountId !== context.bankAccountId
        ? { bankAccountId: event.bankAccountId, problem: null }
        : {},
    ),
    chooseFile: assign(({ context, event }) =>
      event.type === 'import.chooseFile'
        ? {
            file: event.file,
            problem: null,
            // A new file is read afresh: a date order asked for the last one does not carry over.
            options: { ...context.options, dateOrder: null },
          }
        : {},
    ),
    setFormat: assign(({ context, event }) =>
      event.type === 'import.setFormat'
        ? {
            options: {
              ...context.options,
              format: event.format,
              mapping: event.format === 'csv' ? context.options.mapping : null,
            },
            presetId: null,
            problem: null,
          }
        : {},
    ),
    setEncoding: assign(({ context, event }) =>
      event.type === 'import.setEncoding'
        ? { options: { ...context.options, encoding: event.encoding }, problem: null }
        : {},
    ),
    setWindow: assign(({ context, event }) =>
      event.type === 'import.setWindow'
        ? { options: { ...context.options, windowDays: clampDays(event.days) } }
        : {},
    ),
    applyPreset: assign(({ context, event }) => {
      if (event.type !== 'import.applyPreset') return {}
      const { preset } = event
      if (preset === null)
        return { presetId: null, options: { ...DEFAULT_OPTIONS, windowDays: context.options.windowDays } }
      return {
        presetId: preset.id,
        problem: null,
        options: {
          ...context.options,
          format: preset.format,
          encoding: preset.encoding,
          mapping: preset.format === 'csv' ? preset.mapping : null,
          dateOrder: null,
        },
      }
    }),
    startUpload: assign({ progress: null, problem: null, writeFailed: false }),
    rememberProgress: assign(({ event }) =>
      event.type === 'read.progress' || event.type === 'write.progress'
        ? { progress: progressOf(event.progress) }
        : {},
    ),
    acceptPreview: assign(({ context, event }, params: { readWith: 'options' | 'mapped' }) => {
      if (event.type !== 'read.done' || !event.outcome.ok) return {}
      const { preview } = event.outcome
      const readWith = params.readWith === 'options' ? context.options : mappedOptions(context)
      return {
        preview,
        readWith,
        choices: NO_CHOICES,
        filter: 'all' as const,
        progress: null,
        // A generic CSV read again brings its table: the mapper shows it split as now asked.
        ...(preview.table !== undefined && context.mapper !== null
          ? { mapper: withTable(context.mapper, preview.table) }
          : {}),
      }
    }),
    rememberProblem: assign(({ context, event }) => {
      if (event.type !== 'read.done' || event.outcome.ok) return {}
      const { problem } = event.outcome
      const table = problem.kind === 'file' ? problem.table : null
      return {
        problem,
        progress: null,
        ...(table !== null && context.mapper !== null ? { mapper: withTable(context.mapper, table) } : {}),
      }
    }),
    rememberDateExample: assign((_, params: { sample: FileSample }) => ({
      dateExample: dateExampleOf(params.sample.table),
    })),
    rememberDateOrder: assign(({ context, event }) =>
      event.type === 'import.setDateOrder'
        ? { options: { ...context.options, dateOrder: event.dateOrder }, problem: null, dateExample: null }
        : {},
    ),
    /** The mapper's first guess, or the chosen preset's mapping shown over the sample. */
    startMapper: assign(({ context }, params: { sample: FileSample }) => ({
      mapper:
        context.options.mapping === null
          ? guessMapper(params.sample.table, params.sample.delimiter)
          : mapperFromMapping(params.sample.table, context.options.mapping),
    })),
    keepMapper: assign(({ context }) =>
      context.mapper === null &&
      context.readWith !== null &&
      context.readWith.mapping !== null &&
      context.preview?.table !== undefined
        ? { mapper: mapperFromMapping(context.preview.table, context.readWith.mapping) }
        : {},
    ),
    setRole: assign(({ context, event }) =>
      event.type === 'mapping.setRole' && context.mapper !== null
        ? { mapper: { ...context.mapper, roles: withRole(context.mapper.roles, event.column, event.role) } }
        : {},
    ),
    setMapping: assign(({ context, event }) =>
      event.type === 'mapping.set' && context.mapper !== null
        ? { mapper: { ...context.mapper, settings: { ...context.mapper.settings, ...event.settings } } }
        : {},
    ),
    /** A mapping that reads no rows leaves nothing to import: the last rows must not stay importable. */
    clearPreview: assign({ preview: null }),
    /** The mapped reading becomes the chosen one: a saved preset and the import use it. */
    adoptMapping: assign(({ context }) => ({ options: mappedOptions(context) })),
    include: assign(({ context, event }) =>
      event.type === 'row.include'
        ? { choices: withChoice(context.choices, event.line, { include: event.include }) }
        : {},
    ),
    categorize: assign(({ context, event }) =>
      event.type === 'row.category'
        ? { choices: withChoice(context.choices, event.line, { categoryId: event.categoryId }) }
        : {},
    ),
    chooseTransfer: assign(({ context, event }) =>
      event.type === 'row.transfer'
        ? { choices: withChoice(context.choices, event.line, { asTransfer: event.asTransfer }) }
        : {},
    ),
    setFilter: assign(({ event }) => (event.type === 'rows.filter' ? { filter: event.filter } : {})),
    includeShown: assign(({ context, event }) => {
      if (event.type !== 'rows.includeShown' || context.preview === null) return {}
      const next = new Map(context.choices)
      for (const row of context.preview.rows) {
        // Ticking all takes in only new rows: a duplicate is taken in only when ticked on its own.
        const affected = event.include ? canInclude(row) && row.status === 'new' : canInclude(row)
        if (affected && matchesFilter(row, context.filter))
          next.set(row.line, { ...next.get(row.line), include: event.include })
      }
      return { choices: next }
    }),
    acceptResult: assign(({ event }) =>
      event.type === 'write.done' && event.outcome.ok
        ? { result: event.outcome.result, resultUndone: false, progress: null }
        : {},
    ),
    markResultUndone: assign({ resultUndone: true }),
    /**
     * The same file read again after an undo: the user's choices stay (lines are the same), but a row whose status
     * changed takes its new status's default (a duplicate left out is new now, and taken).
     */
    refreshPreview: assign(({ context, event }) => {
      if (event.type !== 'read.done' || !event.outcome.ok) return {}
      const { preview } = event.outcome
      const before = new Map(context.preview?.rows.map((row) => [row.line, row.status]))
      const choices = new Map(context.choices)
      for (const row of preview.rows) {
        const choice = choices.get(row.line)
        if (choice === undefined || before.get(row.line) === row.status) continue
        const { include: _dropped, ...rest } = choice
        choices.set(row.line, rest)
      }
      return { preview, choices, progress: null }
    }),
    rememberWriteProblem: assign(({ event }) =>
      event.type === 'write.done' && !event.outcome.ok
        ? { problem: event.outcome.problem, writeFailed: true, progress: null }
        : {},
    ),
    /** Another file: the account and the duplicate window stay, how the last file was read does not. */
    startOver: assign(({ context }) => ({
      options: { ...DEFAULT_OPTIONS, windowDays: context.options.windowDays },
      presetId: null,
      file: null,
      preview: null,
      readWith: null,
      mapper: null,
      choices: NO_CHOICES,
      filter: 'all',
      result: null,
      resultUndone: false,
      problem: null,
      writeFailed: false,
      progress: null,
    })),
    /** Going back keeps the file and the options; only what was read from it goes. */
    dropReading: assign({ preview: null, readWith: null, mapper: null, choices: NO_CHOICES, progress: null }),
    reloadHistory: sendTo('history', { type: 'history.reload' }),
    /** SPEC §7 `import_csv_started` with the file's format as `bankId`, once per file. */
    trackStart: enqueueActions(({ context, enqueue, system }) => {
      if (context.file === null || context.tracked === context.file || context.preview === null) return
      const analytics: AnyActorRef | undefined = context.analytics ?? system.get(ANALYTICS_SYSTEM_ID)
      const track: AnalyticsTrack = {
        type: 'analytics.track',
        name: 'import_csv_started',
        props: { bankId: context.preview.format },
      }
      if (analytics) enqueue.sendTo(analytics, track)
      enqueue.assign({ tracked: context.file })
    }),
  },
}).createMachine({
  id: 'bankImport',
  context: ({ input }) => ({
    port: input.port,
    analytics: input.analytics ?? null,
    bankAccountId: input.bankAccountId ?? null,
    file: null,
    options: DEFAULT_OPTIONS,
    presetId: null,
    readWith: null,
    progress: null,
    problem: null,
    writeFailed: false,
    preview: null,
    mapper: null,
    choices: NO_CHOICES,
    filter: 'all',
    result: null,
    resultUndone: false,
    tracked: null,
    dateExample: null,
  }),
  // The account's import history and the saved presets live as long as the screen.
  invoke: [
    { id: 'history', src: 'importHistory', input: ({ context }) => ({ port: context.port }) },
    { id: 'presets', src: 'importPresets', input: ({ context }) => ({ port: context.port }) },
  ],
  initial: 'choosing',
  states: {
    // The account, the file and how to read it; a failed reading comes back here with its reason, file kept.
    choosing: {
      on: {
        'import.chooseAccount': { actions: 'chooseAccount' },
        'import.chooseFile': { actions: 'chooseFile' },
        'import.setFormat': { actions: 'setFormat' },
        'import.setEncoding': { actions: 'setEncoding' },
        'import.setWindow': { actions: 'setWindow' },
        'import.applyPreset': { actions: 'applyPreset' },
        'import.read': { guard: 'canRead', target: 'reading' },
      },
    },
    // Uploading the file, then the server reads it: nothing is written.
    reading: {
      entry: 'startUpload',
      invoke: {
        id: 'read',
        src: 'readFile',
        input: ({ context }) => ({ port: context.port, request: requestOf(context) }),
      },
      on: {
        'read.progress': { actions: 'rememberProgress' },
        'read.done': [
          {
            guard: 'previewed',
            target: 'reviewing',
            actions: [{ type: 'acceptPreview', params: { readWith: 'options' } }, 'keepMapper', 'trackStart'],
          },
          { guard: 'needsDateOrder', target: 'askingDateOrder', actions: 'rememberProblem' },
          { guard: 'needsMapping', target: 'mapping', actions: 'rememberProblem' },
          { target: 'choosing', actions: 'rememberProblem' },
        ],
        'import.back': { target: 'choosing' },
      },
    },
    // A QIF file whose dates could be either way: the user says which order they are in, seeing one of them.
    askingDateOrder: {
      invoke: {
        id: 'dateSample',
        src: 'sampleFile',
        input: ({ context }) => ({ port: context.port, request: requestOf(context), table: null }),
        onDone: {
          actions: { type: 'rememberDateExample', params: ({ event }) => ({ sample: event.output }) },
        },
      },
      on: {
        'import.setDateOrder': { target: 'reading', actions: 'rememberDateOrder' },
        'import.back': { target: 'choosing' },
      },
    },
    // A CSV no layout knows: the user says what each column holds; each change reads the file again.
    mapping: {
      initial: 'sampling',
      on: {
        'import.back': { target: 'choosing', actions: 'dropReading' },
      },
      states: {
        // The file's first lines for the table (from the server, else the file's head).
        sampling: {
          invoke: {
            id: 'sample',
            src: 'sampleFile',
            input: ({ context }) => ({
              port: context.port,
              request: requestOf(context),
              table: context.problem?.kind === 'file' ? context.problem.table : null,
            }),
            onDone: {
              target: 'waiting',
              actions: { type: 'startMapper', params: ({ event }) => ({ sample: event.output }) },
            },
          },
        },
        // A change was made: read again after a pause, so typing does not send a request per key.
        waiting: {
          always: { guard: { type: 'mappingComplete' }, target: 'settling' },
          // Without a date and an amount there is nothing to read yet.
          on: {
            'mapping.setRole': { target: 'waiting', reenter: true, actions: 'setRole' },
            'mapping.set': { target: 'waiting', reenter: true, actions: 'setMapping' },
          },
        },
        settling: {
          after: { remapDelay: { target: 'previewing' } },
          on: {
            'mapping.setRole': { target: 'waiting', actions: 'setRole' },
            'mapping.set': { target: 'waiting', actions: 'setMapping' },
          },
        },
        // The file read as mapped: the rows it gives, or why it gives none.
        previewing: {
          entry: 'startUpload',
          invoke: {
            id: 'read',
            src: 'readFile',
            input: ({ context }) => ({
              port: context.port,
              request: requestOf(context, mappedOptions(context)),
            }),
          },
          on: {
            'read.progress': { actions: 'rememberProgress' },
            'read.done': [
              {
                guard: 'previewed',
                target: 'shown',
                actions: { type: 'acceptPreview', params: { readWith: 'mapped' } },
              },
              { target: 'shown', actions: ['rememberProblem', 'clearPreview'] },
            ],
            'mapping.setRole': { target: 'waiting', actions: 'setRole' },
            'mapping.set': { target: 'waiting', actions: 'setMapping' },
          },
        },
        // The rows as mapped (or the reason there are none); the user goes on or changes more.
        shown: {
          on: {
            'mapping.setRole': { target: 'waiting', actions: 'setRole' },
            'mapping.set': { target: 'waiting', actions: 'setMapping' },
            'mapping.confirm': {
              guard: 'hasRows',
              target: '#bankImport.reviewing',
              actions: ['adoptMapping', 'trackStart'],
            },
          },
        },
      },
    },
    // The preview: every row with its status; the user includes, leaves out and categorizes.
    reviewing: {
      initial: 'idle',
      on: {
        'import.back': { target: 'choosing', actions: 'dropReading' },
      },
      states: {
        // The rows as last read; the user's choices.
        idle: {
          on: {
            'row.include': { guard: 'includable', actions: 'include' },
            'row.category': { guard: 'categorizable', actions: 'categorize' },
            'row.transfer': { guard: 'offersTransfer', actions: 'chooseTransfer' },
            'rows.filter': { actions: 'setFilter' },
            'rows.includeShown': { actions: 'includeShown' },
            'import.commit': { guard: 'hasIncluded', target: '#bankImport.writing' },
            'import.remap': { guard: 'readAsMapped', target: '#bankImport.mapping.shown' },
            'history.undone': { target: 'rereading' },
          },
        },
        // An import was undone: rows shown as its duplicates may be new now, so the file is read again the same way.
        rereading: {
          entry: 'startUpload',
          invoke: {
            id: 'read',
            src: 'readFile',
            input: ({ context }) => ({
              port: context.port,
              request: requestOf(context, context.readWith ?? context.options),
            }),
          },
          on: {
            'read.progress': { actions: 'rememberProgress' },
            'read.done': [
              { guard: 'previewed', target: 'idle', actions: 'refreshPreview' },
              // The rows on screen are stale and cannot be checked: back to the file, saying why.
              { target: '#bankImport.choosing', actions: ['rememberProblem', 'dropReading'] },
            ],
            'history.undone': { target: 'rereading', reenter: true },
          },
        },
      },
    },
    // The import on the wire: one command, all rows or none.
    writing: {
      entry: 'startUpload',
      invoke: {
        id: 'write',
        src: 'writeFile',
        input: ({ context }) => ({
          port: context.port,
          // The rows on screen were read with `readWith`; the import reads the file the same way.
          request: {
            ...requestOf(context, context.readWith ?? context.options),
            choices: choicesPayload(context.choices),
          },
        }),
      },
      on: {
        'write.progress': { actions: 'rememberProgress' },
        'write.done': [
          { guard: 'committed', target: 'done', actions: ['acceptResult', 'reloadHistory'] },
          { target: 'reviewing', actions: 'rememberWriteProblem' },
        ],
      },
    },
    // What the import wrote; undo is in the history beside it.
    done: {
      on: {
        'import.again': { target: 'choosing', actions: 'startOver' },
        'history.undone': { guard: 'undidResult', actions: 'markResultUndone' },
      },
    },
  },
})

export type { ReadDone, WriteDone }
