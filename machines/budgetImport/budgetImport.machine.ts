import { assign, setup } from 'xstate'
import type { BudgetImportSource } from '../../schemas/budget.ts'
import type { BudgetImportReport } from '../../schemas/budgetImport.ts'
import type { BudgetId } from '../../schemas/ids.ts'
import { type Inspection, inspectFile, uploadBudget } from './budgetImport.actors.ts'
import type { BudgetImportPort, ChosenFile, ImportOutcome } from './budgetImport.port.ts'

/** The largest file the server reads (server/budgetImport/routes.ts): larger ones are refused before sending. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024

export type BudgetImportInput = {
  readonly port: BudgetImportPort
  /** The empty budget the import goes into. */
  readonly budgetId: BudgetId
}

/** Why the last attempt imported nothing, as the view words it. */
export type ImportProblem = Exclude<ImportOutcome, { outcome: 'imported' }>

export type BudgetImportContext = {
  readonly port: BudgetImportPort
  readonly budgetId: BudgetId
  readonly file: ChosenFile | null
  /** What the file's head looked like; null when it was not recognised. */
  readonly detected: BudgetImportSource | null
  /** The source the person chose; null leaves it to the server's detection. */
  readonly chosen: BudgetImportSource | null
  readonly report: BudgetImportReport | null
  readonly problem: ImportProblem | null
}

export type BudgetImportEvent =
  | { type: 'import.fileChosen'; file: ChosenFile }
  | { type: 'import.sourceChosen'; source: BudgetImportSource }
  | { type: 'import.start' }
  | { type: 'import.retry' }

const outcomeParams = ({ event }: { event: { output: ImportOutcome } }) => ({ outcome: event.output })

export const budgetImportMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as BudgetImportContext,
    events: {} as BudgetImportEvent,
    input: {} as BudgetImportInput,
  },
  actors: { inspectFile, uploadBudget },
  guards: {
    fileTooLarge: ({ event }) => event.type === 'import.fileChosen' && event.file.size > MAX_FILE_BYTES,
    fileEmpty: ({ event }) => event.type === 'import.fileChosen' && event.file.size === 0,
    hasSource: ({ context }) => (context.chosen ?? context.detected) !== null,
    imported: (_, params: { outcome: ImportOutcome }) => params.outcome.outcome === 'imported',
  },
  actions: {
    takeFile: assign(({ event }) =>
      event.type === 'import.fileChosen'
        ? { file: event.file, detected: null, chosen: null, report: null, problem: null }
        : {},
    ),
    refuseFile: assign((_, params: { reason: 'too-large' | 'empty' }) => ({
      problem: { outcome: 'unreadable', reason: params.reason } as const,
    })),
    rememberInspection: assign((_, params: { inspection: Inspection }) => ({
      detected: params.inspection.source,
    })),
    chooseSource: assign(({ event }) =>
      event.type === 'import.sourceChosen' ? { chosen: event.source } : {},
    ),
    clearProblem: assign({ problem: null }),
    acceptOutcome: assign((_, params: { outcome: ImportOutcome }) =>
      params.outcome.outcome === 'imported'
        ? { report: params.outcome.answer.report, problem: null }
        : { problem: params.outcome },
    ),
  },
}).createMachine({
  id: 'budgetImport',
  context: ({ input }) => ({
    port: input.port,
    budgetId: input.budgetId,
    file: null,
    detected: null,
    chosen: null,
    report: null,
    problem: null,
  }),
  initial: 'choosing',
  // A new file starts over from any state but the import running and the one done.
  on: {
    'import.fileChosen': [
      {
        guard: 'fileEmpty',
        target: '.rejected',
        actions: ['takeFile', { type: 'refuseFile', params: { reason: 'empty' } }],
      },
      {
        guard: 'fileTooLarge',
        target: '.rejected',
        actions: ['takeFile', { type: 'refuseFile', params: { reason: 'too-large' } }],
      },
      { target: '.inspecting', actions: 'takeFile' },
    ],
  },
  states: {
    // No file yet: the drop zone and the file button.
    choosing: {},
    // Reading the file's head to say what it is (a YNAB export, Koperta's file, Actual's zip).
    inspecting: {
      invoke: {
        id: 'inspect',
        src: 'inspectFile',
        // Only entered with a file.
        input: ({ context }) => ({ file: context.file as ChosenFile }),
        onDone: {
          target: 'ready',
          actions: { type: 'rememberInspection', params: ({ event }) => ({ inspection: event.output }) },
        },
      },
    },
    // A file is chosen and its source known or chosen: the person starts the import.
    ready: {
      on: {
        'import.sourceChosen': { actions: 'chooseSource' },
        'import.start': { guard: 'hasSource', target: 'importing' },
      },
    },
    // The file is refused before it is sent (empty, too large); another file may follow.
    rejected: {},
    // Sending the file; the server converts and writes it in one go, all or nothing.
    importing: {
      tags: ['busy'],
      entry: 'clearProblem',
      invoke: {
        id: 'upload',
        src: 'uploadBudget',
        input: ({ context }) => ({
          port: context.port,
          budgetId: context.budgetId,
          // Only entered from `ready` or `failed`, with a file.
          file: context.file as ChosenFile,
          source: context.chosen ?? context.detected,
        }),
        onDone: [
          {
            guard: { type: 'imported', params: outcomeParams },
            target: 'imported',
            actions: { type: 'acceptOutcome', params: outcomeParams },
          },
          { target: 'failed', actions: { type: 'acceptOutcome', params: outcomeParams } },
        ],
      },
      // The running import is not interrupted by another file.
      on: { 'import.fileChosen': {} },
    },
    // Nothing was written; the same file may be tried again, or another chosen.
    failed: {
      on: {
        'import.retry': { target: 'importing' },
        'import.sourceChosen': { target: 'ready', actions: 'chooseSource' },
      },
    },
    // The budget is imported: the report, then on to the budget.
    imported: {
      type: 'final',
    },
  },
})
