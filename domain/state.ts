import * as HashMap from 'effect/HashMap'
import * as Option from 'effect/Option'
import type {
  AssignmentRecord,
  BankAccount,
  Budget,
  Category,
  CategoryGroup,
  SavedFilter,
  Target,
  Transaction,
} from '../schemas/budget.ts'
import type { AssignmentChange, ImportSource } from '../schemas/budgetEvents.ts'
import type {
  BankAccountId,
  CategoryGroupId,
  CategoryId,
  CommandId,
  FilterId,
  ImportId,
  LoanId,
  TemplateId,
  TransactionId,
  TransferId,
} from '../schemas/ids.ts'
import type { Loan } from '../schemas/loans.ts'
import type { IsoDate, PeriodKey } from '../schemas/money.ts'
import { type Completion, defaultDraftHorizonDays, type TransactionTemplate } from '../schemas/templates.ts'

/** The categories the budget makes itself: "Bez kategorii" (Expense) and "Do przydzielenia" (Income). */
export const isSystemCategory = (category: Pick<Category, 'origin'>): boolean =>
  category.origin === 'Uncategorized'

/**
 * The budget's income destination ("Do przydzielenia"): the system group's Income category. Found by what it is, so
 * a snapshot or a read model needs no field of its own for it.
 */
export const incomeDestinationOf = (state: Pick<BudgetState, 'categories'>): Category | undefined => {
  for (const category of state.categories.values()) {
    if (isSystemCategory(category) && category.type === 'Income') return category
  }
  return undefined
}

/** Two-level persistent map (account → month → net flow); updates cost O(log n), never a copy. */
export type Nested<K1, K2, V> = HashMap.HashMap<K1, HashMap.HashMap<K2, V>>

const optional = <V>(found: Option.Option<V>): V | undefined => Option.getOrUndefined(found)

export const getIn = <K1, K2, V>(map: Nested<K1, K2, V>, outer: K1, inner: K2): V | undefined => {
  const row = optional(HashMap.get(map, outer))
  return row === undefined ? undefined : optional(HashMap.get(row, inner))
}

/** The inner entries under one outer key. */
export const entriesIn = <K1, K2, V>(map: Nested<K1, K2, V>, outer: K1): Iterable<readonly [K2, V]> => {
  const row = optional(HashMap.get(map, outer))
  return row === undefined ? [] : row
}

/**
 * Maps open for changes in place during one write (`openForChanges`): the outer month maps and every inner
 * (per-category, per-account) map changed since. An open map is a fresh edit, never the map a cached state holds.
 */
const openMaps = new WeakSet<object>()

/** Category-month rows open for changes in place during one write, typed for writing (see `setMonth`). */
const openRows = new WeakMap<object, MonthEntry[]>()

/** Whether a map or row may still change in place: memos keyed by one must not remember one that is open. */
export const isOpenForChanges = (map: object): boolean => openMaps.has(map) || openRows.has(map)

/** Sets (or, with undefined, removes) one inner entry, dropping an outer entry that becomes empty. */
export const setIn = <K1, K2, V>(
  map: Nested<K1, K2, V>,
  outer: K1,
  inner: K2,
  value: V | undefined,
): Nested<K1, K2, V> => {
  const found = optional(HashMap.get(map, outer))
  if (openMaps.has(map)) {
    // In place: the first change of a row in this write opens it (copying its trie path once), later ones reuse it.
    let row = found
    if (row === undefined || !openMaps.has(row)) {
      row = HashMap.beginMutation(row ?? HashMap.empty<K2, V>())
      openMaps.add(row)
    }
    if (value === undefined) HashMap.remove(row, inner)
    else HashMap.set(row, inner, value)
    return HashMap.size(row) === 0 ? HashMap.remove(map, outer) : HashMap.set(map, outer, row)
  }
  const row = found ?? HashMap.empty<K2, V>()
  const next = value === undefined ? HashMap.remove(row, inner) : HashMap.set(row, inner, value)
  return HashMap.size(next) === 0 ? HashMap.remove(map, outer) : HashMap.set(map, outer, next)
}

/** What one category did in one month; the read-model row `(budget, category, period)`. */
export interface MonthAggregate {
  readonly assigned: number
  readonly activity: number
}

export type MonthEntry = readonly [PeriodKey, MonthAggregate]

export const byPeriod = ([a]: MonthEntry, [b]: MonthEntry) => (a < b ? -1 : a > b ? 1 : 0)

/** Whether entries are in period order, each period once, as a category's months are kept (`MonthRow`). */
export const inPeriodOrder = (entries: readonly MonthEntry[]): boolean =>
  entries.every((entry, index) => index === 0 || byPeriod(entries[index - 1] ?? entry, entry) < 0)

/**
 * One category's months in period order, each period once. The month view walks a row as it is; one month is found
 * by binary search. A row is a plain array: a budget's category-months load as one array per category rather
 * than one persistent map each (slow to build on a cold server and on a phone; docs/performance.md), and a change
 * copies one row, or edits it in place while the state is open for changes.
 */
export type MonthRow = readonly MonthEntry[]

export type CategoryMonths = HashMap.HashMap<CategoryId, MonthRow>

/** Where `period` is, or would go, in `row`. */
const positionOf = (row: MonthRow, period: PeriodKey): number => {
  let low = 0
  let high = row.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((row[middle]?.[0] ?? period) < period) low = middle + 1
    else high = middle
  }
  return low
}

/** One category's months (empty when it has none). */
export const monthsOf = (map: CategoryMonths, categoryId: CategoryId): MonthRow =>
  optional(HashMap.get(map, categoryId)) ?? []

/** One category's months of the periods from `first` to `last`, both included, in period order. */
export const monthsBetween = (row: MonthRow, first: PeriodKey, last: PeriodKey): MonthRow => {
  let end = positionOf(row, last)
  if (row[end]?.[0] === last) end++
  return row.slice(positionOf(row, first), end)
}

/**
 * Sets (or, with undefined, removes) one category's month, dropping a row that becomes empty. While the map is open
 * for changes, the first change of a row in the write copies it and later ones edit that copy in place.
 */
export const setMonth = (
  map: CategoryMonths,
  categoryId: CategoryId,
  period: PeriodKey,
  value: MonthAggregate | undefined,
): CategoryMonths => {
  const found = monthsOf(map, categoryId)
  const at = positionOf(found, period)
  const present = found[at]?.[0] === period
  if (value === undefined && !present) return map
  let row = openRows.get(found)
  if (row === undefined) {
    row = [...found]
    if (openMaps.has(map)) openRows.set(row, row)
  }
  if (value === undefined) row.splice(at, 1)
  else if (present) row[at] = [period, value]
  else row.splice(at, 0, [period, value])
  if (row.length === 0) return HashMap.remove(map, categoryId)
  return row === found ? map : HashMap.set(map, categoryId, row)
}

export interface AccountTotals {
  readonly cleared: number
  readonly uncleared: number
}

/** One undoable assignment command; a persistent stack so pushing and popping never copy. */
export interface UndoEntry {
  readonly commandId: CommandId
  readonly periodKey: PeriodKey
  readonly changes: readonly AssignmentChange[]
  readonly next: UndoEntry | null
}

export interface TransferLink {
  readonly outflowTransactionId: TransactionId
  readonly inflowTransactionId: TransactionId
}

/** One bank-file import, kept so that it can be undone whole and its rows are not imported twice. */
export interface ImportRecord {
  readonly source: ImportSource
  readonly transactionIds: readonly TransactionId[]
  readonly transferIds: readonly TransferId[]
  /** Its transactions changed, deleted or reconciled since: undo is refused while there are any. */
  readonly changedIds: ReadonlySet<TransactionId>
  readonly undone: boolean
}

/** Where a file row's key is kept: keys are per account (two banks may number their rows alike). */
export const importKeyOf = (bankAccountId: BankAccountId, key: string): string =>
  `${bankAccountId}\u0000${key}`

/**
 * The state of one budget stream. Small collections are ReadonlyMaps copied on write; the large ones
 * (transactions, transfers) are persistent HashMaps so evolve stays O(log n) with a million transactions.
 * Money lives as per-(category, month) and per-(account, month) aggregates so a month view never scans
 * transactions.
 */
export interface BudgetState {
  readonly budget: Budget | null
  readonly deleted: boolean
  readonly groups: ReadonlyMap<CategoryGroupId, CategoryGroup>
  readonly categories: ReadonlyMap<CategoryId, Category>
  readonly accounts: ReadonlyMap<BankAccountId, BankAccount>
  readonly accountTotals: ReadonlyMap<BankAccountId, AccountTotals>
  /** Net flow of each account per month, its opening balance included. */
  readonly accountMonths: Nested<BankAccountId, PeriodKey, number>
  readonly categoryMonths: CategoryMonths
  readonly transactions: HashMap.HashMap<TransactionId, Transaction>
  readonly transfers: HashMap.HashMap<TransferId, TransferLink>
  readonly transactionCount: number
  readonly targets: ReadonlyMap<CategoryId, Target>
  readonly filters: ReadonlyMap<FilterId, SavedFilter>
  readonly recordsByPeriod: ReadonlyMap<PeriodKey, readonly AssignmentRecord[]>
  readonly undoStack: UndoEntry | null
  /** Bank-file imports, oldest first. */
  readonly imports: ReadonlyMap<ImportId, ImportRecord>
  /** Every imported row's key (`importKeyOf`) and the transaction it became; an undone import's keys go. */
  readonly importKeys: HashMap.HashMap<string, TransactionId>
  /** Which import added a transaction, while that import stands. */
  readonly importedBy: HashMap.HashMap<TransactionId, ImportId>
  /** Recurring transaction templates (issue 29); their occurrences are computed (`templates.ts`), never stored. */
  readonly templates: ReadonlyMap<TemplateId, TransactionTemplate>
  /** What the user did with occurrences, per template by the occurrence's date; a template's go with it. */
  readonly completions: ReadonlyMap<TemplateId, ReadonlyMap<IsoDate, Completion>>
  /** How many days ahead an occurrence becomes a draft. */
  readonly draftHorizonDays: number
  /** Loans (issue 32): terms and activities; their schedules are computed (domain/loans/), never stored. */
  readonly loans: ReadonlyMap<LoanId, Loan>
}

export const initialState: BudgetState = {
  budget: null,
  deleted: false,
  groups: new Map(),
  categories: new Map(),
  accounts: new Map(),
  accountTotals: new Map(),
  accountMonths: HashMap.empty(),
  categoryMonths: HashMap.empty(),
  transactions: HashMap.empty(),
  transfers: HashMap.empty(),
  transactionCount: 0,
  targets: new Map(),
  filters: new Map(),
  recordsByPeriod: new Map(),
  undoStack: null,
  imports: new Map(),
  importKeys: HashMap.empty(),
  importedBy: HashMap.empty(),
  templates: new Map(),
  completions: new Map(),
  draftHorizonDays: defaultDraftHorizonDays,
  loans: new Map(),
}

/**
 * The state with its big maps (transactions, category and account months) and its accounts' totals open for
 * changes in place, so a write of thousands of events copies each trie node once rather than once per event. The
 * maps are new edits of `state`'s: `state` itself (cached, and kept if the write is refused) never changes. Evolve
 * runs on the result exactly as on any state; `closeForChanges` must close it, synchronously, before it is shared.
 */
export const openForChanges = (state: BudgetState): BudgetState => {
  const categoryMonths = HashMap.beginMutation(state.categoryMonths)
  const accountMonths = HashMap.beginMutation(state.accountMonths)
  const transactions = HashMap.beginMutation(state.transactions)
  for (const map of [categoryMonths, accountMonths, transactions]) openMaps.add(map)
  // Every transaction changes its account's totals: a copy of this write's own, not a copy per transaction.
  const accountTotals = new Map(state.accountTotals)
  openSmallMaps.set(accountTotals, accountTotals)
  return { ...state, transactions, categoryMonths, accountMonths, accountTotals }
}

const closeNested = <K1, K2, V>(map: Nested<K1, K2, V>) => {
  for (const row of HashMap.values(map)) {
    if (openMaps.delete(row)) HashMap.endMutation(row)
  }
  if (openMaps.delete(map)) HashMap.endMutation(map)
}

/** Ends `openForChanges`: every map of the state is immutable again. */
export const closeForChanges = (state: BudgetState): BudgetState => {
  for (const row of HashMap.values(state.categoryMonths)) openRows.delete(row)
  if (openMaps.delete(state.categoryMonths)) HashMap.endMutation(state.categoryMonths)
  closeNested(state.accountMonths)
  if (openMaps.delete(state.transactions)) HashMap.endMutation(state.transactions)
  openSmallMaps.delete(state.accountTotals)
  return state
}

export const findTransaction = (state: BudgetState, id: TransactionId): Transaction | undefined =>
  Option.getOrUndefined(HashMap.get(state.transactions, id))

export const findTransfer = (state: BudgetState, id: TransferId): TransferLink | undefined =>
  Option.getOrUndefined(HashMap.get(state.transfers, id))

export const monthOf = (state: BudgetState, categoryId: CategoryId, period: PeriodKey): MonthAggregate => {
  const row = monthsOf(state.categoryMonths, categoryId)
  const entry = row[positionOf(row, period)]
  return entry?.[0] === period ? entry[1] : { assigned: 0, activity: 0 }
}

/** Small maps open for changes in place during one write (`openForChanges`), typed for writing. */
const openSmallMaps = new WeakMap<object, Map<unknown, unknown>>()

export const withEntry = <K, V>(map: ReadonlyMap<K, V>, key: K, value: V): ReadonlyMap<K, V> => {
  const open = openSmallMaps.get(map)
  if (open === undefined) return new Map(map).set(key, value)
  open.set(key, value)
  return map
}

export const withoutEntry = <K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> => {
  const copy = new Map(map)
  copy.delete(key)
  return copy
}
