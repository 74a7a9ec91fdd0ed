import type { SnapshotFrom } from 'xstate'
import type { invitationMachine } from './invitation.machine.ts'
import type { membersMachine } from './members.machine.ts'

type MembersSnapshot = SnapshotFrom<typeof membersMachine>
type InvitationSnapshot = SnapshotFrom<typeof invitationMachine>

export type MembersStatus = 'loading' | 'loadFailed' | 'ready' | 'left'

export const selectMembersStatus = (snapshot: MembersSnapshot): MembersStatus =>
  snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('loadFailed')
      ? 'loadFailed'
      : snapshot.matches('left')
        ? 'left'
        : 'ready'
export const selectMembers = (snapshot: MembersSnapshot) => snapshot.context.members
export const selectInvitations = (snapshot: MembersSnapshot) => snapshot.context.invitations
export const selectCreatedInvitation = (snapshot: MembersSnapshot) => snapshot.context.created
export const selectMembersFailure = (snapshot: MembersSnapshot) => snapshot.context.failure
/** Whether the caller owns the budget (manages members and invitations). */
export const selectIsOwner = (snapshot: MembersSnapshot) => snapshot.context.owner
export const selectMe = (snapshot: MembersSnapshot) => snapshot.context.me
/** The write awaiting the person's confirmation, or null. */
export const selectConfirming = (snapshot: MembersSnapshot) =>
  snapshot.matches({ ready: 'confirming' }) ? snapshot.context.pending : null
export const selectIsBusy = (snapshot: MembersSnapshot) =>
  snapshot.matches({ ready: 'writing' }) || snapshot.matches({ ready: 'refreshing' })
/** The write on its way (which button shows progress). */
export const selectWriting = (snapshot: MembersSnapshot) =>
  snapshot.matches({ ready: 'writing' }) ? snapshot.context.pending : null

export type InvitationStatus = 'previewing' | 'unreadable' | 'asking' | 'accepting' | 'refused' | 'joined'
export const selectInvitationStatus = (snapshot: InvitationSnapshot): InvitationStatus =>
  snapshot.matches('previewing')
    ? 'previewing'
    : snapshot.matches('unreadable')
      ? 'unreadable'
      : snapshot.matches('asking')
        ? 'asking'
        : snapshot.matches('accepting')
          ? 'accepting'
          : snapshot.matches('refused')
            ? 'refused'
            : 'joined'
export const selectPreview = (snapshot: InvitationSnapshot) => snapshot.context.preview
export const selectRefusal = (snapshot: InvitationSnapshot) => snapshot.context.refusal
export const selectJoinedBudget = (snapshot: InvitationSnapshot) => snapshot.context.budgetId
export const selectAcceptFailed = (snapshot: InvitationSnapshot) => snapshot.context.failed
