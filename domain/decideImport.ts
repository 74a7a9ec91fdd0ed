import * as HashMap from 'effect/HashMap'
import * as Result from 'effect/Result'
import type { BudgetCommand, BudgetCommandOf } from '../schemas/budgetCommands.ts'
import type { BudgetEvent, ImportedEvent } from '../schemas/budgetEvents.ts'
import type { CategoryId, CommandId } from '../schemas/ids.ts'
import { type Decision, fail, liveBudget } from './decision.ts'
import { evolve } from './evolve.ts'
import { type BudgetState, closeForChanges, isSystemCategory, openForChanges } from './state.ts'

// A whole budget imported into an empty one (issue 28 §3; README "Imports of whole budgets").

/** No accounts (so no transactions), no money in any category and no assignment ever recorded. */
export const isEmptyBudget = (state: BudgetState): boolean =>
  state.accounts.size === 0 &&
  state.transactionCount === 0 &&
  HashMap.size(state.categoryMonths) === 0 &&
  state.recordsByPeriod.size === 0

const importedTags: ReadonlySet<BudgetEvent['_tag']> = new Set<ImportedEvent['_tag']>([
  'BudgetRenamed',
  'CurrencyChanged',
  'IncomeDestinationCreated',
  'CategoryGroupCreated',
  'CategoryGroupRenamed',
  'CategoryGroupsReordered',
  'CategoryGroupHiddenChanged',
  'CategoryGroupDeleted',
  'CategoryCreated',
  'CategoryRenamed',
  'CategoriesReordered',
  'CategoryHiddenChanged',
  'CategorySpendingClassChanged',
  'CategoryDeleted',
  'BankAccountOpened',
  'BankAccountRenamed',
  'BankAccountClosed',
  'TransactionAdded',
  'TransactionEdited',
  'TransactionDeleted',
  'TransferAdded',
  'TransferEdited',
  'TransferDeleted',
  'TransactionsImported',
  'AccountReconciled',
  'AssignedSet',
  'MoneyMoved',
  'OverspendingCovered',
  'AutoAssigned',
  'AssignmentUndone',
  'TargetSet',
  'TargetRemoved',
  'FilterSaved',
  'FilterDeleted',
  'TemplateCreated',
  'OccurrenceCompleted',
  'OccurrencesSkippedThrough',
  'DraftHorizonSet',
  'LoanCreated',
  'LoanActivityRecorded',
  'LoanClosed',
])

const isImportedEvent = (event: BudgetEvent): event is ImportedEvent => importedTags.has(event._tag)

/**
 * What the budget held before the import that the import replaces: its own groups and categories (a starter set,
 * categories made by hand) with their targets, and its saved filters. The system group, Uncategorized and the income
 * destination stay; the imported commands map into them.
 */
const clearStructure = (state: BudgetState, uncategorizedId: CategoryId) => {
  const events: ImportedEvent[] = []
  const uncategorized = state.categories.get(uncategorizedId)
  const systemGroupId = uncategorized?.categoryGroupId
  const byPosition = <T extends { readonly position: number; readonly id: string }>(a: T, b: T) =>
    a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const categories = [...state.categories.values()].sort(byPosition)
  for (const category of categories) {
    if (isSystemCategory(category)) {
      const target = state.targets.get(category.id)
      if (target) events.push({ _tag: 'TargetRemoved', targetId: target.id, categoryId: category.id })
      continue
    }
    if (uncategorized === undefined) continue
    events.push({ _tag: 'CategoryDeleted', categoryId: category.id, movedToCategoryId: uncategorized.id })
  }
  for (const group of [...state.groups.values()].sort(byPosition)) {
    if (group.id !== systemGroupId) events.push({ _tag: 'CategoryGroupDeleted', categoryGroupId: group.id })
  }
  for (const filterId of [...state.filters.keys()].sort()) events.push({ _tag: 'FilterDeleted', filterId })
  return events
}

/**
 * Runs every imported command through `decide` on the state its predecessors left, each as its own command
 * (`<commandId>/<n>`, the import's time and actor), all or nothing: the first refusal refuses the import. The
 * events become one BudgetImported. Refused unless the budget is empty (`isEmptyBudget`). `decide` is the
 * decision without the bound on totals: the import's decision is bounded once, as a whole (domain/decide.ts).
 */
export const importBudget = (
  command: BudgetCommandOf<'ImportBudget'>,
  state: BudgetState,
  decide: (command: BudgetCommand, state: BudgetState) => Decision,
): Decision => {
  const budget = liveBudget(state)
  if (Result.isFailure(budget)) return Result.fail(budget.failure)
  if (!isEmptyBudget(state)) return fail('BudgetNotEmpty', {})
  const events = clearStructure(state, budget.success.uncategorizedCategoryId)
  // The budget is empty, so its big maps are too: the import evolves fresh ones, open for changes in place, and
  // never the maps of `state` (which the caller may hold open for its own write).
  let inner = openForChanges({
    ...state,
    transactions: HashMap.empty(),
    transfers: HashMap.empty(),
    categoryMonths: HashMap.empty(),
    accountMonths: HashMap.empty(),
    accountTotals: new Map(),
  })
  try {
    for (const event of events) inner = evolve(inner, event)
    for (const [index, draft] of command.commands.entries()) {
      const stamped: BudgetCommand = {
        ...draft,
        // Derived, as assignment record ids are: the import's own id, checked when it was made, plus a number.
        commandId: `${command.commandId}/${index}` as CommandId,
        at: command.at,
        userId: command.userId,
      }
      const decision = decide(stamped, inner)
      if (Result.isFailure(decision)) return decision
      for (const event of decision.success) {
        // Only budget-level commands make other events, and ImportableCommandDraft holds none of them.
        if (!isImportedEvent(event)) throw new Error(`an imported command made ${event._tag}`)
        inner = evolve(inner, event)
        events.push(event)
      }
    }
  } finally {
    closeForChanges(inner)
  }
  if (events.length === 0) return Result.succeed([])
  return Result.succeed([{ _tag: 'BudgetImported', source: command.source, events }])
}
