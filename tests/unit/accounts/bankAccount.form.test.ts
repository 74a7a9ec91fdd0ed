import { describe, expect, it } from 'vitest'
import { initialBankAccountFields } from '../../../machines/dialogs/bankAccount/bankAccount.form.ts'
import { buildBankAccount, checkBankAccount } from '../../../machines/dialogs/bankAccount/index.ts'
import { BankAccountId } from '../../../schemas/ids.ts'
import { CurrencyCode, IsoDate, Minor } from '../../../schemas/money.ts'

const env = { currency: CurrencyCode.make('PLN'), locale: 'pl-PL' }
const create = { mode: 'create', today: IsoDate.make('2026-11-21') } as const
const account = {
  id: BankAccountId.make('acct-1'),
  name: 'Konto',
  type: 'unconnected',
  state: 'Active',
  openingBalance: Minor.make(0),
  openingDate: IsoDate.make('2026-11-01'),
  lastReconciledAt: null,
  offBudget: false,
} as const

describe('bank account form', () => {
  it('opens an unconnected account with a negative opening balance in pl form', () => {
    const checked = checkBankAccount(
      { name: ' Karta ', kind: 'budget', balance: '-1 200,50', date: '2026-11-21' },
      create,
      env,
    )
    expect(checked).toEqual({
      ok: true,
      value: { mode: 'create', name: 'Karta', balance: -120_050, date: '2026-11-21', offBudget: false },
    })
    if (!checked.ok) return
    expect(buildBankAccount(checked.value, create, () => 'new')).toEqual([
      {
        _tag: 'OpenBankAccount',
        bankAccountId: 'new',
        name: 'Karta',
        type: 'unconnected',
        balance: -120_050,
        date: '2026-11-21',
      },
    ])
  })

  it('reads the en form too', () => {
    const checked = checkBankAccount(
      { name: 'Savings', kind: 'budget', balance: '1,234.56', date: '2026-11-21' },
      create,
      env,
    )
    expect(checked.ok && checked.value.mode === 'create' && checked.value.balance).toBe(123_456)
  })

  it('requires a name, a balance and a date', () => {
    expect(checkBankAccount({ name: '', kind: 'budget', balance: '', date: '' }, create, env)).toEqual({
      ok: false,
      errors: {
        name: { key: 'validation.required' },
        balance: { key: 'validation.required' },
        date: { key: 'validation.required' },
      },
    })
  })

  it('renames only when the name changed, ignoring the balance field', () => {
    const rename = { mode: 'rename', account } as const
    const same = checkBankAccount({ name: 'Konto', kind: 'budget', balance: '', date: '' }, rename, env)
    expect(same.ok && buildBankAccount(same.value, rename, () => 'x')).toEqual([])
    const renamed = checkBankAccount(
      { name: 'Konto osobiste', kind: 'budget', balance: '', date: '' },
      rename,
      env,
    )
    expect(renamed.ok && buildBankAccount(renamed.value, rename, () => 'x')).toEqual([
      { _tag: 'RenameBankAccount', bankAccountId: 'acct-1', name: 'Konto osobiste' },
    ])
  })

  it('opens a tracking (off-budget) account when chosen, e.g. a loan owed', () => {
    const checked = checkBankAccount(
      { name: 'Kredyt hipoteczny', kind: 'tracking', balance: '-300 000', date: '2026-11-21' },
      create,
      env,
    )
    expect(checked.ok && checked.value.mode === 'create' && checked.value.offBudget).toBe(true)
    if (!checked.ok) return
    expect(buildBankAccount(checked.value, create, () => 'loan')).toEqual([
      {
        _tag: 'OpenBankAccount',
        bankAccountId: 'loan',
        name: 'Kredyt hipoteczny',
        type: 'unconnected',
        balance: -30_000_000,
        date: '2026-11-21',
        offBudget: true,
      },
    ])
  })

  it('starts as a budget account', () => {
    expect(initialBankAccountFields(create, env).kind).toBe('budget')
  })
})
