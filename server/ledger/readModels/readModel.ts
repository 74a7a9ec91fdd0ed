import { sql } from 'kysely'
import type { BudgetState } from '../../../domain/state.ts'
import type { BudgetEvent } from '../../../schemas/budgetEvents.ts'
import type { Statements } from '../../db/statementBatch.ts'
import type { LedgerTables, readModelTables } from '../tables.ts'

// What every read model is: one table of a budget's rows, kept by the write that changes them (`projection.ts`).
// A model hears each event a write appends (which rows it touches), then writes its rows from the state after the
// write; a rebuild, a fresh start and a deleted budget take its rows of a whole state instead.

/** Where the read models' statements go (`db/statementBatch.ts`): a write's rows reach the database in few round trips. */
export type Out = Statements<LedgerTables>

export type ReadModelTable = (typeof readModelTables)[number]

/** A write seen whole: the states before and after its events, and the stream version they took it to. */
export interface Change {
  readonly budgetId: string
  readonly before: BudgetState
  readonly after: BudgetState
  readonly version: number
  /** How many events the write appended (the versions after `version - events` up to `version` are its own). */
  readonly events: number
}

/** One write's view of a read model: it hears the write's events in order, then writes what they touched. */
export interface Pass {
  /**
   * `before` is the state the event applies to (an edit needs the old version of what it edits). Absent for a
   * model compared whole (`comparedWhole`), which needs no event.
   */
  readonly touch?: (before: BudgetState, event: BudgetEvent) => void
  readonly write: (out: Out, change: Change) => Promise<void>
}

export interface ReadModel {
  readonly table: ReadModelTable
  /** A pass for one write. Models compared whole (`comparedWhole`) ignore the events and diff the two states. */
  readonly pass: () => Pass
  /** Every row of a budget in `state`, for a whole rewrite (a rebuild, `BudgetReset`, `BudgetDeleted`). */
  readonly rows: (budgetId: string, state: BudgetState) => readonly object[]
  /**
   * Inserts `rows`' rows its own way where the generic insert is slow for a big budget (after the old rows are
   * deleted); absent, the rows go in by `insertChunks`.
   */
  readonly insertWhole?: (out: Out, budgetId: string, state: BudgetState) => Promise<void>
}

/**
 * A pass for a model written from the difference between the states before and after (the small collections,
 * compared by reference): every event is decided the same way, so none needs a case of its own.
 */
export const comparedWhole = (write: Pass['write']) => (): Pass => ({ write })

export const chunked = <T>(rows: readonly T[], size = 1000): T[][] => {
  const chunks: T[][] = []
  for (let at = 0; at < rows.length; at += size) chunks.push(rows.slice(at, at + size))
  return chunks
}

/** Entries of two maps whose values differ by reference (copy-on-write maps keep unchanged values). */
export const changedKeys = <K, V>(before: ReadonlyMap<K, V>, after: ReadonlyMap<K, V>) => {
  const upserted: K[] = []
  const removed: K[] = []
  for (const [key, value] of after) if (before.get(key) !== value) upserted.push(key)
  for (const key of before.keys()) if (!after.has(key)) removed.push(key)
  return { upserted, removed }
}

export const insertChunks = async <T extends ReadModelTable>(out: Out, table: T, rows: readonly object[]) => {
  for (const chunk of chunked(rows)) {
    // The rows were built for this table by rows.ts; Kysely cannot relate a generic table to its row type.
    await out.change(out.db.insertInto(table).values(chunk as never), table)
  }
}

export const deleteByIds = async (
  out: Out,
  table:
    | 'category_groups'
    | 'categories'
    | 'bank_accounts'
    | 'filters'
    | 'budget_loans'
    | 'transactions'
    | 'budget_imports'
    | 'budget_transaction_templates',
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

export const pairKey = (a: string, b: string) => `${a}\u0000${b}`
export const splitKey = (key: string): [string, string] => {
  const at = key.indexOf('\u0000')
  return [key.slice(0, at), key.slice(at + 1)]
}

const pairsIn = (pairs: readonly [string, string][]) =>
  sql<boolean>`(${sql.join(pairs.map(([a, b]) => sql`(${a}, ${b})`))})`

/** Deletes a budget's rows keyed by (first, second) column pairs, a thousand pairs per statement. */
export const deletePairs = async (
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
