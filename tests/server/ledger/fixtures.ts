import { sql } from 'kysely'
import { expect } from 'vitest'
import { type LedgerDb, readModelTables } from '../../../server/ledger/tables.ts'
import { type Call, expectStatus } from './harness.ts'

export interface SmallBudget {
  readonly id: string
  readonly base: string
  readonly groupId: string
  readonly rentId: string
  readonly foodId: string
  readonly salaryId: string
  readonly checkingId: string
  readonly savingsId: string
}

/** A budget with one group, Rent, Food, Salary (Income) and two accounts opened on 2025-03-01. */
export const smallBudget = async (api: Call, name = 'Test'): Promise<SmallBudget> => {
  const budget = expectStatus(await api('POST', '/api/budget', { name, currency: 'PLN' }), 201)
  const base = `/api/budget/${budget.id}`
  const group = expectStatus(await api('POST', `${base}/category-groups`, { name: 'Everyday' }), 201)
  const category = async (categoryName: string, type: string) =>
    expectStatus(
      await api('POST', `${base}/categories`, { categoryGroupId: group.id, name: categoryName, type }),
      201,
    ).id as string
  const account = async (accountName: string, balance: number) =>
    expectStatus(
      await api('POST', `${base}/bank-accounts`, {
        name: accountName,
        type: 'unconnected',
        balance,
        date: '2025-03-01',
      }),
      201,
    ).id as string
  return {
    id: budget.id,
    base,
    groupId: group.id,
    rentId: await category('Rent', 'Expense'),
    foodId: await category('Food', 'Expense'),
    salaryId: await category('Salary', 'Income'),
    checkingId: await account('Checking', 100_000),
    savingsId: await account('Savings', 0),
  }
}

export const versionOf = async (api: Call, base: string): Promise<number> => {
  const answer = await api('GET', `${base}/categories`)
  return Number(String(answer.headers.etag).replaceAll('"', ''))
}

/** Every read-model row of a budget, as sorted JSON lines per table (for comparing a rebuild with the inline rows). */
export const readModelRows = async (db: LedgerDb, budgetId: string): Promise<Record<string, string[]>> => {
  const tables: Record<string, string[]> = {}
  for (const table of readModelTables) {
    const rows = await db.selectFrom(table).selectAll().where('budget_id', '=', budgetId).execute()
    tables[table] = rows.map((row) => JSON.stringify(row)).sort()
  }
  return tables
}

/**
 * Checks that a budget's transactions whose payee starts with `payeePrefix` share the table's pages in (account,
 * date, id) order: rows on one page are in the order they were inserted; which pages they land on is the table's
 * business. At least `together` of them must share a page, or the check would prove nothing.
 */
export const expectStoredByAccountAndDate = async (
  db: LedgerDb,
  budgetId: string,
  payeePrefix: string,
  together: number,
) => {
  const { rows } = await sql<{ page: number; line: number; account: string; date: string; id: string }>`
    select (ctid::text::point)[0] as page, (ctid::text::point)[1] as line, bank_account_id as account, date, id
    from transactions where budget_id = ${budgetId} and starts_with(payee, ${payeePrefix})
  `.execute(db)
  const pages = Map.groupBy(rows, (row) => row.page)
  expect(Math.max(...[...pages.values()].map((onPage) => onPage.length))).toBeGreaterThanOrEqual(together)
  for (const onPage of pages.values()) {
    const inserted = onPage
      .sort((a, b) => a.line - b.line)
      .map((row) => [row.account, row.date, row.id].join('|'))
    expect(inserted).toEqual([...inserted].sort())
  }
}
