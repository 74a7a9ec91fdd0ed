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
