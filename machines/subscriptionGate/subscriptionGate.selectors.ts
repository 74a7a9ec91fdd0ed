import type { SnapshotFrom } from 'xstate'
import type { subscriptionGateMachine } from './subscriptionGate.machine.ts'

type GateSnapshot = SnapshotFrom<typeof subscriptionGateMachine>

/** What a guard does next: wait, report a failure, sign out (SPEC §4 disabled user), or show the expired page. */
export type GateVerdict = 'pending' | 'failed' | 'signOut' | 'subscriptionExpired' | 'pass'

/** For routes outside budgets only the disabled-user check applies. */
export const selectAppVerdict = (snapshot: GateSnapshot): GateVerdict => {
  if (snapshot.matches('failed')) return 'failed'
  const answers = snapshot.context.answers
  if (!snapshot.matches('decided') || answers === null) return 'pending'
  return answers.userDisabled ? 'signOut' : 'pass'
}

/** SPEC §4: entering any budget route with an expired subscription leads to subscriptionExpired. */
export const selectBudgetVerdict = (snapshot: GateSnapshot): GateVerdict => {
  const verdict = selectAppVerdict(snapshot)
  if (verdict !== 'pass') return verdict
  return snapshot.context.answers?.subscriptionExpired === true ? 'subscriptionExpired' : 'pass'
}

export const selectIsGateSettled = (snapshot: GateSnapshot): boolean =>
  snapshot.matches('decided') || snapshot.matches('failed')
