import * as Result from 'effect/Result'
import type { BudgetCommand } from '../schemas/budgetCommands.ts'
import { absurd } from './absurd.ts'
import { stampAuthor } from './authorship.ts'
import { withinBounds } from './bounds.ts'
import * as assignments from './decideAssignments.ts'
import { importBudget } from './decideImport.ts'
import * as loans from './decideLoans.ts'
import * as money from './decideMoney.ts'
import * as structure from './decideStructure.ts'
import * as templates from './decideTemplates.ts'
import { type Decision, fail } from './decision.ts'
import { UnsafeAmount } from './monthView.ts'
import type { BudgetState } from './state.ts'

export type { Decision } from './decision.ts'

/**
 * Pure: the events a command produces in this state, or the domain error that refuses it. Whatever the command, a
 * decision that would take the budget's totals past their bound is refused (domain/bounds.ts).
 */
export const decide = (command: BudgetCommand, state: BudgetState): Decision => {
  try {
    const decision = decideCommand(command, state)
    // The author goes on every transaction version the command writes (domain/authorship.ts).
    const authored = Result.isSuccess(decision)
      ? Result.succeed(stampAuthor(decision.success, command.userId))
      : decision
    return withinBounds(state, authored)
  } catch (error) {
    // Only a budget stored before the bound can hold a total beyond the safe integers: refused like a new one.
    if (error instanceof UnsafeAmount) return fail('BudgetTotalsTooLarge', {})
    throw error
  }
}

const decideCommand = (command: BudgetCommand, state: BudgetState): Decision => {
  switch (command._tag) {
    case 'CreateBudget':
      return structure.createBudget(command, state)
    case 'CreateIncomeDestination':
      return structure.createIncomeDestination(command, state)
    case 'RenameBudget':
      return structure.renameBudget(command, state)
    case 'ChangeCurrency':
      return structure.changeCurrency(command, state)
    case 'ResetBudget':
      return structure.resetBudget(command, state)
    case 'DeleteBudget':
      return structure.deleteBudget(command, state)
    case 'CreateCategoryGroup':
      return structure.createCategoryGroup(command, state)
    case 'RenameCategoryGroup':
      return structure.renameCategoryGroup(command, state)
    case 'ReorderCategoryGroups':
      return structure.reorderCategoryGroups(command, state)
    case 'SetCategoryGroupHidden':
      return structure.setCategoryGroupHidden(command, state)
    case 'DeleteCategoryGroup':
      return structure.deleteCategoryGroup(command, state)
    case 'CreateCategory':
      return structure.createCategory(command, state)
    case 'RenameCategory':
      return structure.renameCategory(command, state)
    case 'ReorderCategories':
      return structure.reorderCategories(command, state)
    case 'SetCategoryHidden':
      return structure.setCategoryHidden(command, state)
    case 'SetCategorySpendingClass':
      return structure.setCategorySpendingClass(command, state)
    case 'DeleteCategory':
      return structure.deleteCategory(command, state)
    case 'SetTarget':
      return structure.setTarget(command, state)
    case 'RemoveTarget':
      return structure.removeTarget(command, state)
    case 'SaveFilter':
      return structure.saveFilter(command, state)
    case 'DeleteFilter':
      return structure.deleteFilter(command, state)
    case 'OpenBankAccount':
      return money.openBankAccount(command, state)
    case 'RenameBankAccount':
      return money.renameBankAccount(command, state)
    case 'CloseBankAccount':
      return money.closeBankAccount(command, state)
    case 'AddTransaction':
      return templates.addTransactionCompleting(command, state)
    case 'EditTransaction':
      return money.editTransaction(command, state)
    case 'DeleteTransaction':
      return money.deleteTransaction(command, state)
    case 'AddTransfer':
      return money.addTransfer(command, state)
    case 'ImportTransactions':
      return templates.importTransactionsCompleting(command, state)
    case 'UndoImport':
      return money.undoImport(command, state)
    case 'ReconcileAccount':
      return money.reconcileAccount(command, state)
    case 'SetAssigned':
      return assignments.setAssigned(command, state)
    case 'MoveMoney':
      return assignments.moveMoney(command, state)
    case 'CoverOverspending':
      return assignments.coverOverspending(command, state)
    case 'AutoAssign':
      return assignments.autoAssign(command, state)
    case 'UndoLastAssignment':
      return assignments.undoLastAssignment(command, state)
    case 'CreateTemplate':
      return templates.createTemplate(command, state)
    case 'EditTemplate':
      return templates.editTemplate(command, state)
    case 'DeleteTemplate':
      return templates.deleteTemplate(command, state)
    case 'ConfirmOccurrence':
      return templates.confirmOccurrence(command, state)
    case 'SkipOccurrence':
      return templates.skipOccurrence(command, state)
    case 'SkipOccurrencesThrough':
      return templates.skipOccurrencesThrough(command, state)
    case 'SetDraftHorizon':
      return templates.setDraftHorizon(command, state)
    case 'CreateLoan':
      return loans.createLoan(command, state)
    case 'RecordLoanActivity':
      return loans.recordLoanActivity(command, state)
    case 'CloseLoan':
      return loans.closeLoan(command, state)
    case 'PayLoanInstallment':
      return loans.payLoanInstallment(command, state)
    case 'OverpayLoan':
      return loans.overpayLoan(command, state)
    case 'ImportBudget':
      return importBudget(command, state, decideCommand)
    default:
      return absurd(command)
  }
}
