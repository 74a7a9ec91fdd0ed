import type { Minor, PeriodKey } from '../../../schemas/money.ts'
import type { AnalyticsTrack } from '../../analytics/analytics.machine.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import {
  type Checked,
  checkAmount,
  type FieldErrors,
  type FormEnv,
  ONE_MINOR_UNIT,
  REQUIRED,
  take,
} from '../shared/dialog.validation.ts'
import {
  availableOf,
  type MoneySource,
  READY_TO_ASSIGN,
  type SourceBalance,
  toCategoryOrNull,
} from '../shared/moneySource.ts'

export type MoveMoneyProps = {
  readonly periodKey: PeriodKey
  /** Preselected ends (mobile /categories/{id}/move-money starts from that category). */
  readonly from?: MoneySource
  readonly to?: MoneySource
  /** Available amounts of the month's categories, for the maximum rule. */
  readonly balances: ReadonlyArray<SourceBalance>
}
export type MoveMoneyFields = {
  readonly from: MoneySource | null
  readonly to: MoneySource | null
  readonly amount: string
}
export type MoveMoneyValue = { readonly from: MoneySource; readonly to: MoneySource; readonly amount: Minor }

export const initialMoveMoneyFields = (props: MoveMoneyProps): MoveMoneyFields => ({
  from: props.from ?? null,
  to: props.to ?? null,
  amount: '',
})

/**
 * At least 0,01; from a category at most what it has available (moving more would overspend it; Ready to Assign
 * may go negative, as YNAB allows). The two ends must differ.
 */
export const checkMoveMoney = (
  fields: MoveMoneyFields,
  props: MoveMoneyProps,
  env: FormEnv,
): Checked<MoveMoneyValue, MoveMoneyFields> => {
  const errors: FieldErrors<MoveMoneyFields> = {}
  const { from, to } = fields
  if (from === null) errors.from = REQUIRED
  if (to === null) errors.to = REQUIRED
  else if (to === from) errors.to = { key: 'validation.sameCategory' }
  const max =
    from === null || from === READY_TO_ASSIGN ? undefined : Math.max(0, availableOf(props.balances, from))
  const amount = take(
    errors,
    'amount',
    checkAmount(
      fields.amount,
      env,
      max === undefined ? { min: ONE_MINOR_UNIT } : { min: ONE_MINOR_UNIT, max },
    ),
  )
  if (from === null || to === null || amount === undefined || Object.keys(errors).length > 0)
    return { ok: false, errors }
  return { ok: true, value: { from, to, amount } }
}

export const buildMoveMoney = (value: MoveMoneyValue, props: MoveMoneyProps): ReadonlyArray<CommandDraft> => [
  {
    _tag: 'MoveMoney',
    periodKey: props.periodKey,
    fromCategoryId: toCategoryOrNull(value.from),
    toCategoryId: toCategoryOrNull(value.to),
    value: value.amount,
  },
]

export const trackMoveMoney = (): AnalyticsTrack => ({
  type: 'analytics.track',
  name: 'money_assigned',
  props: { source: 'move' },
})
