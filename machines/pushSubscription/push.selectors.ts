import type { SnapshotFrom } from 'xstate'
import type { pushMachine } from './push.machine.ts'

type PushSnapshot = SnapshotFrom<typeof pushMachine>

export type PushView = 'checking' | 'unsupported' | 'denied' | 'available' | 'enabling' | 'subscribed'

export const selectPushView = (snapshot: PushSnapshot): PushView => {
  for (const state of ['checking', 'unsupported', 'denied', 'enabling', 'subscribed'] as const)
    if (snapshot.matches(state)) return state
  return 'available'
}

export const selectPushProblem = (snapshot: PushSnapshot): 'dismissed' | 'failed' | null =>
  snapshot.context.problem

export const selectCanEnablePush = (snapshot: PushSnapshot): boolean => snapshot.can({ type: 'push.enable' })
