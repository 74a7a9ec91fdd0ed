import * as Result from 'effect/Result'
import { parseDateText } from '../../../domain/dateText.ts'
import { addDays, nextOccurrence } from '../../../domain/recurrence.ts'
import type { IsoDate } from '../../../schemas/money.ts'
import {
  type AmountMatch,
  type HolidayShift,
  maxTemplateInterval,
  maxTemplateOccurrences,
  type Recurrence,
  type RecurrenceFrequency,
} from '../../../schemas/templates.ts'
import type { FormEnv } from '../shared/dialog.validation.ts'
import { checkSplitFields, type SplitErrors, shownRemainder } from '../shared/splits.ts'
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
