import type { CategoryId } from '../../schemas/ids.ts'
import type { ImportChoices, PreviewRow, RowStatus } from '../../schemas/imports.ts'

// The preview's rows and what the user changed in them (issue 28 §2). Pure.

/** What the user changed in one row; absent fields keep what the preview offered. */
export type RowChoice = {
  readonly include?: boolean
  /** null: no category (an inflow then goes to Ready to Assign, an outflow stays uncategorized). */
  readonly categoryId?: CategoryId | null
  /** false: an ordinary transaction although a transfer was offered. */
  readonly asTransfer?: boolean
}

export type RowChoices = ReadonlyMap<number, RowChoice>

export const NO_CHOICES: RowChoices = new Map()

/** Which rows the preview lists. */
export type StatusFilter = 'all' | RowStatus

export const statusFilters: ReadonlyArray<StatusFilter> = ['all', 'new', 'duplicate', 'pending', 'error']

/** Only new rows and duplicates can be written: pending rows wait until they book, error rows cannot be read. */
export const canInclude = (row: PreviewRow): boolean =>
  (row.status === 'new' || row.status === 'duplicate') && row.value !== null && row.date !== null

/** New rows are taken unless left out; a duplicate only when the user takes it in. */
export const isIncluded = (row: PreviewRow, choice: RowChoice | undefined): boolean =>
  canInclude(row) && (choice?.include ?? row.status === 'new')

/** Whether a row offered as a transfer is imported as one. */
export const isTransfer = (row: PreviewRow, choice: RowChoice | undefined): boolean =>
  row.transfer !== undefined && choice?.asTransfer !== false

export const withChoice = (choices: RowChoices, line: number, change: RowChoice): RowChoices => {
  const next = new Map(choices)
  next.set(line, { ...choices.get(line), ...change })
  return next
}

/** The choices as the import route takes them: only rows the user changed. */
export const choicesPayload = (choices: RowChoices): ImportChoices => ({
  rows: [...choices].map(([line, choice]) => ({ line, ...choice })),
})

export type ReviewSummary = {
  readonly new: number
  readonly duplicate: number
  readonly pending: number
  readonly error: number
  /** The rows the import would write. */
  readonly included: number
  /** Of those, duplicates the user took in (the import button says so). */
  readonly includedDuplicates: number
  /** New rows the user left out. */
  readonly leftOut: number
}

export const summaryOf = (rows: ReadonlyArray<PreviewRow>, choices: RowChoices): ReviewSummary => {
  const summary = {
    new: 0,
    duplicate: 0,
    pending: 0,
    error: 0,
    included: 0,
    includedDuplicates: 0,
    leftOut: 0,
  }
  for (const row of rows) {
    summary[row.status]++
    const included = isIncluded(row, choices.get(row.line))
    if (included) summary.included++
    if (included && row.status === 'duplicate') summary.includedDuplicates++
    if (!included && row.status === 'new' && canInclude(row)) summary.leftOut++
  }
  return summary
}

export const matchesFilter = (row: PreviewRow, filter: StatusFilter): boolean =>
  filter === 'all' || row.status === filter
