import type { ImportableCommandDraft, SplitInput } from '../../schemas/budgetCommands.ts'
import { type BankAccountId, type CategoryId, TemplateId } from '../../schemas/ids.ts'
import { IsoDate, isIsoDate, type Minor } from '../../schemas/money.ts'
import {
  type AmountMatch,
  type HolidayShift,
  maxTemplateInterval,
  maxTemplateOccurrences,
  type RecurrenceFrequency,
} from '../../schemas/templates.ts'
import { addDays } from '../recurrence.ts'
import type { ActualSchedule } from './actualTypes.ts'
import type { ReportBuilder } from './report.ts'

// Actual Budget's schedules as templates (docs/formats/actual-budget.md, "Schedules"). A schedule is a rule whose
// conditions say when (`date`: a day, or a recurrence config), how much (`amount`: is / isapprox / isbetween), on
// which account and to whom; its category is the rule's `set category` action, if any. Read from actualbudget/actual,
// packages/loot-core/src/shared/schedules.ts (recurConfigToRSchedule, getScheduledAmount, getDateWithSkippedWeekend)
// and src/server/schedules/app.ts (createSchedule: `active` is never set, only `completed` and `tombstone` count).

type Raw = Readonly<Record<string, unknown>>
const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const frequencies: Readonly<Record<string, RecurrenceFrequency>> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
}

const isoOf = (value: unknown): IsoDate | null =>
  typeof value === 'string' && isIsoDate(value.slice(0, 10)) ? IsoDate.make(value.slice(0, 10)) : null

export interface ScheduleContext {
  readonly mint: () => string
  readonly minorOf: (hundredths: number) => Minor
  readonly report: ReportBuilder
  /** A budget account still open, else undefined (off budget, closed, deleted, unknown). */
  readonly accountOf: (actualId: string) => BankAccountId | undefined
  /** The payee's name, and the account it stands for when it is a transfer payee. */
  readonly payeeOf: (actualId: string) => { readonly name: string; readonly transferAccountId: string | null }
  /** A category after Actual's merges; null: none or deleted (Uncategorized). */
  readonly categoryOf: (actualId: string) => CategoryId | null
  readonly nextDateOf: (schedule: ActualSchedule) => IsoDate | null
}

/** What the date condition says as a rule, or why not (null: left out). */
const ruleOf = (
  value: unknown,
): {
  frequency: RecurrenceFrequency
  interval: number
  start: IsoDate
  endDate?: IsoDate
  occurrences?: number
  shift: HolidayShift
  pattern: boolean
} | null => {
  const day = isoOf(value)
  if (day !== null) return { frequency: 'Once', interval: 1, start: day, shift: 'None', pattern: false }
  if (!isRecord(value)) return null
  const frequency = frequencies[String(value.frequency)]
  const start = isoOf(value.start)
  const interval = value.interval === undefined || value.interval === null ? 1 : Number(value.interval)
  if (frequency === undefined || start === null || !Number.isInteger(interval) || interval < 1) return null
  if (interval > maxTemplateInterval) return null
  const patterns = Array.isArray(value.patterns) ? value.patterns.filter(isRecord) : []
  // One "day N" pattern on the start's own day is what a monthly rule does anyway; anything else is not one rule.
  const plain =
    frequency !== 'Monthly' ||
    patterns.length === 0 ||
    (patterns.length === 1 &&
      patterns[0]?.type === 'day' &&
      Number(patterns[0]?.value) === Number(start.slice(8, 10)))
  const rule: ReturnType<typeof ruleOf> = {
    frequency,
    interval,
    start,
    shift: value.skipWeekend === true ? (value.weekendSolveMode === 'before' ? 'Before' : 'After') : 'None',
    pattern: !plain,
  }
  if (value.endMode === 'after_n_occurrences') {
    const count = Number(value.endOccurrences)
    if (!Number.isInteger(count) || count < 1 || count > maxTemplateOccurrences) return null
    rule.occurrences = count
  } else if (value.endMode === 'on_date') {
    const end = isoOf(value.endDate)
    if (end === null) return null
    rule.endDate = end
  }
  return rule
}

/**
 * Each live, not completed schedule as a template. A recurring one keeps its rule's start (so "after N
 * occurrences" counts as Actual counts) and skips through the day before its next date: no backlog. A rule of
 * patterns one template cannot follow repeats from its next date instead (`template-pattern`).
 */
export const scheduleTemplates = (
  schedules: readonly ActualSchedule[],
  context: ScheduleContext,
): ImportableCommandDraft[] => {
  const { report, minorOf } = context
  const commands: ImportableCommandDraft[] = []
  let templates = 0
  let ended = 0
  let leftOut = 0
  for (const schedule of schedules) {
    if (schedule.tombstone) continue
    const next = context.nextDateOf(schedule)
    if (schedule.completed) {
      ended += 1
      continue
    }
    const conditions = Array.isArray(schedule.conditions) ? schedule.conditions.filter(isRecord) : []
    const actions = Array.isArray(schedule.actions) ? schedule.actions.filter(isRecord) : []
    const find = (field: string) => conditions.find((condition) => condition.field === field)
    const dateCondition = find('date')
    const amountCondition = find('amount')
    const accountCondition = find('account') ?? find('acct')
    const payeeCondition = find('payee')
    const rule = dateCondition === undefined ? null : ruleOf(dateCondition.value)
    const account =
      accountCondition?.op === 'is' && typeof accountCondition.value === 'string'
        ? context.accountOf(accountCondition.value)
        : undefined
    let hundredths: number | null = null
    let amountMatch: AmountMatch = 'Exact'
    let ranged = false
    if (amountCondition !== undefined) {
      const value = amountCondition.value
      if (amountCondition.op === 'isbetween' && isRecord(value)) {
        const low = Number(value.num1)
        const high = Number(value.num2)
        if (Number.isFinite(low) && Number.isFinite(high)) {
          // Actual's own reading of a range (getScheduledAmount): its middle.
          hundredths = Math.round((low + high) / 2)
          amountMatch = 'Approximate'
          ranged = true
        }
      } else if (typeof value === 'number') {
        hundredths = value
        // Actual's "is approximately" accepts ±7.5 %, as Koperta's Approximate match.
        if (amountCondition.op === 'isapprox') amountMatch = 'Approximate'
      }
    }
    if (rule === null || account === undefined || hundredths === null) {
      leftOut += 1
      continue
    }
    if (rule.frequency !== 'Once' && next === null) {
      ended += 1
      continue
    }
    let value = minorOf(hundredths)
    let bankAccountId = account
    let toBankAccountId: BankAccountId | undefined
    let splits: SplitInput[] = []
    const payee =
      payeeCondition?.op === 'is' && typeof payeeCondition.value === 'string'
        ? context.payeeOf(payeeCondition.value)
        : { name: '', transferAccountId: null }
    if (payee.transferAccountId !== null) {
      const other = context.accountOf(payee.transferAccountId)
      if (other === undefined || other === account || value === 0) {
        leftOut += 1
        continue
      }
      if (value < 0) toBankAccountId = other
      else {
        bankAccountId = other
        toBankAccountId = account
        value = -value as Minor
      }
    } else {
      const setCategory = actions.find((action) => action.op === 'set' && action.field === 'category')
      const categoryId = typeof setCategory?.value === 'string' ? context.categoryOf(setCategory.value) : null
      if (categoryId !== null) splits = [{ categoryId, value }]
    }
    if (rule.pattern) report.approximated('template-pattern')
    if (ranged) report.approximated('template-amount-range')
    if (rule.shift !== 'None') report.approximated('template-weekend')
    const start = rule.pattern && next !== null ? next : rule.start
    const templateId = TemplateId.make(context.mint())
    commands.push({
      _tag: 'CreateTemplate',
      templateId,
      bankAccountId,
      ...(toBankAccountId === undefined ? {} : { toBankAccountId }),
      payee: payee.name,
      value,
      splits,
      frequency: rule.frequency,
      ...(rule.interval === 1 ? {} : { interval: rule.interval }),
      startDate: rule.frequency === 'Once' ? (next ?? rule.start) : start,
      ...(rule.endDate === undefined ? {} : { endDate: rule.endDate }),
      ...(rule.occurrences === undefined || rule.pattern ? {} : { occurrences: rule.occurrences }),
      ...(rule.shift === 'None' ? {} : { shift: rule.shift }),
      ...(amountMatch === 'Exact' ? {} : { amountMatch }),
    })
    if (rule.frequency !== 'Once' && next !== null && next > start)
      commands.push({ _tag: 'SkipOccurrencesThrough', templateId, date: addDays(next, -1) })
    templates += 1
  }
  report.mapped('templates', templates)
  report.leftOut('scheduled-ended', ended)
  report.leftOut('scheduled-transactions', leftOut)
  return commands
}
