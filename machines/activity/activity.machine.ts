import { assign, fromPromise, setup } from 'xstate'
import type { ActivityEntry } from '../../schemas/activity.ts'
import type { UserId } from '../../schemas/ids.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import type { ActivityMember, ActivityPort, PageOutcome, PageRequest } from './activity.port.ts'

export type ActivityInput = { readonly port: ActivityPort; readonly budgetId: string }

export type ActivityContext = ActivityInput & {
  /** Whose entries are shown; null: everyone's. */
  readonly actor: UserId | null
  /** Newest first. */
  readonly entries: ReadonlyArray<ActivityEntry>
  /** `before` of the next older page; null when the first entry is shown. */
  readonly nextBefore: number | null
  /** The budget's members, for names and the filter; empty until read (or when they could not be). */
  readonly members: ReadonlyArray<ActivityMember>
  /** Why the last read failed. */
  readonly failure: ApiErrorLike | null
}

export type ActivityEvent =
  /** Show one person's entries (null: everyone's): the feed starts again from the newest. */
  | { type: 'activity.filter'; actor: UserId | null }
  /** "Pokaż starsze": the next older page, or the failed one again. */
  | { type: 'activity.more' }
  /** After a failed first read. */
  | { type: 'activity.retry' }

const FAILED: ApiErrorLike = { statusText: 'failed' }

export const activityMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as ActivityContext,
    events: {} as ActivityEvent,
    input: {} as ActivityInput,
  },
  actors: {
    readPage: fromPromise<PageOutcome, { readonly port: ActivityPort; readonly request: PageRequest }>(
      ({ input, signal }) => input.port.readPage(input.request, signal),
    ),
    readMembers: fromPromise<
      ReadonlyArray<ActivityMember>,
      { readonly port: ActivityPort; readonly budgetId: string }
    >(({ input, signal }) => input.port.readMembers(input.budgetId, signal)),
  },
  guards: {
    pageRead: (_, params: { outcome: PageOutcome }) => params.outcome.ok,
    hasOlder: ({ context }) => context.nextBefore !== null,
  },
  actions: {
    chooseActor: assign((_, params: { actor: UserId | null }) => ({
      actor: params.actor,
      entries: [],
      nextBefore: null,
      failure: null,
    })),
    takeFirst: assign((_, params: { outcome: PageOutcome }) =>
      params.outcome.ok
        ? { entries: params.outcome.page.items, nextBefore: params.outcome.page.nextBefore, failure: null }
        : {},
    ),
    takeOlder: assign(({ context }, params: { outcome: PageOutcome }) =>
      params.outcome.ok
        ? {
            entries: [...context.entries, ...params.outcome.page.items],
            nextBefore: params.outcome.page.nextBefore,
            failure: null,
          }
        : {},
    ),
    rememberFailure: assign((_, params: { outcome: PageOutcome | null }) => ({
      failure: params.outcome === null || params.outcome.ok ? FAILED : params.outcome.error,
    })),
    takeMembers: assign((_, params: { members: ReadonlyArray<ActivityMember> }) => ({
      members: params.members,
    })),
  },
}).createMachine({
  id: 'activity',
  context: ({ input }) => ({
    ...input,
    actor: null,
    entries: [],
    nextBefore: null,
    members: [],
    failure: null,
  }),
  type: 'parallel',
  states: {
    // The members' names: read once; the feed does without them when they cannot be read.
    members: {
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            src: 'readMembers',
            input: ({ context }) => ({ port: context.port, budgetId: context.budgetId }),
            onDone: {
              target: 'known',
              actions: { type: 'takeMembers', params: ({ event }) => ({ members: event.output }) },
            },
            onError: { target: 'known' },
          },
        },
        known: {},
      },
    },
    feed: {
      initial: 'loading',
      on: {
        'activity.filter': {
          target: '.loading',
          actions: { type: 'chooseActor', params: ({ event }) => ({ actor: event.actor }) },
        },
      },
      states: {
        // The newest page (of the chosen person's entries).
        loading: {
          invoke: {
            src: 'readPage',
            input: ({ context }) => ({
              port: context.port,
              request: { budgetId: context.budgetId, actor: context.actor, before: null },
            }),
            onDone: [
              {
                guard: { type: 'pageRead', params: ({ event }) => ({ outcome: event.output }) },
                target: 'ready',
                actions: { type: 'takeFirst', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                target: 'failed',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ outcome: event.output }) },
              },
            ],
            onError: { target: 'failed', actions: { type: 'rememberFailure', params: { outcome: null } } },
          },
        },
        // Nothing could be shown; the person may try again.
        failed: {
          on: { 'activity.retry': { target: 'loading' } },
        },
        // The entries read so far (maybe none).
        ready: {
          on: { 'activity.more': { guard: 'hasOlder', target: 'loadingMore' } },
        },
        // The next older page; what is shown stays.
        loadingMore: {
          invoke: {
            src: 'readPage',
            input: ({ context }) => ({
              port: context.port,
              request: { budgetId: context.budgetId, actor: context.actor, before: context.nextBefore },
            }),
            onDone: [
              {
                guard: { type: 'pageRead', params: ({ event }) => ({ outcome: event.output }) },
                target: 'ready',
                actions: { type: 'takeOlder', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                target: 'moreFailed',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ outcome: event.output }) },
              },
            ],
            onError: {
              target: 'moreFailed',
              actions: { type: 'rememberFailure', params: { outcome: null } },
            },
          },
        },
        // The older page could not be read: the shown entries stay, "Pokaż starsze" tries again.
        moreFailed: {
          on: { 'activity.more': { target: 'loadingMore' } },
        },
      },
    },
  },
})
