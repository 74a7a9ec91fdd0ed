import { assign, enqueueActions, setup } from 'xstate'
import type { ImportId } from '../../schemas/ids.ts'
import type { ImportRecordView } from '../../schemas/imports.ts'
import { loadHistory, undoImport } from './bankImport.actors.ts'
import type { HistoryOutcome, ImportPort, UndoOutcome } from './bankImport.port.ts'

export type ImportHistoryInput = { readonly port: ImportPort }

/** Why the last undo did not happen: its transactions changed since (how many, when known), or no answer. */
export type UndoRefusal =
  | { readonly kind: 'changed'; readonly importId: ImportId; readonly changed: number }
  | { readonly kind: 'failed'; readonly importId: ImportId }

export type ImportHistoryContext = {
  readonly port: ImportPort
  /** The budget's imports, oldest first; null until the first answer. */
  readonly records: ReadonlyArray<ImportRecordView> | null
  /** The import the user asked to undo. */
  readonly target: ImportId | null
  readonly refusal: UndoRefusal | null
  /** The import undone last (the view says so). */
  readonly undone: ImportId | null
}

export type ImportHistoryEvent =
  | { type: 'history.reload' }
  | { type: 'history.retry' }
  | { type: 'history.askUndo'; importId: ImportId }
  | { type: 'history.confirmUndo' }
  | { type: 'history.cancelUndo' }
  | { type: 'history.dismiss' }

type Loaded = { output: HistoryOutcome }
type Undone = { output: UndoOutcome }

export const importHistoryMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as ImportHistoryContext,
    events: {} as ImportHistoryEvent,
    input: {} as ImportHistoryInput,
  },
  actors: { loadHistory, undoImport },
  guards: {
    loaded: (_, params: { outcome: HistoryOutcome }) => params.outcome.ok,
    undone: (_, params: { outcome: UndoOutcome }) => params.outcome.ok,
    /** Only an import not undone yet, that the list knows, can be undone. */
    undoable: ({ context, event }) =>
      event.type === 'history.askUndo' &&
      (context.records ?? []).some((record) => record.importId === event.importId && !record.undone),
  },
  actions: {
    acceptRecords: assign((_, params: { outcome: HistoryOutcome }) =>
      params.outcome.ok ? { records: params.outcome.records } : {},
    ),
    rememberTarget: assign(({ event }) =>
      event.type === 'history.askUndo' ? { target: event.importId, refusal: null } : {},
    ),
    forgetTarget: assign({ target: null }),
    markUndone: assign(({ context }) => ({
      records: (context.records ?? []).map((record) =>
        record.importId === context.target ? { ...record, undone: true } : record,
      ),
      undone: context.target,
      target: null,
    })),
    /** The import screen re-reads its preview and marks its result; a history on its own has no one to tell. */
    tellUndone: enqueueActions(({ context, enqueue, self }) => {
      if (self._parent !== undefined && context.undone !== null)
        enqueue.sendParent({ type: 'history.undone', importId: context.undone })
    }),
    rememberRefusal: assign(({ context }, params: { outcome: UndoOutcome }) => {
      const { target } = context
      if (target === null || params.outcome.ok) return {}
      const { changed } = params.outcome
      const listed = context.records?.find((record) => record.importId === target)?.changed ?? 0
      return {
        target: null,
        refusal:
          changed === null
            ? { kind: 'failed' as const, importId: target }
            : { kind: 'changed' as const, importId: target, changed: Math.max(changed, listed) },
      }
    }),
    clearRefusal: assign({ refusal: null }),
  },
}).createMachine({
  id: 'importHistory',
  context: ({ input }) => ({ port: input.port, records: null, target: null, refusal: null, undone: null }),
  initial: 'loading',
  states: {
    // Reading the budget's imports (kept on screen while a reload runs).
    loading: {
      invoke: {
        src: 'loadHistory',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          {
            guard: { type: 'loaded', params: ({ event }: { event: Loaded }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: {
              type: 'acceptRecords',
              params: ({ event }: { event: Loaded }) => ({ outcome: event.output }),
            },
          },
          { target: 'failed' },
        ],
      },
    },
    // No list: offline or refused; the user retries.
    failed: {
      on: { 'history.retry': { target: 'loading' }, 'history.reload': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      on: { 'history.reload': { target: 'loading' } },
      states: {
        // The list, each import with its undo.
        idle: {
          on: {
            'history.askUndo': { guard: 'undoable', target: 'confirming', actions: 'rememberTarget' },
            'history.dismiss': { actions: 'clearRefusal' },
          },
        },
        // "Cofnąć import?": undo removes every transaction it added.
        confirming: {
          on: {
            'history.confirmUndo': { target: 'undoing' },
            'history.cancelUndo': { target: 'idle', actions: 'forgetTarget' },
          },
        },
        // The undo on the wire; the list stays.
        undoing: {
          invoke: {
            src: 'undoImport',
            input: ({ context }) => ({
              port: context.port,
              // Entered only from `confirming`, which has a target.
              importId: context.target as ImportId,
            }),
            onDone: [
              {
                guard: {
                  type: 'undone',
                  params: ({ event }: { event: Undone }) => ({ outcome: event.output }),
                },
                target: 'idle',
                actions: ['markUndone', 'tellUndone'],
              },
              {
                target: 'idle',
                actions: {
                  type: 'rememberRefusal',
                  params: ({ event }: { event: Undone }) => ({ outcome: event.output }),
                },
              },
            ],
          },
        },
      },
    },
  },
})
