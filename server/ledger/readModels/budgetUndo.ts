import { sql } from 'kysely'
import type { UndoEntry } from '../../../domain/state.ts'
import { undoRow, undoRows } from '../rows.ts'
import { comparedWhole, insertChunks, type Out, type ReadModel } from './readModel.ts'

/**
 * The undo stack's rows after a write: commands push and pop a few entries, so the entry both stacks share is
 * found within `reach` steps of the tops; otherwise (a cleared history) the rows are written anew.
 */
const writeUndo = async (
  out: Out,
  budgetId: string,
  before: UndoEntry | null,
  after: UndoEntry | null,
  reach: number,
) => {
  if (before === after) return
  const recent = new Set<UndoEntry>()
  for (let entry = after, steps = 0; entry !== null && steps <= reach; entry = entry.next, steps++)
    recent.add(entry)
  const popped: string[] = []
  let shared: UndoEntry | null = null
  let found = false
  for (let entry = before, steps = 0; steps <= reach; entry = entry.next, steps++) {
    if (entry === null || recent.has(entry)) {
      shared = entry
      found = true
      break
    }
    popped.push(entry.commandId)
  }
  if (!found) {
    await out.change(out.db.deleteFrom('budget_undo').where('budget_id', '=', budgetId), 'budget_undo')
    await insertChunks(out, 'budget_undo', undoRows(budgetId, after))
    return
  }
  const pushed: UndoEntry[] = []
  for (let entry = after; entry !== shared && entry !== null; entry = entry.next) pushed.unshift(entry)
  if (popped.length > 0)
    await out.change(
      out.db.deleteFrom('budget_undo').where('budget_id', '=', budgetId).where('command_id', 'in', popped),
      'budget_undo',
    )
  if (pushed.length === 0) return
  // Positions are depths (1 at the bottom), so they are dense: the shared entry's is the highest one left. Read by
  // the insert itself (its snapshot is from before its rows), not by a round trip of its own.
  const depth = sql<number>`(select coalesce(max(position), 0) from budget_undo where budget_id = ${budgetId})`
  await out.change(
    out.db.insertInto('budget_undo').values(
      pushed.map((entry, index) => ({
        ...undoRow(budgetId, entry),
        position: sql<number>`${depth} + ${index + 1}`,
      })),
    ),
    'budget_undo',
  )
}

/** `budget_undo`: the undo stack, one row per undoable command; a write's pushes and pops, found by comparing tops. */
export const budgetUndo: ReadModel = {
  table: 'budget_undo',
  // The write's event count: how far the undo stack can have moved.
  pass: comparedWhole((out, { budgetId, before, after, events }) =>
    writeUndo(out, budgetId, before.undoStack, after.undoStack, events),
  ),
  rows: (budgetId, state) => undoRows(budgetId, state.undoStack),
}
