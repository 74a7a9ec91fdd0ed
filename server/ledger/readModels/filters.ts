import { filterRow } from '../rows.ts'
import { changedKeys, comparedWhole, deleteByIds, insertChunks, type ReadModel } from './readModel.ts'

/** `filters`: the saved transaction filters, compared whole; a changed one is deleted and inserted again. */
export const filters: ReadModel = {
  table: 'filters',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const { upserted, removed } = changedKeys(before.filters, after.filters)
    if (removed.length + upserted.length === 0) return
    await deleteByIds(out, 'filters', budgetId, [...removed, ...upserted])
    const rows = upserted.flatMap((id) => {
      const filter = after.filters.get(id)
      return filter ? [filterRow(budgetId, filter)] : []
    })
    await insertChunks(out, 'filters', rows)
  }),
  rows: (budgetId, state) => [...state.filters.values()].map((filter) => filterRow(budgetId, filter)),
}
