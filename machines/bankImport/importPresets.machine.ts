import { assign, setup } from 'xstate'
import type { CsvMapping, ImportEncoding, ImportFormat, ImportPreset } from '../../schemas/imports.ts'
import { deletePreset, loadPresets, savePreset } from './bankImport.actors.ts'
import type { ImportPort, PresetsOutcome, WriteOutcome } from './bankImport.port.ts'

export type ImportPresetsInput = { readonly port: ImportPort }

export type ImportPresetsContext = {
  readonly port: ImportPort
  /** The budget's saved ways to read a bank's files; null until the first answer. */
  readonly presets: ReadonlyArray<ImportPreset> | null
  /** The change on the wire: the preset saved, or the id deleted. */
  readonly change: { readonly save: ImportPreset } | { readonly remove: string } | null
  /** The last change failed (kept until the next one). */
  readonly failed: boolean
  /** The preset saved last (the view says so). */
  readonly saved: string | null
}

export type ImportPresetsEvent =
  | { type: 'presets.retry' }
  | {
      type: 'presets.save'
      name: string
      format: ImportFormat
      encoding: ImportEncoding | null
      mapping: CsvMapping | null
    }
  | { type: 'presets.delete'; presetId: string }

type Loaded = { output: PresetsOutcome }
type Written = { output: WriteOutcome }

export const PRESET_NAME_MAX = 200

export const importPresetsMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as ImportPresetsContext,
    events: {} as ImportPresetsEvent,
    input: {} as ImportPresetsInput,
  },
  actors: { loadPresets, savePreset, deletePreset },
  guards: {
    loaded: (_, params: { outcome: PresetsOutcome }) => params.outcome.ok,
    written: (_, params: { outcome: WriteOutcome }) => params.outcome.ok,
    namedWell: ({ event }) =>
      event.type === 'presets.save' &&
      event.name.trim() !== '' &&
      event.name.trim().length <= PRESET_NAME_MAX,
  },
  actions: {
    acceptPresets: assign((_, params: { outcome: PresetsOutcome }) =>
      params.outcome.ok ? { presets: params.outcome.presets } : {},
    ),
    stageSave: assign(({ context, event }) => {
      if (event.type !== 'presets.save') return {}
      const name = event.name.trim()
      // A preset of the same name is replaced rather than doubled.
      const same = (context.presets ?? []).find((preset) => preset.name === name)
      return {
        change: {
          save: {
            id: same?.id ?? context.port.newId(),
            name,
            format: event.format,
            encoding: event.encoding,
            mapping: event.mapping,
          },
        },
        failed: false,
      }
    }),
    stageDelete: assign(({ event }) =>
      event.type === 'presets.delete' ? { change: { remove: event.presetId }, failed: false } : {},
    ),
    applyChange: assign(({ context }) => {
      const { change } = context
      const presets = context.presets ?? []
      if (change === null) return {}
      if ('remove' in change)
        return { presets: presets.filter((preset) => preset.id !== change.remove), change: null }
      return {
        presets: [...presets.filter((preset) => preset.id !== change.save.id), change.save],
        saved: change.save.id,
        change: null,
      }
    }),
    rememberFailure: assign({ change: null, failed: true }),
  },
}).createMachine({
  id: 'importPresets',
  context: ({ input }) => ({ port: input.port, presets: null, change: null, failed: false, saved: null }),
  initial: 'loading',
  states: {
    // Reading the saved presets.
    loading: {
      invoke: {
        src: 'loadPresets',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          {
            guard: { type: 'loaded', params: ({ event }: { event: Loaded }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: {
              type: 'acceptPresets',
              params: ({ event }: { event: Loaded }) => ({ outcome: event.output }),
            },
          },
          { target: 'failed' },
        ],
      },
    },
    // No presets to offer; importing works without them.
    failed: { on: { 'presets.retry': { target: 'loading' } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'presets.save': { guard: 'namedWell', target: 'saving', actions: 'stageSave' },
            'presets.delete': { target: 'deleting', actions: 'stageDelete' },
          },
        },
        // One change at a time on the wire; the list changes once the server has it.
        saving: {
          invoke: {
            src: 'savePreset',
            input: ({ context }) => ({
              port: context.port,
              // Entered only through stageSave, which stages a preset.
              preset: (context.change as { readonly save: ImportPreset }).save,
            }),
            onDone: [
              {
                guard: {
                  type: 'written',
                  params: ({ event }: { event: Written }) => ({ outcome: event.output }),
                },
                target: 'idle',
                actions: 'applyChange',
              },
              { target: 'idle', actions: 'rememberFailure' },
            ],
          },
        },
        deleting: {
          invoke: {
            src: 'deletePreset',
            input: ({ context }) => ({
              port: context.port,
              // Entered only through stageDelete, which stages an id.
              presetId: (context.change as { readonly remove: string }).remove,
            }),
            onDone: [
              {
                guard: {
                  type: 'written',
                  params: ({ event }: { event: Written }) => ({ outcome: event.output }),
                },
                target: 'idle',
                actions: 'applyChange',
              },
              { target: 'idle', actions: 'rememberFailure' },
            ],
          },
        },
      },
    },
  },
})
