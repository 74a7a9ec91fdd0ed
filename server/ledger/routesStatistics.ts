import { sql } from 'kysely'
import { type AccountMonthNet, foldNetWorth, type NetWorthRange } from '../../domain/netWorth.ts'
import { firstDayOfPeriod, lastDayOfPeriod, yearOfPeriod } from '../../domain/period.ts'
import {
  foldStatistics,
  type MonthActivity,
  rangeRefusal,
  type StatisticsCategory,
  type StatisticsRange,
} from '../../domain/statistics.ts'
import type { CategoryType, SpendingClass } from '../../schemas/budget.ts'
import type { BankAccountId, CategoryId } from '../../schemas/ids.ts'
import { BudgetParams } from '../../schemas/ledgerApi.ts'
import type { PeriodKey } from '../../schemas/money.ts'
import {
  MAX_STATISTICS_IDS,
  MAX_STATISTICS_MONTHS,
  NetWorthQuery,
  NetWorthResponse,
  StatisticsQuery,
  StatisticsResponse,
} from '../../schemas/statistics.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { type AnyRoute, defineRoute } from '../http/route.ts'
import { readableHead, readReply } from './http.ts'
import { budgetNotFound } from './problems.ts'
import { READ_MODEL_FORMAT } from './projection.ts'
import { readAtOneVersion } from './service.ts'
import { amount, type LedgerDb } from './tables.ts'

// Issue 31 §4 (docs/statistics.md): figures per month or year from `category_year_columns`, the per-category-month
// read model every write already keeps for the month view — no cost on the write path. Filtered by account, dates
// or payee, the activity comes from the transactions instead (that read model has none of these dimensions),
// through the (budget, account, date) or (budget, date) index; `assigned` always comes from the read model.
// Net worth: `account_months`, the per-account-month nets every write keeps.

const ID = /^[^,]{1,128}$/u

/** `a,b` and `?x=a&x=b` alike: the ids, each once, or a 400 naming the parameter. */
const idsOfFilter = (name: string, value: string | readonly string[] | undefined): string[] | undefined => {
  if (value === undefined) return undefined
  const ids = [...new Set((typeof value === 'string' ? [value] : value).flatMap((part) => part.split(',')))]
  const bad = ids.length === 0 || ids.length > MAX_STATISTICS_IDS || ids.some((id) => !ID.test(id))
  if (bad) {
    throw invalidQuery(
      name,
      `${name} must be 1 to ${MAX_STATISTICS_IDS} ids, comma-separated or repeated, none empty.`,
    )
  }
  return ids
}

const invalidQuery = (field: string, message: string) =>
  new ProblemError(
    makeProblem(400, 'validation_failed', `The request query is invalid: /query/${field}.`, [
      { path: `/query/${field}`, message, code: 'invalid_value' },
    ]),
  )

const refuseRange = (range: Pick<StatisticsRange, 'fromPeriod' | 'toPeriod'>): void => {
  const refusal = rangeRefusal(range)
  if (refusal === undefined) return
  const message =
    refusal === 'reversed'
      ? 'fromPeriod must not be after toPeriod.'
      : `The range may span at most ${MAX_STATISTICS_MONTHS} months (50 years).`
  throw invalidQuery('toPeriod', message)
}

/** A filter as a SQL condition on `column`, or nothing without a filter. */
const inFilter = (column: string, ids: readonly string[] | undefined) =>
  ids === undefined ? sql`` : sql`and ${sql.ref(column)} in (${sql.join(ids)})`

/** What keeps a transaction in the activity when the request filters on more than categories. */
interface TransactionFilter {
  readonly accountIds: readonly string[] | undefined
  /** The range's first day, or a later fromDate. */
  readonly fromDate: string
  /** The range's last day, or an earlier toDate. */
  readonly toDate: string
  readonly payee: string | undefined
}

/** The transactions filter of a query, or undefined when the read model answers it (no account, date or payee). */
const transactionFilterOf = (query: StatisticsQuery): TransactionFilter | undefined => {
  const { accountIds, fromDate, toDate, payee } = query
  if (accountIds === undefined && fromDate === undefined && toDate === undefined && payee === undefined)
    return undefined
  if (fromDate !== undefined && toDate !== undefined && fromDate > toDate)
    throw invalidQuery('toDate', 'fromDate must not be after toDate.')
  const first = firstDayOfPeriod(query.fromPeriod)
  const last = lastDayOfPeriod(query.toPeriod)
  return {
    accountIds: idsOfFilter('accountIds', accountIds),
    // ISO dates compare as text.
    fromDate: fromDate !== undefined && fromDate > first ? fromDate : first,
    toDate: toDate !== undefined && toDate < last ? toDate : last,
    payee,
  }
}

/**
 * The range's years of the read model as `[[categoryId, [period…], [assigned…], [activity…]], …]` (a row per
 * category and year, its months as columns).
 */
const yearColumnsQuery = (
  budgetId: string,
  range: StatisticsRange,
  categoryIds: readonly string[] | undefined,
) => sql`
  select coalesce(json_agg(json_build_array(y.category_id, y.periods, y.assigned, y.activity)), '[]')::text
  from category_year_columns y
  where y.budget_id = ${budgetId} and y.year >= ${yearOfPeriod(range.fromPeriod)}
    and y.year <= ${yearOfPeriod(range.toPeriod)} ${inFilter('y.category_id', categoryIds)}`

/**
 * The filtered activity as `[[categoryId, period, activity], …]`: each split's signed value (as evolve adds it to its
 * category) of the transactions the filter keeps, summed per category and month. The payee matches as saved
 * filters' `payeeText` does (domain/filters.ts), lower-cased by the database (its UTF-8 ctype lower-cases ŻÓŁW too).
 */
const filteredActivityQuery = (
  budgetId: string,
  filter: TransactionFilter,
  categoryIds: readonly string[] | undefined,
) => sql`
  select coalesce(json_agg(json_build_array(m.category_id, m.period, m.activity)), '[]')::text
  from (
    select s->>'categoryId' as category_id, substr(t.date, 1, 4) || substr(t.date, 6, 2) as period,
           sum((s->>'value')::bigint) as activity
    from transactions t cross join lateral jsonb_array_elements(t.splits) as s
    where t.budget_id = ${budgetId} ${inFilter('t.bank_account_id', filter.accountIds)}
      and t.date >= ${filter.fromDate} and t.date <= ${filter.toDate}
      ${filter.payee === undefined ? sql`` : sql`and strpos(lower(t.payee), lower(${filter.payee})) > 0`}
    group by 1, 2
  ) m
  where true ${inFilter('m.category_id', categoryIds)}`

type YearColumns = readonly [
  string,
  readonly string[],
  readonly (number | string)[],
  readonly (number | string)[],
]
type FilteredMonth = readonly [string, string, number | string]
type CategoryColumns = readonly [string, string, string, string]

/** The read model's budget head, or a 404 when the budget went for good since the membership check. */
const headOf = <Row extends { version: string; format: number }>(rows: readonly Row[]) => {
  const [row] = rows
  if (row === undefined) throw budgetNotFound()
  return row
}

/**
 * The categories and months at one version, in one statement (one snapshot: a write between two reads cannot pair
 * one version's categories with another's months), as JSON text (PGlite's driver decodes each field on its own).
 * Undefined when the read models are of another format (the caller has them rebuilt and asks again).
 */
const readAtVersion = async (
  db: LedgerDb,
  budgetId: string,
  range: StatisticsRange,
  filter: TransactionFilter | undefined,
  categoryIds: readonly string[] | undefined,
) => {
  const { rows } = await sql<{
    version: string
    format: number
    categories: string
    columns: string
    filtered: string | null
  }>`
    select b.version, b.read_model_format as format,
      (select coalesce(json_agg(json_build_array(c.id, c.type, c.spending_class, c.origin)
                order by coalesce(g.position, 0), c.position), '[]')::text
         from categories c
           left join category_groups g on g.budget_id = c.budget_id and g.id = c.category_group_id
         where c.budget_id = ${budgetId} ${inFilter('c.id', categoryIds)}) as categories,
      (${yearColumnsQuery(budgetId, range, categoryIds)}) as columns,
      ${filter === undefined ? sql`null` : sql`(${filteredActivityQuery(budgetId, filter, categoryIds)})`} as filtered
    from budgets b where b.id = ${budgetId}
  `.execute(db)
  const row = headOf(rows)
  if (row.format !== READ_MODEL_FORMAT) return undefined
  // Shapes the statement above builds from the read models, which hold what the budget's schemas decoded.
  const categories = (JSON.parse(row.categories) as CategoryColumns[]).map(
    ([id, type, spendingClass, origin]): StatisticsCategory => ({
      id: id as CategoryId,
      type: type as CategoryType,
      spendingClass: spendingClass as SpendingClass,
      incomeDestination: origin === 'Uncategorized' && type === 'Income',
    }),
  )
  // bigint sums come as JSON numbers within the safe integers (domain/bounds.ts).
  const months: MonthActivity[] = []
  const fromColumns = row.filtered === null
  for (const [categoryId, periods, assigned, activities] of JSON.parse(row.columns) as YearColumns[]) {
    periods.forEach((period, index) => {
      const month = {
        categoryId: categoryId as CategoryId,
        period: period as PeriodKey,
        assigned: Number(assigned[index] ?? 0),
        // Filtered, the activity comes from the transactions below.
        activity: fromColumns ? Number(activities[index] ?? 0) : 0,
      }
      if (month.assigned !== 0 || month.activity !== 0) months.push(month)
    })
  }
  if (row.filtered !== null)
    for (const [categoryId, period, activity] of JSON.parse(row.filtered) as FilteredMonth[])
      months.push({
        categoryId: categoryId as CategoryId,
        period: period as PeriodKey,
        assigned: 0,
        activity: Number(activity),
      })
  return { version: amount(row.version), categories, months }
}

/**
 * The accounts (in the accounts list's order: by id, as `GET …/bank-accounts`) and their month nets up to the
 * range's end, at one version in one statement: the months before the range summed into one net per account (all
 * a balance needs of them), the range's months as they are.
 */
const readNetWorthAtVersion = async (
  db: LedgerDb,
  budgetId: string,
  range: NetWorthRange,
  accountIds: readonly string[] | undefined,
) => {
  const { rows } = await sql<{ version: string; format: number; accounts: string; months: string }>`
    select b.version, b.read_model_format as format,
      (select coalesce(json_agg(a.id order by a.id), '[]')::text
         from bank_accounts a
         where a.budget_id = ${budgetId} ${inFilter('a.id', accountIds)}) as accounts,
      (select coalesce(json_agg(json_build_array(m.bank_account_id, m.period, m.net)), '[]')::text
         from (
           select bank_account_id, min(period) as period, sum(net) as net
           from account_months
           where budget_id = ${budgetId} and period < ${range.fromPeriod} ${inFilter('bank_account_id', accountIds)}
           group by bank_account_id
           union all
           select bank_account_id, period, net
           from account_months
           where budget_id = ${budgetId} and period >= ${range.fromPeriod} and period <= ${range.toPeriod}
             ${inFilter('bank_account_id', accountIds)}
         ) m) as months
    from budgets b where b.id = ${budgetId}
  `.execute(db)
  const row = headOf(rows)
  if (row.format !== READ_MODEL_FORMAT) return undefined
  // Shapes the statement above builds from the read models, which hold what the budget's schemas decoded.
  const accounts = JSON.parse(row.accounts) as BankAccountId[]
  const months = (JSON.parse(row.months) as [string, string, number | string][]).map(
    ([bankAccountId, period, net]): AccountMonthNet => ({
      bankAccountId: bankAccountId as BankAccountId,
      period: period as PeriodKey,
      net: Number(net),
    }),
  )
  return { version: amount(row.version), accounts, months }
}

/** A read at one version of read models of the current format: rebuilt by the shared read path first if not. */
const readCurrent = async <Read>(
  ledger: Parameters<typeof readAtOneVersion>[0],
  budgetId: string,
  read: () => Promise<Read | undefined>,
): Promise<Read> => {
  const first = await read()
  if (first !== undefined) return first
  await readAtOneVersion(ledger, budgetId, async () => undefined)
  const again = await read()
  if (again === undefined) throw new Error(`budget ${budgetId}: read models still of another format`)
  return again
}

export const statisticsRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/statistics',
    operationId: 'getStatistics',
    summary:
      'Income, spending, each category and each spending class per month or calendar year of a range (both ends included)',
    tags: ['statistics'],
    params: BudgetParams,
    query: StatisticsQuery,
    // Built by domain/statistics.ts from typed values: its encoded form is the value itself, and the schema's walk
    // over a long answer cost more than the rest of the request.
    responses: {
      200: {
        description: 'One entry per period of the range, in order.',
        schema: StatisticsResponse,
        encodesAsIs: true,
      },
    },
    handler: async ({ params, query, request }) => {
      // Membership first: a budget that is not the caller's is 404 whatever the query (docs/sharing.md).
      await readableHead(request, params.budgetId)
      const range: StatisticsRange = {
        granularity: query.granularity,
        fromPeriod: query.fromPeriod,
        toPeriod: query.toPeriod,
      }
      refuseRange(range)
      const filter = transactionFilterOf(query)
      const categoryIds = idsOfFilter('categoryIds', query.categoryIds)
      const { ledger } = request.server
      const read = await readCurrent(ledger, params.budgetId, () =>
        readAtVersion(ledger.db, params.budgetId, range, filter, categoryIds),
      )
      return readReply({ periods: foldStatistics(range, read.categories, read.months) }, read.version)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/statistics/net-worth',
    operationId: 'getNetWorth',
    summary:
      "Each account's balance at the end of each month of a range (both ends included), and their sum: net worth",
    tags: ['statistics'],
    params: BudgetParams,
    query: NetWorthQuery,
    // Built by domain/netWorth.ts from typed values (as getStatistics).
    responses: {
      200: {
        description: 'One entry per month of the range, in order.',
        schema: NetWorthResponse,
        encodesAsIs: true,
      },
    },
    handler: async ({ params, query, request }) => {
      await readableHead(request, params.budgetId)
      const range: NetWorthRange = { fromPeriod: query.fromPeriod, toPeriod: query.toPeriod }
      refuseRange(range)
      const accountIds = idsOfFilter('accountIds', query.accountIds)
      const { ledger } = request.server
      const read = await readCurrent(ledger, params.budgetId, () =>
        readNetWorthAtVersion(ledger.db, params.budgetId, range, accountIds),
      )
      return readReply({ periods: foldNetWorth(range, read.accounts, read.months) }, read.version)
    },
  }),
]
