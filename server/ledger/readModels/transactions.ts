import * as HashMap from 'effect/HashMap'
import { sql } from 'kysely'
import { absurd } from '../../../domain/absurd.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import type { CategoryId, TransactionId } from '../../../schemas/ids.ts'
import { jsonbParameter } from '../../db/jsonParameters.ts'
import { transactionRow } from '../rows.ts'
import { deleteByIds, type Out, type Pass, type ReadModel } from './readModel.ts'
import { lookup, transactionVersions } from './transactionVersions.ts'

/** The transactions table's columns in the order both inserts below select them. */
const insertIntoTransactions = sql`insert into transactions (budget_id, id, bank_account_id, date, payee, memo, value,
  direction, kind, cleared, reconciled, splits, transfer_id, entered_by)`

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
      t.enteredBy ?? null,
    ]),
  )
  await out.change(
    sql`
    ${insertIntoTransactions}
    select ${budgetId}, r->>0, r->>1, r->>2, r->>3, r->>4, (r->>5)::bigint, r->>6, r->>7, (r->>8)::boolean,
           (r->>9)::boolean, r->10, r->>11, r->>12
    from jsonb_array_elements(${jsonbParameter(rows)}::jsonb) as r
    ${
      // New rows skip ON CONFLICT: its speculative insertion costs a third more on a bulk import.
      existing
        ? sql`on conflict (budget_id, id) do update set
      bank_account_id = excluded.bank_account_id, date = excluded.date, payee = excluded.payee,
      memo = excluded.memo, value = excluded.value, direction = excluded.direction, kind = excluded.kind,
      cleared = excluded.cleared, reconciled = excluded.reconciled, splits = excluded.splits,
      transfer_id = excluded.transfer_id, entered_by = excluded.entered_by`
        : sql``
    }
  `,
    'transactions',
  )
}

/**
 * Inserts the transactions the events after `fromVersion` up to `toVersion` added (TransactionAdded, both sides of
 * TransferAdded, TransactionsImported's), reading them from those events, just appended in this database
 * transaction: a bulk import does not send its transactions a second time (serialized, and parsed again as
 * jsonb). Only for writes whose touched transactions are all as their events added them (`addedOnly`).
 *
 * The rows go in by account, date and id, so the heap keeps one account's days together (fewer pages per
 * account-month read, see the README). A rebuild writes in the same order (`byAccountAndDate`).
 */
const insertAddedFromEvents = async (out: Out, budgetId: string, fromVersion: number, toVersion: number) => {
  await out.change(
    sql`
    ${insertIntoTransactions}
    select ${budgetId}, t->>'id', t->>'bankAccountId', t->>'date', t->>'payee', t->>'memo', (t->>'value')::bigint,
           t->>'direction', t->>'kind', (t->>'cleared')::boolean, (t->>'reconciled')::boolean, t->'splits',
           t->>'transferId', t->>'enteredBy'
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

/** The order rows go into the table in, as `insertAddedFromEvents` inserts them: one account's days together. */
const byAccountAndDate = (a: Transaction, b: Transaction) =>
  compareText(a.bankAccountId, b.bankAccountId) || compareText(a.date, b.date) || compareText(a.id, b.id)

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

const pass = (): Pass => {
  const ids = new Set<TransactionId>()
  /** Deleted categories and where their transactions went, in order. */
  const moves: { readonly from: CategoryId; readonly into: CategoryId }[] = []
  /**
   * Every transaction touched was added by an event and left as that event made it (a bulk import): their rows can
   * be read from the events just appended instead of being sent again.
   */
  let addedOnly = true
  return {
    touch: (before, event) => {
      switch (event._tag) {
        case 'TransactionAdded':
        case 'TransferAdded':
          for (const transaction of transactionVersions(before, event))
            if (transaction !== undefined) ids.add(transaction.id)
          return
        case 'TransactionsImported':
          // An import that made transactions into transfer sides deletes their rows: not only additions.
          if ((event.source?.replaced.length ?? 0) > 0) addedOnly = false
          for (const transaction of transactionVersions(before, event))
            if (transaction !== undefined) ids.add(transaction.id)
          return
        case 'ImportUndone':
          addedOnly = false
          for (const transaction of transactionVersions(before, event))
            if (transaction !== undefined) ids.add(transaction.id)
          return
        case 'TransactionEdited':
        case 'TransferEdited':
        case 'TransferDeleted':
          addedOnly = false
          for (const transaction of transactionVersions(before, event))
            if (transaction !== undefined) ids.add(transaction.id)
          return
        case 'TransactionDeleted':
          addedOnly = false
          ids.add(event.transactionId)
          return
        case 'AccountReconciled':
          addedOnly = false
          for (const id of event.reconciledTransactionIds) ids.add(id)
          return
        case 'CategoryDeleted':
          // The splits of stored transactions the state does not hold move in the database.
          addedOnly = false
          moves.push({ from: event.categoryId, into: event.movedToCategoryId })
          return
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
          return
        // The read models are written whole after an import (projection.ts#rewritesWhole).
        case 'BudgetImported':
          return
        default:
          return absurd(event)
      }
    },
    write: async (out, { budgetId, before, after, version, events }) => {
      if (addedOnly) {
        if (ids.size > 0) await insertAddedFromEvents(out, budgetId, version - events, version)
      } else {
        // The read models are at `before`'s version: a transaction `before` lacks has no row yet.
        const added: Transaction[] = []
        const changed: Transaction[] = []
        const gone: TransactionId[] = []
        for (const id of ids) {
          const transaction = lookup(after, id)
          if (transaction === undefined) gone.push(id)
          else if (lookup(before, id) === undefined) added.push(transaction)
          else changed.push(transaction)
        }
        await writeTransactions(out, budgetId, added, false)
        await writeTransactions(out, budgetId, changed, true)
        await deleteByIds(out, 'transactions', budgetId, gone)
      }
      for (const { from, into } of moves) await moveSplits(out, budgetId, from, into)
    },
  }
}

/** Transactions per statement of a whole rewrite: a few megabytes of JSON each. */
const WHOLE_CHUNK = 10_000

/** `transactions`: one row per stored transaction, written as the events touched them. */
export const transactions: ReadModel = {
  table: 'transactions',
  pass,
  rows: (budgetId, state) =>
    [...HashMap.values(state.transactions)]
      .sort(byAccountAndDate)
      .map((transaction) => transactionRow(budgetId, transaction)),
  // One JSON parameter per chunk rather than a parameter per column and row: an imported budget's 50 000
  // transactions went in in 3.5 s row by row on PGlite.
  insertWhole: async (out, budgetId, state) => {
    const sorted = [...HashMap.values(state.transactions)].sort(byAccountAndDate)
    for (let at = 0; at < sorted.length; at += WHOLE_CHUNK)
      await writeTransactions(out, budgetId, sorted.slice(at, at + WHOLE_CHUNK), false)
  },
}
