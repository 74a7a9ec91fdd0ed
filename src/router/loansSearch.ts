import * as Schema from 'effect/Schema'
import { LoanActivityType } from '../../schemas/loans.ts'

/** The loan screens' dialogs, by name: a new loan, an activity of a type, paying an installment, closing. */
export const LoanDialogName = Schema.Literals(['newLoan', 'activity', 'payment', 'close'])
export type LoanDialogName = typeof LoanDialogName.Type

/**
 * `/budget/$budgetId/loans/{-$loanId}?dialog=…&activity=…` on both trees: the open dialog is in the address, so Back
 * closes it, reload keeps it and a link opens it (SPEC has one loans route on each tree and no dialog routes for
 * them, so phones keep the same search as the desktop).
 */
export type LoansSearch = {
  readonly dialog?: LoanDialogName | undefined
  /** The activity type of `dialog=activity`. */
  readonly activity?: LoanActivityType | undefined
}

const field =
  <S extends Schema.Top>(schema: S) =>
  (value: unknown): S['Type'] | undefined =>
    Schema.is(schema)(value) ? value : undefined

/** validateSearch of the loans route: each parameter decoded on its own (a bad one drops, not the page). */
export const validateLoansSearch = (search: Record<string, unknown>): LoansSearch => {
  const dialog = field(LoanDialogName)(search.dialog)
  const activity = field(LoanActivityType)(search.activity)
  return {
    ...(dialog === undefined ? {} : { dialog }),
    ...(activity === undefined ? {} : { activity }),
  }
}
