import { convertActual } from '../../domain/budgetImport/actual.ts'
import {
  type BudgetConversion,
  convertBudgetJson,
  detectSource,
  type ImportTarget,
  readBudgetFile,
} from '../../domain/budgetImport/index.ts'
import { type BudgetState, incomeDestinationOf } from '../../domain/state.ts'
import type { BudgetImportSource } from '../../schemas/budget.ts'
import type { ImportableCommandDraft } from '../../schemas/budgetCommands.ts'
import { CategoryId } from '../../schemas/ids.ts'
import { timeOrderedUuid } from '../ledger/uuidv7.ts'
import { readActualExport } from './actualZip.ts'

// An uploaded budget file into the commands of one ImportBudget, for the budget it goes into. The converters are
// pure (domain/budgetImport/); here the file's bytes come in, Actual Budget's zip is unpacked and its database read
// (actualZip.ts), and new ids are minted (time-ordered, as the bulk route's: a budget's rows then go into the
// table's index in order).

export interface UploadedFile {
  readonly bytes: Uint8Array
  readonly fileName: string
  /** The source the user chose; detected from the file when absent. */
  readonly source?: BudgetImportSource | undefined
}

export type FileConversion =
  | (Extract<BudgetConversion, { ok: true }> & { readonly source: BudgetImportSource })
  | Extract<BudgetConversion, { ok: false }>

/**
 * The target's system ids. A budget made before income destinations existed gets one first (its id is minted
 * here), so that YNAB's "Inflow: Ready to Assign" has somewhere to go.
 */
const targetOf = (
  state: BudgetState,
): { target: ImportTarget; first: ImportableCommandDraft[] } | undefined => {
  const budget = state.budget
  const uncategorized = budget === null ? undefined : state.categories.get(budget.uncategorizedCategoryId)
  if (budget === null || uncategorized === undefined) return undefined
  const income = incomeDestinationOf(state)
  const incomeCategoryId = income?.id ?? CategoryId.make(timeOrderedUuid())
  return {
    target: {
      uncategorizedGroupId: uncategorized.categoryGroupId,
      uncategorizedCategoryId: uncategorized.id,
      incomeCategoryId,
      currency: budget.currency,
    },
    first: income === undefined ? [{ _tag: 'CreateIncomeDestination', categoryId: incomeCategoryId }] : [],
  }
}

export const convertUpload = async (file: UploadedFile, state: BudgetState): Promise<FileConversion> => {
  const read = readBudgetFile(file.bytes)
  if (!read.ok) return read
  const prepared = targetOf(state)
  if (prepared === undefined) return { ok: false, error: 'invalid' }
  const context = { mint: timeOrderedUuid, target: prepared.target }
  const withTarget = (source: BudgetImportSource, conversion: BudgetConversion): FileConversion =>
    conversion.ok
      ? { ...conversion, source, commands: [...prepared.first, ...conversion.commands] }
      : conversion
  if (read.kind === 'zip') {
    // Only Actual Budget's export is a zip.
    if (file.source !== undefined && file.source !== 'actual') return { ok: false, error: 'unknown-layout' }
    const rows = await readActualExport(file.bytes)
    if ('error' in rows) return { ok: false, error: rows.error }
    return withTarget('actual', convertActual(rows, context))
  }
  const source = file.source ?? detectSource(read.value)
  if (source === undefined) return { ok: false, error: 'unknown-layout' }
  return withTarget(source, convertBudgetJson(read.value, context, source))
}
