import type { RecordInsert } from '../rows.ts'
import { recordRow } from '../rows.ts'
import { changedKeys, comparedWhole, insertChunks, type ReadModel } from './readModel.ts'

/**
 * `assignment_records`: the assignment history, per month in order, compared by month. Records only grow, except
 * when a whole history is dropped: a month's new tail is appended, otherwise the month is written again.
 */
export const assignmentRecords: ReadModel = {
  table: 'assignment_records',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const { upserted, removed } = changedKeys(before.recordsByPeriod, after.recordsByPeriod)
    const rows = []
    const rewrite: string[] = [...removed]
    for (const period of upserted) {
      const old = before.recordsByPeriod.get(period) ?? []
      const now = after.recordsByPeriod.get(period) ?? []
      const appended = now.length >= old.length && old.every((record, index) => now[index] === record)
      const from = appended ? old.length : 0
      if (!appended) rewrite.push(period)
      for (let index = from; index < now.length; index++) {
        // biome-ignore lint/style/noNonNullAssertion: index is within the array.
        rows.push(recordRow(budgetId, now[index]!, index))
      }
    }
    if (rewrite.length > 0) {
      await out.change(
        out.db
          .deleteFrom('assignment_records')
          .where('budget_id', '=', budgetId)
          .where('period', 'in', rewrite),
        'assignment_records',
      )
    }
    await insertChunks(out, 'assignment_records', rows)
  }),
  rows: (budgetId, state) => {
    const records: RecordInsert[] = []
    for (const list of state.recordsByPeriod.values())
      list.forEach((record, index) => {
        records.push(recordRow(budgetId, record, index))
      })
    return records
  },
}
