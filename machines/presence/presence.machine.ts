import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type { BudgetId } from '../../schemas/ids.ts'
import type { PresenceOutcome, PresencePort, PresentMember } from './presence.port.ts'

/** api30.md: the app polls every 15 s; the server counts a member present for 45 s after its stream was seen. */
export const PRESENCE_POLL_MS = 15_000

export type PresenceInput = { readonly budgetId: BudgetId; readonly port: PresencePort }

export type PresenceContext = {
  readonly budgetId: BudgetId
  readonly port: PresencePort
  /** Who else is here, as last read; kept through a failed read (the next poll corrects it). */
  readonly members: ReadonlyArray<PresentMember>
}

export type PresenceEvent =
  /** Read now (the budget's event stream reconnected: someone may have come or gone meanwhile). */
  { type: 'presence.refresh' } | { type: 'presence.visibilityChanged'; visible: boolean }

const readPresence = fromPromise<PresenceOutcome, PresenceInput>(async ({ input, signal }) => {
  try {
    return await input.port.read(input.budgetId, signal)
  } catch {
    return { ok: false }
  }
})

const visibility = fromCallback<PresenceEvent, { readonly port: PresencePort }>(({ input, sendBack }) =>
  input.port.watchVisibility((visible) => sendBack({ type: 'presence.visibilityChanged', visible })),
)

/**
 * Who else has the open budget on screen: read at once, then every 15 s while the page is visible (a hidden tab
 * neither polls nor shows stale faces when it comes back: it reads at once). A child of the open budget (system id
 * `presence`), so it lives exactly as long as the budget is open.
 */
export const presenceMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as PresenceContext,
    events: {} as PresenceEvent,
    input: {} as PresenceInput,
  },
  actors: { readPresence, visibility },
  delays: { presencePoll: PRESENCE_POLL_MS },
  guards: {
    startsVisible: ({ context }) => context.port.isVisible(),
    becameVisible: ({ event }) => event.type === 'presence.visibilityChanged' && event.visible,
    becameHidden: ({ event }) => event.type === 'presence.visibilityChanged' && !event.visible,
    readSucceeded: (_, params: { outcome: PresenceOutcome }) => params.outcome.ok,
  },
  actions: {
    acceptMembers: assign({
      members: ({ context }, params: { outcome: PresenceOutcome }) =>
        params.outcome.ok ? params.outcome.members : context.members,
    }),
  },
}).createMachine({
  id: 'presence',
  context: ({ input }) => ({ budgetId: input.budgetId, port: input.port, members: [] }),
  invoke: { src: 'visibility', input: ({ context }) => ({ port: context.port }) },
  initial: 'choosing',
  states: {
    // Polls only if the page is on screen.
    choosing: {
      always: [{ guard: 'startsVisible', target: 'visible' }, { target: 'hidden' }],
    },
    // The page is on screen: read, wait, read again.
    visible: {
      on: {
        'presence.visibilityChanged': { guard: 'becameHidden', target: 'hidden' },
        'presence.refresh': { target: '.reading' },
      },
      initial: 'reading',
      states: {
        // One read of GET …/presence.
        reading: {
          invoke: {
            src: 'readPresence',
            input: ({ context }) => ({ budgetId: context.budgetId, port: context.port }),
            onDone: {
              target: 'waiting',
              actions: { type: 'acceptMembers', params: ({ event }) => ({ outcome: event.output }) },
            },
          },
        },
        // Until the next poll.
        waiting: {
          after: { presencePoll: { target: 'reading' } },
        },
      },
    },
    // The tab is in the background: no polling; back on screen it reads at once.
    hidden: {
      on: {
        'presence.visibilityChanged': { guard: 'becameVisible', target: 'visible' },
      },
    },
  },
})
