import type { SnapshotFrom } from 'xstate'
import type { BudgetImportSource } from '../../schemas/budget.ts'
import type { BudgetImportReport } from '../../schemas/budgetImport.ts'
import type { budgetImportMachine, ImportProblem } from './budgetImport.machine.ts'

type BudgetImportSnapshot = SnapshotFrom<typeof budgetImportMachine>

export type ImportStage =
  | 'choosing'
  | 'inspecting'
  | 'ready'
  | 'rejected'
  | 'importing'
  | 'failed'
  | 'imported'

const stages: readonly ImportStage[] = [
  'choosing',
  'inspecting',
  'ready',
  'rejected',
  'importing',
  'failed',
  'imported',
]

export const selectStage = (snapshot: BudgetImportSnapshot): ImportStage =>
  stages.find((stage) => snapshot.matches(stage)) ?? 'choosing'

export const selectFile = (snapshot: BudgetImportSnapshot): { name: string; size: number } | null => {
  const file = snapshot.context.file
  return file === null ? null : { name: file.name, size: file.size }
}

export const selectDetectedSource = (snapshot: BudgetImportSnapshot): BudgetImportSource | null =>
  snapshot.context.detected

/** The source the import will say: the person's choice, else what was recognised. */
export const selectSource = (snapshot: BudgetImportSnapshot): BudgetImportSource | null =>
  snapshot.context.chosen ?? snapshot.context.detected

export const selectCanStart = (snapshot: BudgetImportSnapshot): boolean =>
  snapshot.can({ type: 'import.start' })

export const selectCanRetry = (snapshot: BudgetImportSnapshot): boolean =>
  snapshot.can({ type: 'import.retry' })

/** Whether a file may be chosen now (not while an import runs, nor after one succeeded). */
export const selectCanChooseFile = (snapshot: BudgetImportSnapshot): boolean =>
  !snapshot.hasTag('busy') && !snapshot.matches('imported')

export const selectIsBusy = (snapshot: BudgetImportSnapshot): boolean => snapshot.hasTag('busy')

export const selectReport = (snapshot: BudgetImportSnapshot): BudgetImportReport | null =>
  snapshot.context.report

export const selectProblem = (snapshot: BudgetImportSnapshot): ImportProblem | null =>
  snapshot.context.problem

/** The i18n key (and its values) that says why nothing was imported. */
export const problemMessage = (
  problem: ImportProblem,
): { readonly key: string; readonly values?: Readonly<Record<string, string>> } => {
  switch (problem.outcome) {
    case 'unreadable':
      return { key: `budgetImport.fileError.${problem.reason}` }
    case 'notEmpty':
      return { key: 'budget.errors.budget-not-empty' }
    case 'forbidden':
      return { key: 'budgetImport.forbidden' }
    case 'refused':
      return { key: `budget.errors.${problem.error.code}` }
    case 'failed':
      return { key: 'budgetImport.failed' }
  }
}
