import type { SnapshotFrom } from 'xstate'
import { fromCallback, type Subscribable } from 'xstate'
import { incomeDestinationOf } from '../../../domain/state.ts'
import type { TransactionId } from '../../../schemas/ids.ts'
import type { budgetMachine } from '../../openBudget/budget.machine.ts'
import {
  type BudgetMachineEvent,
  selectAccounts,
  selectPayees,
  selectTransactionsLoadState,
} from '../../openBudget/index.ts'
import { selectTrackingAccountIds } from '../../openBudget/selectors/accounts.ts'
import { selectTransactionById } from '../../openBudget/selectors/transactions.ts'
import { type BudgetSeen, sameSeen } from './transactionEditor.lifecycle.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

/** The open budget as the editor reads it: its snapshots, and the one request it makes (the transactions). */
export type BudgetSource = Subscribable<BudgetSnapshot> & {
  getSnapshot(): BudgetSnapshot
  send(event: BudgetMachineEvent): void
}

export type WatchBudgetInput = {
  readonly source: BudgetSource
  readonly transactionId: TransactionId | undefined
}

/** What the editor needs from one budget snapshot (pure). */
export const budgetSeen = (
  snapshot: BudgetSnapshot,
  transactionId: TransactionId | undefined,
): BudgetSeen => {
  const active = selectAccounts(snapshot).filter(({ account }) => account.state === 'Active')
  return {
    type: 'editor.budgetChanged',
    loadState: selectTransactionsLoadState(snapshot),
    transaction: selectTransactionById(snapshot, transactionId),
    payees: selectPayees(snapshot),
    onlyActiveAccount: active.length === 1 ? (active[0]?.account.id ?? null) : null,
    incomeDestination: incomeDestinationOf(snapshot.context.state)?.id ?? null,
    trackingAccounts: selectTrackingAccountIds(snapshot),
  }
}

/**
 * Asks the budget for its transactions (it opens from its summary) and reports what the editor reads from it: now,
 * and again whenever that changes, for as long as the editor is open.
 */
export const watchBudget = fromCallback<BudgetSeen, WatchBudgetInput>(({ input, sendBack }) => {
  const { source, transactionId } = input
  source.send({ type: 'budget.needTransactions' })
  let last = budgetSeen(source.getSnapshot(), transactionId)
  sendBack(last)
  const subscription = source.subscribe((snapshot) => {
    const seen = budgetSeen(snapshot, transactionId)
    if (sameSeen(seen, last)) return
    last = seen
    sendBack(seen)
  })
  return () => subscription.unsubscribe()
})
