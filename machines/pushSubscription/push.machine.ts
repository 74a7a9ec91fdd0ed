import { assign, fromPromise, setup } from 'xstate'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import type { EnableOutcome, PushPort, PushStatus } from './push.port.ts'

export type PushInput = { readonly port: PushPort }

export type PushContext = {
  readonly port: PushPort
  /** Why the last attempt did not subscribe (the person closed the prompt, or a step failed). */
  readonly problem: 'dismissed' | 'failed' | null
  readonly error: ApiErrorLike | null
}

export type PushEvent = { type: 'push.enable' }

const is =
  <S extends string>(expected: S) =>
  (_: unknown, params: { readonly value: string }) =>
    params.value === expected

export const pushMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as PushContext,
    events: {} as PushEvent,
    input: {} as PushInput,
  },
  actors: {
    readStatus: fromPromise<PushStatus, PushInput>(({ input, signal }) => input.port.status(signal)),
    enable: fromPromise<EnableOutcome, PushInput>(({ input, signal }) => input.port.enable(signal)),
  },
  guards: {
    isUnsupported: is('unsupported'),
    isDenied: is('denied'),
    isSubscribed: is('subscribed'),
    isDismissed: is('dismissed'),
  },
  actions: {
    noteProblem: assign((_, params: { outcome: EnableOutcome }) => ({
      problem: params.outcome.outcome === 'dismissed' ? ('dismissed' as const) : ('failed' as const),
      error: params.outcome.outcome === 'failed' ? params.outcome.error : null,
    })),
    clearProblem: assign({ problem: null, error: null }),
  },
}).createMachine({
  id: 'push',
  context: ({ input }) => ({ port: input.port, problem: null, error: null }),
  initial: 'checking',
  states: {
    // What the browser supports and allows, and whether it is already subscribed.
    checking: {
      invoke: {
        src: 'readStatus',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          {
            guard: { type: 'isUnsupported', params: ({ event }) => ({ value: event.output }) },
            target: 'unsupported',
          },
          { guard: { type: 'isDenied', params: ({ event }) => ({ value: event.output }) }, target: 'denied' },
          {
            guard: { type: 'isSubscribed', params: ({ event }) => ({ value: event.output }) },
            target: 'subscribed',
          },
          { target: 'available' },
        ],
        onError: { target: 'available' },
      },
    },
    // No Web Push here (an old browser, an iPhone outside the home screen): said plainly, no button.
    unsupported: {},
    // The person blocked notifications for this site: only the browser's settings can undo it.
    denied: {},
    // The button asks for permission and subscribes.
    available: {
      on: { 'push.enable': { target: 'enabling', actions: 'clearProblem' } },
    },
    // Permission prompt, VAPID key, PushManager.subscribe, POST to the server.
    enabling: {
      invoke: {
        src: 'enable',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          {
            guard: { type: 'isSubscribed', params: ({ event }) => ({ value: event.output.outcome }) },
            target: 'subscribed',
          },
          {
            guard: { type: 'isDenied', params: ({ event }) => ({ value: event.output.outcome }) },
            target: 'denied',
          },
          {
            guard: { type: 'isUnsupported', params: ({ event }) => ({ value: event.output.outcome }) },
            target: 'unsupported',
          },
          {
            target: 'available',
            actions: { type: 'noteProblem', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: {
          target: 'available',
          actions: { type: 'noteProblem', params: { outcome: { outcome: 'failed', error: {} } } },
        },
      },
    },
    // This browser receives push; subscribing again (e.g. after the server lost it) is allowed.
    subscribed: {
      on: { 'push.enable': { target: 'enabling', actions: 'clearProblem' } },
    },
  },
})
