import * as HashMap from 'effect/HashMap'
import type { AssignmentRecord, Transaction } from '../schemas/budget.ts'
import type { BudgetStateSnapshot } from '../schemas/budgetSnapshot.ts'
import type { BankAccountId, CategoryId, ImportId, TransactionId, TransferId } from '../schemas/ids.ts'
import type { PeriodKey } from '../schemas/money.ts'
import { defaultDraftHorizonDays } from '../schemas/templates.ts'
import {
  type BudgetState,
  byPeriod,
  type ImportRecord,
  importKeyOf,
  inPeriodOrder,
  type MonthEntry,
  type MonthRow,
  type TransferLink,
  type UndoEntry,
} from './state.ts'
import { rememberNewestFirst, transactionsNewestFirst } from './transactionOrder.ts'

/**
 * A HashMap of many entries built in place: `HashMap.fromIterable` copies the trie's path for every entry, several
 * times slower for a big budget's transactions (docs/performance.md).
 */
const hashMapOf = <K, V>(entries: Iterable<readonly [K, V]>): HashMap.HashMap<K, V> => {
  let map = HashMap.beginMutation(HashMap.empty<K, V>())
  for (const [key, value] of entries) map = HashMap.set(map, key, value)
  return HashMap.endMutation(map)
}

const nestedFrom = <K1, K2, V>(rows: Iterable<readonly [K1, K2, V]>) => {
  const outer = new Map<K1, Array<readonly [K2, V]>>()
  for (const [k1, k2, value] of rows) {
    const inner = outer.get(k1)
    if (inner === undefined) outer.set(k1, [[k2, value]])
    else inner.push([k2, value])
  }
  return hashMapOf([...outer].map(([k1, inner]) => [k1, hashMapOf(inner)] as const))
}

/**
 * One category's months (a `MonthRow`, already in period order) as the snapshot's three columns; the server
 * stores them so too.
 */
export const monthColumns = (ordered: Iterable<MonthEntry>) => {
  const periods: PeriodKey[] = []
  const assigned: number[] = []
  const activity: number[] = []
  for (const [period, month] of ordered) {
    periods.push(period)
    assigned.push(month.assigned)
    activity.push(month.activity)
  }
  return { periods, assigned, activity }
}

/** The state as its JSON snapshot (see schemas/budgetSnapshot.ts). */
export const toSnapshot = (state: BudgetState): BudgetStateSnapshot => {
  const undo: BudgetStateSnapshot['undo'][number][] = []
  for (let entry = state.undoStack; entry !== null; entry = entry.next) {
    undo.push({ commandId: entry.commandId, periodKey: entry.periodKey, changes: entry.changes })
  }
  return {
    budget: state.budget,
    deleted: state.deleted,
    groups: [...state.groups.values()],
    categories: [...state.categories.values()],
    accounts: [...state.accounts.values()],
    accountTotals: [...state.accountTotals].map(([bankAccountId, totals]) => ({ bankAccountId, ...totals })),
    accountMonths: [...state.accountMonths].flatMap(([account, months]) =>
      [...months].map(([period, net]) => [account, period, net] as const),
    ),
    // In period order: the month view walks them so (see fromSnapshot).
    categoryMonths: [...state.categoryMonths].map(([category, months]) => {
      const { periods, assigned, activity } = monthColumns(months)
      return [category, periods, assigned, activity] as const
    }),
    transactions: [...transactionsNewestFirst(state.transactions)],
    transactionCount: state.transactionCount,
    transfers: [...state.transfers].map(([transferId, link]) => ({ transferId, ...link })),
    targets: [...state.targets.values()],
    filters: [...state.filters.values()],
    records: [...state.recordsByPeriod.values()].flat(),
    undo,
    imports: [...state.imports.values()].map((record) => ({ ...record, changedIds: [...record.changedIds] })),
    templates: [...state.templates.values()],
    completions: [...state.completions].map(([templateId, byDate]) => ({
      templateId,
      completions: [...byDate.values()],
    })),
    draftHorizonDays: state.draftHorizonDays,
    loans: [...state.loans.values()],
  }
}

/** The imports of a snapshot, with the keys and the transaction → import index their standing ones make. */
const importsOf = (snapshot: BudgetStateSnapshot) => {
  const imports = new Map<ImportId, ImportRecord>()
  const keys: (readonly [string, TransactionId])[] = []
  const importedBy: (readonly [TransactionId, ImportId])[] = []
  for (const record of snapshot.imports ?? []) {
    const { source } = record
    imports.set(source.importId, { ...record, changedIds: new Set(record.changedIds) })
    if (record.undone) continue
    for (const { transactionId, key } of source.keys)
      keys.push([importKeyOf(source.bankAccountId, key), transactionId])
    for (const id of record.transactionIds) importedBy.push([id, source.importId])
  }
  return { imports, importKeys: hashMapOf(keys), importedBy: hashMapOf(importedBy) }
}

/** Category months and transactions built between two pauses of `fromSnapshotInSteps`. */
const CATEGORIES_PER_STEP = 40
const TRANSACTIONS_PER_STEP = 10_000

/** A category's months from its columns, in period order (which the snapshot's columns already are). */
const categoryMonthsOf = (
  periods: ReadonlyArray<PeriodKey>,
  assigned: ReadonlyArray<number>,
  activity: ReadonlyArray<number>,
): MonthRow => {
  const entries = periods.map(
    // The schema checks the three columns are of one length.
    (period, index): MonthEntry => [
      period,
      { assigned: assigned[index] ?? 0, activity: activity[index] ?? 0 },
    ],
  )
  return inPeriodOrder(entries) ? entries : entries.sort(byPeriod)
}

/**
 * The domain state a snapshot describes, built in steps: each `yield` is a point where the caller may let the
 * browser paint and handle input (a phone spends a while on 100 000 transactions). Nothing outside sees the maps
 * before the end.
 */
export function* fromSnapshotInSteps(snapshot: BudgetStateSnapshot): Generator<void, BudgetState, void> {
  const recordsByPeriod = new Map<PeriodKey, AssignmentRecord[]>()
  for (const record of snapshot.records) {
    const list = recordsByPeriod.get(record.periodKey)
    if (list === undefined) recordsByPeriod.set(record.periodKey, [record])
    else list.push(record)
  }
  let undoStack: UndoEntry | null = null
  for (const entry of [...snapshot.undo].reverse()) undoStack = { ...entry, next: undoStack }
  let categoryMonths = HashMap.beginMutation(HashMap.empty<CategoryId, MonthRow>())
  for (const [index, [category, periods, assigned, activity]] of snapshot.categoryMonths.entries()) {
    categoryMonths = HashMap.set(categoryMonths, category, categoryMonthsOf(periods, assigned, activity))
    if (index % CATEGORIES_PER_STEP === CATEGORIES_PER_STEP - 1) yield
  }
  let transactions = HashMap.beginMutation(HashMap.empty<TransactionId, Transaction>())
  for (const [index, transaction] of snapshot.transactions.entries()) {
    transactions = HashMap.set(transactions, transaction.id, transaction)
    if (index % TRANSACTIONS_PER_STEP === TRANSACTIONS_PER_STEP - 1) yield
  }
  transactions = HashMap.endMutation(transactions)
  // Listed newest first (as the server and toSnapshot list them), they are the lists' order as they come.
  rememberNewestFirst(transactions, snapshot.transactions)
  return {
    budget: snapshot.budget,
    deleted: snapshot.deleted,
    groups: new Map(snapshot.groups.map((group) => [group.id, group])),
    categories: new Map(snapshot.categories.map((category) => [category.id, category])),
    accounts: new Map(snapshot.accounts.map((account) => [account.id, account])),
    accountTotals: new Map(
      snapshot.accountTotals.map(({ bankAccountId, cleared, uncleared }) => [
        bankAccountId,
        { cleared, uncleared },
      ]),
    ),
    accountMonths: nestedFrom<BankAccountId, PeriodKey, number>(snapshot.accountMonths),
    categoryMonths: HashMap.endMutation(categoryMonths),
    transactions,
    transfers: hashMapOf(
      snapshot.transfers.map(
        ({ transferId, ...link }) => [transferId as TransferId, link satisfies TransferLink] as const,
      ),
    ),
    transactionCount: snapshot.transactionCount,
    targets: new Map(snapshot.targets.map((target) => [target.categoryId, target])),
    filters: new Map(snapshot.filters.map((filter) => [filter.id, filter])),
    recordsByPeriod,
    undoStack,
    ...importsOf(snapshot),
    templates: new Map((snapshot.templates ?? []).map((template) => [template.id, template])),
    completions: new Map(
      (snapshot.completions ?? []).map(({ templateId, completions }) => [
        templateId,
        new Map(completions.map((completion) => [completion.date, completion])),
      ]),
    ),
    draftHorizonDays: snapshot.draftHorizonDays ?? defaultDraftHorizonDays,
    loans: new Map((snapshot.loans ?? []).map((loan) => [loan.id, loan])),
  }
}

/** The domain state a snapshot describes, at once; `fromSnapshot(toSnapshot(s))` is `s` again. */
export const fromSnapshot = (snapshot: BudgetStateSnapshot): BudgetState => {
  const steps = fromSnapshotInSteps(snapshot)
  for (;;) {
    const step = steps.next()
    if (step.done === true) return step.value
  }
}
