export type { GateAnswers, GatePort } from './gate.port.ts'
export type { LoadAnswersOutput } from './subscriptionGate.actors.ts'
export { loadAnswers } from './subscriptionGate.actors.ts'
export type { GateContext, GateEvent, GateInput } from './subscriptionGate.machine.ts'
export { subscriptionGateMachine } from './subscriptionGate.machine.ts'
export type { GateVerdict } from './subscriptionGate.selectors.ts'
export { selectAppVerdict, selectBudgetVerdict, selectIsGateSettled } from './subscriptionGate.selectors.ts'

/** The gate actor's id in the actor system. */
export const SUBSCRIPTION_GATE_SYSTEM_ID = 'subscriptionGate'
