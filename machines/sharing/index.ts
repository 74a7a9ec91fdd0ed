export type {
  InvitationContext,
  InvitationEvent,
  InvitationInput,
  InvitationRefusal,
} from './invitation.machine.ts'
export { INVITATION_REFUSALS, invitationMachine } from './invitation.machine.ts'
export type { MembersContext, MembersEvent, MembersFailure, MembersInput } from './members.machine.ts'
export { looksLikeEmail, membersMachine, WRITE_DONE_MESSAGE_KEYS } from './members.machine.ts'
export type {
  CreatedInvitation,
  Failure,
  InvitationPreview,
  Member,
  Outcome,
  PendingInvitation,
  SharingPort,
  SharingWrite,
} from './sharing.port.ts'
export type { InvitationStatus, MembersStatus } from './sharing.selectors.ts'
export {
  selectAcceptFailed,
  selectConfirming,
  selectCreatedInvitation,
  selectInvitationStatus,
  selectInvitations,
  selectIsBusy,
  selectIsOwner,
  selectJoinedBudget,
  selectMe,
  selectMembers,
  selectMembersFailure,
  selectMembersStatus,
  selectPreview,
  selectRefusal,
  selectWriting,
} from './sharing.selectors.ts'
