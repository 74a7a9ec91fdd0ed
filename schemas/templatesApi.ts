import * as Schema from 'effect/Schema'
import * as Struct from 'effect/Struct'
import { Split } from './budget.ts'
import { ConfirmOccurrence, CreateTemplate, EditTemplate } from './budgetCommands.ts'
import { BankAccountId, BudgetId, TemplateId, TransactionId } from './ids.ts'
import { IsoDate, Minor } from './money.ts'
import { OccurrenceStatus, TransactionTemplate, TransactionTemplateSplit } from './templates.ts'

// The HTTP contract of recurring transaction templates (issue 29 §3): bodies, parameters and answers of
// server/ledger/routesTemplates.ts. Commands and events are in budgetCommands.ts / budgetEvents.ts.

export const TemplateParams = Schema.Struct({ budgetId: BudgetId, templateId: TemplateId })
export const OccurrenceParams = Schema.Struct({ budgetId: BudgetId, templateId: TemplateId, date: IsoDate })

/** The longest range (days, inclusive) an occurrence list covers: ten years. */
export const maxOccurrenceRangeDays = 3660

/** `from` and `to` inclusive, `from` ≤ `to`, at most `maxOccurrenceRangeDays` apart (checked by the route). */
export const OccurrencesQuery = Schema.Struct({ from: IsoDate, to: IsoDate })
/** Both optional: without `from` every due draft (up to `maxOccurrenceRangeDays` back), without `to` up to today + the draft horizon. */
export const DraftsQuery = Schema.Struct({
  from: Schema.optionalKey(IsoDate),
  to: Schema.optionalKey(IsoDate),
})

/**
 * A new template. `value` is signed like a transaction's; `occurrences` = how many in all; `endDate` inclusive;
 * `interval` defaults to 1, `shift` to None, `amountMatch` to Exact. `id` may be the client's.
 */
export const CreateTemplateBody = Schema.Struct({
  id: Schema.optionalKey(TemplateId),
  ...Struct.omit(CreateTemplate.fields, ['_tag', 'templateId']),
})
/** Absent fields stay; `null` clears `toBankAccountId`, `endDate` or `occurrences`. */
export const EditTemplateBody = Schema.Struct(Struct.omit(EditTemplate.fields, ['_tag', 'templateId']))

/**
 * Optional: the transaction's `value`, `date` (default: the occurrence's) and `splits` (needed when a changed value
 * has several), and whether it is `cleared`.
 */
export const ConfirmOccurrenceBody = Schema.Struct({
  value: ConfirmOccurrence.fields.value,
  date: ConfirmOccurrence.fields.transactionDate,
  splits: ConfirmOccurrence.fields.splits,
  cleared: ConfirmOccurrence.fields.cleared,
})
export const SkipThroughBody = Schema.Struct({ date: IsoDate })

export const TemplateList = Schema.Array(TransactionTemplate)
export const TemplateSplitList = Schema.Array(TransactionTemplateSplit)

/** One occurrence as `GET …/occurrences` lists it (issue 29 §3: exactly `{date, status}`). */
export const OccurrenceView = Schema.Struct({ date: IsoDate, status: OccurrenceStatus })
export const OccurrenceList = Schema.Array(OccurrenceView)

/** A Draft or Upcoming occurrence with what the register and the month show of its template. */
export const DraftView = Schema.Struct({
  templateId: TemplateId,
  date: IsoDate,
  status: Schema.Literals(['Draft', 'Upcoming']),
  bankAccountId: BankAccountId,
  toBankAccountId: Schema.NullOr(BankAccountId),
  payee: TransactionTemplate.fields.payee,
  memo: TransactionTemplate.fields.memo,
  value: Minor,
  splits: Schema.Array(Split),
})
export const DraftList = Schema.Array(DraftView)

/** What skipping an occurrence left: its status (Skipped, or Completed when it was confirmed before). */
export const SkippedOccurrence = Schema.Struct({
  templateId: TemplateId,
  date: IsoDate,
  status: OccurrenceStatus,
  transactionId: Schema.NullOr(TransactionId),
})
