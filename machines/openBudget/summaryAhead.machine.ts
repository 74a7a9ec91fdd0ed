import { type ActorRefFrom, assign, fromPromise, setup, waitFor } from 'xstate'
import type { BudgetId } from '../../schemas/ids.ts'

/** The early read's answer as the server sent it (decoded later, by the port that takes it), or its failure. */
export type AheadAnswer =
  | { readonly ok: true; readonly body: unknown }
  | { readonly ok: false; readonly error: unknown }

/** Reads a budget's summary (`GET …/state?part=summary`) without decoding it: only the HTTP client is needed. */
export type ReadSummary = (budgetId: BudgetId, signal: AbortSignal) => Promise<unknown>

export type SummaryAheadInput = { readonly budgetId: BudgetId; readonly read: ReadSummary }

type SummaryAheadContext = SummaryAheadInput & { readonly answer: AheadAnswer | null }

/**
 * The budget's summary, read while the budget's code is still loading (the app actor starts it when a route opens a
 * budget), so the first month shows a round trip sooner. The open-budget actor's first read takes the answer
 * (`takeSummaryAhead`); the app stops this actor with the budget it was read for.
 */
export const summaryAheadMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as SummaryAheadContext,
    input: {} as SummaryAheadInput,
  },
  actors: {
    readSummary: fromPromise<unknown, SummaryAheadInput>(({ input, signal }) =>
      input.read(input.budgetId, signal),
    ),
  },
  actions: {
    keepAnswer: assign({ answer: (_, answer: AheadAnswer) => answer }),
  },
}).createMachine({
  id: 'summaryAhead',
  context: ({ input }) => ({ ...input, answer: null }),
  initial: 'reading',
  states: {
    // The read is on its way, alongside the view's code.
    reading: {
      invoke: {
        src: 'readSummary',
        input: ({ context }) => ({ budgetId: context.budgetId, read: context.read }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => ({ ok: true, body: event.output }) },
        },
        onError: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => ({ ok: false, error: event.error }) },
        },
      },
    },
    // Held for the open budget's first read (not final: a finished actor leaves the system, and this one must be
    // found there by the budget actor).
    answered: {},
  },
})

export type SummaryAheadRef = ActorRefFrom<typeof summaryAheadMachine>

/** The early read's answer once it is in; rejects if the read was stopped first (another budget was opened). */
export const takeSummaryAhead = async (ahead: SummaryAheadRef): Promise<AheadAnswer> => {
  const { context } = await waitFor(ahead, (snapshot) => snapshot.context.answer !== null)
  // waitFor resolved only once the answer was kept.
  return context.answer ?? { ok: false, error: new Error('no answer') }
}
