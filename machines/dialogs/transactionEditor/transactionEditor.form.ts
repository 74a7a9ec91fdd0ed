import * as Result from 'effect/Result'
import { parseDateText } from '../../../domain/dateText.ts'
import { reconciliationPayee } from '../../../domain/decideMoney.ts'
import type { Transaction } from '../../../schemas/budget.ts'
import type { SplitInput } from '../../../schemas/budgetCommands.ts'
import { type BankAccountId, type CategoryId, TransactionId } from '../../../schemas/ids.ts'
import type { IsoDate, Minor } from '../../../schemas/money.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import {
  amountText,
  checkAmount,
  checkDate,
  dateText,
  type FieldErrors,
  type FormEnv,
  ONE_MINOR_UNIT,
  REQUIRED,
  take,
} from '../shared/dialog.validation.ts'
import {
  checkSplitFields,
  type Direction,
  type SplitErrors,
  type SplitField,
  signed,
} from '../shared/splits.ts'

export type { Direction, SplitErrors, SplitField } from '../shared/splits.ts'
export { directionOf, splitRemainder, withDirection } from '../shared/splits.ts'

export type TransactionEditorProps =
  | {
      readonly mode: 'add'
      readonly today: IsoDate
      /** Preselected from the screen it was opened on (an account's or a category's list). */
      readonly bankAccountId?: BankAccountId
      readonly categoryId?: CategoryId
      /** Payees from history, most used first (selectPayees of the budget). */
      readonly payees: ReadonlyArray<string>
      readonly incomeCategoryId?: CategoryId
      /** The tracking (off-budget) accounts: a transaction in one has no category. */
      readonly trackingAccountIds?: ReadonlyArray<BankAccountId>
    }
  | {
      readonly mode: 'edit'
      readonly transaction: Transaction
      readonly payees: ReadonlyArray<string>
      /** How the payee of a reconciliation's adjustment (stored as a key) reads in the user's language. */
      readonly reconciliationLabel: string
      /** The budget's "Do przydzielenia" category: an inflow without a category goes there. */
      readonly incomeCategoryId?: CategoryId
      readonly trackingAccountIds?: ReadonlyArray<BankAccountId>
    }

export type TransactionFields = {
  readonly bankAccountId: BankAccountId | null
  readonly direction: Direction
  readonly date: string
  readonly payee: string
  readonly memo: string
  /** The amount without sign; the direction gives the sign. */
  readonly amount: string
  readonly cleared: boolean
  /** At least one. One split takes the whole amount (its amount field is ignored); several must add up. */
  readonly splits: ReadonlyArray<SplitField>
}

export type TransactionErrors = {
  readonly fields: FieldErrors<TransactionFields>
  readonly splits: ReadonlyArray<SplitErrors>
}

export type TransactionValue = {
  readonly bankAccountId: BankAccountId
  readonly date: IsoDate
  readonly payee: string
  readonly memo: string
  /** Signed: inflow positive, outflow negative. */
  readonly value: Minor
  readonly cleared: boolean
  readonly splits: ReadonlyArray<SplitInput>
}

export type TransactionChecked =
  | { readonly ok: true; readonly value: TransactionValue }
  | { readonly ok: false; readonly errors: TransactionErrors }

export const NO_ERRORS: TransactionErrors = { fields: {}, splits: [] }

export const initialTransactionFields = (props: TransactionEditorProps, env: FormEnv): TransactionFields => {
  if (props.mode === 'add')
    return {
      bankAccountId: props.bankAccountId ?? null,
      direction: 'outflow',
      date: dateText(props.today, env),
      payee: '',
      memo: '',
      amount: '',
      cleared: false,
      splits: [{ categoryId: props.categoryId ?? null, amount: '' }],
    }
  const { transaction } = props
  const splits = transaction.splits.map((split) => ({
    categoryId: split.categoryId,
    amount: amountText(Math.abs(split.value), env),
  }))
  return {
    bankAccountId: transaction.bankAccountId,
    direction: transaction.value < 0 ? 'outflow' : 'inflow',
    date: dateText(transaction.date, env),
    payee: transaction.payee === reconciliationPayee ? props.reconciliationLabel : transaction.payee,
    memo: transaction.memo,
    amount: amountText(Math.abs(transaction.value), env),
    cleared: transaction.cleared,
    splits: splits.length > 0 ? splits : [{ categoryId: null, amount: '' }],
  }
}

/** Whether the chosen account is a tracking (off-budget) one, whose transactions carry no category. */
export const inTrackingAccount = (
  fields: Pick<TransactionFields, 'bankAccountId'>,
  trackingAccountIds: ReadonlyArray<BankAccountId> = [],
): boolean => fields.bankAccountId !== null && trackingAccountIds.includes(fields.bankAccountId)

const NO_SPLITS = { errors: [], sumError: undefined, splits: [] } as const

/**
 * SPEC §5: required fields, amounts at least 0,01, and — with several splits — the split amounts must add up
 * exactly to the amount ('validation.splitsSum'). One split is always valid and takes the whole amount. In a
 * tracking (off-budget) account the transaction has no category: its splits are not read, none is sent.
 */
export const checkTransaction = (
  fields: TransactionFields,
  env: FormEnv,
  trackingAccountIds: ReadonlyArray<BankAccountId> = [],
): TransactionChecked => {
  const errors: FieldErrors<TransactionFields> = {}
  if (fields.bankAccountId === null) errors.bankAccountId = REQUIRED
  const date = take(errors, 'date', checkDate(fields.date))
  const amount = take(errors, 'amount', checkAmount(fields.amount, env, { min: ONE_MINOR_UNIT }))
  const checkedSplits = inTrackingAccount(fields, trackingAccountIds)
    ? NO_SPLITS
    : checkSplitFields(fields.splits, amount, fields.direction, env)
  if (checkedSplits.sumError) errors.splits = checkedSplits.sumError
  const splits = checkedSplits.splits
  if (fields.bankAccountId === null || date === undefined || amount === undefined || splits === undefined)
    return { ok: false, errors: { fields: errors, splits: checkedSplits.errors } }
  return {
    ok: true,
    value: {
      bankAccountId: fields.bankAccountId,
      date,
      payee: fields.payee.trim(),
      memo: fields.memo.trim(),
      value: signed(amount, fields.direction),
      cleared: fields.cleared,
      splits,
    },
  }
}

export const buildTransaction = (
  value: TransactionValue,
  props: TransactionEditorProps,
  newId: () => string,
): ReadonlyArray<CommandDraft> => {
  // An adjustment's payee left as shown keeps its key, so the lists go on naming it in each user's language.
  const keepsAdjustmentPayee =
    props.mode === 'edit' &&
    props.transaction.payee === reconciliationPayee &&
    value.payee === props.reconciliationLabel
  const common = {
    bankAccountId: value.bankAccountId,
    date: value.date,
    payee: keepsAdjustmentPayee ? reconciliationPayee : value.payee,
    memo: value.memo,
    value: value.value,
    splits: value.splits,
    cleared: value.cleared,
  }
  return props.mode === 'add'
    ? // A fresh opaque id for the new transaction.
      [{ _tag: 'AddTransaction', transactionId: TransactionId.make(newId()), ...common }]
    : [{ _tag: 'EditTransaction', transactionId: props.transaction.id, ...common }]
}

/**
 * The chosen account's opening date when the typed date is before it, else null: the editor warns and still saves,
 * since imports and recurring bills bring older dates.
 */
export const openedAfterDate = (
  fields: Pick<TransactionFields, 'bankAccountId' | 'date'>,
  accounts: ReadonlyArray<{ readonly id: BankAccountId; readonly openingDate: IsoDate }>,
): IsoDate | null => {
  const opening = accounts.find((account) => account.id === fields.bankAccountId)?.openingDate
  const date = parseDateText(fields.date)
  return opening !== undefined && Result.isSuccess(date) && date.success < opening ? opening : null
}

export const MAX_PAYEE_SUGGESTIONS = 8

/** Payees from history containing what was typed (case-insensitive, in the user's locale), most used first. */
export const payeeSuggestions = (typed: string, payees: ReadonlyArray<string>, locale: string): string[] => {
  const needle = typed.trim().toLocaleLowerCase(locale)
  if (needle === '') return payees.slice(0, MAX_PAYEE_SUGGESTIONS)
  return payees
    .filter((payee) => {
      const name = payee.toLocaleLowerCase(locale)
      return name !== needle && name.includes(needle)
    })
    .slice(0, MAX_PAYEE_SUGGESTIONS)
}
