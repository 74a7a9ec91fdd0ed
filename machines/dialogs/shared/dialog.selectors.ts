import type { CommandRefusal } from '../../openBudget/budget.protocol.ts'
import { refusalMessageKey } from '../../openBudget/budget.protocol.ts'
import type { FieldError, FieldErrors } from './dialog.validation.ts'

/** What every dialog snapshot has; the selectors below work for each dialog machine. */
export type DialogSnapshotLike<F> = {
  readonly context: {
    readonly fields: F
    readonly errors: FieldErrors<F>
    readonly refusal: CommandRefusal | null
  }
  readonly value: unknown
  readonly status: string
  can(event: { type: 'dialog.submit' }): boolean
}

export const selectFields = <F>(snapshot: DialogSnapshotLike<F>): F => snapshot.context.fields

export const selectFieldError = <F>(
  snapshot: DialogSnapshotLike<F>,
  field: keyof F & string,
): FieldError | undefined => snapshot.context.errors[field]

export const selectHasErrors = <F>(snapshot: DialogSnapshotLike<F>): boolean =>
  Object.keys(snapshot.context.errors).length > 0

/** The budget's refusal as an i18n key, shown above the buttons. */
export const selectRefusalKey = <F>(snapshot: DialogSnapshotLike<F>): string | null =>
  snapshot.context.refusal === null ? null : refusalMessageKey(snapshot.context.refusal)

export const selectCanSubmit = <F>(snapshot: DialogSnapshotLike<F>): boolean =>
  snapshot.can({ type: 'dialog.submit' })

export const selectIsSubmitting = <F>(snapshot: DialogSnapshotLike<F>): boolean =>
  snapshot.value === 'submitting'

/** The dialog is over: applied or cancelled; the view closes it. */
export const selectIsClosed = <F>(snapshot: DialogSnapshotLike<F>): boolean => snapshot.status === 'done'

export const selectWasApplied = <F>(snapshot: DialogSnapshotLike<F>): boolean => snapshot.value === 'done'

/** A changed form was cancelled: the view asks whether to discard the changes (any form's snapshot). */
export const selectIsConfirmingDiscard = (snapshot: { readonly value: unknown }): boolean =>
  snapshot.value === 'confirmingDiscard'
