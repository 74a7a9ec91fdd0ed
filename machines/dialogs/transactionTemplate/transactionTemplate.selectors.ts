import * as Result from 'effect/Result'
import { parseDateText } from '../../../domain/dateText.ts'
import { addDays, nextOccurrence } from '../../../domain/recurrence.ts'
import { monthlyAmountOf } from '../../../domain/templates.ts'
import { maxCadenceMonths, type Target } from '../../../schemas/budget.ts'
import { type CategoryId, TargetId } from '../../../schemas/ids.ts'
import { Amount, type IsoDate } from '../../../schemas/money.ts'
import {
  type AmountMatch,
  type HolidayShift,
  maxTemplateInterval,
  maxTemplateOccurrences,
  type Recurrence,
  type RecurrenceFrequency,
  type TransactionTemplate,
} from '../../../schemas/templates.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import type { AccountWithBalance } from '../../openBudget/budget.selectors.ts'
import type { FormEnv } from '../shared/dialog.validation.ts'
import { checkSplitFields, type SplitErrors, shownRemainder } from '../shared/splits.ts'
import { accountChoices, type Choice } from '../transactionEditor/transactionEditor.selectors.ts'
import { checkCount, type TemplateEnd, type TransactionTemplateFields } from './transactionTemplate.form.ts'

/** How many next dates the dialog previews. */
export const PREVIEW_DATES = 5

/** The rule the fields describe so far, or null while its start (or an end) cannot be read. */
export const recurrenceOfFields = (fields: TransactionTemplateFields): Recurrence | null => {
  const start = parseDateText(fields.startDate)
  if (Result.isFailure(start)) return null
  const once = fields.frequency === 'Once'
  const interval = once ? Result.succeed(1) : checkCount(fields.interval, maxTemplateInterval)
  if (Result.isFailure(interval)) return null
  const occurrences =
    !once && fields.end === 'after'
      ? checkCount(fields.occurrences, maxTemplateOccurrences)
      : Result.succeed(null)
  const endDate = !once && fields.end === 'on' ? parseDateText(fields.endDate) : Result.succeed(null)
  if (Result.isFailure(occurrences) || Result.isFailure(endDate)) return null
  return {
    frequency: fields.frequency,
    interval: interval.success,
    startDate: start.success,
    endDate: endDate.success,
    occurrences: occurrences.success,
    shift: fields.shift,
  }
}

/** The next few dates of the rule from today on (the start, when it is later): the dialog's preview. */
export const previewDates = (
  fields: TransactionTemplateFields,
  today: IsoDate,
  count: number = PREVIEW_DATES,
): ReadonlyArray<IsoDate> => {
  const rule = recurrenceOfFields(fields)
  if (rule === null) return []
  const dates: IsoDate[] = []
  let from = rule.startDate > today ? rule.startDate : today
  while (dates.length < count) {
    const next = nextOccurrence(rule, from)
    if (next === undefined) break
    dates.push(next)
    from = addDays(next, 1)
  }
  return dates
}

/** A previewed date; `due` when it becomes a draft as soon as the template is saved (≤ today + the horizon). */
export interface PreviewDate {
  readonly date: IsoDate
  readonly due: boolean
}

/** What the dialog's preview shows: the dates, or why there are none yet. */
export type TemplatePreview =
  | { readonly _tag: 'NoStart' }
  | { readonly _tag: 'NoEnd' }
  | { readonly _tag: 'EndBeforeStart' }
  | { readonly _tag: 'Invalid' }
  | { readonly _tag: 'Dates'; readonly dates: ReadonlyArray<PreviewDate> }

const endIncomplete = (fields: TransactionTemplateFields): boolean =>
  fields.frequency !== 'Once' &&
  ((fields.end === 'on' && Result.isFailure(parseDateText(fields.endDate))) ||
    (fields.end === 'after' && Result.isFailure(checkCount(fields.occurrences, maxTemplateOccurrences))))

/**
 * The dialog's preview. A new template's occurrences since a past start become drafts at once, so it previews from
 * the start, marking those (≤ today + horizon) as due; an edited one previews from today on.
 */
export const templatePreview = (
  fields: TransactionTemplateFields,
  today: IsoDate,
  { horizonDays, fromStart }: { readonly horizonDays: number; readonly fromStart: boolean },
  count: number = PREVIEW_DATES,
): TemplatePreview => {
  if (Result.isFailure(parseDateText(fields.startDate))) return { _tag: 'NoStart' }
  if (endIncomplete(fields)) return { _tag: 'NoEnd' }
  const rule = recurrenceOfFields(fields)
  if (rule === null) return { _tag: 'Invalid' }
  if (rule.endDate !== null && rule.endDate < rule.startDate) return { _tag: 'EndBeforeStart' }
  const dueUntil = addDays(today, horizonDays)
  const dates = previewFrom(rule, fromStart || rule.startDate > today ? rule.startDate : today, count)
  return { _tag: 'Dates', dates: dates.map((date) => ({ date, due: fromStart && date <= dueUntil })) }
}

const previewFrom = (rule: Recurrence, start: IsoDate, count: number): ReadonlyArray<IsoDate> => {
  const dates: IsoDate[] = []
  let from = start
  while (dates.length < count) {
    const next = nextOccurrence(rule, from)
    if (next === undefined) break
    dates.push(next)
    from = addDays(next, 1)
  }
  return dates
}

/** Per-split errors after a submit attempt (the form keeps one error for the split part as a whole). */
export const templateSplitErrors = (
  fields: TransactionTemplateFields,
  env: FormEnv,
  shown: boolean,
): ReadonlyArray<SplitErrors> => {
  if (!shown || fields.splits.length <= 1) return []
  // A split's own errors do not depend on the total (only the sum's does, which the form keeps).
  return checkSplitFields(fields.splits, undefined, fields.direction, env).errors
}

export { shownRemainder as templateRemainder }

/** The choices of the dialog's option fields, as i18n keys under `templates.`. */
export const FREQUENCIES: ReadonlyArray<RecurrenceFrequency> = [
  'Once',
  'Daily',
  'Weekly',
  'Monthly',
  'Quarterly',
  'Yearly',
]
export const ENDS: ReadonlyArray<TemplateEnd> = ['never', 'after', 'on']
export const SHIFTS: ReadonlyArray<HolidayShift> = ['None', 'Before', 'After']
export const AMOUNT_MATCHES: ReadonlyArray<AmountMatch> = ['Exact', 'Approximate']

/** The category a template's target would go to: its one split's, for an outflow; else none. */
export const targetCategoryOf = (template: TransactionTemplate): CategoryId | null => {
  const [only, ...others] = template.splits
  return template.value < 0 && template.toBankAccountId === null && only !== undefined && others.length === 0
    ? only.categoryId
    : null
}

const MONTHS_PER: Partial<Record<RecurrenceFrequency, number>> = { Monthly: 1, Quarterly: 3, Yearly: 12 }

/**
 * A NeededForSpending target from a template's amount and cadence (issue 29 §1): a bill every 1–120 months is
 * needed by its next date, repeating at its cadence; anything more frequent asks `monthlyAmountOf` each month.
 * The category's own target is replaced (its id kept).
 */
export const targetFromTemplate = (
  template: TransactionTemplate,
  nextDate: IsoDate | undefined,
  existing: Target | null,
  newId: () => string,
): CommandDraft | null => {
  const categoryId = targetCategoryOf(template)
  if (categoryId === null) return null
  const targetId = existing?.id ?? TargetId.make(newId())
  const months = (MONTHS_PER[template.frequency] ?? 0) * template.interval
  if (months >= 1 && months <= maxCadenceMonths && nextDate !== undefined)
    return {
      _tag: 'SetTarget',
      targetId,
      categoryId,
      type: 'NeededForSpendingByDate',
      amount: Amount.make(-template.value),
      dueDate: nextDate,
      cadenceMonths: months,
    }
  const monthly = monthlyAmountOf(template)
  return monthly <= 0
    ? null
    : {
        _tag: 'SetTarget',
        targetId,
        categoryId,
        type: 'NeededForSpendingMonthly',
        amount: Amount.make(monthly),
      }
}

/** The accounts a transfer template may go to: the active ones (its own even when closed) but the one it leaves. */
export const transferTargetChoices = (
  accounts: ReadonlyArray<AccountWithBalance>,
  fields: Pick<TransactionTemplateFields, 'bankAccountId' | 'toBankAccountId'>,
): ReadonlyArray<Choice> =>
  accountChoices(accounts, fields.toBankAccountId).filter((choice) => choice.id !== fields.bankAccountId)
