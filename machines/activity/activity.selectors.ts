import type { SnapshotFrom } from 'xstate'
import type { ActivityEntry } from '../../schemas/activity.ts'
import type { UserId } from '../../schemas/ids.ts'
import type { activityMachine } from './activity.machine.ts'
import type { ActivityMember } from './activity.port.ts'

type ActivitySnapshot = SnapshotFrom<typeof activityMachine>

/** What the feed shows: its first read under way, that read failed, no entry at all, or entries. */
export type FeedStatus = 'loading' | 'failed' | 'empty' | 'ready'

export const selectFeedStatus = (snapshot: ActivitySnapshot): FeedStatus => {
  if (snapshot.matches({ feed: 'loading' })) return 'loading'
  if (snapshot.matches({ feed: 'failed' })) return 'failed'
  return snapshot.context.entries.length === 0 ? 'empty' : 'ready'
}

export const selectEntries = (snapshot: ActivitySnapshot): ReadonlyArray<ActivityEntry> =>
  snapshot.context.entries

export const selectMembers = (snapshot: ActivitySnapshot): ReadonlyArray<ActivityMember> =>
  snapshot.context.members

export const selectActor = (snapshot: ActivitySnapshot): UserId | null => snapshot.context.actor

/** Older entries exist (or their page failed and may be asked again). */
export const selectCanShowOlder = (snapshot: ActivitySnapshot): boolean =>
  snapshot.can({ type: 'activity.more' })

export const selectIsLoadingOlder = (snapshot: ActivitySnapshot): boolean =>
  snapshot.matches({ feed: 'loadingMore' })

export const selectOlderFailed = (snapshot: ActivitySnapshot): boolean =>
  snapshot.matches({ feed: 'moreFailed' })
