import * as Result from 'effect/Result'
import * as Schema from 'effect/Schema'
import type { BudgetImportSource } from '../../schemas/budget.ts'
import type { ImportBudget } from '../../schemas/budgetCommands.ts'
import {
  KOPERTA_BUDGET_FORMAT,
  KOPERTA_BUDGET_VERSIONS,
  KopertaBudgetFile,
} from '../../schemas/kopertaBudget.ts'
import { convertKopertaFile } from './kopertaImport.ts'
import type { BudgetConversion, ImportContext } from './plan.ts'
import { convertYnab, ynabBudgetOf } from './ynab.ts'

// Whole-budget converters (issue 28 §3): a file's JSON into the commands of one ImportBudget. Each converter is pure;
// ids come from the context's `mint`. Actual Budget's zip is read by the server (server/budgetImport/actualZip.ts)
// and its rows converted by `convertActual` (actual.ts).

export { readBudgetFile } from './file.ts'
export { type Authorship, toKopertaFile } from './kopertaExport.ts'
export type { BudgetConversion, ImportContext, ImportTarget } from './plan.ts'

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Which export a file's JSON is, from its shape; undefined for JSON of no layout we know. */
export const detectSource = (value: unknown): Exclude<BudgetImportSource, 'actual'> | undefined => {
  if (isRecord(value) && value.format === KOPERTA_BUDGET_FORMAT) return 'koperta'
  if (ynabBudgetOf(value) !== undefined) return 'ynab'
  return undefined
}

const decodeKoperta = Schema.decodeUnknownResult(KopertaBudgetFile)

/**
 * A budget file's JSON as the commands that rebuild it in the target budget, with the report; `source` (when the
 * user chose one) must agree with what the file is.
 */
export const convertBudgetJson = (
  value: unknown,
  context: ImportContext,
  source?: BudgetImportSource,
): BudgetConversion => {
  const detected = detectSource(value)
  if (detected === undefined || (source !== undefined && source !== detected))
    return { ok: false, error: 'unknown-layout' }
  if (detected === 'ynab') return convertYnab(value, context)
  if (isRecord(value) && !KOPERTA_BUDGET_VERSIONS.includes(value.version as number))
    return { ok: false, error: typeof value.version === 'number' ? 'unsupported-version' : 'invalid' }
  const file = decodeKoperta(value)
  if (Result.isFailure(file)) return { ok: false, error: 'invalid' }
  return convertKopertaFile(file.success, context)
}

/** The ImportBudget draft of a successful conversion. */
export const importBudgetDraft = (
  source: BudgetImportSource,
  conversion: Extract<BudgetConversion, { ok: true }>,
): typeof ImportBudget.Type => ({ _tag: 'ImportBudget', source, commands: conversion.commands })
