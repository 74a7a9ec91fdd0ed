import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // One row per category holding its months as columns in period order, the shape the budget's summary is read in
  // (schemas/budgetSnapshot.ts): reading a ten-year budget's 18 000 category-months and grouping them took
  // ~95 ms on a server's first read after a start (PGlite), reading its 150 rows takes ~10. `json` keeps the text
  // as written, so reading it back parses nothing.
  await db.schema
    .createTable('category_month_columns')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('periods', 'json', (c) => c.notNull())
    .addColumn('assigned', 'json', (c) => c.notNull())
    .addColumn('activity', 'json', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_month_columns_pk', ['budget_id', 'category_id'])
    .execute()
  await sql`
    insert into category_month_columns (budget_id, category_id, periods, assigned, activity)
    select budget_id, category_id, json_agg(period order by period), json_agg(assigned order by period),
           json_agg(activity order by period)
    from category_months
    group by budget_id, category_id
  `.execute(db)
  await db.schema.dropTable('category_months').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('category_months')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('assigned', 'bigint', (c) => c.notNull())
    .addColumn('activity', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_months_pk', ['budget_id', 'category_id', 'period'])
    .execute()
  await sql`
    insert into category_months (budget_id, category_id, period, assigned, activity)
    select c.budget_id, c.category_id, p.period, (a.value #>> '{}')::bigint, (v.value #>> '{}')::bigint
    from category_month_columns c
      cross join lateral json_array_elements_text(c.periods) with ordinality as p(period, n)
      join lateral json_array_elements(c.assigned) with ordinality as a(value, n) on a.n = p.n
      join lateral json_array_elements(c.activity) with ordinality as v(value, n) on v.n = p.n
  `.execute(db)
  await db.schema.dropTable('category_month_columns').execute()
}
