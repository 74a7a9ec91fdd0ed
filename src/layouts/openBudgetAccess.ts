import { useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import { type OpenBudgetRef, selectOpenBudget } from '../../machines/app/index.ts'
import type { budgetMachine } from '../../machines/openBudget/budget.machine.ts'
import { type BudgetPermissions, selectPermissions } from '../../machines/openBudget/selectors/access.ts'
import type { PresenceRef } from '../../machines/presence/presence.selectors.ts'
import { useAppActor } from '../app/AppActor.tsx'

// The shell (header, banner) sits above the routes' <OpenBudget>: it reaches the open budget through the app actor,
// and only while the address is one of that budget's. Paths straight to the selector files: the shell's chunk must
// not pull the budget's machine in.

/** The id of the read-only banner's text: every disabled editing control points at it (aria-describedby). */
export const READ_ONLY_REASON_ID = 'budget-read-only-reason'

/** The budget the address names (`$budgetId` on both route sets), or undefined off a budget's screens. */
export const useRouteBudgetId = (): string | undefined =>
  useRouterState({
    select: (state) => {
      // The deepest match carries every param of the address; not every route has a budget.
      const params: Record<string, unknown> = state.matches.at(-1)?.params ?? {}
      return typeof params.budgetId === 'string' ? params.budgetId : undefined
    },
  })

/** The open budget's actor when the address shows that budget. */
export const useShownBudget = (): OpenBudgetRef | undefined => {
  const budget = useSelector(useAppActor(), selectOpenBudget)
  const budgetId = useRouteBudgetId()
  return budget !== null && budgetId !== undefined && budget.getSnapshot().context.budgetId === budgetId
    ? budget
    : undefined
}

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

const selectMaybePermissions = (snapshot: BudgetSnapshot | undefined): BudgetPermissions | null =>
  snapshot === undefined ? null : selectPermissions(snapshot)

/**
 * A budget that was shown and is no longer the caller's (removed, left elsewhere, deleted). One never read (a
 * stranger's, a mistyped address) is not "gone": its route says it does not exist.
 */
const selectGone = (snapshot: BudgetSnapshot | undefined): boolean =>
  snapshot !== undefined &&
  snapshot.context.version > 0 &&
  selectPermissions(snapshot).readOnlyReason === 'notMember'

export const useShownBudgetGone = (): boolean => useSelector(useShownBudget(), selectGone)

/** What the caller may do in the budget on screen; null off a budget's screens. */
export const useShownBudgetPermissions = (): BudgetPermissions | null =>
  useSelector(useShownBudget(), selectMaybePermissions)

const selectPresence = (snapshot: BudgetSnapshot | undefined): PresenceRef | undefined =>
  // Who else is in a budget that is no longer the caller's is none of their business (and its last read is stale).
  snapshot === undefined || selectPermissions(snapshot).readOnlyReason === 'notMember'
    ? undefined
    : // xstate types invoked children loosely; the budget machine invokes presenceMachine as 'presence'.
      (snapshot.children.presence as PresenceRef | undefined)

/** The presence reader of the budget on screen (machines/presence), if any. */
export const useShownPresence = (): PresenceRef | undefined => useSelector(useShownBudget(), selectPresence)
