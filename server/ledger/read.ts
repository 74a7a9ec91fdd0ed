import * as HashMap from 'effect/HashMap'
import { type Kysely, sql } from 'kysely'
import { monthView } from '../../domain/month-view.ts'
import { type BudgetState, initialState, type MonthAggregate } from '../../domain/state.ts'
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
import type { BankAccountId, CategoryGroupId, CategoryId } from '../../schemas/ids.ts'
import type { PeriodKey } from '../../schemas/money.ts'
import type { Ledger } from './service.ts'
import { amount, type LedgerTables } from './tables.ts'

// Read-model queries. Rows were written from typed domain values (rows.ts), so reading them back re-brands
// them without decoding; `amount()` turns stored bigints into numbers.

type Db = Kysely<LedgerTables>

/* The `as` casts in this file re-brand strings the projection stored from branded domain values. */

export const listBudgets = async (db: Db, userId: string) => {
  const rows = await db
    .selectFrom('budgets as b')
    .innerJoin('budget_members as m', 'm.budget_id', 'b.id')
    .select(['b.id', 'b.name', 'b.currency', 'b.version', 'm.role'])
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
      balance: cleared + uncleared,
      cleared,
      uncleared,
    } as AccountWithBalance
  })
}

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
  return rows.map((row) => ({ id: row.id, name: row.name, criteria: row.criteria }) as SavedFilter)
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

export const listMembers = async (db: Db, budgetId: string) =>
  db
    .selectFrom('budget_members')
    .select(['budget_id as budgetId', 'user_id as userId', 'role'])
    .where('budget_id', '=', budgetId)
    .orderBy('user_id')
    .execute()

export interface TransactionQuery {
  readonly accountId?: string | undefined
  readonly categoryId?: string | undefined
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly limit: number
  /** `<date>|<id>` of the last item of the previous page. */
  readonly after?: string | undefined
}

/** jsonb keeps keys in its own order; the answer keeps the schema's (the route skips re-encoding). */
const splitsInSchemaOrder = (stored: unknown): unknown =>
  (stored as Transaction['splits']).map(({ categoryId, value }) => ({ categoryId, value }))

const toTransaction = (row: {
  id: string
  bank_account_id: string
  date: string
  payee: string
  memo: string
  value: string | number
  direction: string
  kind: string
  cleared: boolean
  reconciled: boolean
  splits: unknown
  transfer_id: string | null
}): Transaction =>
  ({
    id: row.id,
    bankAccountId: row.bank_account_id,
    date: row.date,
    payee: row.payee,
    memo: row.memo,
    value: amount(row.value),
    direction: row.direction,
    kind: row.kind,
    cleared: row.cleared,
    reconciled: row.reconciled,
    splits: splitsInSchemaOrder(row.splits),
    transferId: row.transfer_id,
  }) as Transaction

/** Newest first, keyset-paginated on (date, id); one account-month uses the (budget, account, date, id) index. */
export const listTransactions = async (db: Db, budgetId: string, query: TransactionQuery) => {
  let select = db
    .selectFrom('transactions')
    .select([
      'id',
      'bank_account_id',
      'date',
      'payee',
      'memo',
      'value',
      'direction',
      'kind',
      'cleared',
      'reconciled',
      'splits',
      'transfer_id',
    ])
    .where('budget_id', '=', budgetId)
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
    // jsonb containment (`splits @> '[{"categoryId": …}]'`); Kysely types the right side as the column's JSON text.
    select = select.where((eb) =>
      eb.or([eb('date', '<', date), eb.and([eb('date', '=', date), eb('id', '<', id)])]),
    )
  }
  // The page comes back as one JSON text: PGlite's driver decodes each field of each row on its own, which cost
  // more than the query itself for a few hundred rows.
  const page = await db
    .selectFrom(
      select
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .as('t'),
    )
    .select(sql<string>`coalesce(json_agg(t order by t.date desc, t.id desc), '[]')::text`.as('rows'))
    .executeTakeFirstOrThrow()
  const rows = JSON.parse(page.rows) as Parameters<typeof toTransaction>[0][]
  const items = rows.slice(0, query.limit).map(toTransaction)
  const last = items.at(-1)
  return { items, nextCursor: rows.length > query.limit && last ? `${last.date}|${last.id}` : null }
}

/**
 * Enough state for a month view, from the read models (no transactions): what a server that has not loaded
 * this budget yet serves from. Reads ~categories × months rows, never the transactions.
 */
export const monthViewState = async (db: Db, budgetId: string): Promise<BudgetState | undefined> => {
  const budget = await db.selectFrom('budgets').selectAll().where('id', '=', budgetId).executeTakeFirst()
  if (budget === undefined) return undefined
  const [groups, categories, accounts, targets, months] = await Promise.all([
    listGroups(db, budgetId),
    listCategories(db, budgetId),
    listAccounts(db, budgetId),
    listTargets(db, budgetId),
    // One JSON text instead of ~categories × months rows: PGlite's driver decodes each field on its own.
    sql<{ months: string }>`
      select coalesce(json_agg(json_build_array(category_id, period, assigned, activity)), '[]')::text as months
      from category_months where budget_id = ${budgetId}
    `.execute(db),
  ])
  const byCategory = new Map<string, [PeriodKey, MonthAggregate][]>()
  const monthRows = JSON.parse(months.rows[0]?.months ?? '[]') as [string, PeriodKey, number, number][]
  for (const [categoryId, period, assigned, activity] of monthRows) {
    const list = byCategory.get(categoryId) ?? []
    list.push([period, { assigned, activity }])
    byCategory.set(categoryId, list)
  }
  let categoryMonths: BudgetState['categoryMonths'] = HashMap.empty()
  for (const [categoryId, list] of byCategory)
    categoryMonths = HashMap.set(categoryMonths, categoryId as CategoryId, HashMap.fromIterable(list))
  return {
    ...initialState,
    budget: {
      id: budget.id,
      name: budget.name,
      currency: budget.currency,
      uncategorizedCategoryId: budget.uncategorized_category_id,
      createdAt: budget.created_at,
      createdBy: budget.created_by,
    } as BudgetState['budget'],
    deleted: budget.deleted,
    groups: new Map(groups.map((group) => [group.id, group])),
    categories: new Map(categories.map((category) => [category.id, category])),
    accounts: new Map(
      accounts.map(({ balance: _b, cleared: _c, uncleared: _u, ...account }) => [
        account.id as BankAccountId,
        account,
      ]),
    ),
    targets: new Map(targets.map((target) => [target.categoryId, target])),
    categoryMonths,
  }
}

/** Month views already computed from a state: a state never changes, so neither do its views. */
const viewsOf = new WeakMap<BudgetState, Map<PeriodKey, MonthView>>()

const memoMonthView = (state: BudgetState, period: PeriodKey): MonthView => {
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

/** The month view at `version`: from the cached state when it is that version, else from the read models. */
export const monthViewAt = async (
  ledger: Ledger,
  budgetId: string,
  version: number,
  period: PeriodKey,
): Promise<MonthView> => {
  const cached = ledger.cache.get(budgetId)
  if (cached !== undefined && cached.version === version) return memoMonthView(cached.state, period)
  const state = await ledger.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('budgets')
        .select('version')
        .where('id', '=', budgetId)
        .executeTakeFirst()
      const state = await monthViewState(trx, budgetId)
      return row && state ? { version: amount(row.version), state } : undefined
    })
  if (state === undefined) throw new Error(`budget ${budgetId} vanished while reading`)
  ledger.cache.put(budgetId, { version: state.version, state: state.state, complete: false })
  return memoMonthView(state.state, period)
}
