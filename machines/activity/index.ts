export type { ActivityContext, ActivityEvent, ActivityInput } from './activity.machine.ts'
export { activityMachine } from './activity.machine.ts'
export type { ActivityMember, ActivityPort, PageOutcome, PageRequest } from './activity.port.ts'
export type { FeedStatus } from './activity.selectors.ts'
export {
  selectActor,
  selectCanShowOlder,
  selectEntries,
  selectFeedStatus,
  selectIsLoadingOlder,
  selectMembers,
  selectOlderFailed,
} from './activity.selectors.ts'
