import type { BudgetState } from '../../domain/state.ts'
import type { BudgetEvent } from '../../schemas/budgetEvents.ts'
import { type Change, type Out, type Pass, readModels } from './readModels/index.ts'
import { insertChunks } from './readModels/readModel.ts'
import { readModelTables } from './tables.ts'

// Inline projection: a short loop over the read models (`readModels/`, one module per table). Each hears the events
// a write appends and then writes the rows they touched; the new row values come from the state after the write,
// so the inline result and a rebuild (which writes the whole state with the same row builders) are the same rows
// by construction. Cost per write grows with what it touched, never with the budget's history.

/** Which evolve, and which rows, the read models are of; bump it and every budget is rebuilt on first use. */
export const READ_MODEL_FORMAT = 1

/**
 * Events after which the budget's read models are written whole (from a state that holds no older transactions): a
 * fresh start, a deletion, and a budget imported into an empty one (all of whose transactions the state holds).
 */
const rewritesWhole = (event: BudgetEvent) =>
  event._tag === 'BudgetReset' || event._tag === 'BudgetDeleted' || event._tag === 'BudgetImported'

type Touch = NonNullable<Pass['touch']>

/** One write's projection: every read model's pass, in write order. */
export interface Projection {
  readonly passes: readonly Pass[]
  /** The passes that hear events (the rest compare states): a batch of many events calls only these. */
  readonly touches: readonly Touch[]
  events: number
  whole: boolean
}

export const startProjection = (): Projection => {
  const passes = readModels.map((model) => model.pass())
  return {
    passes,
    touches: passes.flatMap((pass) => (pass.touch === undefined ? [] : [pass.touch])),
    events: 0,
    whole: false,
  }
}

/** Lets every read model see `event`; `before` is the state it applies to (edits need the old version). */
export const touch = (projection: Projection, before: BudgetState, event: BudgetEvent): void => {
  projection.events += 1
  if (rewritesWhole(event)) projection.whole = true
  for (const heard of projection.touches) heard(before, event)
}

const writeBudgetRow = async (out: Out, budgetId: string, state: BudgetState, version: number) => {
  await out.change(
    out.db
      .updateTable('budgets')
      .set({
        version,
        deleted: state.deleted,
        read_model_format: READ_MODEL_FORMAT,
        transaction_count: state.transactionCount,
        draft_horizon_days: state.draftHorizonDays,
        ...(state.budget
          ? {
              name: state.budget.name,
              currency: state.budget.currency,
              // The event's, which the request's row may differ from by a moment.
              created_at: state.budget.createdAt,
              created_by: state.budget.createdBy,
            }
          : {}),
      })
      .where('id', '=', budgetId),
    'budgets',
  )
}

/** Writes what a write's events (one command's, or a batch's) changed between `before` and `after`. */
export const projectChanges = async (
  out: Out,
  budgetId: string,
  before: BudgetState,
  after: BudgetState,
  projection: Projection,
  version: number,
): Promise<void> => {
  await writeBudgetRow(out, budgetId, after, version)
  if (projection.whole) {
    await writeWholeState(out, budgetId, after)
    return
  }
  const change: Change = { budgetId, before, after, version, events: projection.events }
  for (const pass of projection.passes) await pass.write(out, change)
}

/** Replaces every read-model row of a budget with the rows of `state` (rebuild, and the rare whole rewrites). */
export const writeWholeState = async (out: Out, budgetId: string, state: BudgetState): Promise<void> => {
  for (const table of readModelTables)
    await out.change(out.db.deleteFrom(table).where('budget_id', '=', budgetId), table)
  for (const model of readModels) {
    if (model.insertWhole !== undefined) await model.insertWhole(out, budgetId, state)
    else await insertChunks(out, model.table, model.rows(budgetId, state))
  }
}
