import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { presenceMachine } from './presence.machine.ts'
import type { PresentMember } from './presence.port.ts'

type PresenceSnapshot = SnapshotFrom<typeof presenceMachine>
export type PresenceRef = ActorRefFrom<typeof presenceMachine>

/** The others with the budget open now (never the caller), as last read. */
export const selectPresentMembers = (snapshot: PresenceSnapshot): ReadonlyArray<PresentMember> =>
  snapshot.context.members
