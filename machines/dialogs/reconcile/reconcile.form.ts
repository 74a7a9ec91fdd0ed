import * as Result from 'effect/Result'
import { type BankAccountId, type CategoryId, TransactionId } from '../../../schemas/ids.ts'
import type { IsoDate, Minor } from '../../../schemas/money.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import {
  amountText,
  type Checked,
  checkAmount,
  checkDate,
  dateText,
  type FieldErrors,
  type FormEnv,
  take,
} from '../shared/dialog.validation.ts'

export type ReconcileProps = {
  readonly bankAccountId: BankAccountId
  /** The account's cleared balance now; the field starts with it (the usual answer is "it matches"). */
  readonly clearedBalance: Minor
  readonly today: IsoDate
}
export type ReconcileFields = {
  readonly balance: string
  readonly date: string
  /** Where a difference goes; Uncategorized when null. */
  readonly adjustmentCategoryId: CategoryId | null
}
export type ReconcileValue = {
  readonly balance: Minor
  readonly date: IsoDate
  readonly adjustmentCategoryId: CategoryId | null
}

export const initialReconcileFields = (props: ReconcileProps, env: FormEnv): ReconcileFields => ({
  balance: amountText(props.clearedBalance, env),
  date: dateText(props.today, env),
  adjustmentCategoryId: null,
})

/** The bank's balance may be any amount, negative too (an overdraft). */
export const checkReconcile = (
  fields: ReconcileFields,
  _props: ReconcileProps,
  env: FormEnv,
): Checked<ReconcileValue, ReconcileFields> => {
  const errors: FieldErrors<ReconcileFields> = {}
  const balance = take(errors, 'balance', checkAmount(fields.balance, env))
  const date = take(errors, 'date', checkDate(fields.date))
  if (balance === undefined || date === undefined) return { ok: false, errors }
  return { ok: true, value: { balance, date, adjustmentCategoryId: fields.adjustmentCategoryId } }
}

/** What the adjustment will be (stated − cleared), or null while the field does not parse. */
export const reconcileDifference = (
  fields: ReconcileFields,
  props: ReconcileProps,
  env: FormEnv,
): number | null => {
  const balance = checkAmount(fields.balance, env)
  return Result.isSuccess(balance) ? balance.success - props.clearedBalance : null
}

export const buildReconcile = (
  value: ReconcileValue,
  props: ReconcileProps,
  newId: () => string,
): ReadonlyArray<CommandDraft> => [
  {
    _tag: 'ReconcileAccount',
    bankAccountId: props.bankAccountId,
    date: value.date,
    balance: value.balance,
    // A fresh opaque id, used only if the balance differs.
    adjustmentTransactionId: TransactionId.make(newId()),
    ...(value.adjustmentCategoryId === null ? {} : { adjustmentCategoryId: value.adjustmentCategoryId }),
  },
]
