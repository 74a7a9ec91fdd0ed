import type { SplitInput } from '../../../schemas/budgetCommands.ts'
import { TransactionId, TransferId } from '../../../schemas/ids.ts'
import type { IsoDate, Minor } from '../../../schemas/money.ts'
import type { TransactionTemplate } from '../../../schemas/templates.ts'
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
import { checkSplitFields, type Direction, EMPTY_SPLIT, type SplitField, signed } from '../shared/splits.ts'

export type TransactionDraftProps = {
  readonly template: TransactionTemplate
  /** The occurrence's date (its identity, after the holiday shift). */
  readonly date: IsoDate
}

/** What the person may change before confirming: the amount, the date, the splits. */
export type TransactionDraftFields = {
  readonly amount: string
  readonly date: string
  readonly splits: ReadonlyArray<SplitField>
}

export type TransactionDraftValue = {
  readonly value: Minor
  readonly date: IsoDate
  /** Empty for a transfer template. */
  readonly splits: ReadonlyArray<SplitInput>
}

export const draftDirection = (template: TransactionTemplate): Direction =>
  template.value < 0 ? 'outflow' : 'inflow'

export const isTransferTemplate = (template: TransactionTemplate): boolean =>
  template.toBankAccountId !== null

export const initialDraftFields = (props: TransactionDraftProps, env: FormEnv): TransactionDraftFields => {
  const splits = props.template.splits.map((split) => ({
    categoryId: split.categoryId,
    amount: amountText(Math.abs(split.value), env),
  }))
  return {
    amount: amountText(Math.abs(props.template.value), env),
    date: dateText(props.date, env),
    splits: splits.length > 0 ? splits : [EMPTY_SPLIT],
  }
}

/** An amount of at least 0,01, a date, and splits as in the transaction editor (none for a transfer). */
export const checkDraft = (
  fields: TransactionDraftFields,
  props: TransactionDraftProps,
  env: FormEnv,
): Checked<TransactionDraftValue, TransactionDraftFields> => {
  const errors: FieldErrors<TransactionDraftFields> = {}
  const amount = take(errors, 'amount', checkAmount(fields.amount, env, { min: ONE_MINOR_UNIT }))
  const date = take(errors, 'date', checkDate(fields.date))
  const direction = draftDirection(props.template)
  const transfer = isTransferTemplate(props.template)
  const checked = transfer ? undefined : checkSplitFields(fields.splits, amount, direction, env)
  if (checked !== undefined && checked.splits === undefined && amount !== undefined)
    errors.splits = checked.sumError ?? { key: 'templates.validation.splits' }
  if (amount === undefined || date === undefined || Object.keys(errors).length > 0)
    return { ok: false, errors }
  return { ok: true, value: { value: signed(amount, direction), date, splits: checked?.splits ?? [] } }
}

const sameSplits = (a: ReadonlyArray<SplitInput>, b: ReadonlyArray<SplitInput>): boolean =>
  a.length === b.length &&
  a.every((split, index) => split.categoryId === b[index]?.categoryId && split.value === b[index]?.value)

/** ConfirmOccurrence: a Regular transaction (or a transfer) for the occurrence, with what the person changed. */
export const buildDraft = (
  value: TransactionDraftValue,
  props: TransactionDraftProps,
  newId: () => string,
): ReadonlyArray<CommandDraft> => {
  const { template } = props
  const transfer = isTransferTemplate(template)
  const valueChanged = value.value !== template.value
  const splitsChanged = !transfer && (valueChanged || !sameSplits(value.splits, template.splits))
  return [
    {
      _tag: 'ConfirmOccurrence',
      templateId: template.id,
      date: props.date,
      // Fresh opaque ids for the transaction (and a transfer's pair and inflow side).
      transactionId: TransactionId.make(newId()),
      ...(transfer
        ? {
            transfer: {
              transferId: TransferId.make(newId()),
              inflowTransactionId: TransactionId.make(newId()),
            },
          }
        : {}),
      ...(value.date === props.date ? {} : { transactionDate: value.date }),
      ...(valueChanged ? { value: value.value } : {}),
      ...(splitsChanged ? { splits: value.splits } : {}),
    },
  ]
}

/** SPEC §7 `template_used`: an occurrence confirmed. */
export const draftAnalytics = (
  value: TransactionDraftValue,
  props: TransactionDraftProps,
): AnalyticsTrack => ({
  type: 'analytics.track',
  name: 'template_used',
  props: {
    frequency: props.template.frequency,
    edited: value.value !== props.template.value || value.date !== props.date,
  },
})
