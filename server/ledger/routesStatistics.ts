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
import { budgetNotFound } from './problems.ts'
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

/** A filter as a SQL condition on `column`, or nothing without a filter. */
const inFilter = (column: string, ids: readonly string[] | undefined) =>
  ids === undefined ? sql`` : sql`and ${sql.ref(column)} in (${sql.join(ids)})`

/**
 * The months of the range as `[[categoryId, [period…], [activity…]], …]`: the read model's rows of the range's
 * years (a row per category and year, its months as columns), or, filtered by account, one column per category and
 * month summed from the accounts' transactions (each split's signed value, as evolve adds it to its category).
 */
const monthsQuery = (
  budgetId: string,
  range: StatisticsRange,
  accountIds: readonly string[] | undefined,
  categoryIds: readonly string[] | undefined,
) =>
  accountIds === undefined
    ? sql`
        select coalesce(json_agg(json_build_array(y.category_id, y.periods, y.activity)), '[]')::text
        from category_year_columns y
        where y.budget_id = ${budgetId} and y.year >= ${yearOfPeriod(range.fromPeriod)}
          and y.year <= ${yearOfPeriod(range.toPeriod)} ${inFilter('y.category_id', categoryIds)}`
    : sql`
        select coalesce(json_agg(json_build_array(m.category_id, json_build_array(m.period),
                                                  json_build_array(m.activity))), '[]')::text
        from (
          select s->>'categoryId' as category_id, substr(t.date, 1, 4) || substr(t.date, 6, 2) as period,
                 sum((s->>'value')::bigint) as activity
          from transactions t cross join lateral jsonb_array_elements(t.splits) as s
          where t.budget_id = ${budgetId} and t.bank_account_id in (${sql.join(accountIds)})
            and t.date >= ${firstDayOfPeriod(range.fromPeriod)} and t.date <= ${lastDayOfPeriod(range.toPeriod)}
          group by 1, 2
        ) m
        where true ${inFilter('m.category_id', categoryIds)}`

type MonthColumns = readonly [string, readonly string[], readonly (number | string)[]]
type CategoryColumns = readonly [string, string, string, string]

/**
 * The categories and months at one version, in one statement (one snapshot: a write between two reads cannot pair
 * one version's categories with another's months), as JSON text (PGlite's driver decodes each field on its own).
 * Undefined when the read models are of another format (the caller has them rebuilt and asks again).
 */
const readAtVersion = async (
  db: LedgerDb,
  budgetId: string,
  range: StatisticsRange,
  accountIds: readonly string[] | undefined,
  categoryIds: readonly string[] | undefined,
) => {
  const { rows } = await sql<{ version: string; format: number; categories: string; months: string }>`
    select b.version, b.read_model_format as format,
      (select coalesce(json_agg(json_build_array(c.id, c.type, c.spending_class, c.origin)
                order by coalesce(g.position, 0), c.position), '[]')::text
         from categories c
           left join category_groups g on g.budget_id = c.budget_id and g.id = c.category_group_id
         where c.budget_id = ${budgetId} ${inFilter('c.id', categoryIds)}) as categories,
      (${monthsQuery(budgetId, range, accountIds, categoryIds)}) as months
    from budgets b where b.id = ${budgetId}
  `.execute(db)
  const [row] = rows
  // Deleted for good since the membership check.
  if (row === undefined) throw budgetNotFound()
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
  const months: MonthActivity[] = []
  for (const [categoryId, periods, activities] of JSON.parse(row.months) as MonthColumns[]) {
    periods.forEach((period, index) => {
      // bigint sums come as JSON numbers within the safe integers (domain/bounds.ts).
      const activity = Number(activities[index] ?? 0)
      if (activity !== 0)
        months.push({ categoryId: categoryId as CategoryId, period: period as PeriodKey, activity })
    })
  }
  return { version: amount(row.version), categories, months }
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
      const accountIds = idsOfFilter('accountIds', query.accountIds)
      const categoryIds = idsOfFilter('categoryIds', query.categoryIds)
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
