import { expect } from 'vitest'
import type { EventObject, Snapshot } from 'xstate'
import type { Step } from 'xstate/graph'
import type { Walk } from './tour.ts'

export { modelTour, tourEdges, type Walk } from './tour.ts'

/** How a model test drives a fresh harness (a real actor and its scripted surroundings) along one walk. */
export interface WalkReplay<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, THarness> {
  readonly start: () => THarness | Promise<THarness>
  readonly execute: (event: TEvent, harness: THarness) => unknown
  readonly serializeState: (snapshot: TSnapshot) => string
  /** What else must hold after each step: requests on the wire, events emitted… `before` is the prior state. */
  readonly afterStep?: (
    snapshot: TSnapshot,
    step: Step<TSnapshot, TEvent>,
    harness: THarness,
    before: TSnapshot,
  ) => void
  /** Stops what the harness runs besides its actor. */
  readonly stop?: (harness: THarness) => void
}

/**
 * Replays a walk against a fresh harness: it starts in the walk's initial state and, after every step, is in the
 * state the model reached.
 */
export const replayWalk = async <
  TSnapshot extends Snapshot<unknown>,
  TEvent extends EventObject,
  THarness extends { readonly actor: { getSnapshot(): TSnapshot; stop(): void } },
>(
  walk: Walk<TSnapshot, TEvent>,
  replay: WalkReplay<TSnapshot, TEvent, THarness>,
): Promise<void> => {
  const harness = await replay.start()
  try {
    expect(replay.serializeState(harness.actor.getSnapshot())).toBe(walk.from)
    for (const [index, step] of walk.steps.entries()) {
      const before = harness.actor.getSnapshot()
      await replay.execute(step.event, harness)
      const snapshot = harness.actor.getSnapshot()
      expect(replay.serializeState(snapshot), `step ${index}: ${JSON.stringify(step.event)}`).toBe(
        replay.serializeState(step.state),
      )
      replay.afterStep?.(snapshot, step, harness, before)
    }
  } finally {
    harness.actor.stop()
    replay.stop?.(harness)
  }
}
