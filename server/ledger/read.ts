import { type Kysely, sql } from 'kysely'
import { monthView, servedMinor } from '../../domain/monthView.ts'
import { fromSnapshot } from '../../domain/snapshot.ts'
import type { BudgetState } from '../../domain/state.ts'
import { needsNothing, type TransactionsNeeded } from '../../domain/summary.ts'
import type {
  AssignmentRecord,
  BankAccount,
  Category,
  CategoryGroup,
  MonthView,
  SavedFilter,
  Target,
  Transaction,
} from '../../schemas/budget.ts'
import type { BudgetStateSnapshot } from '../../schemas/budgetSnapshot.ts'
import type { BankAccountId, CategoryGroupId, TemplateId, TransactionId } from '../../schemas/ids.ts'
import type { IsoDate, Minor, PeriodKey } from '../../schemas/money.ts'
import type { Completion, TransactionTemplate, TransactionTemplateSplit } from '../../schemas/templates.ts'
import { type TransactionStored, transactionOfRow } from './rows.ts'
import { amount, type LedgerTables } from './tables.ts'

// Read-model queries. Rows were written from typed domain values (rows.ts), so reading them back re-brands
// them without decoding; `amount()` turns stored bigints into numbers.

type Db = Kysely<LedgerTables>

/* The `as` casts in this file re-brand strings the projection stored from branded domain values. */

export const listBudgets = async (db: Db, userId: string) => {
  const rows = await db
    .selectFrom('budgets as b')
    .innerJoin('budget_members as m', 'm.budget_id', 'b.id')
    .select(['b.id', 'b.name', 'b.currency', 'b.version', 'm.role', 'm.access'])
    .where('m.user_id', '=', userId)
    .where('b.deleted', '=', false)
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute()
  return rows.map((row) => ({ ...row, version: amount(row.version) }))
}

export const listGroups = async (db: Db, budgetId: string): Promise<CategoryGroup[]> => {
  const rows = await db
    .selectFrom('category_groups')
    .select(['id', 'name', 'hidden', 'position'])
    .where('budget_id', '=', budgetId)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ ...row, id: row.id as CategoryGroupId }))
}

export const listCategories = async (db: Db, budgetId: string): Promise<Category[]> => {
  const rows = await db
    .selectFrom('categories')
    .selectAll()
    .where('budget_id', '=', budgetId)
    .orderBy('category_group_id')
    .orderBy('position')
    .execute()
  return rows.map(
    (row) =>
      ({
        id: row.id,
        categoryGroupId: row.category_group_id,
        name: row.name,
        type: row.type,
        spendingClass: row.spending_class,
        origin: row.origin,
        hidden: row.hidden,
        position: row.position,
      }) as Category,
  )
}

export interface AccountWithBalance extends BankAccount {
  readonly balance: number
  readonly cleared: number
  readonly uncleared: number
}

export const listAccounts = async (db: Db, budgetId: string): Promise<AccountWithBalance[]> => {
  const rows = await db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('budget_id', '=', budgetId)
    .orderBy('id')
    .execute()
  return rows.map((row) => {
    const cleared = amount(row.cleared)
    const uncleared = amount(row.uncleared)
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      state: row.state,
      openingBalance: amount(row.opening_balance),
      openingDate: row.opening_date,
      lastReconciledAt: row.last_reconciled_at,
      offBudget: row.off_budget,
      balance: cleared + uncleared,
      cleared,
      uncleared,
    } as AccountWithBalance
  })
}

/** The accounts as `GET …/bank-accounts` serves them: a budget stored before the bound saturates (domain/bounds.ts). */
export const listAccountViews = async (db: Db, budgetId: string): Promise<AccountWithBalance[]> =>
  (await listAccounts(db, budgetId)).map((account) => ({
    ...account,
    openingBalance: servedMinor(account.openingBalance),
    balance: servedMinor(account.balance),
    cleared: servedMinor(account.cleared),
    uncleared: servedMinor(account.uncleared),
  }))

export const listTargets = async (db: Db, budgetId: string): Promise<Target[]> => {
  const rows = await db
    .selectFrom('targets')
    .selectAll()
    .where('budget_id', '=', budgetId)
    .orderBy('category_id')
    .execute()
  return rows.map(
    (row) =>
      ({
        id: row.id,
        categoryId: row.category_id,
        type: row.type,
        amount: amount(row.amount),
        dueDate: row.due_date,
        cadenceMonths: row.cadence_months,
      }) as Target,
  )
}

export const listFilters = async (db: Db, budgetId: string): Promise<SavedFilter[]> => {
  const rows = await db
    .selectFrom('filters')
    .selectAll()
    .where('budget_id', '=', budgetId)
    .orderBy('id')
    .execute()
  return rows.map(
    (row) =>
      ({
        id: row.id,
        name: row.name,
        criteria: row.criteria,
        ...(row.report === null ? {} : { report: row.report }),
      }) as SavedFilter,
  )
}

/** A budget's template splits in their templates' order (SPEC transactionTemplateSplits). */
export const listTemplateSplits = async (db: Db, budgetId: string): Promise<TransactionTemplateSplit[]> => {
  const rows = await db
    .selectFrom('budget_transaction_template_splits')
    .selectAll()
    .where('budget_id', '=', budgetId)
    .orderBy('template_id')
    .orderBy('position')
    .execute()
  return rows.map(
    (row) =>
      ({
        transactionTemplateId: row.template_id,
        categoryId: row.category_id,
        value: amount(row.value),
      }) as TransactionTemplateSplit,
  )
}

/** A budget's recurring transaction templates with their splits, by id. */
export const listTemplates = async (db: Db, budgetId: string): Promise<TransactionTemplate[]> => {
  const [rows, splits] = await Promise.all([
    db
      .selectFrom('budget_transaction_templates')
      .selectAll()
      .where('budget_id', '=', budgetId)
      .orderBy('id')
      .execute(),
    listTemplateSplits(db, budgetId),
  ])
  const splitsOf = new Map<string, TransactionTemplate['splits'][number][]>()
  for (const { transactionTemplateId, categoryId, value } of splits) {
    const list = splitsOf.get(transactionTemplateId)
    if (list === undefined) splitsOf.set(transactionTemplateId, [{ categoryId, value }])
    else list.push({ categoryId, value })
  }
  // The key order of domain/decideTemplates.ts validTemplate (decide compares templates field by field anyway).
  return rows.map(
    (row) =>
      ({
        id: row.id as TemplateId,
        bankAccountId: row.bank_account_id as BankAccountId,
        toBankAccountId: row.to_bank_account_id as BankAccountId | null,
        payee: row.payee,
        memo: row.memo,
        value: amount(row.value) as Minor,
        splits: splitsOf.get(row.id) ?? [],
        frequency: row.frequency,
        interval: row.interval,
        startDate: row.start_date as IsoDate,
        endDate: row.end_date as IsoDate | null,
        occurrences: row.occurrences,
        shift: row.shift,
        amountMatch: row.amount_match,
        skippedThrough: row.skipped_through as IsoDate | null,
      }) as TransactionTemplate,
  )
}

/** What was done with templates' occurrences, per template, by date. */
export const listCompletions = async (
  db: Db,
  budgetId: string,
): Promise<{ templateId: TransactionTemplate['id']; completions: Completion[] }[]> => {
  const rows = await db
    .selectFrom('budget_template_completions')
    .selectAll()
    .where('budget_id', '=', budgetId)
    .orderBy('template_id')
    .orderBy('date')
    .execute()
  const byTemplate = new Map<string, Completion[]>()
  for (const row of rows) {
    const completion = {
      date: row.date as IsoDate,
      outcome: row.outcome,
      transactionId: row.transaction_id as TransactionId | null,
    } as Completion
    const list = byTemplate.get(row.template_id)
    if (list === undefined) byTemplate.set(row.template_id, [completion])
    else list.push(completion)
  }
  return [...byTemplate].map(([templateId, completions]) => ({
    templateId: templateId as TransactionTemplate['id'],
    completions,
  }))
}

export const listRecords = async (db: Db, budgetId: string, period: string): Promise<AssignmentRecord[]> => {
  const rows = await db
    .selectFrom('assignment_records')
    .selectAll()
    .where('budget_id', '=', budgetId)
    .where('period', '=', period)
    .orderBy('position')
    .execute()
  return rows.map(
    (row) =>
      ({
        id: row.id,
        commandId: row.command_id,
        periodKey: row.period,
        at: row.at,
        by: row.by,
        source: row.source,
        fromCategoryId: row.from_category_id,
        toCategoryId: row.to_category_id,
        amount: amount(row.amount),
      }) as AssignmentRecord,
  )
}

export interface TransactionQuery {
  readonly accountId?: string | undefined
  readonly categoryId?: string | undefined
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly limit: number
  /** `<date>|<id>` of the last item of the previous page. */
  readonly after?: string | undefined
}

/**
 * A stored transaction's columns (of `t`) under the wire's names (schemas/budget.ts#Transaction), in its key order: the row
 * as a record becomes the wire's object (`row_to_json(w)`), ~30 % cheaper than `json_build_object` per row and without
 * its spaces (a 1 000-row page: 309 KB instead of 342).
 */
const wireColumns = sql`select t.id, t.bank_account_id as "bankAccountId", t.date, t.payee, t.memo, t.value,
  t.direction, t.kind, t.cleared, t.reconciled, t.splits, t.transfer_id as "transferId", t.entered_by as "enteredBy"`

/**
 * The page's rows and the one after it (which tells whether another page follows), newest first, keyset-paginated
 * on (date, id); one account-month uses the (budget, account, date, id) index.
 */
const pageAndNext = (db: Db, budgetId: string, query: TransactionQuery) => {
  let select = db.selectFrom('transactions').selectAll().where('budget_id', '=', budgetId)
  if (query.accountId !== undefined) select = select.where('bank_account_id', '=', query.accountId)
  if (query.from !== undefined) select = select.where('date', '>=', query.from)
  if (query.to !== undefined) select = select.where('date', '<=', query.to)
  if (query.categoryId !== undefined) {
    const categoryId = query.categoryId
    // jsonb containment (`splits @> '[{"categoryId": …}]'`); Kysely types the right side as the column's JSON text.
    select = select.where((eb) =>
      eb(eb.ref('splits'), '@>', eb.val(JSON.stringify([{ categoryId }])) as never),
    )
  }
  if (query.after !== undefined) {
    const cut = query.after.indexOf('|')
    const date = query.after.slice(0, cut)
    const id = query.after.slice(cut + 1)
    select = select.where((eb) =>
      eb.or([eb('date', '<', date), eb.and([eb('date', '=', date), eb('id', '<', id)])]),
    )
  }
  return select
    .select(sql<number>`row_number() over (order by date desc, id desc)`.as('position'))
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .as('t')
}

/** Rows per piece of a page the database writes (a 100-row piece is ~36 KB of text). */
const pieceRows = 100

/**
 * One page as the wire's JSON (`{items, nextCursor}`, schemas/ledgerApi.ts#TransactionPage), built by the
 * database: the rows never become objects on the server, which kept one account-month's read from parsing,
 * rebuilding and serializing a few hundred transactions (and from the collections of that garbage).
 *
 * The database writes it in pieces of 100 rows, answered as those pieces (joined and compressed as they are sent,
 * http/register.ts#sendPieces): as one string, a 1 000-row page (~360 KB) was a large object in the old generation,
 * twice per read (the driver's copy and the joined answer), and those strings alone paced the server's full
 * collections — one every ~11 reads of such pages, each a 4–11 ms pause. Pieces of ~36 KB die young.
 */
export const transactionPageJson = async (
  db: Db,
  budgetId: string,
  query: TransactionQuery,
): Promise<readonly string[]> => {
  const { rows } = await sql<{ items: string | null; cursor: string | null; more: boolean }>`
    select
      string_agg(row_to_json(w)::text, ',' order by t.position) filter (where t.position <= ${query.limit}) as items,
      max(t.date || '|' || t.id) filter (where t.position = ${query.limit}) as cursor,
      bool_or(t.position > ${query.limit}) as more
    from ${pageAndNext(db, budgetId, query)} cross join lateral (${wireColumns}) w
    group by (t.position - 1) / ${sql.lit(pieceRows)}
    order by (t.position - 1) / ${sql.lit(pieceRows)}
  `.execute(db)
  const parts = ['{"items":[']
  let cursor: string | null = null
  for (const row of rows) {
    // The comma is a piece of its own: `,${items}` is a rope that V8 flattens into a copy of the piece when its
    // UTF-8 length is measured (a 1 000-row page: ~330 KB more garbage per read).
    if (row.items !== null) {
      if (parts.length > 1) parts.push(',')
      parts.push(row.items)
    }
    cursor = row.cursor ?? cursor
  }
  parts.push(`],"nextCursor":${JSON.stringify(rows.some((row) => row.more) ? cursor : null)}}`)
  return parts
}

/**
 * Every stored transaction of a budget (the summary's complement) and the links of its transfers, as JSON text in
 * the wire shape of schemas/budgetSnapshot.ts, built by the database: a big budget's transactions never become
 * objects on the server.
 */
export const allTransactionsJson = async (
  db: Db,
  budgetId: string,
): Promise<{ readonly transactions: string; readonly transfers: string }> => {
  const { rows } = await sql<{ transactions: string; transfers: string }>`
    select
      (select coalesce(json_agg(w
                -- Newest first, as the app lists them (domain/transactionOrder.ts), read backwards from the
                -- (budget_id, date, id) index. The app compares code units: under another collation than C it
                -- finds the list out of its order and sorts it itself.
                order by t.date desc, t.id desc), '[]')::text
         from transactions t cross join lateral (${wireColumns}) w
         where t.budget_id = ${budgetId}) as transactions,
      -- A transfer's outflow side carries the negative amount (domain/summary.ts#transferLinksOf).
      (select coalesce(json_agg(json_build_object('transferId', transfer_id, 'outflowTransactionId', outflow,
                'inflowTransactionId', inflow)), '[]')::text
         from (select transfer_id, max(id) filter (where value < 0) as outflow,
                      max(id) filter (where value >= 0) as inflow
               from transactions where budget_id = ${budgetId} and transfer_id is not null
               group by transfer_id) links
         where outflow is not null and inflow is not null) as transfers
  `.execute(db)
  return { transactions: rows[0]?.transactions ?? '[]', transfers: rows[0]?.transfers ?? '[]' }
}

/** A stored transaction's columns, as `transactionOfRow` reads them. */
const storedColumns = sql`id, bank_account_id, date, payee, memo, value, direction, kind, cleared, reconciled, splits,
  transfer_id, entered_by`

/** Transactions from the one JSON text a query aggregated them into (PGlite decodes each field on its own). */
const storedTransactions = (rows: readonly { readonly rows: string }[]): Transaction[] =>
  (JSON.parse(rows[0]?.rows ?? '[]') as TransactionStored[]).map(transactionOfRow)

/**
 * The budget's transactions whose `column` is one of `keys`, one index probe per key (a lateral equality on both
 * key columns of an index): with `= any(…)`, a planner whose statistics predate a bulk import scanned the budget's
 * rows instead (322 081 rows for 1 000 ids, seen on PostgreSQL).
 */
const transactionsBy = async (
  db: Db,
  budgetId: string,
  column: 'id' | 'transfer_id',
  keys: readonly string[],
): Promise<Transaction[]> => {
  if (keys.length === 0) return []
  const { rows } = await sql<{ rows: string }>`
    select coalesce(json_agg(found), '[]')::text as rows
    from unnest(${keys}::text[]) as wanted(key)
    cross join lateral (
      select ${storedColumns} from transactions where budget_id = ${budgetId} and ${sql.ref(column)} = wanted.key
    ) as found
  `.execute(db)
  return storedTransactions(rows)
}

/** What matching a bank file's rows reads of a transaction (domain/import/match.ts `Nearby`). */
export type NearbyTransaction = Pick<
  Transaction,
  'id' | 'bankAccountId' | 'date' | 'value' | 'transferId' | 'reconciled'
>

/**
 * The budget's transactions dated from `from` to `to`, both included, with only what an import's duplicate and
 * transfer matching reads: a year of a busy account is 50 000 rows, and their payees, memos and splits were most
 * of the bytes.
 */
export const transactionsBetween = async (
  db: Db,
  budgetId: string,
  from: string,
  to: string,
): Promise<NearbyTransaction[]> => {
  const { rows } = await sql<{ rows: string }>`
    select coalesce(json_agg(json_build_array(id, bank_account_id, date, value, transfer_id, reconciled)), '[]')::text
      as rows
    from transactions where budget_id = ${budgetId} and date >= ${from} and date <= ${to}
  `.execute(db)
  // Rows the projection wrote from typed domain values.
  return (
    JSON.parse(rows[0]?.rows ?? '[]') as [string, string, string, number | string, string | null, boolean][]
  ).map(
    ([id, bankAccountId, date, value, transferId, reconciled]) =>
      ({ id, bankAccountId, date, value: Number(value), transferId, reconciled }) as NearbyTransaction,
  )
}

/** The budget's newest `limit` transactions that are not transfer sides (what an import learns categories from). */
export const recentTransactions = async (db: Db, budgetId: string, limit: number): Promise<Transaction[]> => {
  const { rows } = await sql<{ rows: string }>`
    select coalesce(json_agg(t), '[]')::text as rows from (
      select ${storedColumns} from transactions
      where budget_id = ${budgetId} and transfer_id is null
      order by date desc, id desc limit ${limit}) t
  `.execute(db)
  return storedTransactions(rows)
}

/** Every cleared, unreconciled transaction of these accounts (what a reconciliation flags). */
const clearedTransactions = async (
  db: Db,
  budgetId: string,
  accounts: readonly string[],
): Promise<Transaction[]> => {
  if (accounts.length === 0) return []
  const { rows } = await sql<{ rows: string }>`
    select coalesce(json_agg(t), '[]')::text as rows from (
      select ${storedColumns} from transactions
      where budget_id = ${budgetId} and bank_account_id = any(${accounts}::text[]) and cleared and not reconciled) t
  `.execute(db)
  return storedTransactions(rows)
}

/**
 * The transactions a summary needs loaded to decide some commands (domain/summary.ts): the ones named, the other
 * sides of the transfers among them, and every cleared, unreconciled one of the named accounts.
 */
export const readNeededTransactions = async (
  db: Db,
  budgetId: string,
  needed: TransactionsNeeded,
): Promise<Transaction[]> => {
  if (needsNothing(needed)) return []
  const named = await transactionsBy(db, budgetId, 'id', [...needed.ids])
  // An edit or a delete names a transfer side (new ids find nothing); a new transfer names its own id.
  const transferIds = [
    ...new Set([...needed.transferIds, ...named.flatMap((transaction) => transaction.transferId ?? [])]),
  ]
  const counterparts = await transactionsBy(db, budgetId, 'transfer_id', transferIds)
  const cleared = await clearedTransactions(db, budgetId, [...needed.clearedOf])
  const byId = new Map<string, Transaction>()
  for (const transaction of [...named, ...counterparts, ...cleared]) byId.set(transaction.id, transaction)
  return [...byId.values()]
}

type MonthColumns = BudgetStateSnapshot['categoryMonths'][number]

/** A category's rows of one year each (in category, then year order) as its one entry of all its months. */
const joinYears = (rows: readonly MonthColumns[]): MonthColumns[] => {
  const joined: [MonthColumns[0], PeriodKey[], number[], number[]][] = []
  for (const [categoryId, periods, assigned, activity] of rows) {
    let last = joined.at(-1)
    if (last === undefined || last[0] !== categoryId) {
      last = [categoryId, [], [], []]
      joined.push(last)
    }
    last[1].push(...periods)
    last[2].push(...assigned)
    last[3].push(...activity)
  }
  return joined
}

/**
 * A budget's summary (domain/summary.ts: its state without the transactions) from the read models, which the
 * write that changed them left at the stream's version: the read models give the snapshot's shape
 * (schemas/budgetSnapshot.ts) and `fromSnapshot` makes the state. Reads a row per category and year (its months as
 * columns), a row per account-month and the assignment records, never the transactions (their count is on the
 * budget row). Undefined for an unknown budget; `format` tells which evolve wrote the rows.
 */
export const readSummary = async (
  db: Db,
  budgetId: string,
): Promise<
  { readonly version: number; readonly format: number; readonly state: BudgetState } | undefined
> => {
  const budget = await db.selectFrom('budgets').selectAll().where('id', '=', budgetId).executeTakeFirst()
  if (budget === undefined) return undefined
  const [groups, categories, accounts, targets, filters, templates, completions, json] = await Promise.all([
    listGroups(db, budgetId),
    listCategories(db, budgetId),
    listAccounts(db, budgetId),
    listTargets(db, budgetId),
    listFilters(db, budgetId),
    listTemplates(db, budgetId),
    listCompletions(db, budgetId),
    // One JSON text per part instead of thousands of rows (PGlite's driver decodes each field on its own), in the
    // snapshot's shapes; objects keep the domain's key order (decide compares some values by their JSON).
    sql<{ categoryMonths: string; accountMonths: string; records: string; undo: string }>`
      select
        (select coalesce(json_agg(json_build_array(category_id, periods, assigned, activity)
                  order by category_id, year), '[]')::text
           from category_year_columns where budget_id = ${budgetId}) as "categoryMonths",
        (select coalesce(json_agg(json_build_array(bank_account_id, period, net)), '[]')::text
           from account_months where budget_id = ${budgetId}) as "accountMonths",
        (select coalesce(json_agg(json_build_object('id', id, 'commandId', command_id, 'at', at, 'by', by,
                  'source', source, 'periodKey', period, 'fromCategoryId', from_category_id,
                  'toCategoryId', to_category_id, 'amount', amount) order by period, position), '[]')::text
           from assignment_records where budget_id = ${budgetId}) as records,
        (select coalesce(json_agg(json_build_object('commandId', command_id, 'periodKey', period, 'changes',
                  (select json_agg(json_build_object('categoryId', change->'categoryId',
                            'periodKey', change->'periodKey', 'delta', change->'delta') order by n)
                   from jsonb_array_elements(changes) with ordinality as c(change, n)))
                  order by position desc), '[]')::text
           from budget_undo where budget_id = ${budgetId}) as undo
    `.execute(db),
  ])
  const row = json.rows[0]
  if (row === undefined) return undefined
  const [imports, loans] = await Promise.all([
    db
      .selectFrom('budget_imports')
      .select('record')
      .where('budget_id', '=', budgetId)
      .orderBy('id')
      .execute(),
    db.selectFrom('budget_loans').select('record').where('budget_id', '=', budgetId).orderBy('id').execute(),
  ])
  // Rows the projection wrote from typed domain values.
  const snapshot = {
    budget: {
      id: budget.id,
      name: budget.name,
      currency: budget.currency,
      uncategorizedCategoryId: budget.uncategorized_category_id,
      createdAt: budget.created_at,
      createdBy: budget.created_by,
    } as BudgetStateSnapshot['budget'],
    deleted: budget.deleted,
    groups,
    categories,
    accounts: accounts.map(({ balance: _b, cleared: _c, uncleared: _u, ...account }) => account),
    accountTotals: accounts.map(({ id, cleared, uncleared }) => ({ bankAccountId: id, cleared, uncleared })),
    accountMonths: JSON.parse(row.accountMonths),
    categoryMonths: joinYears(JSON.parse(row.categoryMonths)),
    transactions: [],
    transactionCount: amount(budget.transaction_count),
    transfers: [],
    targets,
    filters,
    records: JSON.parse(row.records),
    undo: JSON.parse(row.undo),
    imports: imports.map(({ record }) => record as NonNullable<BudgetStateSnapshot['imports']>[number]),
    templates,
    completions,
    draftHorizonDays: budget.draft_horizon_days,
    loans: loans.map(({ record }) => record as NonNullable<BudgetStateSnapshot['loans']>[number]),
  } satisfies BudgetStateSnapshot
  return {
    version: amount(budget.version),
    format: budget.read_model_format,
    state: fromSnapshot(snapshot),
  }
}

/** Month views already computed from a state: a state never changes, so neither do its views. */
const viewsOf = new WeakMap<BudgetState, Map<PeriodKey, MonthView>>()

export const memoMonthView = (state: BudgetState, period: PeriodKey): MonthView => {
  const views = viewsOf.get(state) ?? new Map<PeriodKey, MonthView>()
  viewsOf.set(state, views)
  const known = views.get(period)
  if (known !== undefined) return known
  const view = monthView(state, period)
  // A few months per version are read (the current one, its neighbours); keep the memo small.
  if (views.size >= 24) views.clear()
  views.set(period, view)
  return view
}
