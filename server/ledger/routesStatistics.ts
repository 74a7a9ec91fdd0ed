import { sql } from 'kysely'
import { firstDayOfPeriod, lastDayOfPeriod, yearOfPeriod } from '../../domain/period.ts'
import {
  foldStatistics,
  type MonthActivity,
  rangeRefusal,
  type StatisticsCategory,
  type StatisticsRange,
} from '../../domain/statistics.ts'
import type { CategoryType, SpendingClass } from '../../schemas/budget.ts'
import type { CategoryId } from '../../schemas/ids.ts'
import { BudgetParams } from '../../schemas/ledgerApi.ts'
import type { PeriodKey } from '../../schemas/money.ts'
import {
  MAX_STATISTICS_IDS,
  MAX_STATISTICS_MONTHS,
  StatisticsQuery,
  StatisticsResponse,
} from '../../schemas/statistics.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { type AnyRoute, defineRoute } from '../http/route.ts'
import { readableHead, readReply } from './http.ts'
import { READ_MODEL_FORMAT } from './projection.ts'
import { readAtOneVersion } from './service.ts'
import { amount, type LedgerDb } from './tables.ts'

// Issue 31 §4 (docs/statistics.md): figures per month or year from `category_year_columns`, the per-category-month
// read model every write already keeps for the month view — no cost on the write path. Filtered by account, the
// months come from the transactions instead (that read model has no account dimension), through the
// (budget, account, date) index.

const ID = /^[^,]{1,128}$/u

/** `a,b` and `?x=a&x=b` alike: the ids, each once, or a 400 naming the parameter. */
const idsOfFilter = (name: string, value: string | readonly string[] | undefined): string[] | undefined => {
  if (value === undefined) return undefined
  const ids = [...new Set((typeof value === 'string' ? [value] : value).flatMap((part) => part.split(',')))]
  const bad = ids.length === 0 || ids.length > MAX_STATISTICS_IDS || ids.some((id) => !ID.test(id))
  if (bad) {
    const message = `${name} must be 1 to ${MAX_STATISTICS_IDS} ids, comma-separated or repeated, none empty.`
    throw new ProblemError(
      makeProblem(400, 'validation_failed', `The request query is invalid: /query/${name}.`, [
        { path: `/query/${name}`, message, code: 'invalid_value' },
      ]),
    )
  }
  return ids
}

const refuseRange = (range: StatisticsRange): void => {
  const refusal = rangeRefusal(range)
  if (refusal === undefined) return
  const message =
    refusal === 'reversed'
      ? 'fromPeriod must not be after toPeriod.'
      : `The range may span at most ${MAX_STATISTICS_MONTHS} months (50 years).`
  throw new ProblemError(
    makeProblem(400, 'validation_failed', `The request query is invalid: /query/toPeriod.`, [
      { path: '/query/toPeriod', message, code: 'invalid_value' },
    ]),
  )
}

interface CategoryRow {
  readonly id: string
  readonly type: string
  readonly spending_class: string
  readonly origin: string
}

/** The budget's categories in the month view's order (group position, then position), the filter's only. */
const readCategories = async (db: LedgerDb, budgetId: string, categoryIds: readonly string[] | undefined) => {
  let query = db
    .selectFrom('categories as c')
    .leftJoin('category_groups as g', (join) =>
      join.onRef('g.budget_id', '=', 'c.budget_id').onRef('g.id', '=', 'c.category_group_id'),
    )
    .select(['c.id', 'c.type', 'c.spending_class', 'c.origin'])
    .where('c.budget_id', '=', budgetId)
  if (categoryIds !== undefined) query = query.where('c.id', 'in', categoryIds)
  const rows: readonly CategoryRow[] = await query
    .orderBy(sql`coalesce(g.position, 0)`)
    .orderBy('c.position')
    .execute()
  return rows.map(
    (row): StatisticsCategory => ({
      // The read model holds what the budget's schemas decoded.
      id: row.id as CategoryId,
      type: row.type as CategoryType,
      spendingClass: row.spending_class as SpendingClass,
      incomeDestination: row.origin === 'Uncategorized' && row.type === 'Income',
    }),
  )
}

/** Months of the range's years from the read model: a row per category and year, its months as columns. */
const readYearColumns = async (
  db: LedgerDb,
  budgetId: string,
  range: StatisticsRange,
  categoryIds: readonly string[] | undefined,
): Promise<MonthActivity[]> => {
  let query = db
    .selectFrom('category_year_columns')
    .select(['category_id', 'periods', 'activity'])
    .where('budget_id', '=', budgetId)
    .where('year', '>=', yearOfPeriod(range.fromPeriod))
    .where('year', '<=', yearOfPeriod(range.toPeriod))
  if (categoryIds !== undefined) query = query.where('category_id', 'in', categoryIds)
  const months: MonthActivity[] = []
  for (const row of await query.execute()) {
    row.periods.forEach((period, index) => {
      const activity = row.activity[index] ?? 0
      // Columns the projection wrote from typed state.
      if (activity !== 0)
        months.push({ categoryId: row.category_id as CategoryId, period: period as PeriodKey, activity })
    })
  }
  return months
}

/** Months summed from the accounts' transactions (each split's signed value, as evolve adds it to its category). */
const readAccountMonths = async (
  db: LedgerDb,
  budgetId: string,
  range: StatisticsRange,
  accountIds: readonly string[],
  categoryIds: readonly string[] | undefined,
): Promise<MonthActivity[]> => {
  const categoryFilter =
    categoryIds === undefined ? sql`` : sql`and s->>'categoryId' in (${sql.join(categoryIds)})`
  const { rows } = await sql<{ category_id: string; period: string; activity: string | number }>`
    select s->>'categoryId' as category_id, substr(t.date, 1, 4) || substr(t.date, 6, 2) as period,
           sum((s->>'value')::bigint) as activity
    from transactions t cross join lateral jsonb_array_elements(t.splits) as s
    where t.budget_id = ${budgetId} and t.bank_account_id in (${sql.join(accountIds)})
      and t.date >= ${firstDayOfPeriod(range.fromPeriod)} and t.date <= ${lastDayOfPeriod(range.toPeriod)}
      ${categoryFilter}
    group by 1, 2
  `.execute(db)
  return rows.map((row) => ({
    // Ids and dates the transactions were decoded with.
    categoryId: row.category_id as CategoryId,
    period: row.period as PeriodKey,
    activity: amount(row.activity),
  }))
}

/**
 * The categories and months at one version: one repeatable-read snapshot, so a write between the reads cannot pair
 * one version's categories with another's months. Undefined when the read models are of another format (the
 * caller has them rebuilt and asks again).
 */
const readAtVersion = (
  db: LedgerDb,
  budgetId: string,
  range: StatisticsRange,
  accountIds: readonly string[] | undefined,
  categoryIds: readonly string[] | undefined,
) =>
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const head = await trx
        .selectFrom('budgets')
        .select(['version', 'read_model_format'])
        .where('id', '=', budgetId)
        .executeTakeFirstOrThrow()
      if (head.read_model_format !== READ_MODEL_FORMAT) return undefined
      const categories = await readCategories(trx, budgetId, categoryIds)
      const months =
        accountIds === undefined
          ? await readYearColumns(trx, budgetId, range, categoryIds)
          : await readAccountMonths(trx, budgetId, range, accountIds, categoryIds)
      return { version: amount(head.version), categories, months }
    })

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
    responses: {
      200: { description: 'One entry per period of the range, in order.', schema: StatisticsResponse },
    },
    handler: async ({ params, query, request }) => {
      const range: StatisticsRange = {
        granularity: query.granularity,
        fromPeriod: query.fromPeriod,
        toPeriod: query.toPeriod,
      }
      refuseRange(range)
      const accountIds = idsOfFilter('accountIds', query.accountIds)
      const categoryIds = idsOfFilter('categoryIds', query.categoryIds)
      await readableHead(request, params.budgetId)
      const { ledger } = request.server
      let read = await readAtVersion(ledger.db, params.budgetId, range, accountIds, categoryIds)
      if (read === undefined) {
        // Read models of an older format: rebuilt by the shared read path, then read again.
        await readAtOneVersion(ledger, params.budgetId, async () => undefined)
        read = await readAtVersion(ledger.db, params.budgetId, range, accountIds, categoryIds)
      }
      if (read === undefined)
        throw new Error(`budget ${params.budgetId}: read models still of another format`)
      return readReply({ periods: foldStatistics(range, read.categories, read.months) }, read.version)
    },
  }),
]
