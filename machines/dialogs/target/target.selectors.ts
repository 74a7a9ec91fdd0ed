import { TargetType } from '../../../schemas/budget.ts'
import type { DialogSnapshotLike } from '../shared/dialog.selectors.ts'
import type { TargetFields } from './target.form.ts'

/** The five kinds, in the order the dialog offers them. */
export const TARGET_TYPES: ReadonlyArray<TargetType> = TargetType.literals

const DATED_TYPES: ReadonlyArray<string> = ['NeededForSpendingByDate', 'SavingsBuilder', 'DebtPayment']

/** A kind whose target is reached by a date (or repeats from one); the others have no date. */
export const isDatedTargetType = (type: string): boolean => DATED_TYPES.includes(type)

/** The dialog shows the date and repetition fields for the kind chosen now. */
export const selectTargetIsDated = (snapshot: DialogSnapshotLike<TargetFields>): boolean =>
  isDatedTargetType(snapshot.context.fields.type)
