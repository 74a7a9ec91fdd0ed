import type { APIRequestContext } from '@playwright/test'
import { expect } from '@playwright/test'
import { admin, currentPeriod, today, workerAccount } from './support.ts'

/** A personal access token of the worker's account (journeys sign in as it), for arranging data over the API. */
export const workerToken = (() => {
  let token: string | undefined
  return () => {
    if (token === undefined) {
      const printed = admin(
        'token',
        ['--email', workerAccount(), '--name', 'journeys'],
        process.env.E2E_DATA_DIR ?? '',
      )
      const found = /kpt_[A-Za-z0-9_-]+/u.exec(printed)?.[0]
      if (found === undefined) throw new Error(`no token in: ${printed}`)
      token = found
    }
    return token
  }
})()

/** Calls the API as the worker's account and returns the JSON answer (expects a 2xx). */
export async function api(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<unknown> {
  const response = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${workerToken()}` },
    ...(data === undefined ? {} : { data }),
  })
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true)
  return response.json()
}

export type ArrangedBudget = {
  readonly id: string
  readonly groupId: string
  readonly rentId: string
  readonly foodId: string
  readonly salaryId: string
  readonly checkingId: string
  /** The budget's own 'Do przydzielenia' (made with it). */
  readonly readyToAssignId: string
}

const idOf = (answer: unknown): string => {
  if (typeof answer === 'object' && answer !== null && 'id' in answer && typeof answer.id === 'string')
    return answer.id
  throw new Error(`no id in ${JSON.stringify(answer)}`)
}

/** A budget with a group ('Wydatki stałe': Czynsz, Jedzenie), an income category and a checking account. */
export async function arrangeBudget(
  request: APIRequestContext,
  name: string,
  openingBalance = 500_000,
  date = new Date().toISOString().slice(0, 10),
): Promise<ArrangedBudget> {
  const id = idOf(await api(request, 'POST', '/api/budget', { name, currency: 'PLN' }))
  const base = `/api/budget/${id}`
  const groupId = idOf(await api(request, 'POST', `${base}/category-groups`, { name: 'Wydatki stałe' }))
  const category = async (categoryName: string, type: string) =>
    idOf(
      await api(request, 'POST', `${base}/categories`, {
        categoryGroupId: groupId,
        name: categoryName,
        type,
      }),
    )
  const categories = await api(request, 'GET', `${base}/categories`)
  const readyToAssign = Array.isArray(categories)
    ? categories.find((entry) => entry.origin === 'Uncategorized' && entry.type === 'Income')
    : undefined
  return {
    id,
    groupId,
    readyToAssignId: idOf(readyToAssign),
    rentId: await category('Czynsz', 'Expense'),
    foodId: await category('Jedzenie', 'Expense'),
    salaryId: await category('Wynagrodzenie', 'Income'),
    checkingId: idOf(
      await api(request, 'POST', `${base}/bank-accounts`, {
        name: 'Konto osobiste',
        type: 'unconnected',
        balance: openingBalance,
        date,
      }),
    ),
  }
}

/** The arranged budget with Czynsz 1 000 zł and Jedzenie 100 zł assigned this month, then 150 zł spent on Jedzenie. */
export async function arrangeOverspent(request: APIRequestContext, name: string): Promise<ArrangedBudget> {
  const budget = await arrangeBudget(request, name)
  const base = `/api/budget/${budget.id}`
  await api(request, 'PUT', `${base}/period/${currentPeriod}/categories/${budget.rentId}/assigned`, {
    value: 100_000,
  })
  await api(request, 'PUT', `${base}/period/${currentPeriod}/categories/${budget.foodId}/assigned`, {
    value: 10_000,
  })
  await api(request, 'POST', `${base}/transactions`, {
    bankAccountId: budget.checkingId,
    date: today,
    payee: 'Biedronka',
    value: -15_000,
    splits: [{ categoryId: budget.foodId, value: -15_000 }],
  })
  return budget
}
