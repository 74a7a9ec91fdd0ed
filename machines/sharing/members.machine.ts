import { type AnyActorRef, assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { BudgetAccess } from '../../schemas/budget.ts'
import type { BudgetId, InvitationId, UserId } from '../../schemas/ids.ts'
import { invitationEmailMaxLength, invitationEmailPattern } from '../../schemas/sharing.ts'
import { TOASTS_SYSTEM_ID } from '../app/app.ids.ts'
import type { ToastShow } from '../toasts/toasts.machine.ts'
import type {
  CreatedInvitation,
  Member,
  Outcome,
  PendingInvitation,
  SharingPort,
  SharingWrite,
} from './sharing.port.ts'

/** The toast's text key after each kind of write (the view's locale file has them). */
export const WRITE_DONE_MESSAGE_KEYS = {
  invite: 'sharing.toast.invited',
  revoke: 'sharing.toast.revoked',
  remove: 'sharing.toast.removed',
  leave: 'sharing.toast.left',
  access: 'sharing.toast.accessChanged',
  handOver: 'sharing.toast.handedOver',
} as const satisfies Record<SharingWrite['kind'], string>

/** The rule the server applies (schemas/sharing.ts InvitationEmail), checked before asking it. */
export const looksLikeEmail = (text: string): boolean =>
  text.trim().length <= invitationEmailMaxLength && invitationEmailPattern.test(text)

export type MembersInput = {
  readonly port: SharingPort
  readonly budgetId: BudgetId
  /** The signed-in user: their own row offers "leave" instead of "remove". */
  readonly me: UserId | null
  /** Whether the caller owns the budget as the budgets list says; the members list then decides. */
  readonly owner: boolean
  /** Where success toasts go (a screen's actor is not in the app's system). */
  readonly toasts?: AnyActorRef
}

/** Why the last request failed: the server's code (null when there was none, e.g. offline) and what was tried. */
export type MembersFailure = {
  readonly code: string | null
  /** The HTTP status, null when there was no answer. */
  readonly status: number | null
  readonly during: SharingWrite['kind'] | 'load'
}

export type MembersContext = MembersInput & {
  readonly members: ReadonlyArray<Member>
  /** Pending invitations; null when the caller may not see them (a guest). */
  readonly invitations: ReadonlyArray<PendingInvitation> | null
  /** The link of the invitation just made, shown until dismissed or another is made. */
  readonly created: CreatedInvitation | null
  /** The write being confirmed or sent. */
  readonly pending: SharingWrite | null
  readonly failure: MembersFailure | null
}

export type MembersEvent =
  | { type: 'sharing.retry' }
  /** Read the list again (e.g. after the caller renamed themselves). */
  | { type: 'sharing.refresh' }
  | { type: 'sharing.invite'; email: string; access: BudgetAccess }
  | { type: 'sharing.dismissLink' }
  | { type: 'sharing.revoke'; invitationId: InvitationId }
  | { type: 'sharing.access'; userId: UserId; access: BudgetAccess }
  | { type: 'sharing.remove'; userId: UserId }
  | { type: 'sharing.handOver'; userId: UserId }
  | { type: 'sharing.leave' }
  | { type: 'sharing.confirm' }
  | { type: 'sharing.cancel' }

type ListOutcome = Awaited<ReturnType<SharingPort['list']>>
type WriteOutcome = Awaited<ReturnType<SharingPort['write']>>

const writeOf = (event: MembersEvent, me: UserId | null): SharingWrite | null => {
  switch (event.type) {
    case 'sharing.invite':
      return { kind: 'invite', email: event.email.trim(), access: event.access }
    case 'sharing.revoke':
      return { kind: 'revoke', invitationId: event.invitationId }
    case 'sharing.access':
      return { kind: 'access', userId: event.userId, access: event.access }
    case 'sharing.remove':
      return { kind: 'remove', userId: event.userId }
    case 'sharing.handOver':
      return { kind: 'handOver', userId: event.userId }
    case 'sharing.leave':
      return me === null ? null : { kind: 'leave', userId: me }
    default:
      return null
  }
}

const failureOf = (outcome: Outcome<unknown> | null, during: MembersFailure['during']): MembersFailure => ({
  code: outcome === null || outcome.ok ? null : outcome.code,
  status: outcome === null || outcome.ok ? null : (outcome.error.status ?? null),
  during,
})

/** The list's request: the owner also reads the pending invitations. */
const listInput = ({ context }: { readonly context: MembersContext }) => ({
  port: context.port,
  budgetId: context.budgetId,
  withInvitations: context.owner,
})

export const membersMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as MembersContext,
    events: {} as MembersEvent,
    input: {} as MembersInput,
  },
  actors: {
    list: fromPromise<
      ListOutcome,
      { readonly port: SharingPort; readonly budgetId: BudgetId; readonly withInvitations: boolean }
    >(({ input, signal }) => input.port.list(input.budgetId, input.withInvitations, signal)),
    write: fromPromise<
      WriteOutcome,
      { readonly port: SharingPort; readonly budgetId: BudgetId; readonly write: SharingWrite }
    >(({ input, signal }) => input.port.write(input.budgetId, input.write, signal)),
  },
  guards: {
    succeeded: (_, params: { outcome: Outcome<unknown> }) => params.outcome.ok,
    leftTheBudget: ({ context }, params: { outcome: Outcome<unknown> }) =>
      params.outcome.ok && context.pending?.kind === 'leave',
    inviteIsValid: ({ event }) => event.type !== 'sharing.invite' || looksLikeEmail(event.email),
  },
  actions: {
    takeList: assign(({ context }, params: { outcome: ListOutcome }) => {
      if (!params.outcome.ok) return {}
      const mine = params.outcome.members.find((member) => member.userId === context.me)
      return {
        members: params.outcome.members,
        invitations: params.outcome.invitations,
        // After a handover the caller is a guest: the next read no longer asks for invitations.
        owner: mine === undefined ? context.owner : mine.role === 'Owner',
        failure: null,
      }
    }),
    rememberLoadFailure: assign((_, params: { outcome: ListOutcome | null }) => ({
      failure: failureOf(params.outcome, 'load'),
    })),
    rememberWriteFailure: assign(({ context }, params: { outcome: WriteOutcome | null }) => ({
      failure: failureOf(params.outcome, context.pending?.kind ?? 'invite'),
      pending: null,
    })),
    refuseInvalidEmail: assign({ failure: { code: 'invalid_email', status: null, during: 'invite' } }),
    hold: assign(({ context, event }) => ({ pending: writeOf(event, context.me), failure: null })),
    drop: assign({ pending: null }),
    takeWritten: assign(({ context }, params: { outcome: WriteOutcome }) => ({
      created:
        params.outcome.ok && params.outcome.created !== null
          ? params.outcome.created
          : // A revoked link is dead: its panel must not keep offering it for copying.
            context.pending?.kind === 'revoke' && context.pending.invitationId === context.created?.id
            ? null
            : context.created,
      // The caller handed the budget over: a guest may no longer list invitations.
      owner: context.pending?.kind === 'handOver' ? false : context.owner,
      pending: null,
    })),
    dismissLink: assign({ created: null }),
    toastDone: enqueueActions(({ context, enqueue, system }) => {
      const kind = context.pending?.kind
      const toasts: AnyActorRef | undefined = context.toasts ?? system.get(TOASTS_SYSTEM_ID)
      if (kind === undefined || toasts === undefined) return
      const toast: ToastShow = {
        type: 'toast.show',
        kind: 'success',
        messageKey: WRITE_DONE_MESSAGE_KEYS[kind],
      }
      enqueue.sendTo(toasts, toast)
    }),
  },
}).createMachine({
  id: 'sharingMembers',
  context: ({ input }) => ({
    ...input,
    members: [],
    invitations: null,
    created: null,
    pending: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    // The members (and, for the owner, the pending invitations) are read.
    loading: {
      invoke: {
        src: 'list',
        input: listInput,
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: { type: 'takeList', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'loadFailed',
            actions: { type: 'rememberLoadFailure', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberLoadFailure', params: { outcome: null } },
        },
      },
    },
    // Nothing to show (offline, or the budget is no longer the caller's); the person may try again.
    loadFailed: {
      on: { 'sharing.retry': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'sharing.invite': [
              { guard: 'inviteIsValid', target: 'writing', actions: 'hold' },
              { actions: 'refuseInvalidEmail' },
            ],
            'sharing.access': { target: 'writing', actions: 'hold' },
            // Revoking, removing, handing over and leaving are asked once more first.
            'sharing.revoke': { target: 'confirming', actions: 'hold' },
            'sharing.remove': { target: 'confirming', actions: 'hold' },
            'sharing.handOver': { target: 'confirming', actions: 'hold' },
            'sharing.leave': { target: 'confirming', actions: 'hold' },
            'sharing.dismissLink': { actions: 'dismissLink' },
            'sharing.refresh': { target: 'refreshing' },
          },
        },
        // A confirmation dialog names what is about to happen.
        confirming: {
          on: {
            'sharing.confirm': { target: 'writing' },
            'sharing.cancel': { target: 'idle', actions: 'drop' },
          },
        },
        writing: {
          invoke: {
            src: 'write',
            // Entered only with a write held.
            input: ({ context }) => ({
              port: context.port,
              budgetId: context.budgetId,
              write: context.pending ?? { kind: 'leave', userId: context.me ?? ('' as UserId) },
            }),
            onDone: [
              {
                guard: { type: 'leftTheBudget', params: ({ event }) => ({ outcome: event.output }) },
                target: '#sharingMembers.left',
                actions: 'toastDone',
              },
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'refreshing',
                actions: [
                  'toastDone',
                  { type: 'takeWritten', params: ({ event }) => ({ outcome: event.output }) },
                ],
              },
              {
                target: 'idle',
                actions: { type: 'rememberWriteFailure', params: ({ event }) => ({ outcome: event.output }) },
              },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'rememberWriteFailure', params: { outcome: null } },
            },
          },
        },
        // The list as the server keeps it after the write (a handover changes two rows).
        refreshing: {
          invoke: {
            src: 'list',
            input: listInput,
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                target: 'idle',
                actions: { type: 'takeList', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                target: 'idle',
                actions: { type: 'rememberLoadFailure', params: ({ event }) => ({ outcome: event.output }) },
              },
            ],
            onError: { target: 'idle', actions: { type: 'rememberLoadFailure', params: { outcome: null } } },
          },
        },
      },
    },
    // The caller left the budget; the view goes back to the budgets list.
    left: { type: 'final' },
  },
})
