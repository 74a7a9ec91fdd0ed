import type { ImportRecord } from '../../../domain/state.ts'
import { changedKeys, comparedWhole, deleteByIds, insertChunks, type ReadModel } from './readModel.ts'

/** An import's row: its record as the budget snapshot keeps it (schemas/budgetSnapshot.ts `imports`). */
export const importRow = (budgetId: string, record: ImportRecord) => ({
  budget_id: budgetId,
  id: record.source.importId,
  record: JSON.stringify({ ...record, changedIds: [...record.changedIds] }),
})

/** `budget_imports`: the bank-file imports, compared whole; a changed one is written again. */
export const imports: ReadModel = {
  table: 'budget_imports',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const { upserted, removed } = changedKeys(before.imports, after.imports)
    if (removed.length + upserted.length === 0) return
    await deleteByIds(out, 'budget_imports', budgetId, [...removed, ...upserted])
    const rows = upserted.flatMap((id) => {
      const record = after.imports.get(id)
      return record ? [importRow(budgetId, record)] : []
    })
    await insertChunks(out, 'budget_imports', rows)
  }),
  rows: (budgetId, state) => [...state.imports.values()].map((record) => importRow(budgetId, record)),
}
