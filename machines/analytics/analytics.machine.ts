import { assign, setup } from 'xstate'
import { type SendBatchOutput, sendBatch } from './analytics.actors.ts'
import {
  type AnalyticsEvent,
  type AnalyticsEventName,
  type AnalyticsPort,
  type AnalyticsProps,
  MAX_BATCH_SIZE,
} from './analytics.events.ts'

/** SPEC §7: the queue drains every 3 seconds. */
export const DRAIN_INTERVAL_MS = 3000
/** Bounded so an offline session cannot grow memory without limit; the oldest events go first. */
export const MAX_QUEUED_EVENTS = 500

export type QueuedAnalyticsEvent = { readonly seq: number; readonly event: AnalyticsEvent }

export type AnalyticsContext = {
  readonly port: AnalyticsPort
  readonly queue: ReadonlyArray<QueuedAnalyticsEvent>
  readonly nextSeq: number
  /** Sequence numbers of the batch on the wire; only these leave the queue on success. */
  readonly inFlight: ReadonlyArray<number>
}

export type AnalyticsTrack = {
  type: 'analytics.track'
  name: AnalyticsEventName
  props?: AnalyticsProps
}
export type AnalyticsMachineEvent = AnalyticsTrack

export type AnalyticsInput = { readonly port: AnalyticsPort }

const enqueue = (context: AnalyticsContext, event: AnalyticsTrack) => {
  const queued: QueuedAnalyticsEvent = {
    seq: context.nextSeq,
    event: {
      name: event.name,
      occurredAt: new Date(context.port.now()).toISOString(),
      ...(event.props === undefined ? {} : { props: event.props }),
    },
  }
  return {
    queue: [...context.queue, queued].slice(-MAX_QUEUED_EVENTS),
    nextSeq: context.nextSeq + 1,
  }
}

export const analyticsMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as AnalyticsContext,
    events: {} as AnalyticsMachineEvent,
    input: {} as AnalyticsInput,
  },
  actors: { sendBatch },
  delays: { drainInterval: DRAIN_INTERVAL_MS },
  guards: {
    hasQueuedEvents: ({ context }) => context.queue.length > 0,
    batchWasSent: (_, params: { outcome: SendBatchOutput['outcome'] }) => params.outcome === 'sent',
  },
  actions: {
    enqueueEvent: assign(({ context, event }) => enqueue(context, event)),
    markBatchInFlight: assign({
      inFlight: ({ context }) => context.queue.slice(0, MAX_BATCH_SIZE).map((item) => item.seq),
    }),
    removeSentEvents: assign(({ context }) => {
      const sent = new Set(context.inFlight)
      return { queue: context.queue.filter((item) => !sent.has(item.seq)), inFlight: [] }
    }),
    releaseInFlight: assign({ inFlight: [] }),
  },
}).createMachine({
  id: 'analytics',
  context: ({ input }) => ({ port: input.port, queue: [], nextSeq: 0, inFlight: [] }),
  initial: 'idle',
  on: {
    'analytics.track': { actions: 'enqueueEvent' },
  },
  states: {
    // Nothing queued: no timer runs, so an idle app wakes nobody.
    idle: {
      on: {
        'analytics.track': { target: 'waiting', actions: 'enqueueEvent' },
      },
    },
    // Something queued (only ever entered with a non-empty queue): wait for the next drain tick.
    waiting: {
      after: {
        drainInterval: 'sending',
      },
    },
    // A send finished: keep ticking while anything is left, otherwise go quiet.
    settling: {
      always: [{ guard: 'hasQueuedEvents', target: 'waiting' }, { target: 'idle' }],
    },
    // A batch is on the wire; new events keep queueing behind it.
    sending: {
      entry: 'markBatchInFlight',
      invoke: {
        id: 'sendBatch',
        src: 'sendBatch',
        input: ({ context }) => ({
          port: context.port,
          batch: context.queue.slice(0, MAX_BATCH_SIZE).map((item) => item.event),
        }),
        onDone: [
          {
            guard: { type: 'batchWasSent', params: ({ event }) => ({ outcome: event.output.outcome }) },
            target: 'settling',
            actions: 'removeSentEvents',
          },
          { target: 'settling', actions: 'releaseInFlight' },
        ],
        // sendBatch reports failures as values; a throw here is a bug, but the events are still kept.
        onError: { target: 'settling', actions: 'releaseInFlight' },
      },
    },
  },
})
