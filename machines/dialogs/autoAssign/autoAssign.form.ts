import type { AutoAssignOption } from '../../../schemas/budget.ts'
import type { CategoryId } from '../../../schemas/ids.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import type { AnalyticsTrack } from '../../analytics/analytics.machine.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import { type Checked, REQUIRED } from '../shared/dialog.validation.ts'

export type AutoAssignProps = {
  readonly periodKey: PeriodKey
  /** Only these categories (a selection on desktop); all visible Expense and Saving ones when absent. */
  readonly categoryIds?: ReadonlyArray<CategoryId>
}
export type AutoAssignFields = { readonly option: AutoAssignOption | null }
export type AutoAssignValue = { readonly option: AutoAssignOption }

export const initialAutoAssignFields = (): AutoAssignFields => ({ option: null })

export const checkAutoAssign = (fields: AutoAssignFields): Checked<AutoAssignValue, AutoAssignFields> =>
  fields.option === null
    ? { ok: false, errors: { option: REQUIRED } }
    : { ok: true, value: { option: fields.option } }

export const buildAutoAssign = (
  value: AutoAssignValue,
  props: AutoAssignProps,
): ReadonlyArray<CommandDraft> => [
  {
    _tag: 'AutoAssign',
    periodKey: props.periodKey,
    option: value.option,
    ...(props.categoryIds === undefined ? {} : { categoryIds: props.categoryIds }),
  },
]

export const trackAutoAssign = (value: AutoAssignValue): AnalyticsTrack => ({
  type: 'analytics.track',
  name: 'auto_assign',
  props: { option: value.option },
})
