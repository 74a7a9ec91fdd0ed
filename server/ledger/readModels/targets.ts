import { targetRow } from '../rows.ts'
import { changedKeys, comparedWhole, insertChunks, type ReadModel } from './readModel.ts'

/** `targets`: a category's target, compared whole; a changed one is deleted and inserted again. */
export const targets: ReadModel = {
  table: 'targets',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const { upserted, removed } = changedKeys(before.targets, after.targets)
    if (removed.length + upserted.length === 0) return
    await out.change(
      out.db
        .deleteFrom('targets')
        .where('budget_id', '=', budgetId)
        .where('category_id', 'in', [...removed, ...upserted]),
      'targets',
    )
    const rows = upserted.flatMap((id) => {
      const target = after.targets.get(id)
      return target ? [targetRow(budgetId, target)] : []
    })
    await insertChunks(out, 'targets', rows)
  }),
  rows: (budgetId, state) => [...state.targets.values()].map((target) => targetRow(budgetId, target)),
}
