import { type AnyActorRef, assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { ExportBudgetBody } from '../../schemas/budgetImport.ts'
import type { BudgetId } from '../../schemas/ids.ts'
import { TOASTS_SYSTEM_ID } from '../app/app.ids.ts'
import { toastFromApiError } from '../toasts/toasts.errors.ts'
import type { ToastShow } from '../toasts/toasts.machine.ts'
import type { BudgetExportPort, ExportOutcome } from './budgetExport.port.ts'

/** The toast a finished export shows (the browser's download bar may not). */
export const EXPORT_DONE_MESSAGE_KEY = 'budgets.exportView.done'

export type BudgetExportInput = {
  readonly port: BudgetExportPort
  readonly budgetId: BudgetId
  /** Where toasts go; without it, the actor system's 'toasts' actor. */
  readonly toasts?: AnyActorRef
}

export type BudgetExportContext = {
  readonly port: BudgetExportPort
  readonly budgetId: BudgetId
  readonly toasts: AnyActorRef | null
  readonly options: ExportBudgetBody
}

export type BudgetExportEvent = { type: 'export.start'; options: ExportBudgetBody }

/** A port that throws (a bug, not an expected failure) still answers with a value. */
export const downloadExport = fromPromise<
  ExportOutcome,
  { readonly port: BudgetExportPort; readonly budgetId: BudgetId; readonly options: ExportBudgetBody }
>(async ({ input, signal }) => {
  try {
    return await input.port.exportBudget(input.budgetId, input.options, signal)
  } catch (error) {
    return {
      outcome: 'failed',
      error: { statusText: error instanceof Error ? error.message : String(error) },
    }
  }
})

const outcomeParams = ({ event }: { event: { output: ExportOutcome } }) => ({ outcome: event.output })

export const budgetExportMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as BudgetExportContext,
    events: {} as BudgetExportEvent,
    input: {} as BudgetExportInput,
  },
  actors: { downloadExport },
  actions: {
    rememberOptions: assign({ options: ({ event }) => event.options }),
    deliver: enqueueActions(({ context, enqueue, system }, params: { outcome: ExportOutcome }) => {
      const toasts: AnyActorRef | null = context.toasts ?? system.get(TOASTS_SYSTEM_ID) ?? null
      if (params.outcome.outcome === 'done') {
        const { file } = params.outcome
        enqueue(() => context.port.save(file))
        if (toasts)
          enqueue.sendTo(toasts, {
            type: 'toast.show',
            kind: 'success',
            messageKey: EXPORT_DONE_MESSAGE_KEY,
          } satisfies ToastShow)
      } else if (toasts)
        enqueue.sendTo(toasts, { type: 'toast.show', ...toastFromApiError(params.outcome.error) })
    }),
  },
}).createMachine({
  id: 'budgetExport',
  context: ({ input }) => ({
    port: input.port,
    budgetId: input.budgetId,
    toasts: input.toasts ?? null,
    options: { format: 'koperta' },
  }),
  initial: 'idle',
  states: {
    // The export options are shown; nothing is being fetched.
    idle: {
      on: { 'export.start': { target: 'exporting', actions: 'rememberOptions' } },
    },
    // The server builds the file; it is then handed to the browser (or the failure toasted).
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'download',
        src: 'downloadExport',
        input: ({ context }) => ({
          port: context.port,
          budgetId: context.budgetId,
          options: context.options,
        }),
        onDone: { target: 'idle', actions: { type: 'deliver', params: outcomeParams } },
      },
    },
  },
})
