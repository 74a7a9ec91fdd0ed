import * as Result from 'effect/Result'
import type { SnapshotFrom } from 'xstate'
import type { Loan } from '../../schemas/loans.ts'
import { checkAmount } from '../dialogs/shared/dialog.validation.ts'
import { checkWhole } from './loan.forms.ts'
import type { loanActivityMachine } from './loanDialogs.machine.ts'
import { type WhatIf, whatIf } from './loans.figures.ts'

type ActivitySnapshot = SnapshotFrom<typeof loanActivityMachine>

const whatIfs = new WeakMap<object, WhatIf | null>()

/**
 * An overpayment form's "what if", as the person types: what it would save (interest, installments), the
 * installment and the end date before and after; null until the amount and installment read as numbers, or for
 * another activity type. Once per fields object.
 */
export const selectWhatIf = (snapshot: ActivitySnapshot): WhatIf | null => {
  const { fields, props, env } = snapshot.context
  if (props.type !== 'PrincipalChange') return null
  const hit = whatIfs.get(fields)
  if (hit !== undefined) return hit
  const value = checkAmount(fields.value, env, { min: 1 })
  const after = checkWhole(fields.installment, 1, Math.max(1, props.lastInstallment))
  const answer =
    Result.isFailure(value) || Result.isFailure(after)
      ? null
      : whatIf(props.loan, {
          type: 'PrincipalChange',
          afterInstallment: after.success,
          value: value.success,
          mode: fields.mode,
        })
  whatIfs.set(fields, answer)
  return answer
}

/** The activity type the dialog records. */
export const selectActivityType = (snapshot: ActivitySnapshot) => snapshot.context.props.type

/** The loan as the server answered a dialog's write (null until written). */
export const selectWrittenLoan = (snapshot: {
  readonly context: { readonly loan: Loan | null }
}): Loan | null => snapshot.context.loan
