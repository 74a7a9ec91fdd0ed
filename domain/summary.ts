import * as HashMap from 'effect/HashMap'
import type { Transaction } from '../schemas/budget.ts'
import type { BudgetCommand, ImportItem } from '../schemas/budgetCommands.ts'
import type { BudgetEvent } from '../schemas/budgetEvents.ts'
import type { BankAccountId, TransactionId, TransferId } from '../schemas/ids.ts'
import { absurd } from './absurd.ts'
import type { BudgetState, TransferLink } from './state.ts'

// A summary is a BudgetState without its transactions and transfers (what `GET …/state?part=summary` serves, and
// what the server keeps per budget): every aggregate, the structure, targets, records and undo are whole, so the
// month view is exact and the assignment and structure commands decide exactly as on the full state. Transactions
// a holder adds or loads afterwards sit in it too; evolve keeps the aggregates exact either way.

/** The state without its transactions and transfers. */
export const summaryOf = (state: BudgetState): BudgetState =>
  HashMap.size(state.transactions) === 0 && HashMap.size(state.transfers) === 0
    ? state
    : { ...state, transactions: HashMap.empty(), transfers: HashMap.empty() }

/** Commands whose decision reads existing transactions (find the one edited, scan the cleared ones). */
export const decidesOnTransactions = (command: Pick<BudgetCommand, '_tag'>): boolean =>
  command._tag === 'EditTransaction' ||
  command._tag === 'DeleteTransaction' ||
  command._tag === 'ReconcileAccount'

/**
 * The stored transactions a summary must be given before it decides some commands exactly as the full state
 * would: these ids (a transfer side brings its counterpart), the sides of these transfers, and every cleared,
 * unreconciled transaction of these accounts. New ids are asked for too, so a summary refuses an id that exists.
 */
export interface TransactionsNeeded {
  readonly ids: ReadonlySet<TransactionId>
  readonly transferIds: ReadonlySet<TransferId>
  readonly clearedOf: ReadonlySet<BankAccountId>
}

/** What deciding these commands, one after another, needs loaded into a summary. */
export const transactionsNeeded = (
  commands: Iterable<BudgetCommand | ImportItem>,
  state?: Pick<BudgetState, 'imports'>,
): TransactionsNeeded => {
  const ids = new Set<TransactionId>()
  const transferIds = new Set<TransferId>()
  const clearedOf = new Set<BankAccountId>()
  for (const command of commands) {
    switch (command._tag) {
      case 'AddTransaction':
      case 'EditTransaction':
      case 'DeleteTransaction':
        ids.add(command.transactionId)
        break
      case 'AddTransfer':
        ids.add(command.outflowTransactionId)
        ids.add(command.inflowTransactionId)
        transferIds.add(command.transferId)
        break
      case 'ImportTransactions': {
        const items = transactionsNeeded(command.items)
        for (const id of items.ids) ids.add(id)
        for (const id of items.transferIds) transferIds.add(id)
        for (const id of command.file?.replaces ?? []) ids.add(id)
        break
      }
      case 'UndoImport': {
        // Its transactions leave the aggregates: evolve needs them (the import's record lists them).
        const record = state?.imports.get(command.importId)
        for (const id of record?.transactionIds ?? []) ids.add(id)
        break
      }
      case 'ConfirmOccurrence':
        // Adds a transaction (or a transfer): its new ids, as for AddTransaction and AddTransfer.
        ids.add(command.transactionId)
        if (command.transfer !== undefined) {
          ids.add(command.transfer.inflowTransactionId)
          transferIds.add(command.transfer.transferId)
        }
        break
      case 'RecordLoanActivity':
        // An overpayment paid from elsewhere adds a transaction to the loan's account: its new id.
        if (command.adjustmentTransactionId !== undefined) ids.add(command.adjustmentTransactionId)
        break
      case 'PayLoanInstallment':
        // Adds a transfer and a transaction: their new ids, as for AddTransfer and AddTransaction.
        ids.add(command.outflowTransactionId)
        ids.add(command.inflowTransactionId)
        ids.add(command.interestTransactionId)
        transferIds.add(command.transferId)
        break
      case 'OverpayLoan':
        ids.add(command.outflowTransactionId)
        ids.add(command.inflowTransactionId)
        transferIds.add(command.transferId)
        break
      case 'ReconcileAccount':
        ids.add(command.adjustmentTransactionId)
        clearedOf.add(command.bankAccountId)
        break
      case 'ImportBudget':
        // Only into an empty budget, which has no transactions for its commands to read or collide with.
        break
      case 'CreateBudget':
      case 'CreateIncomeDestination':
      case 'RenameBudget':
      case 'ChangeCurrency':
      case 'ResetBudget':
      case 'DeleteBudget':
      case 'CreateCategoryGroup':
      case 'RenameCategoryGroup':
      case 'ReorderCategoryGroups':
      case 'SetCategoryGroupHidden':
      case 'DeleteCategoryGroup':
      case 'CreateCategory':
      case 'RenameCategory':
      case 'ReorderCategories':
      case 'SetCategoryHidden':
      case 'SetCategorySpendingClass':
      case 'DeleteCategory':
      case 'OpenBankAccount':
      case 'RenameBankAccount':
      case 'CloseBankAccount':
      case 'SetAssigned':
      case 'MoveMoney':
      case 'CoverOverspending':
      case 'AutoAssign':
      case 'UndoLastAssignment':
      case 'SetTarget':
      case 'RemoveTarget':
      case 'SaveFilter':
      case 'DeleteFilter':
      case 'CreateTemplate':
      case 'EditTemplate':
      case 'DeleteTemplate':
      case 'SkipOccurrence':
      case 'SkipOccurrencesThrough':
      case 'SetDraftHorizon':
      case 'CreateLoan':
      case 'CloseLoan':
        // Decided on the structure and aggregates a summary holds whole.
        break
      default:
        return absurd(command)
    }
  }
  return { ids, transferIds, clearedOf }
}

export const needsNothing = (needed: TransactionsNeeded): boolean =>
  needed.ids.size === 0 && needed.transferIds.size === 0 && needed.clearedOf.size === 0

/** The links of the transfers whose two sides are among these transactions. */
export const transferLinksOf = (transactions: Iterable<Transaction>): Map<TransferId, TransferLink> => {
  const sides = new Map<TransferId, { outflow?: TransactionId; inflow?: TransactionId }>()
  for (const transaction of transactions) {
    if (transaction.transferId === null) continue
    const link = sides.get(transaction.transferId) ?? {}
    // A transfer's outflow side always carries the negative amount (decide-money: addTransfer, editTransferSide).
    if (transaction.value < 0) link.outflow = transaction.id
    else link.inflow = transaction.id
    sides.set(transaction.transferId, link)
  }
  const links = new Map<TransferId, TransferLink>()
  for (const [transferId, { outflow, inflow }] of sides) {
    if (outflow !== undefined && inflow !== undefined)
      links.set(transferId, { outflowTransactionId: outflow, inflowTransactionId: inflow })
  }
  return links
}

/**
 * The summary holding these stored transactions as well, with the links of the transfers they are sides of.
 * Their money is in the aggregates already: only the maps change. A transfer's two sides come together.
 */
export const withTransactions = (state: BudgetState, stored: readonly Transaction[]): BudgetState => {
  if (stored.length === 0) return state
  let transactions = state.transactions
  for (const transaction of stored) transactions = HashMap.set(transactions, transaction.id, transaction)
  let transfers = state.transfers
  for (const [transferId, link] of transferLinksOf(stored))
    transfers = HashMap.set(transfers, transferId, link)
  return { ...state, transactions, transfers }
}

/**
 * Whether evolve folds this event exactly into a summary: an edit or delete takes the old version out of the
 * aggregates, so the old version must be in the state. (Reconciliation only flags transactions; a summary lacks
 * the flags of transactions it lacks anyway.)
 */
export const foldsIntoSummary = (state: BudgetState, event: BudgetEvent): boolean =>
  foldsGiven((id) => HashMap.has(state.transactions, id), event)

/** The transactions an event adds (an import's inner events may edit them afterwards). */
const addedBy = (event: BudgetEvent): ReadonlyArray<Transaction> => {
  switch (event._tag) {
    case 'TransactionAdded':
      return [event.transaction]
    case 'TransferAdded':
      return [event.outflow, event.inflow]
    case 'TransactionsImported':
      return event.transactions
    default:
      return []
  }
}

const foldsGiven = (held: (id: TransactionId) => boolean, event: BudgetEvent): boolean => {
  const holds = (...ids: ReadonlyArray<TransactionId>) => ids.every(held)
  switch (event._tag) {
    case 'BudgetImported': {
      // Its events fold in turn: an edit may touch a transaction an earlier one of them added.
      const added = new Set<TransactionId>()
      const heldOrAdded = (id: TransactionId) => added.has(id) || held(id)
      for (const inner of event.events) {
        if (!foldsGiven(heldOrAdded, inner)) return false
        for (const transaction of addedBy(inner)) added.add(transaction.id)
      }
      return true
    }
    case 'TransactionEdited':
      return holds(event.transaction.id)
    case 'TransactionDeleted':
      return holds(event.transactionId)
    // An import that made transactions into transfer sides takes them out first.
    case 'TransactionsImported':
      return holds(...(event.source?.replaced ?? []).map(({ id }) => id))
    case 'ImportUndone':
      return holds(...event.transactionIds)
    case 'TransferEdited':
      return holds(event.outflow.id, event.inflow.id)
    case 'TransferDeleted':
      return holds(event.outflowTransactionId, event.inflowTransactionId)
    // Additions bring their transactions; reconciling only flags them (a summary lacks the flags of the ones it
    // lacks anyway); the rest never read a transaction.
    case 'TransactionAdded':
    case 'TransferAdded':
    case 'AccountReconciled':
    case 'BudgetCreated':
    case 'BudgetRenamed':
    case 'CurrencyChanged':
    case 'BudgetReset':
    case 'BudgetDeleted':
    case 'IncomeDestinationCreated':
    case 'CategoryGroupCreated':
    case 'CategoryGroupRenamed':
    case 'CategoryGroupsReordered':
    case 'CategoryGroupHiddenChanged':
    case 'CategoryGroupDeleted':
    case 'CategoryCreated':
    case 'CategoryRenamed':
    case 'CategoriesReordered':
    case 'CategoryHiddenChanged':
    case 'CategorySpendingClassChanged':
    case 'CategoryDeleted':
    case 'BankAccountOpened':
    case 'BankAccountRenamed':
    case 'BankAccountClosed':
    case 'AssignedSet':
    case 'MoneyMoved':
    case 'OverspendingCovered':
    case 'AutoAssigned':
    case 'AssignmentUndone':
    case 'TargetSet':
    case 'TargetRemoved':
    case 'FilterSaved':
    case 'FilterDeleted':
    case 'TemplateCreated':
    case 'TemplateEdited':
    case 'TemplateDeleted':
    case 'OccurrenceCompleted':
    case 'OccurrencesSkippedThrough':
    case 'DraftHorizonSet':
    case 'LoanCreated':
    case 'LoanActivityRecorded':
    case 'LoanClosed':
      return true
    default:
      return absurd(event)
  }
}
