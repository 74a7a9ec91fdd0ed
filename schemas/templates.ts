import * as Schema from 'effect/Schema'
import { Split, Text } from './budget.ts'
import { BankAccountId, TemplateId, TransactionId } from './ids.ts'
import { IsoDate, Minor } from './money.ts'

// Recurring transaction templates (SPEC transactionTemplates, issue 29). A template's occurrences are computed
// (domain/recurrence.ts), never stored: only what the user did with one (confirmed, skipped) is a fact of the stream.

/** SPEC §3 recurrence frequency. `Once` has exactly one occurrence, on the start date. */
export const RecurrenceFrequency = Schema.Literals([
  'Once',
  'Daily',
  'Weekly',
  'Monthly',
  'Quarterly',
  'Yearly',
])
export type RecurrenceFrequency = typeof RecurrenceFrequency.Type

/** SPEC §3 completion outcome of an occurrence. */
export const CompletionOutcome = Schema.Literals(['Completed', 'Skipped'])
export type CompletionOutcome = typeof CompletionOutcome.Type

/**
 * Where an occurrence falling on a Saturday, Sunday or Polish public holiday goes: stays (`None`), to the working
 * day before (`Before`, e.g. a salary) or after (`After`, e.g. a direct debit).
 */
export const HolidayShift = Schema.Literals(['None', 'Before', 'After'])
export type HolidayShift = typeof HolidayShift.Type

/** How an entered or imported transaction must match an occurrence's amount to complete it (issue 29 §1). */
export const AmountMatch = Schema.Literals(['Exact', 'Approximate'])
export type AmountMatch = typeof AmountMatch.Type
/** `Approximate` accepts amounts within ±7.5 % (750 basis points) of the template's. */
export const approximateMatchBasisPoints = 750
/** An occurrence is completed by a transaction dated within this many days of it. */
export const matchWindowDays = 2

/** The longest interval a template may repeat at ("every N …"). */
export const maxTemplateInterval = 999
/** The most occurrences a template may be limited to. */
export const maxTemplateOccurrences = 9999
export const TemplateInterval = Schema.Int.check(
  Schema.isBetween({ minimum: 1, maximum: maxTemplateInterval }),
)
export const TemplateOccurrenceCount = Schema.Int.check(
  Schema.isBetween({ minimum: 1, maximum: maxTemplateOccurrences }),
)

/** How many days ahead an occurrence becomes a draft: 7 by default, per budget (`SetDraftHorizon`). */
export const defaultDraftHorizonDays = 7
export const maxDraftHorizonDays = 60
export const DraftHorizonDays = Schema.Int.check(
  Schema.isBetween({ minimum: 0, maximum: maxDraftHorizonDays }),
)

/** The rule of a template's dates; pure data, the domain computes the dates (domain/recurrence.ts). */
export const Recurrence = Schema.Struct({
  frequency: RecurrenceFrequency,
  /** Every N days/weeks/months/quarters/years; 1 for Once. */
  interval: Schema.Int,
  startDate: IsoDate,
  /** Last possible date, inclusive; null: never ends (unless `occurrences`). */
  endDate: Schema.NullOr(IsoDate),
  /** How many occurrences in all, counted from the start; null: unlimited (unless `endDate`). */
  occurrences: Schema.NullOr(Schema.Int),
  shift: HolidayShift,
})
export type Recurrence = typeof Recurrence.Type

/** What the user did with one occurrence, keyed by the occurrence's date. */
export const Completion = Schema.Struct({
  date: IsoDate,
  outcome: CompletionOutcome,
  /** The transaction that completed it (for a transfer: its outflow side); null when skipped. */
  transactionId: Schema.NullOr(TransactionId),
})
export type Completion = typeof Completion.Type

/**
 * A template as the state and the read model keep it. `value` is signed like a transaction's. A transfer template
 * (`toBankAccountId`) has no splits and a negative value (money leaves `bankAccountId`). Otherwise splits follow the
 * transaction rules (none: Uncategorized; several: they sum to `value`).
 */
export const TransactionTemplate = Schema.Struct({
  id: TemplateId,
  bankAccountId: BankAccountId,
  toBankAccountId: Schema.NullOr(BankAccountId),
  payee: Text,
  memo: Text,
  value: Minor,
  splits: Schema.Array(Split),
  ...Recurrence.fields,
  amountMatch: AmountMatch,
  /** Every occurrence on or before this date not otherwise acted on counts as skipped ("skip all before"). */
  skippedThrough: Schema.NullOr(IsoDate),
})
export type TransactionTemplate = typeof TransactionTemplate.Type

/** SPEC transactionTemplateSplits: one row per split, with its template. */
export const TransactionTemplateSplit = Schema.Struct({
  transactionTemplateId: TemplateId,
  categoryId: Split.fields.categoryId,
  value: Minor,
})
export type TransactionTemplateSplit = typeof TransactionTemplateSplit.Type

/** An occurrence's state (issue 29 §3): `Draft` is due (date ≤ today + horizon) and not acted on. */
export const OccurrenceStatus = Schema.Literals(['Upcoming', 'Draft', 'Completed', 'Skipped'])
export type OccurrenceStatus = typeof OccurrenceStatus.Type

export const Occurrence = Schema.Struct({
  date: IsoDate,
  status: OccurrenceStatus,
})
export type Occurrence = typeof Occurrence.Type
