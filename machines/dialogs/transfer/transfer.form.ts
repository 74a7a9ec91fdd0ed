import { type BankAccountId, type CategoryId, TransactionId, TransferId } from '../../../schemas/ids.ts'
import type { IsoDate, Minor } from '../../../schemas/money.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import {
  type Checked,
  checkAmount,
  checkDate,
  dateText,
  type FieldErrors,
  type FormEnv,
  ONE_MINOR_UNIT,
  REQUIRED,
  take,
} from '../shared/dialog.validation.ts'

export type TransferProps = {
  readonly fromBankAccountId?: BankAccountId
  readonly today: IsoDate
  /** The tracking (off-budget) accounts: a transfer between one and a budget account carries a category. */
  readonly trackingAccountIds?: ReadonlyArray<BankAccountId>
}
export type TransferFields = {
  readonly from: BankAccountId | null
  readonly to: BankAccountId | null
  readonly date: string
  readonly amount: string
  readonly memo: string
  /** The budget side's category, asked only across the budget's edge (see `transferCrossing`). */
  readonly categoryId: CategoryId | null
}
export type TransferValue = {
  readonly from: BankAccountId
  readonly to: BankAccountId
  readonly date: IsoDate
  readonly amount: Minor
  readonly memo: string
  readonly categoryId?: CategoryId
}

/**
 * Whether the transfer crosses the budget's edge (issue 32 §2, as in YNAB): 'out' from a budget account to a
 * tracking one (the money leaves the budget, e.g. a loan's payment), 'in' the other way; null between two budget
 * or two tracking accounts, or while a side is not chosen. Only a crossing transfer carries a category.
 */
export type TransferCrossing = 'out' | 'in' | null

export const transferCrossing = (
  fields: Pick<TransferFields, 'from' | 'to'>,
  trackingAccountIds: ReadonlyArray<BankAccountId> = [],
): TransferCrossing => {
  if (fields.from === null || fields.to === null) return null
  const fromTracking = trackingAccountIds.includes(fields.from)
  const toTracking = trackingAccountIds.includes(fields.to)
  return fromTracking === toTracking ? null : toTracking ? 'out' : 'in'
}

export const initialTransferFields = (props: TransferProps, env: FormEnv): TransferFields => ({
  from: props.fromBankAccountId ?? null,
  to: null,
  date: dateText(props.today, env),
  amount: '',
  memo: '',
  categoryId: null,
})

export const checkTransfer = (
  fields: TransferFields,
  props: TransferProps,
  env: FormEnv,
): Checked<TransferValue, TransferFields> => {
  const errors: FieldErrors<TransferFields> = {}
  const { from, to } = fields
  if (from === null) errors.from = REQUIRED
  if (to === null) errors.to = REQUIRED
  else if (to === from) errors.to = { key: 'validation.sameAccount' }
  // Across the budget's edge the money leaves or enters a category: the person names it.
  const crossing = transferCrossing(fields, props.trackingAccountIds)
  if (crossing !== null && fields.categoryId === null) errors.categoryId = REQUIRED
  const date = take(errors, 'date', checkDate(fields.date))
  const amount = take(errors, 'amount', checkAmount(fields.amount, env, { min: ONE_MINOR_UNIT }))
  if (
    from === null ||
    to === null ||
    date === undefined ||
    amount === undefined ||
    Object.keys(errors).length > 0
  )
    return { ok: false, errors }
  const category = crossing === null || fields.categoryId === null ? {} : { categoryId: fields.categoryId }
  return { ok: true, value: { from, to, date, amount, memo: fields.memo.trim(), ...category } }
}

export const buildTransfer = (
  value: TransferValue,
  _props: TransferProps,
  newId: () => string,
): ReadonlyArray<CommandDraft> => [
  {
    _tag: 'AddTransfer',
    // Fresh opaque ids for the pair and its two sides.
    transferId: TransferId.make(newId()),
    outflowTransactionId: TransactionId.make(newId()),
    inflowTransactionId: TransactionId.make(newId()),
    fromBankAccountId: value.from,
    toBankAccountId: value.to,
    date: value.date,
    value: value.amount,
    ...(value.memo === '' ? {} : { memo: value.memo }),
    ...(value.categoryId === undefined ? {} : { categoryId: value.categoryId }),
  },
]
