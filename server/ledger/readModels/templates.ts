import type { Insertable } from 'kysely'
import type { BudgetState } from '../../../domain/state.ts'
import type { TemplateId } from '../../../schemas/ids.ts'
import type { IsoDate } from '../../../schemas/money.ts'
import type { Completion, TransactionTemplate } from '../../../schemas/templates.ts'
import type {
  TemplateCompletionsRow,
  TransactionTemplateSplitsRow,
  TransactionTemplatesRow,
} from '../tables.ts'
import {
  changedKeys,
  chunked,
  comparedWhole,
  deleteByIds,
  insertChunks,
  type Out,
  type ReadModel,
} from './readModel.ts'

// Recurring transaction templates (issue 29): the templates, their splits and what was done with their
// occurrences, each compared whole between the states before and after a write (copy-on-write maps keep an
// unchanged template, and an unchanged template's completions, as the same object).

export const templateRow = (
  budgetId: string,
  template: TransactionTemplate,
): Insertable<TransactionTemplatesRow> => ({
  budget_id: budgetId,
  id: template.id,
  bank_account_id: template.bankAccountId,
  to_bank_account_id: template.toBankAccountId,
  payee: template.payee,
  memo: template.memo,
  value: template.value,
  frequency: template.frequency,
  interval: template.interval,
  start_date: template.startDate,
  end_date: template.endDate,
  occurrences: template.occurrences,
  shift: template.shift,
  amount_match: template.amountMatch,
  skipped_through: template.skippedThrough,
})

export const templateSplitRows = (
  budgetId: string,
  template: TransactionTemplate,
): Insertable<TransactionTemplateSplitsRow>[] =>
  template.splits.map((split, position) => ({
    budget_id: budgetId,
    template_id: template.id,
    position,
    category_id: split.categoryId,
    value: split.value,
  }))

export const completionRow = (
  budgetId: string,
  templateId: TemplateId,
  completion: Completion,
): Insertable<TemplateCompletionsRow> => ({
  budget_id: budgetId,
  template_id: templateId,
  date: completion.date,
  outcome: completion.outcome,
  transaction_id: completion.transactionId,
})

const deleteOfTemplates = async (
  out: Out,
  table: 'budget_transaction_template_splits' | 'budget_template_completions',
  budgetId: string,
  templateIds: readonly string[],
) => {
  for (const chunk of chunked(templateIds)) {
    await out.change(
      out.db.deleteFrom(table).where('budget_id', '=', budgetId).where('template_id', 'in', chunk),
      table,
    )
  }
}

/** `budget_transaction_templates`: one row per template; a changed one is deleted and inserted again. */
export const transactionTemplates: ReadModel = {
  table: 'budget_transaction_templates',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const { upserted, removed } = changedKeys(before.templates, after.templates)
    if (removed.length + upserted.length === 0) return
    await deleteByIds(out, 'budget_transaction_templates', budgetId, [...removed, ...upserted])
    const rows = upserted.flatMap((id) => {
      const template = after.templates.get(id)
      return template ? [templateRow(budgetId, template)] : []
    })
    await insertChunks(out, 'budget_transaction_templates', rows)
  }),
  rows: (budgetId, state) => [...state.templates.values()].map((template) => templateRow(budgetId, template)),
}

/** `budget_transaction_template_splits`: a changed template's splits are deleted and inserted again. */
export const transactionTemplateSplits: ReadModel = {
  table: 'budget_transaction_template_splits',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const { upserted, removed } = changedKeys(before.templates, after.templates)
    if (removed.length + upserted.length === 0) return
    await deleteOfTemplates(out, 'budget_transaction_template_splits', budgetId, [...removed, ...upserted])
    const rows = upserted.flatMap((id) => {
      const template = after.templates.get(id)
      return template ? templateSplitRows(budgetId, template) : []
    })
    await insertChunks(out, 'budget_transaction_template_splits', rows)
  }),
  rows: (budgetId, state) =>
    [...state.templates.values()].flatMap((template) => templateSplitRows(budgetId, template)),
}

const noCompletions: ReadonlyMap<IsoDate, Completion> = new Map()

/**
 * `budget_template_completions`: per template whose completions changed, the dates added, changed or gone (a
 * template confirmed daily for years keeps its old rows).
 */
export const templateCompletions: ReadModel = {
  table: 'budget_template_completions',
  pass: comparedWhole(async (out, { budgetId, before, after }) => {
    const templates = changedKeys(before.completions, after.completions)
    if (templates.removed.length + templates.upserted.length === 0) return
    await deleteOfTemplates(out, 'budget_template_completions', budgetId, templates.removed)
    const rows: Insertable<TemplateCompletionsRow>[] = []
    for (const templateId of templates.upserted) {
      const old = before.completions.get(templateId) ?? noCompletions
      const now = after.completions.get(templateId) ?? noCompletions
      const dates = changedKeys(old, now)
      const gone = [...dates.removed, ...dates.upserted]
      for (const chunk of chunked(gone)) {
        await out.change(
          out.db
            .deleteFrom('budget_template_completions')
            .where('budget_id', '=', budgetId)
            .where('template_id', '=', templateId)
            .where('date', 'in', chunk),
          'budget_template_completions',
        )
      }
      for (const date of dates.upserted) {
        const completion = now.get(date)
        if (completion) rows.push(completionRow(budgetId, templateId, completion))
      }
    }
    await insertChunks(out, 'budget_template_completions', rows)
  }),
  rows: (budgetId, state: BudgetState) =>
    [...state.completions].flatMap(([templateId, byDate]) =>
      [...byDate.values()].map((completion) => completionRow(budgetId, templateId, completion)),
    ),
}
