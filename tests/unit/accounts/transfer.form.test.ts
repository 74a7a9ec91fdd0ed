import { describe, expect, it } from 'vitest'
import { buildTransfer, checkTransfer, transferCrossing } from '../../../machines/dialogs/transfer/index.ts'
import { BankAccountId, CategoryId } from '../../../schemas/ids.ts'
import { CurrencyCode, IsoDate } from '../../../schemas/money.ts'

const env = { currency: CurrencyCode.make('PLN'), locale: 'pl-PL' }
const checking = BankAccountId.make('checking')
const savings = BankAccountId.make('savings')
const loan = BankAccountId.make('loan')
const loanCategory = CategoryId.make('loan-category')
const props = { today: IsoDate.make('2026-11-21'), trackingAccountIds: [loan] }
const fields = {
  from: checking,
  to: loan,
  date: '2026-11-21',
  amount: '1 500',
  memo: '',
  categoryId: null,
}
let next = 0
const newId = () => `id-${++next}`

describe("transfer across the budget's edge", () => {
  it('crosses out from a budget account to a tracking one, in the other way, not between alike accounts', () => {
    expect(transferCrossing({ from: checking, to: loan }, [loan])).toBe('out')
    expect(transferCrossing({ from: loan, to: checking }, [loan])).toBe('in')
    expect(transferCrossing({ from: checking, to: savings }, [loan])).toBeNull()
    expect(transferCrossing({ from: loan, to: loan }, [loan])).toBeNull()
    expect(transferCrossing({ from: checking, to: null }, [loan])).toBeNull()
    expect(transferCrossing({ from: checking, to: loan })).toBeNull()
  })

  it("asks for the budget side's category when it crosses", () => {
    expect(checkTransfer(fields, props, env)).toEqual({
      ok: false,
      errors: { categoryId: { key: 'validation.required' } },
    })
  })

  it('sends the category with a crossing transfer', () => {
    next = 0
    const checked = checkTransfer({ ...fields, categoryId: loanCategory }, props, env)
    expect(checked.ok && buildTransfer(checked.value, props, newId)).toEqual([
      {
        _tag: 'AddTransfer',
        transferId: 'id-1',
        outflowTransactionId: 'id-2',
        inflowTransactionId: 'id-3',
        fromBankAccountId: checking,
        toBankAccountId: loan,
        date: '2026-11-21',
        value: 150_000,
        categoryId: loanCategory,
      },
    ])
  })

  it('sends no category between two budget accounts, even one chosen before the account changed', () => {
    const checked = checkTransfer({ ...fields, to: savings, categoryId: loanCategory }, props, env)
    expect(checked.ok && checked.value.categoryId).toBeUndefined()
    expect(checked.ok && buildTransfer(checked.value, props, newId)[0]).not.toHaveProperty('categoryId')
  })
})
