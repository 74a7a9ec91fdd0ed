import { categoryRow } from '../rows.ts'
import { changedKeys, comparedWhole, deleteByIds, type ReadModel } from './readModel.ts'

/** `categories`: the budget's categories, compared whole. */
export const categories: ReadModel = {
  table: 'categories',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const { upserted, removed } = changedKeys(before.categories, after.categories)
    const rows = upserted.flatMap((id) => {
      const category = after.categories.get(id)
      return category ? [categoryRow(budgetId, category)] : []
    })
    if (rows.length > 0) {
      await out.change(
        out.db
          .insertInto('categories')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['budget_id', 'id']).doUpdateSet((eb) => ({
              category_group_id: eb.ref('excluded.category_group_id'),
              name: eb.ref('excluded.name'),
              type: eb.ref('excluded.type'),
              spending_class: eb.ref('excluded.spending_class'),
              origin: eb.ref('excluded.origin'),
              hidden: eb.ref('excluded.hidden'),
              position: eb.ref('excluded.position'),
            })),
          ),
        'categories',
      )
    }
    await deleteByIds(out, 'categories', budgetId, removed)
  }),
  rows: (budgetId, state) =>
    [...state.categories.values()].map((category) => categoryRow(budgetId, category)),
}
