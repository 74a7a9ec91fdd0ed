import { HTTPError } from 'ky'
import type { BudgetExportPort } from '../../machines/budgetExport/index.ts'
import type { BudgetImportPort, ImportOutcome } from '../../machines/budgetImport/index.ts'
import {
  type BudgetFileErrorCode,
  BudgetImportAnswer,
  budgetFileErrorCodes,
} from '../../schemas/budgetImport.ts'
import { apiErrorOf, errorBody } from '../api/client.ts'
import type { LoadApi } from '../api/loadApi.ts'
import { domainRefusalOf } from '../openBudget/refusal.ts'

const isFileError = (reason: unknown): reason is BudgetFileErrorCode =>
  typeof reason === 'string' && (budgetFileErrorCodes as readonly string[]).includes(reason)

/** What a refused import answered, as the page words it. */
const outcomeOfError = (error: unknown): ImportOutcome => {
  if (!(error instanceof HTTPError)) return { outcome: 'failed', error: apiErrorOf(error) }
  const status = error.response.status
  const body = errorBody(error)
  const reason = typeof body === 'object' && body !== null && 'reason' in body ? body.reason : undefined
  if (status === 413) return { outcome: 'unreadable', reason: 'too-large' }
  if (isFileError(reason)) return { outcome: 'unreadable', reason }
  if (status === 409) return { outcome: 'notEmpty' }
  if (status === 403) return { outcome: 'forbidden' }
  const refusal = domainRefusalOf(error)
  if (refusal !== undefined) return { outcome: 'refused', error: refusal }
  return { outcome: 'failed', error: apiErrorOf(error) }
}

/** Whole-budget import over the app's one HTTP client (`POST /api/budget/import-budget/{id}`, multipart). */
export const createBudgetImportPort = (loadApi: LoadApi): BudgetImportPort => ({
  importBudget: async (budgetId, file, source, signal) => {
    // The page's files are browser Files; the machine knows them only by what it reads of them.
    if (!(file instanceof Blob)) return { outcome: 'failed', error: { statusText: 'not a file' } }
    const form = new FormData()
    if (source !== null) form.set('source', source)
    form.set('file', file, file.name)
    try {
      const answer = await (await loadApi()).postForm(
        `/api/budget/import-budget/${encodeURIComponent(budgetId)}`,
        form,
        BudgetImportAnswer,
        { signal },
      )
      return { outcome: 'imported', answer }
    } catch (error) {
      return outcomeOfError(error)
    }
  },
})

/** Whole-budget export: the file from `POST /api/budget/{id}/export`, saved by the browser's download. */
export const createBudgetExportPort = (
  loadApi: LoadApi,
  save: BudgetExportPort['save'],
): BudgetExportPort => ({
  exportBudget: async (budgetId, options, signal) => {
    try {
      const file = await (await loadApi()).postForFile(
        `/api/budget/${encodeURIComponent(budgetId)}/export`,
        options,
        { signal },
      )
      const fallback = options.format === 'csv' ? 'budget.csv' : 'budget.koperta.json'
      return { outcome: 'done', file: { contents: file.contents, fileName: file.fileName ?? fallback } }
    } catch (error) {
      return { outcome: 'failed', error: apiErrorOf(error) }
    }
  },
  save,
})

/** Hands a file to the browser as a download. */
export const downloadFile: BudgetExportPort['save'] = ({ contents, fileName }) => {
  const url = URL.createObjectURL(contents)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}
