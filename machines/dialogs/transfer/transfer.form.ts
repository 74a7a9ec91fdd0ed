import { type BankAccountId, TransactionId, TransferId } from '../../../schemas/ids.ts'
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

export type TransferProps = { readonly fromBankAccountId?: BankAccountId; readonly today: IsoDate }
export type TransferFields = {
  readonly from: BankAccountId | null
  readonly to: BankAccountId | null
  readonly date: string
  readonly amount: string
  readonly memo: string
}
export type TransferValue = {
  readonly from: BankAccountId
  readonly to: BankAccountId
  readonly date: IsoDate
  readonly amount: Minor
  readonly memo: string
}

export const initialTransferFields = (props: TransferProps, env: FormEnv): TransferFields => ({
  from: props.fromBankAccountId ?? null,
  to: null,
  date: dateText(props.today, env),
  amount: '',
  memo: '',
})

export const checkTransfer = (
  fields: TransferFields,
  _props: TransferProps,
  env: FormEnv,
): Checked<TransferValue, TransferFields> => {
  const errors: FieldErrors<TransferFields> = {}
  const { from, to } = fields
  if (from === null) errors.from = REQUIRED
  if (to === null) errors.to = REQUIRED
  else if (to === from) errors.to = { key: 'validation.sameAccount' }
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
  return { ok: true, value: { from, to, date, amount, memo: fields.memo.trim() } }
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
  },
]
