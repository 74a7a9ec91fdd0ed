import { accountMonths } from './accountMonths.ts'
import { assignmentRecords } from './assignmentRecords.ts'
import { bankAccounts } from './bankAccounts.ts'
import { budgetUndo } from './budgetUndo.ts'
import { categories } from './categories.ts'
import { categoryGroups } from './categoryGroups.ts'
import { categoryYearColumns } from './categoryYearColumns.ts'
import { filters } from './filters.ts'
import { imports } from './imports.ts'
import { loans } from './loans.ts'
import type { ReadModel } from './readModel.ts'
import { targets } from './targets.ts'
import { templateCompletions, transactionTemplateSplits, transactionTemplates } from './templates.ts'
import { transactions } from './transactions.ts'

export type { Change, Out, Pass, ReadModel, ReadModelTable } from './readModel.ts'

/**
 * Every read model, in the order a write sends their statements: the batching (`db/statementBatch.ts`) sends
 * consecutive statements on different tables together, so this order sets a write's round trips.
 */
export const readModels: readonly ReadModel[] = [
  categoryGroups,
  categories,
  bankAccounts,
  transactions,
  budgetUndo,
  categoryYearColumns,
  accountMonths,
  assignmentRecords,
  targets,
  filters,
  imports,
  transactionTemplates,
  transactionTemplateSplits,
  templateCompletions,
  loans,
]
