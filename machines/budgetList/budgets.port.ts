import type { BudgetError } from '../../schemas/budgetErrors.ts'
import type { BudgetId } from '../../schemas/ids.ts'
import type { StarterGroup } from '../../schemas/ledgerApi.ts'
import type { CurrencyCode, IsoDate } from '../../schemas/money.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'

/** One budget of the caller as the list shows it (`GET /api/budget`). */
export type BudgetSummary = {
  readonly id: BudgetId
  readonly name: string
  readonly currency: CurrencyCode
  readonly role: 'Owner' | 'Guest'
  /** An Owner always edits; a Guest may only read. */
  readonly access: 'Edit' | 'Read'
}

/** A budget as a write answers it (id, name, currency). */
export type BudgetInfo = Pick<BudgetSummary, 'id' | 'name' | 'currency'>

export type ListOutcome =
  | { readonly ok: true; readonly budgets: ReadonlyArray<BudgetSummary> }
  | { readonly ok: false; readonly error: ApiErrorLike }

/** Every answer a write can get; expected failures are values, the port never throws for them. */
export type WriteOutcome =
  /** 2xx: the budget as it is now (null after a delete). */
  | { readonly outcome: 'done'; readonly budget: BudgetInfo | null }
  /** 422: the domain refused (e.g. currency-locked). */
  | { readonly outcome: 'refused'; readonly error: BudgetError }
  /** Anything else (offline, 404, 5xx): nothing is known to have changed. */
  | { readonly outcome: 'failed'; readonly error: ApiErrorLike }

/**
 * What the budgets-list actor needs from the outside world; the view layer implements it over the app's HTTP client
 * (GET/POST /api/budget, PUT/DELETE /api/budget/{id}, POST /api/budget/{id}/reset).
 */
export type BudgetsPort = {
  list(signal: AbortSignal): Promise<ListOutcome>
  /** `idempotencyKey` goes out as the Idempotency-Key header: a retried create lands on the same budget. */
  create(
    body: {
      readonly name: string
      readonly currency: CurrencyCode
      readonly starter?: ReadonlyArray<StarterGroup>
    },
    idempotencyKey: string,
    signal: AbortSignal,
  ): Promise<WriteOutcome>
  update(
    budgetId: BudgetId,
    body: { readonly name?: string; readonly currency?: CurrencyCode },
    signal: AbortSignal,
  ): Promise<WriteOutcome>
  remove(budgetId: BudgetId, signal: AbortSignal): Promise<WriteOutcome>
  reset(budgetId: BudgetId, date: IsoDate, signal: AbortSignal): Promise<WriteOutcome>
}
