import { fromPromise } from 'xstate'
import { guessSource } from '../../domain/budgetImport/file.ts'
import type { BudgetImportSource } from '../../schemas/budget.ts'
import type { BudgetId } from '../../schemas/ids.ts'
import type { BudgetImportPort, ChosenFile, ImportOutcome } from './budgetImport.port.ts'

/** How much of a file is read to recognise it: an export names its kind in its first lines. */
export const HEAD_BYTES = 64 * 1024

/** What a look at the file's head found: its likely source, or none (the person chooses one). */
export type Inspection = { readonly source: BudgetImportSource | null }

/** Reads the head of the chosen file and recognises the export; an unreadable head recognises nothing. */
export const inspectFile = fromPromise<Inspection, { readonly file: ChosenFile }>(async ({ input }) => {
  try {
    const head = new Uint8Array(await input.file.slice(0, HEAD_BYTES).arrayBuffer())
    return { source: guessSource(head) ?? null }
  } catch {
    return { source: null }
  }
})

export type UploadInput = {
  readonly port: BudgetImportPort
  readonly budgetId: BudgetId
  readonly file: ChosenFile
  readonly source: BudgetImportSource | null
}

/** A port that throws (a bug, not an expected failure) still answers with a value. */
export const uploadBudget = fromPromise<ImportOutcome, UploadInput>(async ({ input, signal }) => {
  try {
    return await input.port.importBudget(input.budgetId, input.file, input.source, signal)
  } catch (error) {
    return {
      outcome: 'failed',
      error: { statusText: error instanceof Error ? error.message : String(error) },
    }
  }
})
