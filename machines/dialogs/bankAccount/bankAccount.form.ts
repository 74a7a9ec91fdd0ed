import type { BankAccount } from '../../../schemas/budget.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import type { IsoDate, Minor } from '../../../schemas/money.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import {
  type Checked,
  checkAmount,
  checkDate,
  checkName,
  dateText,
  type FieldErrors,
  type FormEnv,
  take,
} from '../shared/dialog.validation.ts'

/**
 * Add an unconnected account (name, budget or tracking, opening balance, opening date) or rename one. Connected
 * accounts come with bank connections (a later issue), so this dialog only ever opens `unconnected` accounts.
 */
export type BankAccountProps =
  | { readonly mode: 'create'; readonly today: IsoDate }
  | { readonly mode: 'rename'; readonly account: BankAccount }

/** A budget account's money is the budget's; a tracking (off-budget) one's stays outside it (investments, a loan). */
export type AccountKind = 'budget' | 'tracking'

/** The kind from a control's value (a radio group answers with a string). */
export const accountKindOf = (value: string): AccountKind => (value === 'tracking' ? 'tracking' : 'budget')

export type BankAccountFields = {
  readonly name: string
  /** Budget unless the person chooses tracking. Unused when renaming. */
  readonly kind: AccountKind
  /** Typed text in pl or en form; may be negative (a credit card's debt). Unused when renaming. */
  readonly balance: string
  readonly date: string
}

export type BankAccountValue =
  | {
      readonly mode: 'create'
      readonly name: string
      readonly balance: Minor
      readonly date: IsoDate
      readonly offBudget: boolean
    }
  | { readonly mode: 'rename'; readonly name: string }

export const initialBankAccountFields = (props: BankAccountProps, env: FormEnv): BankAccountFields =>
  props.mode === 'create'
    ? { name: '', kind: 'budget', balance: '', date: dateText(props.today, env) }
    : {
        name: props.account.name,
        kind: props.account.offBudget ? 'tracking' : 'budget',
        balance: '',
        date: dateText(props.account.openingDate, env),
      }

export const checkBankAccount = (
  fields: BankAccountFields,
  props: BankAccountProps,
  env: FormEnv,
): Checked<BankAccountValue, BankAccountFields> => {
  const errors: FieldErrors<BankAccountFields> = {}
  const name = take(errors, 'name', checkName(fields.name))
  if (props.mode === 'rename') {
    return name === undefined ? { ok: false, errors } : { ok: true, value: { mode: 'rename', name } }
  }
  const balance = take(errors, 'balance', checkAmount(fields.balance, env))
  const date = take(errors, 'date', checkDate(fields.date))
  if (name === undefined || balance === undefined || date === undefined) return { ok: false, errors }
  const offBudget = accountKindOf(fields.kind) === 'tracking'
  return { ok: true, value: { mode: 'create', name, balance, date, offBudget } }
}

/** Create opens the account with its opening balance (a tracking one says so); rename sends only a changed name. */
export const buildBankAccount = (
  value: BankAccountValue,
  props: BankAccountProps,
  newId: () => string,
): ReadonlyArray<CommandDraft> => {
  if (value.mode === 'create')
    return [
      {
        _tag: 'OpenBankAccount',
        // A fresh opaque id for the new account.
        bankAccountId: BankAccountId.make(newId()),
        name: value.name,
        type: 'unconnected',
        balance: value.balance,
        date: value.date,
        ...(value.offBudget ? { offBudget: true } : {}),
      },
    ]
  if (props.mode !== 'rename' || value.name === props.account.name) return []
  return [{ _tag: 'RenameBankAccount', bankAccountId: props.account.id, name: value.name }]
}
