import { groupRow } from '../rows.ts'
import { changedKeys, comparedWhole, deleteByIds, type ReadModel } from './readModel.ts'

/** `category_groups`: the budget's category groups, compared whole. */
export const categoryGroups: ReadModel = {
  table: 'category_groups',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const { upserted, removed } = changedKeys(before.groups, after.groups)
    const rows = upserted.flatMap((id) => {
      const group = after.groups.get(id)
      return group ? [groupRow(budgetId, group)] : []
    })
    if (rows.length > 0) {
      await out.change(
        out.db
          .insertInto('category_groups')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['budget_id', 'id']).doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              hidden: eb.ref('excluded.hidden'),
              position: eb.ref('excluded.position'),
            })),
          ),
        'category_groups',
      )
    }
    await deleteByIds(out, 'category_groups', budgetId, removed)
  }),
  rows: (budgetId, state) => [...state.groups.values()].map((group) => groupRow(budgetId, group)),
}
