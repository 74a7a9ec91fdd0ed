export type { EventsReceived, SendCommandInput, SendCommandOutput } from './budget.actors.ts'
export { budgetEvents, loadBudget, sendCommand } from './budget.actors.ts'
export { applyAll, stamp } from './budget.commands.ts'
export type {
  BudgetContext,
  BudgetInput,
  BudgetMachineEvent,
  CategoryMonthRef,
  KnownAccess,
} from './budget.machine.ts'
export {
  budgetMachine,
  PRESENCE_SYSTEM_ID,
  SEND_RETRY_MS,
  STALE_VERSION_MESSAGE_KEY,
} from './budget.machine.ts'
export type {
  AccessOutcome,
  BudgetAccessInfo,
  BudgetPort,
  LoadOutcome,
  SendOptions,
  SendOutcome,
  SequencedEvent,
} from './budget.port.ts'
export type {
  BudgetCommandRequest,
  CommandApplied,
  CommandDraft,
  CommandRefusal,
  CommandRefused,
  CommandReply,
} from './budget.protocol.ts'
export { budgetErrorMessageKey, refusalMessageKey } from './budget.protocol.ts'
export type { AccountWithBalance, BudgetLoadState, GroupWithCategories } from './budget.selectors.ts'
export {
  selectAccounts,
  selectAssignmentRecords,
  selectBalancesTotal,
  selectBudget,
  selectCanUndoAssignment,
  selectCategoryMonth,
  selectGroups,
  selectHasPendingWrites,
  selectIsOffline,
  selectLoadError,
  selectLoadState,
  selectMonthView,
  selectPayees,
  selectReadyToAssign,
  selectSavedFilters,
  selectShownPeriod,
  selectTransactions,
  selectTransactionsLoaded,
  selectTransactionsLoadState,
  selectVersion,
} from './budget.selectors.ts'
export { stateFromEvents } from './budget.state.ts'
export type { CategoryMonthEvent, CategoryMonthInput, CategoryMonthOutcome } from './categoryMonth.machine.ts'
export {
  categoryMonthMachine,
  selectCategoryMonthFailed,
  selectCategoryMonthRows,
} from './categoryMonth.machine.ts'
export type { BudgetPermissions, ReadOnlyReason } from './selectors/access.ts'
export { permissionsOf, selectCanEdit, selectPermissions } from './selectors/access.ts'
export type { AheadAnswer, ReadSummary, SummaryAheadRef } from './summaryAhead.machine.ts'
export { summaryAheadMachine, takeSummaryAhead } from './summaryAhead.machine.ts'
