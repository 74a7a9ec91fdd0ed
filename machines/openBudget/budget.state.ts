import { replay } from '../../domain/evolve.ts'
import type { BudgetState } from '../../domain/state.ts'
import type { SequencedEvent } from './budget.port.ts'

/** For port implementations that read the whole stream (`GET …/events?after=0`): the state and its version. */
export const stateFromEvents = (
  events: ReadonlyArray<SequencedEvent>,
): { readonly state: BudgetState; readonly version: number } => ({
  state: replay(events.map((item) => item.event)),
  version: events.reduce((last, item) => Math.max(last, item.seq), 0),
})
