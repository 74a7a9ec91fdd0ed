import { maxCadenceMonths, type Target, type TargetType } from '../../../schemas/budget.ts'
import { type CategoryId, TargetId } from '../../../schemas/ids.ts'
import type { IsoDate, Minor } from '../../../schemas/money.ts'
import type { AnalyticsTrack } from '../../analytics/analytics.machine.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import {
  amountText,
  type Checked,
  checkAmount,
  checkDate,
  dateText,
  type FieldErrors,
  type FormEnv,
  ONE_MINOR_UNIT,
  take,
} from '../shared/dialog.validation.ts'

export type TargetProps = { readonly categoryId: CategoryId; readonly target: Target | null }
export type TargetFields = {
  readonly type: TargetType
  readonly amount: string
  /** '' when none. */
  readonly dueDate: string
  /** '' for a one-off date target. */
  readonly cadenceMonths: string
}
export type TargetValue = {
  readonly type: TargetType
  readonly amount: Minor
  readonly dueDate: IsoDate | null
  readonly cadenceMonths: number | null
}

export const initialTargetFields = (props: TargetProps, env: FormEnv): TargetFields => ({
  type: props.target?.type ?? 'NeededForSpendingMonthly',
  amount: props.target ? amountText(props.target.amount, env) : '',
  dueDate: props.target?.dueDate ? dateText(props.target.dueDate, env) : '',
  cadenceMonths:
    props.target?.cadenceMonths === null || !props.target ? '' : String(props.target.cadenceMonths),
})

/** Amount at least 0,01; a by-date target, or any repeating one, needs its date (the domain's rule). */
export const checkTarget = (
  fields: TargetFields,
  _props: TargetProps,
  env: FormEnv,
): Checked<TargetValue, TargetFields> => {
  const errors: FieldErrors<TargetFields> = {}
  const amount = take(errors, 'amount', checkAmount(fields.amount, env, { min: ONE_MINOR_UNIT }))
  let cadenceMonths: number | null = null
  if (fields.cadenceMonths.trim() !== '') {
    const months = Number(fields.cadenceMonths.trim())
    if (Number.isInteger(months) && months >= 1 && months <= maxCadenceMonths) cadenceMonths = months
    else errors.cadenceMonths = { key: 'validation.cadenceMonths', params: { min: 1, max: maxCadenceMonths } }
  }
  const needsDate = fields.type === 'NeededForSpendingByDate' || cadenceMonths !== null
  let dueDate: IsoDate | null = null
  if (needsDate || fields.dueDate.trim() !== '')
    dueDate = take(errors, 'dueDate', checkDate(fields.dueDate)) ?? null
  if (amount === undefined || Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, value: { type: fields.type, amount, dueDate, cadenceMonths } }
}

export const buildTarget = (
  value: TargetValue,
  props: TargetProps,
  newId: () => string,
): ReadonlyArray<CommandDraft> => [
  {
    _tag: 'SetTarget',
    // A new target gets a fresh id; editing keeps the one it has. Ids are opaque strings.
    targetId: props.target?.id ?? TargetId.make(newId()),
    categoryId: props.categoryId,
    type: value.type,
    amount: value.amount,
    ...(value.dueDate === null ? {} : { dueDate: value.dueDate }),
    ...(value.cadenceMonths === null ? {} : { cadenceMonths: value.cadenceMonths }),
  },
]

export const trackTarget = (value: TargetValue): AnalyticsTrack => ({
  type: 'analytics.track',
  name: 'target_set',
  props: { type: value.type },
})
