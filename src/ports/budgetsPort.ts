import type { BudgetsPort, WriteOutcome } from '../../machines/budgetList/index.ts'
import { BudgetList, CreatedBudget, Deleted } from '../../schemas/ledgerApi.ts'
import { apiErrorOf } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'

type RefusalReader = typeof import('../openBudget/refusal.ts')['domainRefusalOf']

/**
 * The refusal reader (the budget error schemas) is only needed once a write fails, so it stays off the first
 * screen: each write starts loading it beside the request. Unloadable (offline), a failure counts as `failed`.
 */
const loadRefusalReader = (): Promise<RefusalReader | null> =>
  import('../openBudget/refusal.ts').then(
    (module) => module.domainRefusalOf,
    () => null,
  )

/** A 422 carrying one of the domain's refusals is `refused`; anything else that failed is `failed`. */
const failureOf = (error: unknown, domainRefusalOf: RefusalReader | null): WriteOutcome => {
  const refusal = domainRefusalOf?.(error)
  return refusal === undefined
    ? { outcome: 'failed', error: apiErrorOf(error) }
    : { outcome: 'refused', error: refusal }
}

const write = async (request: () => Promise<WriteOutcome>): Promise<WriteOutcome> => {
  const refusalReader = loadRefusalReader()
  try {
    return await request()
  } catch (error) {
    return failureOf(error, await refusalReader)
  }
}

/** The budgets API over the app's one HTTP client; `origin` only where there is no page to resolve against. */
export const createBudgetsPort = (loadApi: LoadApi, origin = ''): BudgetsPort => {
  const collection = `${origin}/api/budget`
  const base = (budgetId: string) => `${collection}/${encodeURIComponent(budgetId)}`
  return {
    async list(signal) {
      try {
        return { ok: true, budgets: await (await loadApi()).getJson(collection, BudgetList, { signal }) }
      } catch (error) {
        return { ok: false, error: apiErrorOf(error) }
      }
    },
    create: (body, idempotencyKey, signal) =>
      write(async () => ({
        outcome: 'done',
        budget: await (await loadApi()).postJson(collection, body, CreatedBudget, {
          signal,
          headers: { 'idempotency-key': idempotencyKey },
          // The key makes a resend land on the same budget, so an unanswered create is retried like a read.
          retry: { limit: 2, methods: ['post'], statusCodes: [408, 502, 503, 504] },
        }),
      })),
    update: (budgetId, body, signal) =>
      write(async () => ({
        outcome: 'done',
        budget: await (await loadApi()).putJson(base(budgetId), body, CreatedBudget, { signal }),
      })),
    remove: (budgetId, signal) =>
      write(async () => {
        await (await loadApi()).deleteJson(base(budgetId), Deleted, { signal })
        return { outcome: 'done', budget: null }
      }),
    reset: (budgetId, date, signal) =>
      write(async () => ({
        outcome: 'done',
        budget: await (await loadApi()).postJson(`${base(budgetId)}/reset`, { date }, CreatedBudget, {
          signal,
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      })),
  }
}
