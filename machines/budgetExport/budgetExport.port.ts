import type { ExportBudgetBody } from '../../schemas/budgetImport.ts'
import type { BudgetId } from '../../schemas/ids.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'

/** A downloaded file: its contents (a browser Blob) and the name the server gave it. */
export type ExportedFile = { readonly contents: Blob; readonly fileName: string }

export type ExportOutcome =
  | { readonly outcome: 'done'; readonly file: ExportedFile }
  /** Anything that failed (offline, 403 for a guest, 5xx): nothing was saved. */
  | { readonly outcome: 'failed'; readonly error: ApiErrorLike }

/**
 * What the export actor needs from the outside world: the file (`POST /api/budget/{id}/export`) and a way to hand it
 * to the person (the browser's download); the view implements both.
 */
export type BudgetExportPort = {
  exportBudget(budgetId: BudgetId, options: ExportBudgetBody, signal: AbortSignal): Promise<ExportOutcome>
  save(file: ExportedFile): void
}
