import * as HashMap from 'effect/HashMap'
import * as Option from 'effect/Option'
import type { AssignmentRecord, AssignmentSource, Category, Transaction } from '../schemas/budget.ts'
import type { AssignmentChange, BudgetEvent, ImportSource } from '../schemas/budgetEvents.ts'
import type {
  AssignmentRecordId,
  BankAccountId,
  CategoryId,
  CommandId,
  TemplateId,
  TransactionId,
  TransferId,
  UserId,
} from '../schemas/ids.ts'
import type { Instant, IsoDate, Minor, PeriodKey } from '../schemas/money.ts'
import type { Completion } from '../schemas/templates.ts'
import { absurd } from './absurd.ts'
import { periodOfDate } from './period.ts'
import {
  type BudgetState,
  getIn,
  importKeyOf,
  initialState,
  type MonthAggregate,
  monthOf,
  monthsOf,
  setIn,
  setMonth,
  withEntry,
  withoutEntry,
} from './state.ts'

type Draft = { -readonly [K in keyof BudgetState]: BudgetState[K] }

const isEmptyMonth = (month: MonthAggregate) => month.assigned === 0 && month.activity === 0

/** Adds to one (category, month) aggregate, dropping rows that fall back to zero so rebuilds compare equal. */
const addToCategoryMonth = (
  draft: Draft,
  categoryId: CategoryId,
  period: PeriodKey,
  change: { assigned?: number; activity?: number },
) => {
  const current = monthOf(draft, categoryId, period)
  const next = {
    assigned: current.assigned + (change.assigned ?? 0),
    activity: current.activity + (change.activity ?? 0),
  }
  draft.categoryMonths = setMonth(
    draft.categoryMonths,
    categoryId,
    period,
    isEmptyMonth(next) ? undefined : next,
  )
}

const addToAccountMonth = (draft: Draft, accountId: BankAccountId, period: PeriodKey, amount: number) => {
  const next = (getIn(draft.accountMonths, accountId, period) ?? 0) + amount
  draft.accountMonths = setIn(draft.accountMonths, accountId, period, next === 0 ? undefined : next)
}

/** Puts a transaction's money into (sign 1) or takes it out of (sign -1) every aggregate it touches. */
const applyMoney = (draft: Draft, transaction: Transaction, sign: 1 | -1) => {
  const period = periodOfDate(transaction.date)
  const amount = sign * transaction.value
  const totals = draft.accountTotals.get(transaction.bankAccountId) ?? { cleared: 0, uncleared: 0 }
  draft.accountTotals = withEntry(
    draft.accountTotals,
    transaction.bankAccountId,
    transaction.cleared
      ? { cleared: totals.cleared + amount, uncleared: totals.uncleared }
      : { cleared: totals.cleared, uncleared: totals.uncleared + amount },
  )
  addToAccountMonth(draft, transaction.bankAccountId, period, amount)
  for (const split of transaction.splits)
    addToCategoryMonth(draft, split.categoryId, period, { activity: sign * split.value })
}

const putTransaction = (draft: Draft, transaction: Transaction) => {
  draft.transactions = HashMap.set(draft.transactions, transaction.id, transaction)
  draft.transactionCount += 1
  applyMoney(draft, transaction, 1)
}

const dropTransaction = (draft: Draft, transaction: Transaction | undefined) => {
  if (transaction === undefined) return
  draft.transactions = HashMap.remove(draft.transactions, transaction.id)
  draft.transactionCount -= 1
  applyMoney(draft, transaction, -1)
}

/** An imported transaction changed (edited, deleted, reconciled): its import can no longer be undone whole. */
const noteChanged = (draft: Draft, id: TransactionId) => {
  if (HashMap.size(draft.importedBy) === 0) return
  const importId = Option.getOrUndefined(HashMap.get(draft.importedBy, id))
  const record = importId === undefined ? undefined : draft.imports.get(importId)
  if (importId === undefined || record === undefined || record.changedIds.has(id)) return
  draft.imports = withEntry(draft.imports, importId, {
    ...record,
    changedIds: new Set([...record.changedIds, id]),
  })
}

/** Remembers a bank-file import: its rows' keys and which transactions it added. */
const recordImport = (
  draft: Draft,
  source: ImportSource,
  transactions: readonly Transaction[],
  transferIds: readonly TransferId[],
) => {
  // In place on fresh edits: one import may bring 50 000 keys.
  let keys = HashMap.beginMutation(draft.importKeys)
  for (const { transactionId, key } of source.keys)
    keys = HashMap.set(keys, importKeyOf(source.bankAccountId, key), transactionId)
  draft.importKeys = HashMap.endMutation(keys)
  let importedBy = HashMap.beginMutation(draft.importedBy)
  for (const { id } of transactions) importedBy = HashMap.set(importedBy, id, source.importId)
  draft.importedBy = HashMap.endMutation(importedBy)
  draft.imports = withEntry(draft.imports, source.importId, {
    source,
    transactionIds: transactions.map(({ id }) => id),
    transferIds,
    changedIds: new Set(),
    undone: false,
  })
}

/** Forgets an undone import's keys and transactions (the record stays, as history). */
const forgetImport = (draft: Draft, importId: ImportSource['importId']) => {
  const record = draft.imports.get(importId)
  if (record === undefined) return
  let keys = HashMap.beginMutation(draft.importKeys)
  for (const { key } of record.source.keys)
    keys = HashMap.remove(keys, importKeyOf(record.source.bankAccountId, key))
  draft.importKeys = HashMap.endMutation(keys)
  let importedBy = HashMap.beginMutation(draft.importedBy)
  for (const id of record.transactionIds) importedBy = HashMap.remove(importedBy, id)
  draft.importedBy = HashMap.endMutation(importedBy)
  draft.imports = withEntry(draft.imports, importId, { ...record, undone: true })
}

const lookup = (draft: Draft, id: Transaction['id']) => {
  const found = HashMap.get(draft.transactions, id)
  return found._tag === 'Some' ? found.value : undefined
}

interface RecordMeta {
  readonly commandId: CommandId
  readonly at: Instant
  readonly by: UserId
}

/** Applies assignment changes, writes their records and, unless it is an undo, pushes them for undo. */
const applyAssignments = (
  draft: Draft,
  meta: RecordMeta & { periodKey: PeriodKey },
  source: AssignmentSource,
  changes: readonly AssignmentChange[],
  records: readonly Omit<AssignmentRecord, 'id' | 'commandId' | 'at' | 'by' | 'source'>[],
) => {
  for (const change of changes)
    addToCategoryMonth(draft, change.categoryId, change.periodKey, { assigned: change.delta })
  let byPeriod = draft.recordsByPeriod
  records.forEach((record, index) => {
    const full: AssignmentRecord = {
      // Record ids derive from the command id, so evolve stays deterministic and needs no id source.
      id: `${meta.commandId}/${index}` as AssignmentRecordId,
      commandId: meta.commandId,
      at: meta.at,
      by: meta.by,
      source,
      ...record,
    }
    byPeriod = withEntry(byPeriod, record.periodKey, [...(byPeriod.get(record.periodKey) ?? []), full])
  })
  draft.recordsByPeriod = byPeriod
  if (source !== 'undo' && changes.length > 0) {
    draft.undoStack = { commandId: meta.commandId, periodKey: meta.periodKey, changes, next: draft.undoStack }
  }
}

/** A change of one category's assigned amount, as a record from/to Ready to Assign. */
const recordOfChange = (change: AssignmentChange) => ({
  periodKey: change.periodKey,
  fromCategoryId: change.delta < 0 ? change.categoryId : null,
  toCategoryId: change.delta > 0 ? change.categoryId : null,
  // Absolute value of a Minor is a Minor.
  amount: Math.abs(change.delta) as Minor,
})

const deleteCategory = (draft: Draft, categoryId: CategoryId, intoId: CategoryId) => {
  const into = draft.categories.get(intoId)
  const keepAssigned = into !== undefined && into.type !== 'Income'
  for (const [period, month] of monthsOf(draft.categoryMonths, categoryId)) {
    addToCategoryMonth(draft, intoId, period, {
      activity: month.activity,
      assigned: keepAssigned ? month.assigned : 0,
    })
  }
  draft.categoryMonths = HashMap.remove(draft.categoryMonths, categoryId)
  // Rare and user-initiated: rewriting splits by a scan is acceptable; the server does the same with one UPDATE.
  // Found first, rewritten after: a map open for changes in place must not change while it is walked.
  const moved: Transaction[] = []
  for (const transaction of HashMap.values(draft.transactions)) {
    if (!transaction.splits.some((split) => split.categoryId === categoryId)) continue
    const splits = transaction.splits.map((split) =>
      split.categoryId === categoryId ? { categoryId: intoId, value: split.value } : split,
    )
    moved.push({ ...transaction, splits })
  }
  for (const transaction of moved)
    draft.transactions = HashMap.set(draft.transactions, transaction.id, transaction)
  // Templates' splits move like transactions' (the template's future occurrences then land where its past did).
  for (const template of draft.templates.values()) {
    if (!template.splits.some((split) => split.categoryId === categoryId)) continue
    const splits = template.splits.map((split) =>
      split.categoryId === categoryId ? { categoryId: intoId, value: split.value } : split,
    )
    draft.templates = withEntry(draft.templates, template.id, { ...template, splits })
  }
  // A loan's installments go where the category's money went.
  const loans = [...draft.loans.values()].filter((loan) => loan.categoryId === categoryId)
  for (const loan of loans) draft.loans = withEntry(draft.loans, loan.id, { ...loan, categoryId: intoId })
  draft.categories = withoutEntry(draft.categories, categoryId)
  draft.targets = withoutEntry(draft.targets, categoryId)
  // Undo entries could point at the deleted category; deleting a category ends the undo history.
  draft.undoStack = null
}

const positionInGroup = (draft: Draft, groupId: Category['categoryGroupId']) => {
  let position = 0
  for (const category of draft.categories.values()) {
    if (category.categoryGroupId === groupId) position = Math.max(position, category.position + 1)
  }
  return position
}

/** Records what was done with one occurrence (a later record of the same date replaces it). */
const complete = (draft: Draft, templateId: TemplateId, completion: Completion) => {
  if (!draft.templates.has(templateId)) return
  const current = draft.completions.get(templateId) ?? new Map<IsoDate, Completion>()
  draft.completions = withEntry(
    draft.completions,
    templateId,
    withEntry(current, completion.date, completion),
  )
}

/**
 * An undone import's transactions are gone: the occurrences they completed are drafts again. Found by a scan of
 * the completions (rare, user-initiated), so neither the event nor the import's record needs to list them.
 */
const reopenCompletedBy = (draft: Draft, transactionIds: ReadonlySet<TransactionId>) => {
  for (const [templateId, byDate] of draft.completions) {
    let kept: ReadonlyMap<IsoDate, Completion> = byDate
    for (const [date, completion] of byDate) {
      if (completion.transactionId !== null && transactionIds.has(completion.transactionId))
        kept = withoutEntry(kept, date)
    }
    if (kept === byDate) continue
    draft.completions =
      kept.size === 0
        ? withoutEntry(draft.completions, templateId)
        : withEntry(draft.completions, templateId, kept)
  }
}

/** Pure fold step: the state after one event. Events are facts; evolve never refuses. */
export const evolve = (state: BudgetState, event: BudgetEvent): BudgetState => {
  const draft: Draft = { ...state }
  switch (event._tag) {
    case 'BudgetCreated': {
      draft.budget = {
        id: event.budgetId,
        name: event.name,
        currency: event.currency,
        uncategorizedCategoryId: event.uncategorizedCategoryId,
        createdAt: event.createdAt,
        createdBy: event.createdBy,
      }
      // Names of the system group and category are i18n keys; the UI translates them by origin.
      draft.groups = new Map([
        [
          event.uncategorizedGroupId,
          { id: event.uncategorizedGroupId, name: 'uncategorized', hidden: false, position: 0 },
        ],
      ])
      draft.categories = new Map([
        [
          event.uncategorizedCategoryId,
          {
            id: event.uncategorizedCategoryId,
            categoryGroupId: event.uncategorizedGroupId,
            name: 'uncategorized',
            type: 'Expense',
            spendingClass: 'Undefined',
            origin: 'Uncategorized',
            hidden: false,
            position: 0,
          },
        ],
      ])
      break
    }
    case 'IncomeDestinationCreated': {
      const uncategorized =
        draft.budget === null ? undefined : draft.categories.get(draft.budget.uncategorizedCategoryId)
      if (uncategorized === undefined) break
      draft.categories = withEntry(draft.categories, event.categoryId, {
        id: event.categoryId,
        categoryGroupId: uncategorized.categoryGroupId,
        name: 'readyToAssign',
        type: 'Income',
        spendingClass: 'Undefined',
        origin: 'Uncategorized',
        hidden: false,
        position: positionInGroup(draft, uncategorized.categoryGroupId),
      })
      break
    }
    case 'BudgetRenamed':
      if (draft.budget) draft.budget = { ...draft.budget, name: event.name }
      break
    case 'CurrencyChanged':
      if (draft.budget) draft.budget = { ...draft.budget, currency: event.currency }
      break
    case 'BudgetReset': {
      const accounts = new Map(draft.accounts)
      const totals = new Map<BankAccountId, { cleared: number; uncleared: number }>()
      let accountMonths: BudgetState['accountMonths'] = HashMap.empty()
      for (const { bankAccountId, balance } of event.openingBalances) {
        const account = accounts.get(bankAccountId)
        if (account === undefined) continue
        accounts.set(bankAccountId, {
          ...account,
          openingBalance: balance,
          openingDate: event.date,
          lastReconciledAt: null,
        })
        totals.set(bankAccountId, { cleared: balance, uncleared: 0 })
        if (balance !== 0)
          accountMonths = setIn(accountMonths, bankAccountId, periodOfDate(event.date), balance)
      }
      draft.accounts = accounts
      draft.accountTotals = totals
      draft.accountMonths = accountMonths
      draft.categoryMonths = HashMap.empty()
      draft.transactions = HashMap.empty()
      draft.transfers = HashMap.empty()
      draft.transactionCount = 0
      draft.recordsByPeriod = new Map()
      draft.undoStack = null
      // A fresh start: the old rows are gone and their imports with them (undo history ends as for assignments).
      draft.imports = new Map()
      draft.importKeys = HashMap.empty()
      draft.importedBy = HashMap.empty()
      break
    }
    case 'BudgetDeleted':
      return { ...initialState, budget: state.budget, deleted: true }
    case 'CategoryGroupCreated': {
      let position = 0
      for (const group of draft.groups.values()) position = Math.max(position, group.position + 1)
      draft.groups = withEntry(draft.groups, event.categoryGroupId, {
        id: event.categoryGroupId,
        name: event.name,
        hidden: false,
        position,
      })
      break
    }
    case 'CategoryGroupRenamed': {
      const group = draft.groups.get(event.categoryGroupId)
      if (group) draft.groups = withEntry(draft.groups, group.id, { ...group, name: event.name })
      break
    }
    case 'CategoryGroupsReordered': {
      const groups = new Map(draft.groups)
      event.categoryGroupIds.forEach((id, position) => {
        const group = groups.get(id)
        if (group) groups.set(id, { ...group, position })
      })
      draft.groups = groups
      break
    }
    case 'CategoryGroupHiddenChanged': {
      const group = draft.groups.get(event.categoryGroupId)
      if (group) draft.groups = withEntry(draft.groups, group.id, { ...group, hidden: event.hidden })
      break
    }
    case 'CategoryGroupDeleted':
      draft.groups = withoutEntry(draft.groups, event.categoryGroupId)
      break
    case 'CategoryCreated':
      draft.categories = withEntry(draft.categories, event.categoryId, {
        id: event.categoryId,
        categoryGroupId: event.categoryGroupId,
        name: event.name,
        type: event.type,
        spendingClass: event.spendingClass,
        origin: 'UserDefined',
        hidden: false,
        position: positionInGroup(draft, event.categoryGroupId),
      })
      break
    case 'CategoryRenamed': {
      const category = draft.categories.get(event.categoryId)
      if (category)
        draft.categories = withEntry(draft.categories, category.id, { ...category, name: event.name })
      break
    }
    case 'CategoriesReordered': {
      const categories = new Map(draft.categories)
      event.categoryIds.forEach((id, position) => {
        const category = categories.get(id)
        if (category) categories.set(id, { ...category, categoryGroupId: event.categoryGroupId, position })
      })
      draft.categories = categories
      break
    }
    case 'CategoryHiddenChanged': {
      const category = draft.categories.get(event.categoryId)
      if (category)
        draft.categories = withEntry(draft.categories, category.id, { ...category, hidden: event.hidden })
      break
    }
    case 'CategorySpendingClassChanged': {
      const category = draft.categories.get(event.categoryId)
      if (category) {
        draft.categories = withEntry(draft.categories, category.id, {
          ...category,
          spendingClass: event.spendingClass,
        })
      }
      break
    }
    case 'CategoryDeleted':
      deleteCategory(draft, event.categoryId, event.movedToCategoryId)
      break
    case 'BankAccountOpened':
      draft.accounts = withEntry(draft.accounts, event.bankAccountId, {
        id: event.bankAccountId,
        name: event.name,
        type: event.type,
        state: 'Active',
        openingBalance: event.openingBalance,
        openingDate: event.openingDate,
        lastReconciledAt: null,
        offBudget: event.offBudget === true,
      })
      draft.accountTotals = withEntry(draft.accountTotals, event.bankAccountId, {
        cleared: event.openingBalance,
        uncleared: 0,
      })
      addToAccountMonth(draft, event.bankAccountId, periodOfDate(event.openingDate), event.openingBalance)
      break
    case 'BankAccountRenamed': {
      const account = draft.accounts.get(event.bankAccountId)
      if (account) draft.accounts = withEntry(draft.accounts, account.id, { ...account, name: event.name })
      break
    }
    case 'BankAccountClosed': {
      const account = draft.accounts.get(event.bankAccountId)
      if (account) draft.accounts = withEntry(draft.accounts, account.id, { ...account, state: 'Closed' })
      break
    }
    case 'TransactionAdded':
      putTransaction(draft, event.transaction)
      break
    case 'TransactionEdited':
      noteChanged(draft, event.transaction.id)
      dropTransaction(draft, lookup(draft, event.transaction.id))
      putTransaction(draft, event.transaction)
      break
    case 'TransactionDeleted':
      noteChanged(draft, event.transactionId)
      dropTransaction(draft, lookup(draft, event.transactionId))
      break
    case 'TransferEdited':
      noteChanged(draft, event.outflow.id)
      noteChanged(draft, event.inflow.id)
      dropTransaction(draft, lookup(draft, event.outflow.id))
      dropTransaction(draft, lookup(draft, event.inflow.id))
      putTransaction(draft, event.outflow)
      putTransaction(draft, event.inflow)
      draft.transfers = HashMap.set(draft.transfers, event.transferId, {
        outflowTransactionId: event.outflow.id,
        inflowTransactionId: event.inflow.id,
      })
      break
    case 'TransferAdded':
      dropTransaction(draft, lookup(draft, event.outflow.id))
      dropTransaction(draft, lookup(draft, event.inflow.id))
      putTransaction(draft, event.outflow)
      putTransaction(draft, event.inflow)
      draft.transfers = HashMap.set(draft.transfers, event.transferId, {
        outflowTransactionId: event.outflow.id,
        inflowTransactionId: event.inflow.id,
      })
      break
    case 'TransactionsImported': {
      const { source } = event
      for (const replaced of source?.replaced ?? []) dropTransaction(draft, lookup(draft, replaced.id))
      for (const transaction of event.transactions) putTransaction(draft, transaction)
      for (const { transferId, ...link } of event.transfers)
        draft.transfers = HashMap.set(draft.transfers, transferId, link)
      for (const { templateId, date, transactionId } of event.completes ?? [])
        complete(draft, templateId, { date, outcome: 'Completed', transactionId })
      if (source !== undefined)
        recordImport(
          draft,
          source,
          event.transactions,
          event.transfers.map(({ transferId }) => transferId),
        )
      break
    }
    case 'ImportUndone':
      for (const id of event.transactionIds) dropTransaction(draft, lookup(draft, id))
      for (const id of event.transferIds) draft.transfers = HashMap.remove(draft.transfers, id)
      for (const transaction of event.restored) putTransaction(draft, transaction)
      forgetImport(draft, event.importId)
      if (draft.completions.size > 0) reopenCompletedBy(draft, new Set(event.transactionIds))
      break
    case 'TransferDeleted':
      noteChanged(draft, event.outflowTransactionId)
      noteChanged(draft, event.inflowTransactionId)
      dropTransaction(draft, lookup(draft, event.outflowTransactionId))
      dropTransaction(draft, lookup(draft, event.inflowTransactionId))
      draft.transfers = HashMap.remove(draft.transfers, event.transferId)
      break
    case 'AccountReconciled': {
      for (const id of event.reconciledTransactionIds) {
        noteChanged(draft, id)
        const transaction = lookup(draft, id)
        if (transaction)
          draft.transactions = HashMap.set(draft.transactions, id, { ...transaction, reconciled: true })
      }
      const account = draft.accounts.get(event.bankAccountId)
      if (account)
        draft.accounts = withEntry(draft.accounts, account.id, { ...account, lastReconciledAt: event.date })
      break
    }
    case 'AssignedSet': {
      const change = { categoryId: event.categoryId, periodKey: event.periodKey, delta: event.delta }
      applyAssignments(draft, metaOf(event), 'manual', [change], [recordOfChange(change)])
      break
    }
    case 'MoneyMoved':
    case 'OverspendingCovered': {
      const changes: AssignmentChange[] = []
      if (event.fromCategoryId !== null) {
        changes.push({
          categoryId: event.fromCategoryId,
          periodKey: event.periodKey,
          delta: -event.amount as Minor,
        })
      }
      if (event.toCategoryId !== null) {
        changes.push({ categoryId: event.toCategoryId, periodKey: event.periodKey, delta: event.amount })
      }
      const record = {
        periodKey: event.periodKey,
        fromCategoryId: event.fromCategoryId,
        toCategoryId: event.toCategoryId,
        amount: event.amount,
      }
      applyAssignments(draft, metaOf(event), event._tag === 'MoneyMoved' ? 'move' : 'cover', changes, [
        record,
      ])
      break
    }
    case 'AutoAssigned':
      applyAssignments(draft, metaOf(event), 'auto-assign', event.changes, event.changes.map(recordOfChange))
      break
    case 'AssignmentUndone':
      applyAssignments(draft, metaOf(event), 'undo', event.changes, event.changes.map(recordOfChange))
      draft.undoStack =
        draft.undoStack?.commandId === event.undoneCommandId ? draft.undoStack.next : draft.undoStack
      break
    case 'TargetSet':
      draft.targets = withEntry(draft.targets, event.target.categoryId, event.target)
      break
    case 'TargetRemoved':
      draft.targets = withoutEntry(draft.targets, event.categoryId)
      break
    case 'FilterSaved':
      draft.filters = withEntry(draft.filters, event.filterId, {
        id: event.filterId,
        name: event.name,
        criteria: event.criteria,
        ...(event.report === undefined ? {} : { report: event.report }),
      })
      break
    case 'FilterDeleted':
      draft.filters = withoutEntry(draft.filters, event.filterId)
      break
    case 'TemplateCreated':
    case 'TemplateEdited':
      draft.templates = withEntry(draft.templates, event.template.id, event.template)
      break
    case 'TemplateDeleted':
      draft.templates = withoutEntry(draft.templates, event.templateId)
      draft.completions = withoutEntry(draft.completions, event.templateId)
      break
    case 'OccurrenceCompleted':
      complete(draft, event.templateId, event.completion)
      break
    case 'OccurrencesSkippedThrough': {
      const template = draft.templates.get(event.templateId)
      if (template)
        draft.templates = withEntry(draft.templates, template.id, { ...template, skippedThrough: event.date })
      break
    }
    case 'DraftHorizonSet':
      draft.draftHorizonDays = event.days
      break
    case 'LoanCreated':
      draft.loans = withEntry(draft.loans, event.loan.id, event.loan)
      break
    case 'LoanActivityRecorded': {
      const loan = draft.loans.get(event.loanId)
      if (loan)
        draft.loans = withEntry(draft.loans, loan.id, {
          ...loan,
          activities: [...loan.activities, event.activity],
        })
      break
    }
    case 'LoanClosed': {
      const loan = draft.loans.get(event.loanId)
      if (loan) draft.loans = withEntry(draft.loans, loan.id, { ...loan, state: 'Closed' })
      break
    }
    case 'BudgetImported':
      // The imported budget's events, in the order its commands made them. Undo then starts afresh: the import's
      // assignments are its history, not the user's last steps.
      return { ...event.events.reduce<BudgetState>(evolve, state), undoStack: null }
    default:
      return absurd(event)
  }
  return draft
}

const metaOf = (event: { commandId: CommandId; at: Instant; by: UserId; periodKey: PeriodKey }) => ({
  commandId: event.commandId,
  at: event.at,
  by: event.by,
  periodKey: event.periodKey,
})

export const replay = (events: Iterable<BudgetEvent>, from: BudgetState = initialState): BudgetState => {
  let state = from
  for (const event of events) state = evolve(state, event)
  return state
}
