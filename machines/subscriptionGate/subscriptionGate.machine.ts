import { assign, setup } from 'xstate'
import type { GateAnswers, GatePort } from './gate.port.ts'
import { type LoadAnswersOutput, loadAnswers } from './subscriptionGate.actors.ts'

export type GateContext = {
  readonly port: GatePort
  /** Cached for the session: asked once, reused by every later navigation until reset. */
  readonly answers: GateAnswers | null
}

export type GateEvent =
  /** A guard wants the answers (loads them unless cached). */
  | { type: 'gate.check' }
  /** The signed-in user changed or signed out: forget the cached answers. */
  | { type: 'gate.reset' }

export type GateInput = { readonly port: GatePort }

export const subscriptionGateMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as GateContext,
    events: {} as GateEvent,
    input: {} as GateInput,
  },
  actors: { loadAnswers },
  guards: {
    loaded: (_, params: { output: LoadAnswersOutput }) => params.output.ok,
  },
  actions: {
    rememberAnswers: assign((_, params: { output: LoadAnswersOutput }) => ({
      answers: params.output.ok ? params.output.answers : null,
    })),
    forgetAnswers: assign({ answers: null }),
  },
}).createMachine({
  id: 'subscriptionGate',
  context: ({ input }) => ({ port: input.port, answers: null }),
  initial: 'unknown',
  on: {
    'gate.reset': { target: '.unknown', actions: 'forgetAnswers' },
  },
  states: {
    // Nothing asked yet for this session.
    unknown: {
      on: { 'gate.check': { target: 'loading' } },
    },
    // Profile and subscription are being fetched; guards wait.
    loading: {
      on: { 'gate.check': {} },
      invoke: {
        id: 'loadAnswers',
        src: 'loadAnswers',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          {
            guard: { type: 'loaded', params: ({ event }) => ({ output: event.output }) },
            target: 'decided',
            actions: { type: 'rememberAnswers', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'failed' },
        ],
      },
    },
    // Answers cached; further checks are answered without a request.
    decided: {
      on: { 'gate.check': {} },
    },
    // The answers could not be fetched; the next check asks again.
    failed: {
      on: { 'gate.check': { target: 'loading' } },
    },
  },
})
