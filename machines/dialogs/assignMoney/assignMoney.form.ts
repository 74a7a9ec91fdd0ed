import type { CategoryId } from '../../../schemas/ids.ts'
import type { Minor, PeriodKey } from '../../../schemas/money.ts'
import type { AnalyticsTrack } from '../../analytics/analytics.machine.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import {
  amountText,
  type Checked,
  checkAmount,
  type FieldErrors,
  type FormEnv,
  take,
} from '../shared/dialog.validation.ts'

export type AssignMoneyProps = {
  readonly periodKey: PeriodKey
  readonly categoryId: CategoryId
  /** What the category has assigned this month now; the field starts with it. */
  readonly assigned: Minor
}
export type AssignMoneyFields = { readonly amount: string }
export type AssignMoneyValue = { readonly amount: Minor }

export const initialAssignFields = (props: AssignMoneyProps, env: FormEnv): AssignMoneyFields => ({
  amount: amountText(props.assigned, env),
})

/** Any amount, negative included (YNAB lets an assignment go below zero); only its form is checked. */
export const checkAssign = (
  fields: AssignMoneyFields,
  _props: AssignMoneyProps,
  env: FormEnv,
): Checked<AssignMoneyValue, AssignMoneyFields> => {
  const errors: FieldErrors<AssignMoneyFields> = {}
  const amount = take(errors, 'amount', checkAmount(fields.amount, env))
  return amount === undefined ? { ok: false, errors } : { ok: true, value: { amount } }
}

/** Nothing to send when the amount did not change. */
export const buildAssign = (value: AssignMoneyValue, props: AssignMoneyProps): ReadonlyArray<CommandDraft> =>
  value.amount === props.assigned
    ? []
    : [{ _tag: 'SetAssigned', periodKey: props.periodKey, categoryId: props.categoryId, value: value.amount }]

export const trackAssign = (): AnalyticsTrack => ({
  type: 'analytics.track',
  name: 'money_assigned',
  props: { source: 'assign' },
})
