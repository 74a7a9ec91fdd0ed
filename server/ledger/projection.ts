import * as HashMap from 'effect/HashMap'
import * as Option from 'effect/Option'
import { sql } from 'kysely'
import { monthsInYears } from '../../domain/month-view.ts'
import { periodOfDate, yearOfPeriod } from '../../domain/period.ts'
import { type BudgetState, entriesIn, getIn, monthsOf, type UndoEntry } from '../../domain/state.ts'
import type { Transaction } from '../../schemas/budget.ts'
import type { BudgetEvent } from '../../schemas/budget-events.ts'
import type { BankAccountId, CategoryGroupId, CategoryId, TransactionId } from '../../schemas/ids.ts'
import type { PeriodKey } from '../../schemas/money.ts'
import { jsonbParameter, jsonParameter } from '../db/jsonParameters.ts'
import type { Statements } from '../db/statementBatch.ts'
import {
  accountMonthRow,
  accountRow,
  categoryRow,
  categoryYearRows,
  filterRow,
  groupRow,
  type RecordInsert,
  recordRow,
  targetRow,
  transactionRow,
  undoRow,
  undoRows,
} from './rows.ts'
import { type LedgerTables, readModelTables } from './tables.ts'

// Inline projection. Events name the rows they touch (a transaction, a category's months, an account-month); the
// new row values come from the state after the command, so the inline result and a rebuild (which writes the
// whole state) are the same rows by construction. Cost per command grows with what the command touched, never
// with the budget's history. The state is a summary holding only the transactions the command loaded or added
// (domain/summary.ts): deleting a category moves the splits of the rest with one UPDATE, and a fresh start or a
// deleted budget rewrites the read models whole (from a state that then holds no older transactions).

/** Which evolve, and which rows, the read models are of; bump it and every budget is rebuilt on first use. */
export const READ_MODEL_FORMAT = 1

/** Where the read models' statements go (`db/statementBatch.ts`): a write's rows reach the database in few round trips. */
type Out = Statements<LedgerTables>

const pairKey = (a: string, b: string) => `${a}\u0000${b}`
const splitKey = (key: string): [string, string] => {
  const at = key.indexOf('\u0000')
  return [key.slice(0, at), key.slice(at + 1)]
}

export interface Touched {
  readonly transactions: Set<TransactionId>
  /** (category, year) pairs whose months changed: that year's row of month columns is written again. */
  readonly categoryYears: Set<string>
  /** Categories all of whose years are written again (a deleted category, and the one that took its months). */
  readonly wholeCategories: Set<CategoryId>
  readonly accountMonths: Set<string>
  /** Deleted categories and where their transactions went, in order. */
  readonly categoryMoves: { readonly from: CategoryId; readonly into: CategoryId }[]
  /** Events seen: how far the undo stack can have moved. */
  events: number
  /**
   * Every transaction touched was added by an event and left as that event made it (a bulk import): their rows can
   * be read from the events just appended instead of being sent again.
   */
  addedOnly: boolean
  full: boolean
}

export const nothingTouched = (): Touched => ({
  transactions: new Set(),
  categoryYears: new Set(),
  wholeCategories: new Set(),
  accountMonths: new Set(),
  categoryMoves: [],
  events: 0,
  addedOnly: true,
  full: false,
})

const lookup = (state: BudgetState, id: TransactionId): Transaction | undefined =>
  Option.getOrUndefined(HashMap.get(state.transactions, id))

const touchTransaction = (touched: Touched, transaction: Transaction | undefined) => {
  if (transaction === undefined) return
  const period = periodOfDate(transaction.date)
  touched.transactions.add(transaction.id)
  touched.accountMonths.add(pairKey(transaction.bankAccountId, period))
  const year = yearOfPeriod(period)
  for (const split of transaction.splits) touched.categoryYears.add(pairKey(split.categoryId, year))
}

const touchAssignment = (touched: Touched, categoryId: CategoryId | null, period: PeriodKey) => {
  if (categoryId !== null) touched.categoryYears.add(pairKey(categoryId, yearOfPeriod(period)))
}

/** Records what `event` touches; `before` is the state the event applies to (edits need the old version). */
export const touch = (touched: Touched, before: BudgetState, event: BudgetEvent): void => {
  touched.events += 1
  switch (event._tag) {
    case 'TransactionAdded':
      touchTransaction(touched, event.transaction)
      break
    case 'TransactionEdited':
      touched.addedOnly = false
      touchTransaction(touched, lookup(before, event.transaction.id))
      touchTransaction(touched, event.transaction)
      break
    case 'TransactionDeleted':
      touched.addedOnly = false
      touchTransaction(touched, lookup(before, event.transactionId))
      touched.transactions.add(event.transactionId)
      break
    case 'TransferAdded':
      touchTransaction(touched, event.outflow)
      touchTransaction(touched, event.inflow)
      break
    case 'TransactionsImported':
      for (const transaction of event.transactions) touchTransaction(touched, transaction)
      break
    case 'TransferEdited':
      touched.addedOnly = false
      touchTransaction(touched, lookup(before, event.outflow.id))
      touchTransaction(touched, lookup(before, event.inflow.id))
      touchTransaction(touched, event.outflow)
      touchTransaction(touched, event.inflow)
      break
    case 'TransferDeleted':
      touched.addedOnly = false
      touchTransaction(touched, lookup(before, event.outflowTransactionId))
      touchTransaction(touched, lookup(before, event.inflowTransactionId))
      break
    case 'AccountReconciled':
      touched.addedOnly = false
      for (const id of event.reconciledTransactionIds) touched.transactions.add(id)
      break
    case 'BankAccountOpened':
      touched.accountMonths.add(pairKey(event.bankAccountId, periodOfDate(event.openingDate)))
      break
    case 'AssignedSet':
      touchAssignment(touched, event.categoryId, event.periodKey)
      break
    case 'MoneyMoved':
    case 'OverspendingCovered':
      touchAssignment(touched, event.fromCategoryId, event.periodKey)
      touchAssignment(touched, event.toCategoryId, event.periodKey)
      break
    case 'AutoAssigned':
    case 'AssignmentUndone':
      for (const change of event.changes) touchAssignment(touched, change.categoryId, change.periodKey)
      break
    case 'CategoryDeleted':
      touched.addedOnly = false
      touched.wholeCategories.add(event.categoryId)
      touched.wholeCategories.add(event.movedToCategoryId)
      touched.categoryMoves.push({ from: event.categoryId, into: event.movedToCategoryId })
      break
    case 'BudgetReset':
    case 'BudgetDeleted':
      touched.full = true
      break
    default:
      // Structure events change only the small collections, which are compared whole below.
      break
  }
}

const chunked = <T>(rows: readonly T[], size = 1000): T[][] => {
  const chunks: T[][] = []
  for (let at = 0; at < rows.length; at += size) chunks.push(rows.slice(at, at + size))
  return chunks
}

/** Entries of two maps whose values differ by reference (copy-on-write maps keep unchanged values). */
const changedKeys = <K, V>(before: ReadonlyMap<K, V>, after: ReadonlyMap<K, V>) => {
  const upserted: K[] = []
  const removed: K[] = []
  for (const [key, value] of after) if (before.get(key) !== value) upserted.push(key)
  for (const key of before.keys()) if (!after.has(key)) removed.push(key)
  return { upserted, removed }
}

const upsertGroups = async (
  out: Out,
  budgetId: string,
  state: BudgetState,
  ids: readonly CategoryGroupId[],
) => {
  const rows = ids.flatMap((id) => {
    const group = state.groups.get(id)
    return group ? [groupRow(budgetId, group)] : []
  })
  if (rows.length === 0) return
  await out.change(
    out.db
      .insertInto('category_groups')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['budget_id', 'id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          hidden: eb.ref('excluded.hidden'),
          position: eb.ref('excluded.position'),
        })),
      ),
    'category_groups',
  )
}

const upsertCategories = async (
  out: Out,
  budgetId: string,
  state: BudgetState,
  ids: readonly CategoryId[],
) => {
  const rows = ids.flatMap((id) => {
    const category = state.categories.get(id)
    return category ? [categoryRow(budgetId, category)] : []
  })
  if (rows.length === 0) return
  await out.change(
    out.db
      .insertInto('categories')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['budget_id', 'id']).doUpdateSet((eb) => ({
          category_group_id: eb.ref('excluded.category_group_id'),
          name: eb.ref('excluded.name'),
          type: eb.ref('excluded.type'),
          spending_class: eb.ref('excluded.spending_class'),
          origin: eb.ref('excluded.origin'),
          hidden: eb.ref('excluded.hidden'),
          position: eb.ref('excluded.position'),
        })),
      ),
    'categories',
  )
}

const upsertAccounts = async (
  out: Out,
  budgetId: string,
  state: BudgetState,
  ids: readonly BankAccountId[],
) => {
  const rows = ids.flatMap((id) => {
    const account = state.accounts.get(id)
    return account ? [accountRow(budgetId, account, state.accountTotals.get(id))] : []
  })
  if (rows.length === 0) return
  await out.change(
    out.db
      .insertInto('bank_accounts')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['budget_id', 'id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          type: eb.ref('excluded.type'),
          state: eb.ref('excluded.state'),
          opening_balance: eb.ref('excluded.opening_balance'),
          opening_date: eb.ref('excluded.opening_date'),
          last_reconciled_at: eb.ref('excluded.last_reconciled_at'),
          cleared: eb.ref('excluded.cleared'),
          uncleared: eb.ref('excluded.uncleared'),
        })),
      ),
    'bank_accounts',
  )
}

/** The transactions table's columns in the order both inserts below select them. */
const insertIntoTransactions = sql`insert into transactions (budget_id, id, bank_account_id, date, payee, memo, value,
  direction, kind, cleared, reconciled, splits, transfer_id)`

/**
 * Inserts (or, for `existing` ones, upserts) transactions passed as one JSON parameter of positional rows:
 * thousands stay one small statement, and JSON.stringify beats the driver's per-element array escaping.
 */
const writeTransactions = async (
  out: Out,
  budgetId: string,
  transactions: readonly Transaction[],
  existing: boolean,
) => {
  if (transactions.length === 0) return
  const rows = JSON.stringify(
    transactions.map((t) => [
      t.id,
      t.bankAccountId,
      t.date,
      t.payee,
      t.memo,
      t.value,
      t.direction,
      t.kind,
      t.cleared,
      t.reconciled,
      t.splits,
      t.transferId,
    ]),
  )
  await out.change(
    sql`
    ${insertIntoTransactions}
    select ${budgetId}, r->>0, r->>1, r->>2, r->>3, r->>4, (r->>5)::bigint, r->>6, r->>7, (r->>8)::boolean,
           (r->>9)::boolean, r->10, r->>11
    from jsonb_array_elements(${jsonbParameter(rows)}::jsonb) as r
    ${
      // New rows skip ON CONFLICT: its speculative insertion costs a third more on a bulk import.
      existing
        ? sql`on conflict (budget_id, id) do update set
      bank_account_id = excluded.bank_account_id, date = excluded.date, payee = excluded.payee,
      memo = excluded.memo, value = excluded.value, direction = excluded.direction, kind = excluded.kind,
      cleared = excluded.cleared, reconciled = excluded.reconciled, splits = excluded.splits,
      transfer_id = excluded.transfer_id`
        : sql``
    }
  `,
    'transactions',
  )
}

/**
 * Inserts the transactions the events after `fromVersion` up to `toVersion` added (TransactionAdded, both sides of
 * TransferAdded, TransactionsImported's), reading them from those events, just appended in this database transaction: a bulk import does
 * not send its transactions a second time (serialized, and parsed again as jsonb). Only for writes whose touched
 * transactions are all as their events added them (`Touched.addedOnly`).
 *
 * The rows go in by account, date and id, so the heap keeps one account's days together: one account-month of a
 * 1 000 000-transaction budget read ~170 buffers instead of ~1 030, one row per page (3.5 ms instead of 6–18 in
 * PostgreSQL), at no measurable cost to the import. A rebuild writes in the same order (`byAccountAndDate`).
 */
const insertAddedFromEvents = async (out: Out, budgetId: string, fromVersion: number, toVersion: number) => {
  await out.change(
    sql`
    ${insertIntoTransactions}
    select ${budgetId}, t->>'id', t->>'bankAccountId', t->>'date', t->>'payee', t->>'memo', (t->>'value')::bigint,
           t->>'direction', t->>'kind', (t->>'cleared')::boolean, (t->>'reconciled')::boolean, t->'splits',
           t->>'transferId'
    from budget_events e
    cross join lateral (
      select e.data->'transaction' where e.type = 'TransactionAdded'
      union all select e.data->'outflow' where e.type = 'TransferAdded'
      union all select e.data->'inflow' where e.type = 'TransferAdded'
      union all select value from jsonb_array_elements(e.data->'transactions') where e.type = 'TransactionsImported'
    ) as added(t)
    where e.budget_id = ${budgetId} and e.seq > ${fromVersion} and e.seq <= ${toVersion}
    order by t->>'bankAccountId', t->>'date', t->>'id'
  `,
    'transactions',
    ['budget_events'],
  )
}

const pairsIn = (pairs: readonly [string, string][]) =>
  sql<boolean>`(${sql.join(pairs.map(([a, b]) => sql`(${a}, ${b})`))})`

/** Deletes a budget's rows keyed by (first, second) column pairs, a thousand pairs per statement. */
const deletePairs = async (
  out: Out,
  table: 'category_year_columns' | 'account_months',
  budgetId: string,
  [first, second]: readonly [string, string],
  pairs: readonly [string, string][],
) => {
  for (const chunk of chunked(pairs)) {
    const key = sql`(${sql.ref(first)}, ${sql.ref(second)})`
    await out.change(
      sql`delete from ${sql.table(table)} where budget_id = ${budgetId} and ${key} in ${pairsIn(chunk)}`,
      table,
    )
  }
}

const writeCategoryYears = async (out: Out, budgetId: string, state: BudgetState, touched: Touched) => {
  const yearsOf = new Map<CategoryId, Set<string>>()
  for (const key of touched.categoryYears) {
    const [categoryId, year] = splitKey(key)
    // The key was built by touch() from a branded category id.
    const category = categoryId as CategoryId
    if (touched.wholeCategories.has(category)) continue
    const years = yearsOf.get(category)
    if (years === undefined) yearsOf.set(category, new Set([year]))
    else years.add(year)
  }
  const rows = []
  const gone: [string, string][] = []
  for (const [categoryId, years] of yearsOf) {
    const written = categoryYearRows(budgetId, categoryId, monthsInYears(state, categoryId, years), years)
    rows.push(...written)
    const kept = new Set(written.map((row) => row.year))
    for (const year of years) if (!kept.has(year)) gone.push([categoryId, year])
  }
  const whole = [...touched.wholeCategories]
  for (const chunk of chunked(whole)) {
    await out.change(
      out.db
        .deleteFrom('category_year_columns')
        .where('budget_id', '=', budgetId)
        .where('category_id', 'in', chunk),
      'category_year_columns',
    )
  }
  for (const categoryId of whole)
    rows.push(...categoryYearRows(budgetId, categoryId, monthsOf(state.categoryMonths, categoryId)))
  await deletePairs(out, 'category_year_columns', budgetId, ['category_id', 'year'], gone)
  if (rows.length > 0) {
    // One JSON parameter of positional rows: a bulk import's 150 categories stay one statement. `json` (not jsonb)
    // keeps each column's text as written.
    const values = `[${rows.map((row) => `[${JSON.stringify(row.category_id)},${JSON.stringify(row.year)},${row.periods},${row.assigned},${row.activity}]`).join(',')}]`
    await out.change(
      sql`
      insert into category_year_columns (budget_id, category_id, year, periods, assigned, activity)
      select ${budgetId}, r->>0, r->>1, r->2, r->3, r->4
      from json_array_elements(${jsonParameter(values)}::json) as r
      on conflict (budget_id, category_id, year) do update set
        periods = excluded.periods, assigned = excluded.assigned, activity = excluded.activity
    `,
      'category_year_columns',
    )
  }
}

const writeAccountMonths = async (out: Out, budgetId: string, state: BudgetState, keys: Set<string>) => {
  const rows = []
  const gone: [string, string][] = []
  for (const key of keys) {
    const [accountId, period] = splitKey(key)
    // The key was built by touch() from a branded account id and period.
    const net = getIn(state.accountMonths, accountId as BankAccountId, period as PeriodKey)
    if (net === undefined) gone.push([accountId, period])
    else rows.push(accountMonthRow(budgetId, accountId, period, net))
  }
  if (rows.length > 0) {
    const values = JSON.stringify(rows.map((row) => [row.bank_account_id, row.period, row.net]))
    await out.change(
      sql`
      insert into account_months (budget_id, bank_account_id, period, net)
      select ${budgetId}, r->>0, r->>1, (r->>2)::bigint from jsonb_array_elements(${jsonbParameter(values)}::jsonb) as r
      on conflict (budget_id, bank_account_id, period) do update set net = excluded.net
    `,
      'account_months',
    )
  }
  await deletePairs(out, 'account_months', budgetId, ['bank_account_id', 'period'], gone)
}

const writeRecords = async (out: Out, budgetId: string, before: BudgetState, after: BudgetState) => {
  const { upserted, removed } = changedKeys(before.recordsByPeriod, after.recordsByPeriod)
  const rows = []
  const rewrite: string[] = [...removed]
  for (const period of upserted) {
    const old = before.recordsByPeriod.get(period) ?? []
    const now = after.recordsByPeriod.get(period) ?? []
    // Records only grow, except when a whole history is dropped: append the tail, else rewrite the period.
    const appended = now.length >= old.length && old.every((record, index) => now[index] === record)
    const from = appended ? old.length : 0
    if (!appended) rewrite.push(period)
    for (let index = from; index < now.length; index++) {
      // biome-ignore lint/style/noNonNullAssertion: index is within the array.
      rows.push(recordRow(budgetId, now[index]!, index))
    }
  }
  if (rewrite.length > 0) {
    await out.change(
      out.db
        .deleteFrom('assignment_records')
        .where('budget_id', '=', budgetId)
        .where('period', 'in', rewrite),
      'assignment_records',
    )
  }
  await insertChunks(out, 'assignment_records', rows)
}

/** Moves the splits of a deleted category's stored transactions to the category that takes them. */
const moveSplits = async (out: Out, budgetId: string, from: CategoryId, into: CategoryId) => {
  await out.change(
    sql`
    update transactions set splits = (
      select jsonb_agg(
        case when split->>'categoryId' = ${from}
          then jsonb_build_object('categoryId', ${into}::text, 'value', split->'value') else split end
        order by position)
      from jsonb_array_elements(splits) with ordinality as s(split, position))
    where budget_id = ${budgetId} and splits @> ${JSON.stringify([{ categoryId: from }])}::jsonb
  `,
    'transactions',
  )
}

/**
 * The undo stack's rows after a write: commands push and pop a few entries, so the entry both stacks share is
 * found within `reach` steps of the tops; otherwise (a cleared history) the rows are written anew.
 */
const writeUndo = async (
  out: Out,
  budgetId: string,
  before: UndoEntry | null,
  after: UndoEntry | null,
  reach: number,
) => {
  if (before === after) return
  const recent = new Set<UndoEntry>()
  for (let entry = after, steps = 0; entry !== null && steps <= reach; entry = entry.next, steps++)
    recent.add(entry)
  const popped: string[] = []
  let shared: UndoEntry | null = null
  let found = false
  for (let entry = before, steps = 0; steps <= reach; entry = entry.next, steps++) {
    if (entry === null || recent.has(entry)) {
      shared = entry
      found = true
      break
    }
    popped.push(entry.commandId)
  }
  if (!found) {
    await out.change(out.db.deleteFrom('budget_undo').where('budget_id', '=', budgetId), 'budget_undo')
    await insertChunks(out, 'budget_undo', undoRows(budgetId, after))
    return
  }
  const pushed: UndoEntry[] = []
  for (let entry = after; entry !== shared && entry !== null; entry = entry.next) pushed.unshift(entry)
  if (popped.length > 0)
    await out.change(
      out.db.deleteFrom('budget_undo').where('budget_id', '=', budgetId).where('command_id', 'in', popped),
      'budget_undo',
    )
  if (pushed.length === 0) return
  // Positions are depths (1 at the bottom), so they are dense: the shared entry's is the highest one left. Read by
  // the insert itself (its snapshot is from before its rows), not by a round trip of its own.
  const depth = sql<number>`(select coalesce(max(position), 0) from budget_undo where budget_id = ${budgetId})`
  await out.change(
    out.db.insertInto('budget_undo').values(
      pushed.map((entry, index) => ({
        ...undoRow(budgetId, entry),
        position: sql<number>`${depth} + ${index + 1}`,
      })),
    ),
    'budget_undo',
  )
}

const deleteByIds = async (
  out: Out,
  table: 'category_groups' | 'categories' | 'bank_accounts' | 'filters' | 'transactions',
  budgetId: string,
  ids: readonly string[],
) => {
  for (const chunk of chunked(ids)) {
    await out.change(
      out.db.deleteFrom(table).where('budget_id', '=', budgetId).where('id', 'in', chunk),
      table,
    )
  }
}

const writeBudgetRow = async (out: Out, budgetId: string, state: BudgetState, version: number) => {
  await out.change(
    out.db
      .updateTable('budgets')
      .set({
        version,
        deleted: state.deleted,
        read_model_format: READ_MODEL_FORMAT,
        transaction_count: state.transactionCount,
        ...(state.budget
          ? {
              name: state.budget.name,
              currency: state.budget.currency,
              // The event's, which the request's row may differ from by a moment.
              created_at: state.budget.createdAt,
              created_by: state.budget.createdBy,
            }
          : {}),
      })
      .where('id', '=', budgetId),
    'budgets',
  )
}

/** Writes what a command (or a batch of them) changed between `before` and `after`. */
export const projectChanges = async (
  out: Out,
  budgetId: string,
  before: BudgetState,
  after: BudgetState,
  touched: Touched,
  version: number,
): Promise<void> => {
  await writeBudgetRow(out, budgetId, after, version)
  if (touched.full) {
    await writeWholeState(out, budgetId, after)
    return
  }
  const groups = changedKeys(before.groups, after.groups)
  await upsertGroups(out, budgetId, after, groups.upserted)
  await deleteByIds(out, 'category_groups', budgetId, groups.removed)
  const categories = changedKeys(before.categories, after.categories)
  await upsertCategories(out, budgetId, after, categories.upserted)
  await deleteByIds(out, 'categories', budgetId, categories.removed)
  const accounts = changedKeys(before.accounts, after.accounts)
  const totals = changedKeys(before.accountTotals, after.accountTotals)
  await upsertAccounts(out, budgetId, after, [...new Set([...accounts.upserted, ...totals.upserted])])
  await deleteByIds(out, 'bank_accounts', budgetId, accounts.removed)
  if (touched.addedOnly) {
    if (touched.transactions.size > 0)
      await insertAddedFromEvents(out, budgetId, version - touched.events, version)
  } else {
    // The read models are at `before`'s version: a transaction `before` lacks has no row yet.
    const added: Transaction[] = []
    const changed: Transaction[] = []
    const gone: TransactionId[] = []
    for (const id of touched.transactions) {
      const transaction = lookup(after, id)
      if (transaction === undefined) gone.push(id)
      else if (lookup(before, id) === undefined) added.push(transaction)
      else changed.push(transaction)
    }
    await writeTransactions(out, budgetId, added, false)
    await writeTransactions(out, budgetId, changed, true)
    await deleteByIds(out, 'transactions', budgetId, gone)
  }
  for (const { from, into } of touched.categoryMoves) await moveSplits(out, budgetId, from, into)
  await writeUndo(out, budgetId, before.undoStack, after.undoStack, touched.events)
  await writeCategoryYears(out, budgetId, after, touched)
  await writeAccountMonths(out, budgetId, after, touched.accountMonths)
  await writeRecords(out, budgetId, before, after)
  const targets = changedKeys(before.targets, after.targets)
  if (targets.removed.length + targets.upserted.length > 0) {
    await out.change(
      out.db
        .deleteFrom('targets')
        .where('budget_id', '=', budgetId)
        .where('category_id', 'in', [...targets.removed, ...targets.upserted]),
      'targets',
    )
    const rows = targets.upserted.flatMap((id) => {
      const target = after.targets.get(id)
      return target ? [targetRow(budgetId, target)] : []
    })
    await insertChunks(out, 'targets', rows)
  }
  const filters = changedKeys(before.filters, after.filters)
  if (filters.removed.length + filters.upserted.length > 0) {
    await deleteByIds(out, 'filters', budgetId, [...filters.removed, ...filters.upserted])
    const rows = filters.upserted.flatMap((id) => {
      const filter = after.filters.get(id)
      return filter ? [filterRow(budgetId, filter)] : []
    })
    await insertChunks(out, 'filters', rows)
  }
}

const insertChunks = async <T extends keyof LedgerTables>(out: Out, table: T, rows: readonly object[]) => {
  for (const chunk of chunked(rows)) {
    // The rows were built for this table by rows.ts; Kysely cannot relate a generic table to its row type.
    await out.change(out.db.insertInto(table).values(chunk as never), table)
  }
}

/** The order rows go into the table in, as `insertAddedFromEvents` inserts them: one account's days together. */
const byAccountAndDate = (a: Transaction, b: Transaction) =>
  compareText(a.bankAccountId, b.bankAccountId) || compareText(a.date, b.date) || compareText(a.id, b.id)

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Replaces every read-model row of a budget with the rows of `state` (rebuild, and the rare whole rewrites). */
export const writeWholeState = async (out: Out, budgetId: string, state: BudgetState): Promise<void> => {
  for (const table of readModelTables)
    await out.change(out.db.deleteFrom(table).where('budget_id', '=', budgetId), table)
  await insertChunks(
    out,
    'category_groups',
    [...state.groups.values()].map((group) => groupRow(budgetId, group)),
  )
  await insertChunks(
    out,
    'categories',
    [...state.categories.values()].map((category) => categoryRow(budgetId, category)),
  )
  await insertChunks(
    out,
    'bank_accounts',
    [...state.accounts.values()].map((account) =>
      accountRow(budgetId, account, state.accountTotals.get(account.id)),
    ),
  )
  await insertChunks(
    out,
    'transactions',
    [...HashMap.values(state.transactions)]
      .sort(byAccountAndDate)
      .map((transaction) => transactionRow(budgetId, transaction)),
  )
  await insertChunks(
    out,
    'category_year_columns',
    [...state.categoryMonths].flatMap(([categoryId]) =>
      categoryYearRows(budgetId, categoryId, monthsOf(state.categoryMonths, categoryId)),
    ),
  )
  const accountMonths = []
  for (const [accountId] of state.accountMonths)
    for (const [period, net] of entriesIn(state.accountMonths, accountId))
      accountMonths.push(accountMonthRow(budgetId, accountId, period, net))
  await insertChunks(out, 'account_months', accountMonths)
  const records: RecordInsert[] = []
  for (const list of state.recordsByPeriod.values())
    list.forEach((record, index) => {
      records.push(recordRow(budgetId, record, index))
    })
  await insertChunks(out, 'assignment_records', records)
  await insertChunks(
    out,
    'targets',
    [...state.targets.values()].map((target) => targetRow(budgetId, target)),
  )
  await insertChunks(
    out,
    'filters',
    [...state.filters.values()].map((filter) => filterRow(budgetId, filter)),
  )
  await insertChunks(out, 'budget_undo', undoRows(budgetId, state.undoStack))
}
