import type { CategoryId } from '../../../schemas/ids.ts'
import type { PeriodKey } from '../../../schemas/money.ts'
import type { AnalyticsTrack } from '../../analytics/analytics.machine.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import type { Checked, FieldErrors } from '../shared/dialog.validation.ts'
import { REQUIRED } from '../shared/dialog.validation.ts'
import {
  availableOf,
  type MoneySource,
  READY_TO_ASSIGN,
  type SourceBalance,
  toCategoryOrNull,
} from '../shared/moneySource.ts'

export type CoverOverspendingProps = {
  readonly periodKey: PeriodKey
  readonly overspentCategoryId: CategoryId
  readonly balances: ReadonlyArray<SourceBalance>
}
export type CoverOverspendingFields = { readonly from: MoneySource | null }
export type CoverOverspendingValue = { readonly from: MoneySource }

export const initialCoverFields = (): CoverOverspendingFields => ({ from: null })

/** The domain covers what it can from a category that has something; one that has nothing is refused here. */
export const checkCover = (
  fields: CoverOverspendingFields,
  props: CoverOverspendingProps,
): Checked<CoverOverspendingValue, CoverOverspendingFields> => {
  const errors: FieldErrors<CoverOverspendingFields> = {}
  const { from } = fields
  if (from === null) errors.from = REQUIRED
  else if (from === props.overspentCategoryId) errors.from = { key: 'validation.sameCategory' }
  else if (from !== READY_TO_ASSIGN && availableOf(props.balances, from) <= 0)
    errors.from = { key: 'validation.nothingToCoverWith' }
  return from === null || Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, value: { from } }
}

export const buildCover = (
  value: CoverOverspendingValue,
  props: CoverOverspendingProps,
): ReadonlyArray<CommandDraft> => [
  {
    _tag: 'CoverOverspending',
    periodKey: props.periodKey,
    overspentCategoryId: props.overspentCategoryId,
    fromCategoryId: toCategoryOrNull(value.from),
  },
]

export const trackCover = (): AnalyticsTrack => ({
  type: 'analytics.track',
  name: 'money_assigned',
  props: { source: 'cover' },
})
