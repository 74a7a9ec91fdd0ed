import type { BudgetImportSource } from '../../schemas/budget.ts'
import type { BudgetError } from '../../schemas/budgetErrors.ts'
import type { BudgetFileErrorCode, BudgetImportAnswer } from '../../schemas/budgetImport.ts'
import type { BudgetId } from '../../schemas/ids.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'

/** A file the person chose: its name, size and a way to read it (a browser File is one). */
export type ChosenFile = {
  readonly name: string
  readonly size: number
  /** The file's bytes from `start` to `end` (the head, to recognise the export). */
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> }
}

/** Every answer an import can get; expected failures are values, the port never throws for them. */
export type ImportOutcome =
  /** 201: imported; the report says what was mapped, approximated and left out. */
  | { readonly outcome: 'imported'; readonly answer: BudgetImportAnswer }
  /** 400, 413, 422 `unreadable_file`: the file cannot be imported (`reason`). */
  | { readonly outcome: 'unreadable'; readonly reason: BudgetFileErrorCode }
  /** 409: the budget already has accounts, transactions or assignments. */
  | { readonly outcome: 'notEmpty' }
  /** 403: only the budget's owner may import into it. */
  | { readonly outcome: 'forbidden' }
  /** 422 with a budget rule's code: a command of the import was refused (e.g. totals too large). */
  | { readonly outcome: 'refused'; readonly error: BudgetError }
  /** Anything else (offline, 404, 5xx): nothing is known to have changed. */
  | { readonly outcome: 'failed'; readonly error: ApiErrorLike }

/**
 * What the import page's actor needs from the outside world; the view implements it over the app's HTTP client
 * (`POST /api/budget/import-budget/{id}`, multipart).
 */
export type BudgetImportPort = {
  importBudget(
    budgetId: BudgetId,
    file: ChosenFile,
    source: BudgetImportSource | null,
    signal: AbortSignal,
  ): Promise<ImportOutcome>
}
