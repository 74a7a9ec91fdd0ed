import { assign, fromPromise, setup } from 'xstate'
import type { BudgetId } from '../../schemas/ids.ts'
import type { InvitationPreview, Outcome, SharingPort } from './sharing.port.ts'

/** The refusals the accept page explains, each with its own way on; anything else is `failed` (retry). */
export const INVITATION_REFUSALS = [
  'invitation_used',
  'invitation_used_by_you',
  'invitation_expired',
  'invitation_revoked',
  'invitation_not_found',
  'already_member',
] as const
export type InvitationRefusal = (typeof INVITATION_REFUSALS)[number]

const isRefusal = (code: string | null): code is InvitationRefusal =>
  INVITATION_REFUSALS.some((refusal) => refusal === code)

export type InvitationInput = { readonly port: SharingPort; readonly token: string }

export type InvitationContext = InvitationInput & {
  readonly preview: InvitationPreview | null
  readonly refusal: InvitationRefusal | null
  /** The budget joined (or already the caller's). */
  readonly budgetId: BudgetId | null
  /** A request failed without a refusal the page explains (offline, 5xx). */
  readonly failed: boolean
}

export type InvitationEvent = { type: 'invitation.accept' } | { type: 'invitation.retry' }

type PreviewOutcome = Awaited<ReturnType<SharingPort['preview']>>
type AcceptOutcome = Awaited<ReturnType<SharingPort['accept']>>

export const invitationMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
  },
  actors: {
    preview: fromPromise<PreviewOutcome, InvitationInput>(({ input, signal }) =>
      input.port.preview(input.token, signal),
    ),
    accept: fromPromise<AcceptOutcome, InvitationInput>(({ input, signal }) =>
      input.port.accept(input.token, signal),
    ),
  },
  guards: {
    succeeded: (_, params: { outcome: Outcome<unknown> }) => params.outcome.ok,
    alreadyMember: (_, params: { outcome: PreviewOutcome }) =>
      params.outcome.ok && params.outcome.preview.alreadyMember,
    refused: (_, params: { outcome: Outcome<unknown> }) =>
      !params.outcome.ok && isRefusal(params.outcome.code),
  },
  actions: {
    takePreview: assign((_, params: { outcome: PreviewOutcome }) =>
      params.outcome.ok
        ? { preview: params.outcome.preview, budgetId: params.outcome.preview.budgetId, failed: false }
        : {},
    ),
    markMember: assign({ refusal: 'already_member' as const }),
    takeRefusal: assign((_, params: { outcome: Outcome<unknown> }) => ({
      refusal: !params.outcome.ok && isRefusal(params.outcome.code) ? params.outcome.code : null,
    })),
    takeJoined: assign((_, params: { outcome: AcceptOutcome }) =>
      params.outcome.ok ? { budgetId: params.outcome.budgetId } : {},
    ),
    markFailed: assign({ failed: true }),
    clearFailed: assign({ failed: false }),
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ ...input, preview: null, refusal: null, budgetId: null, failed: false }),
  initial: 'previewing',
  states: {
    // The link is read: whose budget, who invited, which access.
    previewing: {
      invoke: {
        src: 'preview',
        input: ({ context }) => ({ port: context.port, token: context.token }),
        onDone: [
          {
            guard: { type: 'alreadyMember', params: ({ event }) => ({ outcome: event.output }) },
            target: 'refused',
            actions: [
              { type: 'takePreview', params: ({ event }) => ({ outcome: event.output }) },
              'markMember',
            ],
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'asking',
            actions: { type: 'takePreview', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'refused',
            actions: { type: 'takeRefusal', params: ({ event }) => ({ outcome: event.output }) },
          },
          { target: 'unreadable' },
        ],
        onError: { target: 'unreadable' },
      },
    },
    // Could not be read (offline, server trouble); the person may try again.
    unreadable: {
      on: { 'invitation.retry': { target: 'previewing' } },
    },
    // The page asks "Dołącz do budżetu?"; a failed accept stays here with its reason.
    asking: {
      on: { 'invitation.accept': { target: 'accepting', actions: 'clearFailed' } },
    },
    accepting: {
      invoke: {
        src: 'accept',
        input: ({ context }) => ({ port: context.port, token: context.token }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'joined',
            actions: { type: 'takeJoined', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'refused',
            actions: { type: 'takeRefusal', params: ({ event }) => ({ outcome: event.output }) },
          },
          { target: 'asking', actions: 'markFailed' },
        ],
        onError: { target: 'asking', actions: 'markFailed' },
      },
    },
    // The link says why it cannot be used, with a way on (the budget, or ask for a new link).
    refused: { type: 'final' },
    // The caller is a member now; the view goes into the budget.
    joined: { type: 'final' },
  },
})
