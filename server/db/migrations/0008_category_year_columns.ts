import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Frozen in time: this file never imports application code, so later changes cannot rewrite history.

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // One row per category and year, its months as columns in period order. A category's single row of 0007 was
  // rewritten whole whenever any of its months changed: ten years (~3 KB, stored out of line) for a bulk import
  // that touched two months, and longer with every year of history. A year's row is ~300 bytes; reading a
  // ten-year budget is 1 500 rows instead of 150.
  await db.schema
    .createTable('category_year_columns')
    .addColumn('budget_id', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('year', 'text', (c) => c.notNull())
    .addColumn('periods', 'json', (c) => c.notNull())
    .addColumn('assigned', 'json', (c) => c.notNull())
    .addColumn('activity', 'json', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_year_columns_pk', ['budget_id', 'category_id', 'year'])
    .execute()
  await sql`
    insert into category_year_columns (budget_id, category_id, year, periods, assigned, activity)
    select m.budget_id, m.category_id, left(m.period, 4), json_agg(m.period order by m.period),
           json_agg(m.assigned order by m.period), json_agg(m.activity order by m.period)
    from (
      select c.budget_id, c.category_id, p.period, a.value as assigned, v.value as activity
      from category_month_columns c
        cross join lateral json_array_elements_text(c.periods) with ordinality as p(period, n)
        join lateral json_array_elements(c.assigned) with ordinality as a(value, n) on a.n = p.n
        join lateral json_array_elements(c.activity) with ordinality as v(value, n) on v.n = p.n
    ) m
    group by m.budget_id, m.category_id, left(m.period, 4)
  `.execute(db)
  await db.schema.dropTable('category_month_columns').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
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
    select m.budget_id, m.category_id, json_agg(m.period order by m.period),
           json_agg(m.assigned order by m.period), json_agg(m.activity order by m.period)
    from (
      select c.budget_id, c.category_id, p.period, a.value as assigned, v.value as activity
      from category_year_columns c
        cross join lateral json_array_elements_text(c.periods) with ordinality as p(period, n)
        join lateral json_array_elements(c.assigned) with ordinality as a(value, n) on a.n = p.n
        join lateral json_array_elements(c.activity) with ordinality as v(value, n) on v.n = p.n
    ) m
    group by m.budget_id, m.category_id
  `.execute(db)
  await db.schema.dropTable('category_year_columns').execute()
}
