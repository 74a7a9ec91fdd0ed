export type {
  MoveTransactionsFields,
  MoveTransactionsProps,
  MoveTransactionsValue,
} from './moveTransactions.machine.ts'
export { checkMoveTransactions, moveTransactionsMachine } from './moveTransactions.machine.ts'
export { movableCounts, moveTransactionsTargets } from './moveTransactions.selectors.ts'
