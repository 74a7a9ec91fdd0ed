import type { SnapshotFrom } from 'xstate'
import { addDays, nextOccurrence } from '../../../domain/recurrence.ts'
import { type BudgetState, incomeDestinationOf } from '../../../domain/state.ts'
import {
  dueDrafts,
  type OccurrenceRow,
  occurrencesBetween,
  occurrencesOf,
} from '../../../domain/templates.ts'
import type { BankAccountId, CategoryId, TemplateId } from '../../../schemas/ids.ts'
import { type IsoDate, Minor, PeriodKey } from '../../../schemas/money.ts'
import type { TransactionTemplate } from '../../../schemas/templates.ts'
import type { budgetMachine } from '../budget.machine.ts'

type BudgetSnapshot = SnapshotFrom<typeof budgetMachine>

// Recurring templates and their occurrences (issue 29) as the screens show them. Occurrences are computed, never
// stored: these are pure functions of the state and "today" (the browser's date), memoised per state object.

/** An occurrence with its template, for the rows that show it. */
export type OccurrenceItem = {
  readonly template: TransactionTemplate
  readonly date: IsoDate
  readonly status: OccurrenceRow['status']
}

/** Per state object, then per arguments (today, a range): an unchanged state hands views the same value. */
const memoByStateAnd = <A extends ReadonlyArray<string>, R>(
  compute: (state: BudgetState, ...args: A) => R,
) => {
  const cache = new WeakMap<BudgetState, Map<string, R>>()
  return (state: BudgetState, ...args: A): R => {
    let byKey = cache.get(state)
    if (byKey === undefined) {
      byKey = new Map()
      cache.set(state, byKey)
    }
    const key = args.join('|')
    const hit = byKey.get(key)
    if (hit !== undefined) return hit
    const value = compute(state, ...args)
    byKey.set(key, value)
    return value
  }
}

const templatesOf = (state: BudgetState): ReadonlyArray<TransactionTemplate> => [...state.templates.values()]

const byPayee = (a: TransactionTemplate, b: TransactionTemplate) =>
  a.payee.localeCompare(b.payee) || a.id.localeCompare(b.id)

const sortedTemplates = memoByStateAnd((state: BudgetState) => [...templatesOf(state)].sort(byPayee))

/** Every template, by payee. */
export const selectTemplates = (snapshot: BudgetSnapshot): ReadonlyArray<TransactionTemplate> =>
  sortedTemplates(snapshot.context.state)

export const selectTemplate = (snapshot: BudgetSnapshot, id: TemplateId): TransactionTemplate | null =>
  snapshot.context.state.templates.get(id) ?? null

/** How many days ahead occurrences become drafts, for the budget's settings. */
export const selectDraftHorizonDays = (snapshot: BudgetSnapshot): number =>
  snapshot.context.state.draftHorizonDays

const withTemplates = (
  state: BudgetState,
  rows: ReadonlyArray<OccurrenceRow>,
): ReadonlyArray<OccurrenceItem> =>
  rows.flatMap((row) => {
    const template = state.templates.get(row.templateId)
    return template === undefined ? [] : [{ template, date: row.date, status: row.status }]
  })

const drafts = memoByStateAnd((state: BudgetState, today: IsoDate) =>
  withTemplates(state, dueDrafts(state, today)),
)

/** Every due draft (not acted on, date ≤ today + horizon), oldest first. */
export const selectDueDrafts = (snapshot: BudgetSnapshot, today: IsoDate): ReadonlyArray<OccurrenceItem> =>
  drafts(snapshot.context.state, today)

const between = memoByStateAnd((state: BudgetState, from: IsoDate, to: IsoDate, today: IsoDate) =>
  withTemplates(state, occurrencesBetween(state, from, to, today)),
)

/** Draft and Upcoming occurrences of every template between two dates (inclusive), by date. */
export const selectOccurrencesBetween = (
  snapshot: BudgetSnapshot,
  from: IsoDate,
  to: IsoDate,
  today: IsoDate,
): ReadonlyArray<OccurrenceItem> => between(snapshot.context.state, from, to, today)

const touchesAccount = (template: TransactionTemplate, id: BankAccountId) =>
  template.bankAccountId === id || template.toBankAccountId === id

/** An account's due drafts (a transfer's on both its accounts), for the register; every account's without one. */
export const selectAccountDrafts = (
  snapshot: BudgetSnapshot,
  today: IsoDate,
  bankAccountId: BankAccountId | undefined,
): ReadonlyArray<OccurrenceItem> => {
  const all = selectDueDrafts(snapshot, today)
  return bankAccountId === undefined
    ? all
    : all.filter((item) => touchesAccount(item.template, bankAccountId))
}

const usesCategory = (template: TransactionTemplate, id: CategoryId) =>
  template.splits.some((split) => split.categoryId === id)

const monthRange = (period: PeriodKey): { readonly from: IsoDate; readonly to: IsoDate } => {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(4, 6))
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const mm = String(month).padStart(2, '0')
  return {
    from: `${year}-${mm}-01` as IsoDate,
    to: `${year}-${mm}-${String(last).padStart(2, '0')}` as IsoDate,
  }
}

/**
 * What the category inspector lists under "Nadchodzące": the category's drafts (overdue ones included) and its
 * upcoming occurrences in the month shown.
 */
export const selectCategoryOccurrences = (
  snapshot: BudgetSnapshot,
  categoryId: CategoryId,
  period: PeriodKey,
  today: IsoDate,
): ReadonlyArray<OccurrenceItem> => categoryOccurrences(snapshot.context.state, categoryId, period, today)

const categoryOccurrences = memoByStateAnd(
  (state: BudgetState, categoryId: CategoryId, period: PeriodKey, today: IsoDate) => {
    const { from, to } = monthRange(period)
    const due = withTemplates(state, dueDrafts(state, today))
    const month = withTemplates(state, occurrencesBetween(state, from, to, today))
    const seen = new Set<string>()
    return [...due, ...month]
      .filter((item) => usesCategory(item.template, categoryId))
      .filter((item) => {
        const id = `${item.template.id}|${item.date}`
        if (seen.has(id)) return false
        seen.add(id)
        return true
      })
      .sort((a, b) => a.date.localeCompare(b.date))
  },
)

export type DueBeforeIncome = {
  /** The next income's date (the first occurrence of an inflow template), or null: the month's end counts. */
  readonly incomeDate: IsoDate | null
  /** The last day counted: the day before the income, else the month's last day. */
  readonly until: IsoDate
  /** Outflows of templates due until then (drafts not acted on, overdue ones included), by date. */
  readonly items: ReadonlyArray<OccurrenceItem>
  /** Their sum, positive. */
  readonly total: Minor
}

const isIncome = (template: TransactionTemplate) => template.toBankAccountId === null && template.value > 0
const isBill = (template: TransactionTemplate) => template.toBankAccountId === null && template.value < 0

/** How far ahead the next income is looked for. */
const INCOME_LOOKAHEAD_DAYS = 400

const dueBefore = memoByStateAnd((state: BudgetState, day: IsoDate): DueBeforeIncome => {
  const incomes = templatesOf(state)
    .filter(isIncome)
    .flatMap((template) =>
      occurrencesOf(state, template.id, day, addDays(day, INCOME_LOOKAHEAD_DAYS), day).filter(
        (row) => row.status === 'Draft' || row.status === 'Upcoming',
      ),
    )
    .map((row) => row.date)
    .sort()
  const incomeDate = incomes[0] ?? null
  const until =
    incomeDate === null
      ? monthRange(PeriodKey.make(day.slice(0, 7).replace('-', ''))).to
      : addDays(incomeDate, -1)
  const seen = new Set<string>()
  const items = [
    ...withTemplates(state, dueDrafts(state, day)),
    ...(until < day ? [] : withTemplates(state, occurrencesBetween(state, day, until, day))),
  ]
    .filter((item) => isBill(item.template) && item.date <= until)
    .filter((item) => {
      const id = `${item.template.id}|${item.date}`
      if (seen.has(id)) return false
      seen.add(id)
      return true
    })
    .sort((a, b) => a.date.localeCompare(b.date))
  const total = Minor.make(items.reduce((sum, item) => sum - item.template.value, 0))
  return { incomeDate, until, items, total }
})

/** The month view's "Do zapłaty przed kolejnym wpływem": bills due before the next income (or the month's end). */
export const selectDueBeforeIncome = (snapshot: BudgetSnapshot, today: IsoDate): DueBeforeIncome =>
  dueBefore(snapshot.context.state, today)

/** How many of a template's drafts (not acted on) fall on or before a date: more than one is a backlog. */
export const selectDraftCountThrough = (
  snapshot: BudgetSnapshot,
  templateId: TemplateId,
  date: IsoDate,
  today: IsoDate,
): number =>
  selectDueDrafts(snapshot, today).filter((item) => item.template.id === templateId && item.date <= date)
    .length

/** The budget's "Do przydzielenia" category (an inflow template without a category goes there). */
export const selectIncomeCategoryId = (snapshot: BudgetSnapshot): CategoryId | undefined =>
  incomeDestinationOf(snapshot.context.state)?.id

export type TemplateRow = {
  readonly template: TransactionTemplate
  /** Its next date from today on, or null when it has ended. */
  readonly next: IsoDate | null
  /** Drafts dated before today, not acted on ("Pomiń zaległe" clears them). */
  readonly overdue: number
}

const templateRows = memoByStateAnd((state: BudgetState, today: IsoDate): ReadonlyArray<TemplateRow> => {
  const due = withTemplates(state, dueDrafts(state, today))
  return [...templatesOf(state)].sort(byPayee).map((template) => ({
    template,
    next: nextOccurrence(template, today) ?? null,
    overdue: due.filter((item) => item.template.id === template.id && item.date < today).length,
  }))
})

/** The list of recurring transactions ("Cykliczne"), by payee, with each one's next date and overdue drafts. */
export const selectTemplateRows = (snapshot: BudgetSnapshot, today: IsoDate): ReadonlyArray<TemplateRow> =>
  templateRows(snapshot.context.state, today)
