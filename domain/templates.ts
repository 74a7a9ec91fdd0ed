import type { BankAccountId, TemplateId, TransactionId } from '../schemas/ids.ts'
import type { IsoDate, Minor } from '../schemas/money.ts'
import {
  approximateMatchBasisPoints,
  matchWindowDays,
  type OccurrenceStatus,
  type TransactionTemplate,
} from '../schemas/templates.ts'
import { absurd } from './absurd.ts'
import { addDays, daysBetween, occurrenceDates } from './recurrence.ts'
import type { BudgetState } from './state.ts'

// A template's occurrences as the app shows them (issue 29): computed from the rule (recurrence.ts) and what the
// user did (the state's completions, a template's `skippedThrough`), given "today" — never stored, never money.
// Status: Completed/Skipped when recorded; Skipped on or before `skippedThrough`; Draft when due (date ≤ today +
// the budget's horizon); else Upcoming.

export interface OccurrenceRow {
  readonly templateId: TemplateId
  readonly date: IsoDate
  readonly status: OccurrenceStatus
  /** The transaction that completed it (a transfer's outflow side); null otherwise. */
  readonly transactionId: TransactionId | null
}

type TemplateState = Pick<BudgetState, 'templates' | 'completions' | 'draftHorizonDays' | 'accounts'>

/** A key for one occurrence in a set (`matchingOccurrence`'s `taken`). */
export const occurrenceKey = (templateId: TemplateId, date: IsoDate): string => `${templateId}\u0000${date}`

/** Whether the user acted on this occurrence: confirmed, skipped, or in a skipped backlog. */
export const isActedOn = (
  state: Pick<BudgetState, 'completions'>,
  template: TransactionTemplate,
  date: IsoDate,
): boolean =>
  (template.skippedThrough !== null && date <= template.skippedThrough) ||
  (state.completions.get(template.id)?.has(date) ?? false)

/**
 * A template on a closed account (either side of a transfer) is dormant: it stays, can be edited onto an open
 * account or deleted, but makes no drafts and its occurrences cannot be confirmed (AccountClosed).
 */
export const isDormant = (state: Pick<BudgetState, 'accounts'>, template: TransactionTemplate): boolean => {
  const closed = (id: BankAccountId | null) => id !== null && state.accounts.get(id)?.state !== 'Active'
  return closed(template.bankAccountId) || closed(template.toBankAccountId)
}

const rowOf = (
  state: TemplateState,
  template: TransactionTemplate,
  date: IsoDate,
  lastDue: IsoDate,
): OccurrenceRow => {
  const completion = state.completions.get(template.id)?.get(date)
  if (completion !== undefined)
    return {
      templateId: template.id,
      date,
      status: completion.outcome,
      transactionId: completion.transactionId,
    }
  const status: OccurrenceStatus =
    template.skippedThrough !== null && date <= template.skippedThrough
      ? 'Skipped'
      : date <= lastDue
        ? 'Draft'
        : 'Upcoming'
  return { templateId: template.id, date, status, transactionId: null }
}

/**
 * One template's occurrences in [from, to], in date order, each with its status. Recorded ones whose date is no
 * longer an occurrence (the template was edited since) are listed too: what was done stays.
 */
export const occurrencesOf = (
  state: TemplateState,
  templateId: TemplateId,
  from: IsoDate,
  to: IsoDate,
  today: IsoDate,
): readonly OccurrenceRow[] => {
  const template = state.templates.get(templateId)
  if (template === undefined) return []
  const dates = new Set(occurrenceDates(template, from, to))
  for (const date of state.completions.get(templateId)?.keys() ?? [])
    if (date >= from && date <= to) dates.add(date)
  const lastDue = addDays(today, state.draftHorizonDays)
  return [...dates].sort().map((date) => rowOf(state, template, date, lastDue))
}

const byDateThenTemplate = (a: OccurrenceRow, b: OccurrenceRow) =>
  a.date < b.date
    ? -1
    : a.date > b.date
      ? 1
      : a.templateId < b.templateId
        ? -1
        : a.templateId > b.templateId
          ? 1
          : 0

/** Every Draft occurrence of every (not dormant) template: due (date ≤ today + horizon), not acted on; oldest first. */
export const dueDrafts = (state: TemplateState, today: IsoDate): readonly OccurrenceRow[] => {
  const lastDue = addDays(today, state.draftHorizonDays)
  const rows: OccurrenceRow[] = []
  for (const template of state.templates.values()) {
    if (isDormant(state, template)) continue
    const from = template.skippedThrough === null ? template.startDate : addDays(template.skippedThrough, 1)
    const done = state.completions.get(template.id)
    for (const date of occurrenceDates(template, from, lastDue)) {
      if (done?.has(date)) continue
      rows.push({ templateId: template.id, date, status: 'Draft', transactionId: null })
    }
  }
  return rows.sort(byDateThenTemplate)
}

/**
 * The occurrences not acted on (Draft and Upcoming) of every (not dormant) template in [from, to], in date order:
 * what the register, the month and the category inspector show beside the transactions.
 */
export const occurrencesBetween = (
  state: TemplateState,
  from: IsoDate,
  to: IsoDate,
  today: IsoDate,
): readonly OccurrenceRow[] => {
  const lastDue = addDays(today, state.draftHorizonDays)
  const rows: OccurrenceRow[] = []
  for (const template of state.templates.values()) {
    if (isDormant(state, template)) continue
    for (const date of occurrenceDates(template, from, to)) {
      if (isActedOn(state, template, date)) continue
      rows.push(rowOf(state, template, date, lastDue))
    }
  }
  return rows.sort(byDateThenTemplate)
}

/** Whether an amount matches a template's: exactly, or within ±7.5 % for `Approximate` (same sign). */
export const amountMatches = (template: TransactionTemplate, value: number): boolean => {
  if (value === template.value) return true
  if (template.amountMatch !== 'Approximate' || Math.sign(value) !== Math.sign(template.value)) return false
  // Integers only: |value − template| ≤ 7.5 % of |template| ⇔ 10 000 × |difference| ≤ 750 × |template|.
  return Math.abs(value - template.value) * 10_000 <= Math.abs(template.value) * approximateMatchBasisPoints
}

/**
 * The not-acted-on occurrence an entered or imported transaction completes: a (non-transfer) template of the same
 * account, the amount matching (`amountMatches`), the occurrence within ±2 days of the transaction's date. The
 * closest date wins (then the earlier, then the smaller template id); none → undefined. `taken` holds occurrences
 * (`occurrenceKey`) an earlier transaction of the same import completed.
 */
export const matchingOccurrence = (
  state: Pick<BudgetState, 'templates' | 'completions'>,
  transaction: { readonly bankAccountId: BankAccountId; readonly value: number; readonly date: IsoDate },
  taken?: ReadonlySet<string>,
): { readonly templateId: TemplateId; readonly date: IsoDate } | undefined => {
  let best: { templateId: TemplateId; date: IsoDate; distance: number } | undefined
  const from = addDays(transaction.date, -matchWindowDays)
  const to = addDays(transaction.date, matchWindowDays)
  for (const template of state.templates.values()) {
    if (template.bankAccountId !== transaction.bankAccountId || template.toBankAccountId !== null) continue
    if (!amountMatches(template, transaction.value)) continue
    for (const date of occurrenceDates(template, from, to)) {
      if (isActedOn(state, template, date) || taken?.has(occurrenceKey(template.id, date))) continue
      const distance = Math.abs(daysBetween(transaction.date, date))
      const better =
        best === undefined ||
        distance < best.distance ||
        (distance === best.distance &&
          (date < best.date || (date === best.date && template.id < best.templateId)))
      if (better) best = { templateId: template.id, date, distance }
    }
  }
  return best === undefined ? undefined : { templateId: best.templateId, date: best.date }
}

/** Average days in a month over the Gregorian 400-year cycle (146 097 days / 4 800 months). */
const daysPerMonth = 146_097 / 4_800

/**
 * What the template's amount asks of a category per month, positive, rounded up to a minor unit (a
 * NeededForSpending target from a template): the amount times how often it comes in an average month. A `Once`
 * template asks its whole amount.
 */
export const monthlyAmountOf = (
  template: Pick<TransactionTemplate, 'value' | 'frequency' | 'interval'>,
): Minor => {
  const amount = Math.abs(template.value)
  const interval = Math.max(1, template.interval)
  const perMonth = (() => {
    switch (template.frequency) {
      case 'Once':
        return 1
      case 'Daily':
        return daysPerMonth / interval
      case 'Weekly':
        return daysPerMonth / (7 * interval)
      case 'Monthly':
        return 1 / interval
      case 'Quarterly':
        return 1 / (3 * interval)
      case 'Yearly':
        return 1 / (12 * interval)
      default:
        return absurd(template.frequency)
    }
  })()
  // A product of a Minor and a rate, rounded to a whole minor unit (a tiny epsilon keeps 3 × (1/3) from rounding up).
  return Math.ceil(amount * perMonth - 1e-9) as Minor
}
